import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyStore } from '../../../src/features/shell/history-store';
import { renderApp } from '../../support/render-app';

describe('the back action', () => {
  it('returns from a detail page to the last stored path', async () => {
    const { router, user } = await renderApp('/new');
    await router.navigate({ to: '/gameDetail/$id', params: { id: '3' } });
    await user.click(await screen.findByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new'));
  });

  it('leaves the detail after an edition was chosen there, as the browser’s back does', async () => {
    const { router, user } = await renderApp('/new');
    await router.navigate({ to: '/gameDetail/$id', params: { id: '1' } });
    const editions = await screen.findAllByRole('radio', {}, { timeout: 10_000 });
    expect(editions.length).toBeGreaterThan(1);
    await user.click(editions.at(-1)!);
    // The choice is written into the page's address (replacing it), not a page of its own.
    await waitFor(() => expect(router.state.location.search).toHaveProperty('goods'));
    await user.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new'));
  });

  it('returns to the root when nothing was visited before', async () => {
    const { router, user } = await renderApp('/gameDetail/3');
    await user.click(await screen.findByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('brings back the keyword and filters of a search, which are stored without the keyword', async () => {
    const { router, user } = await renderApp('/search?keyword=%E6%98%9F&sort=sales');
    await router.navigate({ to: '/gameDetail/$id', params: { id: '3' } });
    expect(historyStore.get().routeHistory).toContain('/search?sort=sales');
    expect(historyStore.get().searchParams).toEqual({ keyword: '星', sort: 'sales' });
    await user.click(await screen.findByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ keyword: '星', sort: 'sales' });
  });

  it('forgets the search parameters when search leads anywhere but a game detail', async () => {
    const { router } = await renderApp('/search?keyword=%E6%98%9F');
    await router.navigate({ to: '/notice' });
    await waitFor(() => expect(historyStore.get().searchParams).toBeNull());
  });
});

describe('the back action after a full page load from a page the app never showed (a tap made before it ran)', () => {
  /** This document was reached by a new navigation from `path` of the store, in a tab that holds that page. */
  function arriveFrom(path: string) {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(new URL(path, window.location.origin).href);
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
      type === 'navigation' ? [{ type: 'navigate' } as PerformanceNavigationTiming] : [],
    );
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(2);
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('returns to the page left (新品 for a card tapped there), where the browser’s back goes', async () => {
    arriveFrom('/new');
    const { router, user } = await renderApp('/gameDetail/3');
    expect(historyStore.get().routeHistory).toEqual(['/new', '/gameDetail/3']);
    await user.click(await screen.findByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new'));
  });

  it('returns to a search left that way with its keyword, which is stored without it', async () => {
    arriveFrom('/search?keyword=%E6%98%9F&sort=sales');
    const { router, user } = await renderApp('/gameDetail/3');
    expect(historyStore.get().routeHistory).toEqual(['/search?sort=sales', '/gameDetail/3']);
    await user.click(await screen.findByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ keyword: '星', sort: 'sales' });
  });

  it('records the page an early search left, before the search it sent (a form the browser sent itself)', async () => {
    arriveFrom('/gameDetail/1?num=2');
    await renderApp('/search?keyword=%E6%98%9F');
    await waitFor(() => expect(historyStore.get().routeHistory).toEqual(['/gameDetail/1?num=2', '/search']));
    expect(historyStore.get().searchParams).toEqual({ keyword: '星' });
  });

  it('does not go back to a pay channel’s page the store sent the shopper to (the API’s own page on its origin)', async () => {
    arriveFrom('/webapi/pay/h5?orderId=XY1');
    const { router, user } = await renderApp('/gameDetail/3');
    expect(historyStore.get().routeHistory).toEqual(['/gameDetail/3']);
    await user.click(await screen.findByRole('button', { name: '返回' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
