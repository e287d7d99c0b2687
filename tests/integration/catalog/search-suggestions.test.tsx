import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECENT_SEARCH_KEY } from '../../../src/features/catalog/recent-searches';
import { renderApp } from '../../support/render-app';
import { API, backendData, countRequests, gate, ok, testServer, warmPages } from './helpers';

const COMB = '/sgame/mall/game/combSearch';
const box = () => screen.getByRole('searchbox', { name: '搜索' });
const panel = () => screen.findByRole('region', { name: '搜索建议' });

beforeAll(async () => {
  await warmPages();
  await import('../../../src/features/catalog/search-suggestions');
}, 30_000);

describe('the header search box suggestions', () => {
  it('offers recent and hot keywords when focused, and a chosen keyword searches and closes the panel', async () => {
    window.localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: ['赛车'], hiddenServer: [] }));
    const { user, router } = await renderApp('/');
    await user.click(box());

    const suggestions = within(await panel());
    expect(await suggestions.findByRole('heading', { level: 3, name: '最近搜索' })).toBeInTheDocument();
    expect(suggestions.getByRole('link', { name: '赛车' })).toHaveAttribute(
      'href',
      `/search?keyword=${encodeURIComponent('赛车')}`,
    );
    const hot = await backendData<{ keywords: string[] }>('/sgame/mall/game/hotSearch');
    expect(await suggestions.findByRole('heading', { level: 3, name: '热门搜索' })).toBeInTheDocument();
    await user.click(suggestions.getByRole('link', { name: hot.keywords[0]! }));

    await waitFor(() => expect(router.state.location.search).toEqual({ keyword: hot.keywords[0] }));
    expect(screen.queryByRole('region', { name: '搜索建议' })).not.toBeInTheDocument();
  });

  it('clears the recent keywords from the panel', async () => {
    window.localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: ['赛车', '三国'], hiddenServer: [] }));
    const { user } = await renderApp('/');
    await user.click(box());
    const suggestions = within(await panel());
    await user.click(await suggestions.findByRole('button', { name: '清空最近搜索' }));
    expect(suggestions.queryByRole('heading', { name: '最近搜索' })).not.toBeInTheDocument();
    expect(suggestions.queryByRole('link', { name: '三国' })).not.toBeInTheDocument();
  });

  it('suggests keywords, games and categories for what is typed, asking once for a burst of typing', async () => {
    const { user, router } = await renderApp('/');
    const calls = countRequests(COMB);
    await user.type(box(), '星砂');

    const suggestions = within(await panel());
    const games = await suggestions.findByRole('list', { name: '游戏' });
    expect(calls.count).toBe(1);
    const game = within(games).getByRole('link', { name: /^星砂回响/ });
    expect(game).toHaveAttribute('href', '/gameDetail/1');
    expect(
      within(suggestions.getByRole('list', { name: '搜索词' })).getByRole('link', { name: '星砂' }),
    ).toHaveAttribute('href', `/search?keyword=${encodeURIComponent('星砂')}`);

    await user.click(game);
    await waitFor(() => expect(router.state.location.pathname).toBe('/gameDetail/1'));
    expect(screen.queryByRole('region', { name: '搜索建议' })).not.toBeInTheDocument();
  });

  it('never lets a late answer for an earlier keyword replace the suggestions for the current one, and cancels it', async () => {
    const first = gate();
    let firstAsked = false;
    testServer.use(
      http.post(`${API}${COMB}`, async ({ request }) => {
        const body = (await request.json()) as { keyword: string };
        if (body.keyword === '星') {
          firstAsked = true;
          await first.wait;
          return ok({ games: [], labels: [], keywords: ['过时的建议'] });
        }
        return ok(await backendData(COMB, body));
      }),
    );
    const { user, queryClient } = await renderApp('/');
    await user.type(box(), '星');
    await waitFor(() => expect(firstAsked).toBe(true));
    expect(queryClient.getQueryState(['combSearch', '星'])?.fetchStatus).toBe('fetching');
    expect(within(await panel()).getByText('正在查找…')).toBeInTheDocument();

    await user.type(box(), '砂');
    const suggestions = within(await panel());
    expect(await suggestions.findAllByRole('link', { name: /星砂回响/ })).toHaveLength(1);
    // the superseded request was cancelled (its signal aborted) while the server still held the answer
    expect(queryClient.getQueryState(['combSearch', '星'])).toMatchObject({ fetchStatus: 'idle', data: undefined });
    first.release();
    await Promise.resolve();
    expect(suggestions.queryByRole('link', { name: '过时的建议' })).not.toBeInTheDocument();
  });

  it('moves through the suggestions with the arrow keys and closes with Escape, back in the box', async () => {
    const { user } = await renderApp('/');
    await user.type(box(), '星砂');
    const suggestions = within(await panel());
    const links = await suggestions.findAllByRole('link');
    await user.keyboard('{ArrowDown}');
    expect(links[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(links[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveFocus();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box()).toHaveFocus();
    expect(screen.queryByRole('region', { name: '搜索建议' })).not.toBeInTheDocument();
    expect(box()).toHaveValue('星砂');
  });

  it('closes when the focus leaves the search box, and Enter still searches for what was typed', async () => {
    const { user, router } = await renderApp('/');
    await user.type(box(), '赛道');
    await panel();
    await user.tab(); // the 搜索 button, still in the search form
    expect(screen.getByRole('region', { name: '搜索建议' })).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('region', { name: '搜索建议' })).not.toBeInTheDocument();

    await user.type(box(), '{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ keyword: '赛道' }));
    expect(screen.queryByRole('region', { name: '搜索建议' })).not.toBeInTheDocument();
  });

  it('lists each suggested game once, with its cover, its from price and the typed text marked', async () => {
    const { user } = await renderApp('/');
    await user.type(box(), '星砂');
    const suggestions = within(await panel());
    const games = await suggestions.findByRole('list', { name: '游戏' });
    // the game's name is not offered again as a keyword
    expect(suggestions.getAllByRole('link', { name: /星砂回响/ })).toHaveLength(1);
    const game = within(games).getByRole('link', { name: /^星砂回响/ });
    // the honest from price: the standard edition (DLC left out), its original price and discount
    expect(game).toHaveAccessibleName('星砂回响¥40.80起原价¥68.00-40%');
    expect(within(game).getByRole('mark')).toHaveTextContent('星砂');
    // the cover is decorative (the link's text names the game)
    expect(within(game).getByRole('presentation')).toHaveAttribute('src', expect.stringContaining('/cover/1.'));
    const hrefs = within(games)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });
});
