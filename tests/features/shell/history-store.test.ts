import { describe, expect, it } from 'vitest';
import { backTarget, emptyHistory, recordVisit, storedPath, type HistoryState, type VisitedLocation } from '../../../src/features/shell/history-store';

const visit = (pathname: string, search: Record<string, unknown> = {}): VisitedLocation => ({ pathname, search });
const walk = (...locations: VisitedLocation[]): HistoryState => locations.reduce(recordVisit, emptyHistory());

describe('the navigation history store', () => {
  it('records each visited path and the one before it', () => {
    const state = walk(visit('/'), visit('/new'), visit('/notice'));
    expect(state.routeHistory).toEqual(['/', '/new', '/notice']);
    expect(state.lastRoutePath).toBe('/new');
  });

  it('stores search URLs without their keyword', () => {
    expect(storedPath(visit('/search', { keyword: '星穹', sort: 'sales' }))).toBe('/search?sort=sales');
    expect(walk(visit('/search', { keyword: '星穹' })).routeHistory).toEqual(['/search']);
  });

  it('keeps other query values on other pages', () => {
    expect(storedPath(visit('/setting', { type: 0 }))).toBe('/setting?type=0');
  });

  it('caches the search parameters, keyword included, while on search', () => {
    expect(walk(visit('/search', { keyword: '星穹', page: 2 })).searchParams).toEqual({ keyword: '星穹', page: '2' });
  });

  it('keeps the cached search parameters when search leads to a game detail', () => {
    const state = walk(visit('/search', { keyword: '星穹' }), visit('/gameDetail/3'));
    expect(state.searchParams).toEqual({ keyword: '星穹' });
  });

  it('clears the cached search parameters when search leads anywhere else', () => {
    expect(walk(visit('/search', { keyword: '星穹' }), visit('/notice')).searchParams).toBeNull();
    expect(walk(visit('/search', { keyword: '星穹' }), visit('/gameDetail/3'), visit('/')).searchParams).toBeNull();
  });

  it('goes back to the previous path, rebuilding a search URL from the cache', () => {
    const state = walk(visit('/'), visit('/search', { keyword: '星穹', sort: 'sales' }), visit('/gameDetail/3'));
    const { href, next } = backTarget(state);
    expect(href).toBe('/search?keyword=%E6%98%9F%E7%A9%B9&sort=sales');
    expect(recordVisit(next, visit('/search', { keyword: '星穹', sort: 'sales' })).routeHistory).toEqual(['/', '/search?sort=sales']);
  });

  it('goes back to the root when nothing was stored before', () => {
    expect(backTarget(emptyHistory()).href).toBe('/');
    expect(backTarget(walk(visit('/gameDetail/3'))).href).toBe('/');
  });

  it('does not record the same page twice in a row', () => {
    expect(walk(visit('/new'), visit('/new')).routeHistory).toEqual(['/new']);
  });
});
