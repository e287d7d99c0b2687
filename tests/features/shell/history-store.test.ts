import { beforeEach, describe, expect, it } from 'vitest';
import {
  backTarget,
  emptyHistory,
  historyStore,
  pageLeft,
  recordVisit,
  storedPath,
  type Arrival,
  type HistoryState,
  type VisitedLocation,
} from '../../../src/features/shell/history-store';

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
    expect(recordVisit(next, visit('/search', { keyword: '星穹', sort: 'sales' })).routeHistory).toEqual([
      '/',
      '/search?sort=sales',
    ]);
  });

  it('goes back to the root when nothing was stored before', () => {
    expect(backTarget(emptyHistory()).href).toBe('/');
    expect(backTarget(walk(visit('/gameDetail/3'))).href).toBe('/');
  });

  it('does not record the same page twice in a row', () => {
    expect(walk(visit('/new'), visit('/new')).routeHistory).toEqual(['/new']);
  });

  it('keeps a page as one entry when its own options change, so 返回 leaves the page', () => {
    // The detail writes the chosen edition and quantity into its URL (a replace, as the browser's back skips it).
    const state = walk(visit('/new'), visit('/gameDetail/3'), visit('/gameDetail/3', { goods: 7, num: 2 }));
    expect(state.routeHistory).toEqual(['/new', '/gameDetail/3?goods=7&num=2']);
    expect(state.lastRoutePath).toBe('/new');
    expect(backTarget(state).href).toBe('/new');
    expect(walk(visit('/'), visit('/setting', { type: 0 }), visit('/setting', { type: 4 })).routeHistory).toEqual([
      '/',
      '/setting?type=4',
    ]);
  });

  it('goes back from the page shown, though the router never reported it (a navigation superseded mid-way)', () => {
    // The timing sweep's login window: /new was the last page reported when a card's detail was shown.
    const state = walk(visit('/gameDetail/2'), visit('/gameDetail/3'), visit('/new'));
    const { href, next } = backTarget(state, visit('/gameDetail/3'));
    expect(href).toBe('/new');
    expect(next.routeHistory).toEqual(['/gameDetail/2', '/gameDetail/3']);
    // Reported or not, the same answer.
    expect(backTarget(walk(visit('/new'), visit('/gameDetail/3')), visit('/gameDetail/3')).href).toBe('/new');
  });
});

