import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchQueryOptions } from '../../../src/api/games';
import { historyStore } from '../../../src/features/shell/history-store';
import { RECENT_SEARCH_KEY } from '../../../src/features/catalog/recent-searches';
import { searchRequestOf } from '../../../src/features/catalog/route-data';
import { KEYWORD_MAX_LENGTH } from '../../../src/shared/search-keyword';
import { renderApp } from '../../support/render-app';
import { createAccount, storeSession } from '../session/helpers';
import {
  API,
  answerPost,
  backend,
  backendData,
  countRequests,
  gate,
  holdPost,
  ok,
  testServer,
  warmPages,
} from './helpers';

const SEARCH = '/sgame/mall/game/search';
const results = () => screen.getByRole('heading', { level: 2, name: '搜索结果' }).closest('section')!;
const resultLinks = () =>
  within(results())
    .getAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('/gameDetail/'));

beforeEach(() => {
  historyStore.reset();
});

beforeAll(warmPages, 30_000);
describe('search page', () => {
  it('shows a skeleton while the results load', async () => {
    const held = gate();
    holdPost(SEARCH, held.wait);
    await renderApp('/search?keyword=%E6%98%9F');
    expect(await screen.findByRole('status', { name: '正在加载搜索结果' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('共找到 11 款游戏')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: '正在加载搜索结果' })).not.toBeInTheDocument();
  });

  it('shows the games matching the keyword of the URL, each linking to its detail page', async () => {
    await renderApp('/search?keyword=%E6%98%9F');
    expect(await screen.findByRole('heading', { level: 1, name: '“星”的搜索结果' })).toBeInTheDocument();
    expect(await screen.findByText('共找到 11 款游戏')).toBeInTheDocument();
    const links = resultLinks();
    expect(links).toHaveLength(11);
    expect(links[0]).toHaveAccessibleName(expect.stringContaining('星砂回响'));
    expect(links[0]).toHaveAttribute('href', '/gameDetail/1');
    expect(screen.getByRole('searchbox', { name: '搜索' })).toHaveValue('星');
  });

  it('marks the keyword in the titles and lists the titles that contain it first', async () => {
    await renderApp('/search?keyword=%E6%98%9F');
    await screen.findByText('共找到 11 款游戏');
    const links = resultLinks();
    const inTitle = links.map((link) => within(link).queryAllByRole('mark').length > 0);
    // 星砂回响, 星火前哨, 星港物流大亨 (titles starting with 星), then 喵星派对; then the publisher's and tags' matches
    expect(inTitle).toEqual([true, true, true, true, false, false, false, false, false, false, false]);
    expect(links[3]).toHaveAccessibleName(expect.stringMatching(/^喵星派对/));
    for (const link of links.slice(0, 4)) {
      for (const mark of within(link).getAllByRole('mark')) expect(mark).toHaveTextContent(/^星$/);
    }
  });

  it('searches for what is typed in the header search box, through the URL', async () => {
    const { user, router } = await renderApp('/search?keyword=%E6%98%9F');
    await screen.findByText('共找到 11 款游戏');
    const box = screen.getByRole('searchbox', { name: '搜索' });
    await user.clear(box);
    await user.type(box, '赛道{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: '“赛道”的搜索结果' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ keyword: '赛道' });
  });

  it('filters by label and sorts, keeping both in the URL and marking the current choice', async () => {
    const { user, router } = await renderApp('/search?keyword=%E6%98%9F');
    await screen.findByText('共找到 11 款游戏');
    const labels = screen.getByRole('navigation', { name: '分类筛选' });
    expect(within(labels).getByRole('link', { name: '全部分类' })).toHaveAttribute('aria-current');
    expect(within(labels).getByRole('link', { name: '手游' })).not.toHaveAttribute('aria-current');
    await user.click(within(labels).getByRole('link', { name: '手游' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ keyword: '星', labelId: 8 }));
    expect(within(labels).getByRole('link', { name: '手游' })).toHaveAttribute('aria-current');
    expect(within(labels).getByRole('link', { name: '全部分类' })).not.toHaveAttribute('aria-current');
    const expected = await backendData<{ total: number }>(SEARCH, { keyword: '星', labelId: 8 });
    expect(await screen.findByText(`共找到 ${expected.total} 款游戏`)).toBeInTheDocument();

    const sorts = screen.getByRole('navigation', { name: '排序方式' });
    await user.click(within(sorts).getByRole('link', { name: '价格从低到高' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ keyword: '星', labelId: 8, sort: 'priceAsc' }));
    expect(within(sorts).getByRole('link', { name: '价格从低到高' })).toHaveAttribute('aria-current');
    expect(within(sorts).getByRole('link', { name: '综合' })).not.toHaveAttribute('aria-current');
  });

  it('shows the games of a label when opened from a home page chip, without a keyword', async () => {
    await renderApp('/search?labelId=8');
    expect(await screen.findByRole('heading', { level: 1, name: '手游游戏' })).toBeInTheDocument();
    const expected = await backendData<{ total: number }>(SEARCH, { keyword: '', labelId: 8 });
    expect(await screen.findByText(`共找到 ${expected.total} 款游戏`)).toBeInTheDocument();
  });

  it('pages through many results with page links kept in the URL', async () => {
    const { user, router } = await renderApp('/search');
    expect(await screen.findByText('共找到 64 款游戏')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(within(pager).getByRole('link', { name: '第1页' })).toHaveAttribute('aria-current', 'page');
    expect(resultLinks()).toHaveLength(20);
    const secondPage = await backendData<{ list: { name: string }[] }>(SEARCH, {
      keyword: '',
      pageNum: 2,
      pageSize: 20,
    });
    await user.click(within(pager).getByRole('link', { name: '下一页' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    await waitFor(() =>
      expect(resultLinks()[0]).toHaveAccessibleName(expect.stringContaining(secondPage.list[0]!.name)),
    );
    expect(
      within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '第2页' }),
    ).toHaveAttribute('aria-current', 'page');
    await user.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '第4页' }));
    await waitFor(() => expect(resultLinks()).toHaveLength(4));
  });

  it('offers the hot games when nothing matches', async () => {
    await renderApp('/search?keyword=zzzz');
    expect(await screen.findByText('没有找到与“zzzz”相关的游戏')).toBeInTheDocument();
    const hot = (await screen.findByRole('heading', { level: 2, name: '大家都在玩' })).closest('section')!;
    expect(within(hot).getAllByRole('link').length).toBeGreaterThan(0);
  });

  it('shows an error with a retry button when the search fails, keeping the keyword', async () => {
    backend.control.setFault(SEARCH, { kind: 'network' });
    const { user } = await renderApp('/search?keyword=%E6%98%9F');
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('搜索失败');
    expect(screen.getByText(/网络连接失败/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '“星”的搜索结果' })).toBeInTheDocument();
    backend.control.setFault(SEARCH, null);
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('共找到 11 款游戏')).toBeInTheDocument();
  });

  it('keeps recent searches in this browser and clears them on request', async () => {
    const { user, router } = await renderApp('/search?keyword=%E6%98%9F%E7%A0%82');
    await screen.findByText(/共找到 \d+ 款游戏/);
    await router.navigate({ to: '/search', search: { keyword: '赛道' } });
    await screen.findByRole('heading', { level: 1, name: '“赛道”的搜索结果' });
    await router.navigate({ to: '/search' });
    const recent = (await screen.findByRole('heading', { level: 2, name: '最近搜索' })).closest('section')!;
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['赛道', '星砂']);
    expect(within(recent).getByRole('link', { name: '星砂' })).toHaveAttribute(
      'href',
      '/search?keyword=%E6%98%9F%E7%A0%82',
    );
    await user.click(within(recent).getByRole('button', { name: '清空最近搜索' }));
    expect(screen.queryByRole('heading', { level: 2, name: '最近搜索' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '热门搜索' })).toBeInTheDocument();
  });

  it("adds a logged-in user's recent searches from the server after this browser's own", async () => {
    storeSession(await createAccount());
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: ['本机'], hiddenServer: [] }));
    answerPost('/sgame/mall/game/recentGameSearch', ['别的设备', '本机']);
    const { user } = await renderApp('/search');
    const recent = (await screen.findByRole('heading', { level: 2, name: '最近搜索' })).closest('section')!;
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['本机', '别的设备']),
    );
    await user.click(within(recent).getByRole('button', { name: '清空最近搜索' }));
    expect(screen.queryByRole('heading', { level: 2, name: '最近搜索' })).not.toBeInTheDocument();
  });

  it('ignores recent searches stored in a shape it does not know', async () => {
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: [{ evil: true }, '正常', ''] }));
    await renderApp('/search');
    const recent = (await screen.findByRole('heading', { level: 2, name: '最近搜索' })).closest('section')!;
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['正常']);
  });

  it('does not search for, or remember, a keyword whose percent-escapes are broken (no U+FFFD garbage)', async () => {
    const searches: string[] = [];
    const record = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === `${API}${SEARCH}`)
        void request
          .clone()
          .json()
          .then((body: { keyword: string }) => searches.push(body.keyword));
    };
    testServer.events.on('request:start', record);
    try {
      await renderApp('/search?keyword=%E4%A');
      expect(await screen.findByRole('heading', { level: 1, name: '全部游戏' })).toBeInTheDocument();
      await screen.findByText(/共找到 \d+ 款游戏/);
      expect(screen.getByRole('searchbox', { name: '搜索' })).toHaveValue('');
      expect(screen.queryByRole('heading', { level: 2, name: '最近搜索' })).not.toBeInTheDocument();
      expect(localStorage.getItem(RECENT_SEARCH_KEY) ?? '').not.toContain('\uFFFD');
      await waitFor(() => expect(searches.length).toBeGreaterThan(0));
      expect(searches.every((keyword) => !keyword.includes('\uFFFD'))).toBe(true);
    } finally {
      testServer.events.removeListener('request:start', record);
    }
  });

  it(`limits what the search box takes to ${KEYWORD_MAX_LENGTH} characters and says so when longer text is pasted`, async () => {
    const { user, router } = await renderApp('/search?keyword=%E6%98%9F');
    await screen.findByText('共找到 11 款游戏');
    const box = screen.getByRole('searchbox', { name: '搜索' });
    await user.clear(box);
    box.focus();
    await user.paste('星'.repeat(2_000));

    expect(box).toHaveValue('星'.repeat(KEYWORD_MAX_LENGTH));
    const note = screen.getByText(`搜索词最多 ${KEYWORD_MAX_LENGTH} 个字，超出部分已去掉`);
    expect(note).toBeVisible();
    expect(box).toHaveAccessibleDescription(note.textContent!);

    await user.type(box, '{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ keyword: '星'.repeat(KEYWORD_MAX_LENGTH) }));
    expect(router.state.location.href.length).toBeLessThan(600);
  });

  it(`shortens a keyword longer than ${KEYWORD_MAX_LENGTH} characters in the URL`, async () => {
    const long = '𠮷'.repeat(2_000);
    await renderApp(`/search?keyword=${encodeURIComponent(long)}`);
    const short = '𠮷'.repeat(KEYWORD_MAX_LENGTH);
    expect(await screen.findByRole('heading', { level: 1, name: `“${short}”的搜索结果` })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '搜索' })).toHaveValue(short);
  });

  it('shows the same results at once, without a new request, after visiting a game and coming back', async () => {
    const { user, router } = await renderApp('/search?keyword=%E6%98%9F&sort=sales');
    await screen.findByText('共找到 11 款游戏');
    const before = resultLinks().map((a) => a.getAttribute('href'));
    const searches = countRequests(SEARCH);

    await user.click(resultLinks()[2]!);
    await screen.findByRole('button', { name: '立即购买' });
    expect(router.state.location.pathname).toBe(before[2]);

    await user.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByRole('heading', { level: 1, name: '“星”的搜索结果' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ keyword: '星', sort: 'sales' });
    expect(screen.queryByRole('status', { name: '正在加载搜索结果' })).not.toBeInTheDocument();
    expect(resultLinks().map((a) => a.getAttribute('href'))).toEqual(before);
    expect(searches.count).toBe(0);

    // The browser's own back button too.
    await user.click(resultLinks()[0]!);
    await screen.findByRole('button', { name: '立即购买' });
    router.history.back();
    expect(await screen.findByRole('heading', { level: 1, name: '“星”的搜索结果' })).toBeInTheDocument();
    expect(resultLinks().map((a) => a.getAttribute('href'))).toEqual(before);
    expect(searches.count).toBe(0);
  });

  it('cancels the request of a search that was replaced before it answered', async () => {
    const held = gate();
    testServer.use(
      http.post(`${API}${SEARCH}`, async ({ request }) => {
        const body = (await request.clone().json()) as { keyword: string };
        if (body.keyword !== '星') return undefined;
        await held.wait;
        return ok(await backendData(SEARCH, body));
      }),
    );
    const { router, queryClient } = await renderApp('/search?keyword=%E6%98%9F');
    expect(await screen.findByRole('status', { name: '正在加载搜索结果' })).toBeInTheDocument();
    await router.navigate({ to: '/search', search: { keyword: '赛道' } });
    expect(await screen.findByRole('heading', { level: 1, name: '“赛道”的搜索结果' })).toBeInTheDocument();
    await screen.findByText(/共找到 \d+ 款游戏/);
    // Cancelled (its AbortSignal fired) and reverted: not fetching, no data, no error — while
    // the server still has not answered it.
    const stale = queryClient.getQueryState(searchQueryOptions(searchRequestOf({ keyword: '星' })).queryKey);
    expect(stale?.fetchStatus).toBe('idle');
    expect(stale?.data).toBeUndefined();
    expect(stale?.error).toBeNull();
    held.release();
  });
});
