import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { historyStore } from '../../../src/features/shell/history-store';
import { renderApp } from '../../support/render-app';

describe('the back action', () => {
  it('returns from a detail page to the last stored path', async () => {
    const { router, user } = await renderApp('/new');
    await router.navigate({ to: '/gameDetail/$id', params: { id: '3' } });
    await user.click(await screen.findByRole('button', { name: '返回' }));
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
