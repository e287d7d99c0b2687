/**
 * The search's deal filters (docs/following-prices.md): in the URL (validated, unknown values dropped), sent as extension params,
 * applied by the simulated backend, shown only as far as the answer says they were applied, kept by the back
 * action, with a count and an empty state with 清除筛选; and a server without the extension (no filters offered).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { GameCard } from '../../../src/api/games';
import { historyStore } from '../../../src/features/shell/history-store';
import { renderApp } from '../../support/render-app';
import { API, answerPost, backendData, ok, testServer, warmPages } from './helpers';

const SEARCH = '/sgame/mall/game/search';
const filters = () => screen.findByRole('group', { name: '筛选' });
const results = () => screen.getByRole('heading', { level: 2, name: '搜索结果' }).closest('section')!;
const resultIds = () =>
  within(results())
    .getAllByRole('link')
    .map((a) => a.getAttribute('href') ?? '')
    .filter((href) => href.startsWith('/gameDetail/'))
    .map((href) => Number(href.split('/')[2]));

/** Every search request's body from now on. */
function recordSearches(): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  testServer.events.on('request:start', ({ request }) => {
    if (request.url.endsWith(SEARCH))
      void request
        .clone()
        .json()
        .then((body: Record<string, unknown>) => bodies.push(body));
  });
  return bodies;
}

beforeEach(() => {
  historyStore.reset();
  testServer.events.removeAllListeners('request:start');
});

beforeAll(warmPages, 30_000);

