import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { GameCard } from '../../../src/api/games';
import { AUTOPLAY_MS } from '../../../src/features/catalog/banner-carousel';
import { renderApp } from '../../support/render-app';
import { answerGet, answerPost, backend, backendData, gate, holdGet, holdPost, warmPages } from './helpers';

const carousel = () => screen.getByRole('region', { name: '活动推荐' });
const currentDot = () =>
  within(carousel())
    .getAllByRole('button', { name: /^第\d+张$/ })
    .find((b) => b.getAttribute('aria-current') === 'true');

beforeAll(warmPages, 30_000);
describe('home page', () => {
  it('shows a skeleton for each section while its data loads, then the section', async () => {
    const held = gate();
    for (const path of [
      '/sgame/mall/game/qryBanner',
      '/sgame/mall/game/qryLabel',
      '/sgame/mall/game/hotSearch',
      '/sgame/mall/game/recommend',
      '/sgame/mall/game/qryPlate',
      '/sgame/mall/game/rank',
    ]) {
      holdPost(path, held.wait);
    }
    holdGet('/goods/goods/findRecentSell', held.wait);
    holdGet('/common/comm/dict/getDictItems/mall-app-download-url', held.wait);
    await renderApp('/');
    // One synchronous pass per try: the side column's code arriving swaps its fallback skeletons for
    // identical ones (new nodes), so an element found in one pass may be gone by the next.
    await waitFor(() => {
      for (const name of ['活动推荐', '游戏分类', '热门搜索', '为你推荐', '排行榜', '最近成交', 'App 下载']) {
        expect(screen.getByRole('status', { name: `正在加载${name}` })).toBeInTheDocument();
      }
      expect(screen.getAllByRole('status', { name: '正在加载专区' })).toHaveLength(2);
    });
    held.release();
    expect(await screen.findByRole('heading', { level: 2, name: '排行榜' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '热门推荐' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /^正在加载/ })).not.toBeInTheDocument();
  });

  it('shows the banners as a carousel that buttons move back and forth', async () => {
    const { user } = await renderApp('/');
    await screen.findByRole('region', { name: '活动推荐' });
    expect(carousel()).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel()).getAllByRole('group');
    expect(slides).toHaveLength(5);
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slide');
    expect(currentDot()).toHaveAccessibleName('第1张');

    await user.click(within(carousel()).getByRole('button', { name: '下一张' }));
    expect(currentDot()).toHaveAccessibleName('第2张');
    expect(within(carousel()).getByRole('group', { name: /^第2张，共5张/ })).not.toHaveAttribute('inert');
    expect(within(carousel()).getByRole('group', { name: /^第1张，共5张/ })).toHaveAttribute('inert');

    await user.click(within(carousel()).getByRole('button', { name: '第5张' }));
    expect(currentDot()).toHaveAccessibleName('第5张');
    await user.click(within(carousel()).getByRole('button', { name: '下一张' }));
    expect(currentDot()).toHaveAccessibleName('第1张');
    await user.click(within(carousel()).getByRole('button', { name: '上一张' }));
    expect(currentDot()).toHaveAccessibleName('第5张');
  });

  it('opens the page a banner links to inside the app', async () => {
    const { user, router } = await renderApp('/');
    await screen.findByRole('region', { name: '活动推荐' });
    await user.click(within(carousel()).getByRole('button', { name: '第3张' }));
    await user.click(within(within(carousel()).getByRole('group', { name: /^第3张/ })).getByRole('link'));
    expect(await screen.findByRole('heading', { level: 1, name: '星砂回响' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/gameDetail/1');
  });

  it('rotates the banners by itself, but not while the pointer is over it or focus is inside', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { user } = await renderApp('/');
    await screen.findByRole('region', { name: '活动推荐' });
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(currentDot()).toHaveAccessibleName('第2张');

    await user.hover(carousel());
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 3));
    expect(currentDot()).toHaveAccessibleName('第2张');
    await user.unhover(carousel());

    act(() => within(carousel()).getByRole('button', { name: '第4张' }).focus());
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 3));
    expect(currentDot()).toHaveAccessibleName('第2张');
    act(() => within(carousel()).getByRole('button', { name: '第4张' }).blur());

    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(currentDot()).toHaveAccessibleName('第3张');
  });

  it('stops rotating when the user presses 暂停轮播', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { user } = await renderApp('/');
    await screen.findByRole('region', { name: '活动推荐' });
    await user.click(within(carousel()).getByRole('button', { name: '暂停轮播' }));
    await user.unhover(carousel());
    act(() => within(carousel()).getByRole('button', { name: '开始轮播' }).blur());
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 2));
    expect(currentDot()).toHaveAccessibleName('第1张');
  });

  it('does not rotate, nor offer to, when the system asks for reduced motion', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    onTestFinished(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });
    await renderApp('/');
    await screen.findByRole('region', { name: '活动推荐' });
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 2));
    expect(currentDot()).toHaveAccessibleName('第1张');
    expect(within(carousel()).queryByRole('button', { name: '暂停轮播' })).not.toBeInTheDocument();
  });

  it('changes banners with a horizontal swipe on a touch screen', async () => {
    await renderApp('/');
    await screen.findByRole('region', { name: '活动推荐' });
    const slide = within(carousel()).getByRole('group', { name: /^第1张/ });
    fireEvent.pointerDown(slide, { pointerType: 'touch', pointerId: 1, clientX: 300, clientY: 50 });
    fireEvent.pointerUp(slide, { pointerType: 'touch', pointerId: 1, clientX: 120, clientY: 60 });
    expect(currentDot()).toHaveAccessibleName('第2张');
    const second = within(carousel()).getByRole('group', { name: /^第2张/ });
    fireEvent.pointerDown(second, { pointerType: 'touch', pointerId: 2, clientX: 100, clientY: 50 });
    fireEvent.pointerUp(second, { pointerType: 'touch', pointerId: 2, clientX: 300, clientY: 50 });
    expect(currentDot()).toHaveAccessibleName('第1张');
    // A short or vertical movement is a tap or a scroll, not a swipe.
    fireEvent.pointerDown(slide, { pointerType: 'touch', pointerId: 3, clientX: 300, clientY: 50 });
    fireEvent.pointerUp(slide, { pointerType: 'touch', pointerId: 3, clientX: 280, clientY: 250 });
    expect(currentDot()).toHaveAccessibleName('第1张');
  });

  it('lists the labels as chips that open the search filtered by that label', async () => {
    await renderApp('/');
    const section = (await screen.findByRole('heading', { level: 2, name: '游戏分类' })).closest('section')!;
    expect(within(section).getByRole('link', { name: '热销' })).toHaveAttribute('href', '/search?labelId=1');
    expect(within(section).getByRole('link', { name: '多人联机' })).toHaveAttribute('href', '/search?labelId=5');
  });

  it('shows hot search words and recommendations', async () => {
    await renderApp('/');
    const hot = (await screen.findByRole('heading', { level: 2, name: '热门搜索' })).closest('section')!;
    expect(within(hot).getByRole('link', { name: '星砂' })).toHaveAttribute(
      'href',
      '/search?keyword=%E6%98%9F%E7%A0%82',
    );
    const recommend = (await screen.findByRole('heading', { level: 2, name: '为你推荐' })).closest('section')!;
    expect(within(recommend).getAllByRole('link').length).toBeGreaterThan(0);
  });

  it('shows each plate with its games as links to their detail pages, named after the game', async () => {
    await renderApp('/');
    for (const name of ['热门推荐', '限时特惠', '新品上架', '独立精选', '手游充值', '主机大作']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const plate = screen.getByRole('heading', { level: 2, name: '热门推荐' }).closest('section')!;
    const links = within(plate).getAllByRole('link');
    expect(links).toHaveLength(12);
    expect(links[0]).toHaveAccessibleName(expect.stringContaining('星砂回响'));
    expect(links[0]).toHaveAttribute('href', '/gameDetail/1');
  });

  it('switches the rankings with tabs, by mouse and by arrow keys, in rank order', async () => {
    const { user } = await renderApp('/');
    const tablist = await screen.findByRole('tablist', { name: '榜单' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['热门榜', '畅销榜', '新品榜', '好评榜']);
    expect(within(tablist).getByRole('tab', { name: '热门榜' })).toHaveAttribute('aria-selected', 'true');
    const firstRow = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem')[0]!;
    expect(firstRow()).toHaveTextContent('星砂回响');

    await user.click(within(tablist).getByRole('tab', { name: '畅销榜' }));
    expect(within(tablist).getByRole('tab', { name: '畅销榜' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tablist).getByRole('tab', { name: '热门榜' })).toHaveAttribute('aria-selected', 'false');
    expect(firstRow()).toHaveTextContent('古镇客栈');

    await user.keyboard('{ArrowRight}');
    expect(within(tablist).getByRole('tab', { name: '新品榜' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tablist).getByRole('tab', { name: '新品榜' })).toHaveFocus();
    expect(firstRow()).toHaveTextContent('霜刃浪人');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(10);
  });

  it('shows recently sold goods, as a ticker that can be paused, and the app download links', async () => {
    const { user } = await renderApp('/');
    const recent = (await screen.findByRole('heading', { level: 2, name: '最近成交' })).closest('section')!;
    expect(within(recent).getAllByRole('listitem').length).toBeGreaterThanOrEqual(20);
    expect(within(recent).getAllByRole('listitem')[0]).toHaveTextContent(
      /\*{4}\d{4}购买了《.+》.+¥\d+\.\d{2}(刚刚|\d+(分钟|小时|天)前|\d{4}\.\d{2}\.\d{2})$/,
    );
    await user.click(within(recent).getByRole('button', { name: '暂停滚动' }));
    expect(within(recent).getByRole('button', { name: '继续滚动' })).toBeInTheDocument();
    const app = (await screen.findByRole('heading', { level: 2, name: '下载星游商城 App' })).closest('section')!;
    expect(within(app).getByRole('link', { name: 'Android 版下载' })).toHaveAttribute(
      'href',
      '/webapi/static/download/xingyou-mall-android.apk',
    );
    expect(within(app).getByRole('link', { name: 'iOS 版下载' })).toBeInTheDocument();
  });

  it('leaves out, quietly, every section whose list is empty or failed', async () => {
    answerPost('/sgame/mall/game/qryBanner', []);
    answerPost('/sgame/mall/game/qryPlate', []);
    answerPost('/sgame/mall/game/rank', [{ rankType: 'hot', name: '热门榜', games: [] }]);
    answerGet('/goods/goods/findRecentSell', []);
    backend.control.setFault('/sgame/mall/game/qryLabel', { kind: 'network' });
    backend.control.setFault('/common/comm/dict/getDictItems/{key}', { kind: 'http', status: 500 });
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: '为你推荐' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '热门搜索' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('status', { name: /^正在加载/ })).not.toBeInTheDocument());
    for (const name of ['游戏分类', '排行榜', '最近成交', '热门推荐', '下载星游商城 App']) {
      expect(screen.queryByRole('heading', { level: 2, name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: '活动推荐' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('repaints 今日特惠 in place when today’s deals differ from those it showed: no tile moves', async () => {
    const { queryClient } = await renderApp('/');
    const deals = await screen.findByRole('region', { name: '今日特惠' });
    const tiles = () => within(deals).getAllByRole('listitem');
    const before = tiles();
    const names = before.map((tile) => tile.textContent);
    // A game not in the row drops to ¥0.01: the biggest discount now, so it leads the row.
    const { list } = await backendData<{ list: GameCard[] }>('/sgame/mall/game/search', {
      keyword: '',
      pageNum: 1,
      pageSize: 100,
    });
    const outside = list.find((game) => !names.some((name) => name?.includes(game.name)))!;
    backend.control.lowerPrice(outside.gameId, 1);
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(tiles()[0]).toHaveTextContent(outside.name));
    // The same elements in the same places, each showing its new game.
    expect(tiles()).toHaveLength(before.length);
    tiles().forEach((tile, index) => expect(tile).toBe(before[index]));
  });
});
