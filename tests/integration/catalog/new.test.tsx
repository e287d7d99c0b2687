import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameCard } from '../../../src/api/games';
import { NEW_PAGE_SIZE } from '../../../src/features/catalog/new-page';
import { renderApp } from '../../support/render-app';
import { answerPost, backend, backendData, gate, holdPost, warmPages } from './helpers';

const SEARCH = '/sgame/mall/game/search';
const DAY = 24 * 60 * 60 * 1000;

async function newestGames() {
  const page = await backendData<{ list: GameCard[] }>(SEARCH, {
    keyword: '',
    sort: 'newest',
    pageNum: 1,
    pageSize: 100,
  });
  const now = Date.now();
  return {
    all: page.list,
    released: page.list.filter((g) => g.releaseDate <= now && g.releaseDate >= now - 90 * DAY),
    upcoming: page.list.filter((g) => g.releaseDate > now),
  };
}

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
const cards = (name: string) =>
  within(section(name))
    .getAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('/gameDetail/'));
const ymd = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
};

beforeAll(warmPages, 30_000);
describe('newly launched page', () => {
  it('shows a skeleton while the games load', async () => {
    const held = gate();
    holdPost(SEARCH, held.wait);
    await renderApp('/new');
    expect(await screen.findByRole('status', { name: '正在加载新品' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('heading', { level: 2, name: '最近上架' })).toBeInTheDocument();
  });

  it('lists the games of the last 90 days newest first with their release dates, and the upcoming ones apart', async () => {
    const { released, upcoming } = await newestGames();
    await renderApp('/new');
    expect(await screen.findByRole('heading', { level: 1, name: '新品上架' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: '最近上架' });
    const shown = cards('最近上架');
    expect(shown).toHaveLength(Math.min(NEW_PAGE_SIZE, released.length));
    expect(shown[0]).toHaveAccessibleName(expect.stringContaining(released[0]!.name));
    expect(shown[0]).toHaveAccessibleName(expect.stringContaining(`上架日期${ymd(released[0]!.releaseDate)}`));
    const soon = cards('即将发售');
    expect(soon).toHaveLength(upcoming.length);
    expect(soon[0]).toHaveAccessibleName(expect.stringContaining('预售'));
    expect(soon[0]).toHaveAccessibleName(expect.stringContaining('发售日期'));
  });

  it('shows more games with 加载更多 until all are shown', async () => {
    const { released } = await newestGames();
    expect(released.length).toBeGreaterThan(NEW_PAGE_SIZE);
    const { user } = await renderApp('/new');
    await screen.findByRole('heading', { level: 2, name: '最近上架' });
    expect(screen.getByText(`已显示 ${NEW_PAGE_SIZE} / ${released.length} 款`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '加载更多' }));
    expect(cards('最近上架')).toHaveLength(Math.min(NEW_PAGE_SIZE * 2, released.length));
    if (released.length <= NEW_PAGE_SIZE * 2)
      expect(screen.queryByRole('button', { name: '加载更多' })).not.toBeInTheDocument();
  });

  it('sorts by price, keeping the sort in the URL', async () => {
    const { released } = await newestGames();
    const cheapest = [...released].sort((a, b) => a.minPrice - b.minPrice || b.releaseDate - a.releaseDate)[0]!;
    const { user, router } = await renderApp('/new');
    await screen.findByRole('heading', { level: 2, name: '最近上架' });
    const sorts = screen.getByRole('navigation', { name: '排序方式' });
    expect(within(sorts).getByRole('link', { name: '最新上架' })).toHaveAttribute('aria-current');
    await user.click(within(sorts).getByRole('link', { name: '价格从低到高' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'priceAsc' }));
    expect(within(sorts).getByRole('link', { name: '价格从低到高' })).toHaveAttribute('aria-current');
    await waitFor(() => expect(cards('最近上架')[0]).toHaveAccessibleName(expect.stringContaining(cheapest.name)));
  });

  it('says so when nothing was launched recently', async () => {
    const { all } = await newestGames();
    const old = all.map((g) => ({ ...g, releaseDate: Date.now() - 400 * DAY }));
    answerPost(SEARCH, { list: old, total: old.length, pageNum: 1, pageSize: 100 });
    await renderApp('/new');
    expect(await screen.findByText('近期暂无新品上架')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '浏览全部游戏' })).toHaveAttribute('href', '/search');
    expect(screen.queryByRole('heading', { level: 2, name: '即将发售' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry button when the games cannot be loaded', async () => {
    backend.control.setFault(SEARCH, { kind: 'http', status: 503 });
    const { user } = await renderApp('/new');
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('新品加载失败');
    backend.control.setFault(SEARCH, null);
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 2, name: '最近上架' })).toBeInTheDocument();
  });
});