describe('the page a full page load left (a tap made before the app ran)', () => {
  const at = (referrer: string, more: Partial<Arrival> = {}): Arrival => ({
    referrer,
    href: 'https://shop.example/gameDetail/3',
    type: 'navigate',
    historyLength: 2,
    leaving: null,
    ...more,
  });
  const storePage = (pathname: string) => !pathname.startsWith('/webapi/');

  it('is the same-origin page named by the referrer, with its query', () => {
    expect(pageLeft(at('https://shop.example/new'), storePage)).toEqual({ pathname: '/new', search: '' });
    expect(pageLeft(at('https://shop.example/search?keyword=%E6%98%9F&sort=sales'), storePage)).toEqual({
      pathname: '/search',
      search: '?keyword=%E6%98%9F&sort=sales',
    });
  });

  it('is none for a reload, back or forward, a new tab, another origin, no referrer or a page that is not the store’s', () => {
    expect(pageLeft(at('https://shop.example/new', { type: 'reload' }), storePage)).toBeNull();
    expect(pageLeft(at('https://shop.example/new', { type: 'back_forward' }), storePage)).toBeNull();
    expect(pageLeft(at('https://shop.example/new', { type: null }), storePage)).toBeNull();
    expect(pageLeft(at('https://shop.example/new', { historyLength: 1 }), storePage)).toBeNull();
    expect(pageLeft(at('https://pay.example/h5?order=1'), storePage)).toBeNull();
    expect(pageLeft(at(''), storePage)).toBeNull();
    expect(pageLeft(at('not a url', { href: 'also not' }), storePage)).toBeNull();
    expect(pageLeft(at('https://shop.example/webapi/pay/h5?order=1'), storePage)).toBeNull();
  });

  // The note speaks for the page whatever the referrer and the history entry say (a stripped referrer, an entry
  // the browser replaced).
  it('is the page the app noted when it followed the tap itself, even in a replaced history entry', () => {
    const noted = { from: '/new?page=2', to: 'https://shop.example/gameDetail/3' };
    expect(pageLeft(at('https://shop.example/new', { historyLength: 1, leaving: noted }), storePage)).toEqual({
      pathname: '/new',
      search: '?page=2',
    });
    expect(pageLeft(at('', { leaving: { from: '/search?sort=sales', to: '/gameDetail/3' } }), storePage)).toEqual({
      pathname: '/search',
      search: '?sort=sales',
    });
    // A note for another address, or for a document reached by back or forward, names nothing.
    expect(pageLeft(at('', { historyLength: 1, leaving: { ...noted, to: '/gameDetail/4' } }), storePage)).toBeNull();
    expect(pageLeft(at('', { type: 'back_forward', leaving: noted }), storePage)).toBeNull();
  });

  // A chunk that fails to load reloads the page (src/shared/chunk-reload.ts), possibly before the router recorded
  // the page left: the document notes it at start (`keepArrival`), and the reloaded one finds it.
  it('is the noted page after a reload of the noted address, and nothing after a reload without a note', () => {
    const noted = { from: '/new', to: 'https://shop.example/gameDetail/3' };
    expect(pageLeft(at('https://shop.example/new', { type: 'reload', leaving: noted }), storePage)).toEqual({
      pathname: '/new',
      search: '',
    });
    expect(pageLeft(at('https://shop.example/new', { type: 'reload' }), storePage)).toBeNull();
  });

  it('is noted in this tab and read once: the next document does not find it again', () => {
    sessionStorage.clear();
    const noted = { from: '/new', to: 'https://shop.example/gameDetail/3' };
    historyStore.noteLeaving(noted);
    expect(historyStore.takeLeaving()).toEqual(noted);
    expect(historyStore.takeLeaving()).toBeNull();
  });
});

describe('the history store at start, given the page a full page load left', () => {
  beforeEach(() => {
    sessionStorage.clear();
    historyStore.reset();
  });

  it('records it before the landing page, with the store’s rules: 返回 goes back to it', () => {
    historyStore.arrive(visit('/new'));
    historyStore.visit(visit('/gameDetail/3'));
    expect(historyStore.get().routeHistory).toEqual(['/new', '/gameDetail/3']);
    expect(backTarget(historyStore.get()).href).toBe('/new');
  });

  it('stores a search left without its keyword, and keeps its parameters for the way back from a detail', () => {
    historyStore.arrive(visit('/search', { keyword: '星', sort: 'sales' }));
    historyStore.visit(visit('/gameDetail/3'));
    expect(historyStore.get().routeHistory).toEqual(['/search?sort=sales', '/gameDetail/3']);
    expect(backTarget(historyStore.get()).href).toBe('/search?keyword=%E6%98%9F&sort=sales');
  });

  it('does not record a page the app showed in this tab again, even after 返回 took it out of the history', () => {
    historyStore.visit(visit('/new'));
    historyStore.visit(visit('/gameDetail/3'));
    // 返回 on the detail, then the way back made a full page load (a new build): the detail is left.
    historyStore.set(backTarget(historyStore.get()).next);
    historyStore.reset(); // the next document
    historyStore.arrive(visit('/gameDetail/3'));
    historyStore.visit(visit('/new'));
    expect(historyStore.get().routeHistory).toEqual(['/new']);
  });

  it('records a page left that the app did not show, whatever the tab showed before it', () => {
    historyStore.visit(visit('/'));
    historyStore.reset(); // the home's tap on 新品 made a full page load; /new's card too, before its app ran
    historyStore.arrive(visit('/new'));
    historyStore.visit(visit('/gameDetail/3'));
    expect(historyStore.get().routeHistory).toEqual(['/', '/new', '/gameDetail/3']);
  });
});