describe('search deal filters', () => {
  it('reads them from the URL, sends them, and lists only the matching games in the asked order, with a count', async () => {
    const bodies = recordSearches();
    const expected = await backendData<{ list: GameCard[]; total: number }>(SEARCH, {
      keyword: '',
      platform: 'PC',
      minPrice: 3000,
      maxPrice: 20000,
      discountOnly: true,
      sort: 'priceAsc',
      pageNum: 1,
      pageSize: 20,
    });
    expect(expected.total).toBeGreaterThan(1);
    await renderApp('/search?platform=PC&min=30&max=200&discount=true&sort=priceAsc');
    expect(await screen.findByText(`共找到 ${expected.total} 款游戏`)).toBeInTheDocument();
    expect(resultIds()).toEqual(expected.list.map((g) => g.gameId));
    expect(bodies.at(-1)).toMatchObject({
      platform: 'PC',
      minPrice: 3000,
      maxPrice: 20000,
      discountOnly: true,
      sort: 'priceAsc',
    });
    const chips = await screen.findByRole('group', { name: '已应用的筛选' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['移除筛选：PC', '移除筛选：¥30–200', '移除筛选：仅看折扣', '清除筛选']);

    const group = await filters();
    expect(within(group).getByRole('combobox', { name: '平台' })).toHaveValue('PC');
    expect(within(group).getByRole('button', { name: '仅看折扣' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: '仅看史低' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('textbox', { name: '最低价（元）' })).toHaveValue('30');
    expect(within(group).getByRole('textbox', { name: '最高价（元）' })).toHaveValue('200');
    expect(screen.getByRole('navigation', { name: '排序方式' })).toContainElement(
      screen.getByRole('link', { name: '折扣最大' }),
    );
  });

  it('puts each choice in the URL, by keyboard too, and the back action restores the one before', async () => {
    const { router, user } = await renderApp('/search');
    const group = await filters();
    await user.click(within(group).getByRole('button', { name: '仅看折扣' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ discount: true }));
    within(group).getByRole('button', { name: '¥50–100' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ discount: true, min: 50, max: 100 }));
    expect(within(await filters()).getByRole('button', { name: '¥50–100' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(within(await filters()).getByRole('combobox', { name: '平台' }), 'Switch');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ discount: true, min: 50, max: 100, platform: 'Switch' }),
    );

    // A custom range, bounds the wrong way round: swapped.
    const min = within(await filters()).getByRole('textbox', { name: '最低价（元）' });
    const max = within(await filters()).getByRole('textbox', { name: '最高价（元）' });
    await user.clear(min);
    await user.type(min, '120');
    await user.clear(max);
    await user.type(max, '40{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ discount: true, min: 40, max: 120, platform: 'Switch' }),
    );

    router.history.back();
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ discount: true, min: 50, max: 100, platform: 'Switch' }),
    );
    expect(within(await filters()).getByRole('textbox', { name: '最低价（元）' })).toHaveValue('50');
  });

  it('says an amount it cannot read, keeps what was typed, and navigates nowhere', async () => {
    const { router, user } = await renderApp('/search?discount=true');
    const min = within(await filters()).getByRole('textbox', { name: '最低价（元）' });
    await user.type(min, '1e2{Enter}');
    expect(await within(await filters()).findByRole('alert')).toHaveTextContent('价格请填大于 0 的整数（元）');
    expect(min).toHaveValue('1e2');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toEqual({ discount: true });
    await user.clear(min);
    await user.type(min, '30{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ discount: true, min: 30 }));
  });

  it('shows the filters in force as chips that each remove their own', async () => {
    const { router, user } = await renderApp('/search?platform=PC&min=30&max=200&discount=true');
    const chips = await screen.findByRole('group', { name: '已应用的筛选' });
    await user.click(within(chips).getByRole('button', { name: '移除筛选：¥30–200' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ platform: 'PC', discount: true }));
    await user.click(
      within(await screen.findByRole('group', { name: '已应用的筛选' })).getByRole('button', { name: '移除筛选：PC' }),
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ discount: true }));
    expect(
      within(await screen.findByRole('group', { name: '已应用的筛选' })).queryByRole('button', { name: '清除筛选' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '移除筛选：仅看折扣' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(screen.queryByRole('group', { name: '已应用的筛选' })).not.toBeInTheDocument());
  });

  it('says when nothing matches, and 清除筛选 takes the filters out of the URL (the keyword stays)', async () => {
    const { router, user } = await renderApp('/search?keyword=%E6%98%9F&min=9000&discount=true');
    expect(await screen.findByText('没有符合筛选条件的游戏')).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: '清除筛选' });
    await user.click(clear.at(-1)!);
    await waitFor(() => expect(router.state.location.search).toEqual({ keyword: '星' }));
    expect(await screen.findByText('共找到 11 款游戏')).toBeInTheDocument();
  });

  it('drops values it cannot read from the URL', async () => {
    const bodies = recordSearches();
    const { router } = await renderApp('/search?platform=Dreamcast&min=abc&max=-3&discount=maybe&low=0&sort=cheapest');
    await screen.findByText(/共找到 \d+ 款游戏/);
    expect(router.state.location.search).toEqual({});
    const body = bodies.at(-1)!;
    for (const key of ['platform', 'minPrice', 'maxPrice', 'discountOnly', 'lowOnly'])
      expect(body).not.toHaveProperty(key);
    expect(body.sort).toBe('default');
  });

  it('shows as in force only what the answer says it applied, and names what it did not', async () => {
    // A server that applies the discount filter but not the historical low one.
    testServer.use(
      http.post(`${API}${SEARCH}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const answer = await backendData<{ applied: Record<string, unknown> }>(SEARCH, { ...body, lowOnly: undefined });
        return ok(answer);
      }),
    );
    await renderApp('/search?discount=true&low=true');
    expect(await screen.findByRole('button', { name: '移除筛选：仅看折扣' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '移除筛选：仅看史低' })).not.toBeInTheDocument();
    expect(screen.getByText('未生效的筛选：仅看史低（以下结果未按它们筛选）')).toBeInTheDocument();
  });

  it('offers no filters, and says the URL’s were not applied, with a server without the extension', async () => {
    const all = await backendData<{ list: GameCard[]; total: number; pageNum: number; pageSize: number }>(SEARCH, {
      keyword: '',
      pageNum: 1,
      pageSize: 20,
    });
    // The spec's answer: no `applied`, no historical lows.
    answerPost(SEARCH, () => ({
      list: all.list.map(({ historicalLow: _, ...card }) => card),
      total: all.total,
      pageNum: 1,
      pageSize: 20,
    }));
    await renderApp('/search?discount=true&sort=discount');
    expect(await screen.findByText(`共找到 ${all.total} 款游戏`)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '筛选' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '折扣最大' })).not.toBeInTheDocument();
    expect(screen.getByText('未生效的筛选：仅看折扣，折扣最大（以下结果未按它们筛选）')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: '错误提示' })?.textContent ?? '').toBe('');
  });

  it('puts them under 640 px in a bar (综合 · 销量 · 价格↕ · 筛选) and a sheet that keeps the focus in, says 查看 N 款 and gives the focus back', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 639px'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { router, user } = await renderApp('/search?low=true');
    const open = await screen.findByRole('button', { name: '筛选（1）' });
    expect(screen.queryByRole('group', { name: '筛选' })).not.toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: '排序方式' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label') ?? a.textContent),
    ).toEqual(['综合', '销量', '按价格排序']);
    await user.click(within(bar).getByRole('link', { name: '按价格排序' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ low: true, sort: 'priceAsc' }));
    await user.click(within(bar).getByRole('link', { name: '价格从低到高' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ low: true, sort: 'priceDesc' }));
    expect(within(bar).getByRole('link', { name: '价格从高到低' })).toHaveAttribute('aria-current', 'true');
    await user.click(open);
    const sheet = screen.getByRole('dialog', { name: '筛选' });
    expect(within(sheet).getByRole('button', { name: '仅看史低' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(sheet).getByRole('button', { name: '仅看折扣' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ low: true, sort: 'priceDesc', discount: true }));
    const expected = await backendData<{ total: number }>(SEARCH, {
      keyword: '',
      lowOnly: true,
      discountOnly: true,
      sort: 'priceDesc',
      pageNum: 1,
      pageSize: 20,
    });
    // Tab goes round inside the sheet.
    const done = await within(screen.getByRole('dialog', { name: '筛选' })).findByRole('button', {
      name: `查看 ${expected.total} 款`,
    });
    done.focus();
    await user.tab();
    expect(screen.getByRole('dialog', { name: '筛选' })).toContainElement(document.activeElement as HTMLElement);
    await user.click(done);
    expect(screen.queryByRole('dialog', { name: '筛选' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '筛选（2）' })).toHaveFocus();
  });
});
