/**
 * Fault matrix, UI layer: the catalogue screens. Each screen is rendered once
 * and every fault of ./support/faults.ts is replayed in it (the affected
 * queries refetch, or the gesture is repeated): what the shopper sees is the
 * section's documented failure (hidden, empty, or an error with 重试 and the
 * spec's text), the rest of the page stays, nothing is logged or left
 * unhandled, every actor keeps running, and once the fault is gone the
 * content comes back without a reload.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientState } from '../../src/api/client-state';
import { postReceiveCoupon } from '../../src/api/coupons';
import { searchGames } from '../../src/api/games';
import { getGameDetail } from '../../src/api/game-detail';
import { RECENT_SEARCH_KEY } from '../../src/features/catalog/recent-searches';
import { nextPhone } from '../integration/buying/helpers';
import { createAccount, storeSession } from '../integration/session/helpers';
import { backendData } from '../integration/catalog/helpers';
import { FAULTS, isAuthFault } from './support/faults';
import { UI_PLAN } from './support/ui-plan';
import {
  expectActorsRunning,
  expectAllFaultsTried,
  expectExpiryThenLogBackIn,
  expectFaultsUsed,
  expectNoProblems,
  expectPageShown,
  injectFault,
  logBackIn,
  refetch,
  siteHeader,
  tally,
  uiText,
  setUpFaultMatrixFile,
  renderScreen,
} from './support/ui';

setUpFaultMatrixFile('catalogue screens', () => [
  import('../../src/features/catalog/home-page'),
  import('../../src/features/catalog/search-page'),
  import('../../src/features/catalog/game-detail-page'),
  import('../../src/features/catalog/notice-page'),
  import('../../src/features/catalog/help-page'),
]);

/**
 * The home's section headings fed by the server: 最近浏览 is this browser's list (docs/following-recent.md), kept whatever the
 * server answers, so it is not one of the sections a failing list hides.
 */
const serverHeadings = (main: HTMLElement) =>
  [...main.querySelectorAll('h2')].filter((h) => h.textContent !== '最近浏览');

/**
 * The home's endpoints: its screen's plan, and search (planned on the search screen), which 今日特惠 reads
 * (src/features/catalog/route-data.ts, HOME_DEALS_REQUEST).
 */
const HOME_IDS = [...UI_PLAN.home, 'games.search'] as const;

describe('home', () => {
  it('hides each section whose list fails and shows it again once the server answers', async () => {
    const ids = HOME_IDS;
    const { queryClient, actor } = await renderScreen('/');
    const homeKeys = [
      ['banners'],
      ['search'],
      ['labels'],
      ['hotSearch'],
      ['recommend'],
      ['plates'],
      ['ranks'],
      ['recentSell'],
      ['dictItems'],
      ['dictText'],
    ];
    // DOM queries rather than *ByRole on the whole home page: role queries over a page of 60 game cards are slow.
    const mainEl = () => screen.getByRole('main');
    const sectionHeadings = () => serverHeadings(mainEl()).length;
    const contentBack = async () => {
      await waitFor(() => expect(sectionHeadings()).toBeGreaterThan(4));
      await screen.findByAltText('QQ 客服群二维码');
    };
    await contentBack();

    for (const fault of FAULTS) {
      const where = `home × ${fault.name}`;
      const clear = await injectFault(ids, fault);
      try {
        await refetch(queryClient, homeKeys);
        await expectFaultsUsed(ids, where);
        await waitFor(() => expect(sectionHeadings(), where).toBe(0));
        expect(within(mainEl()).queryByText(/版下载/), where).toBeNull();
        expect(within(mainEl()).queryByRole('alert'), where).toBeNull();
        expect(screen.queryByAltText('QQ 客服群二维码'), where).toBeNull();
        expect(mainEl().querySelector('h1')).toHaveTextContent('首页');
        expectPageShown(where);
        expectActorsRunning(actor, where);
        expect(screen.queryByRole('dialog'), where).toBeNull();
        await expectNoProblems(where);
        tally(ids, fault);
      } finally {
        clear();
      }
    }
    // The way out: once the server answers again, the sections come back without a reload.
    await refetch(queryClient, homeKeys);
    await contentBack();
    expectAllFaultsTried(ids);
  });

  it('hides only the section of the one list that fails, every other section staying on the page', async () => {
    const { queryClient } = await renderScreen('/');
    const homeKeys = [
      ['banners'],
      ['search'],
      ['labels'],
      ['hotSearch'],
      ['recommend'],
      ['plates'],
      ['ranks'],
      ['recentSell'],
      ['dictItems'],
      ['dictText'],
    ];
    const mainEl = () => screen.getByRole('main');
    // What is on the page, by name: section headings, the carousel, the QQ code (DOM queries, for speed).
    const shown = () =>
      new Set([
        ...serverHeadings(mainEl()).map((h) => h.textContent ?? ''),
        ...(mainEl().querySelector('[aria-roledescription="carousel"]') ? ['活动推荐'] : []),
        ...(screen.queryByAltText('QQ 客服群二维码') ? ['QQ 客服群二维码'] : []),
      ]);
    const plates = (await backendData<{ name: string }[]>('/sgame/mall/game/qryPlate')).map((p) => p.name);
    const owns: Record<(typeof HOME_IDS)[number], string[]> = {
      'games.qryBanner': ['活动推荐'],
      'games.search': ['今日特惠'],
      'games.qryLabel': ['游戏分类'],
      'games.hotSearch': ['热门搜索'],
      'games.recommend': ['为你推荐'],
      'games.qryPlate': plates,
      'games.rank': ['排行榜'],
      'goods.findRecentSell': ['最近成交'],
      'dictionary.getDictItems': ['下载星游商城 App'],
      'dictionary.getDictText': ['QQ 客服群二维码'],
    };
    const everything = new Set(Object.values(owns).flat());
    await waitFor(() => expect(shown()).toEqual(everything));

    // Each list alone, with a different fault each time (auth faults are the session's: tested above).
    const faults = FAULTS.filter((f) => !isAuthFault(f));
    for (const [i, id] of HOME_IDS.entries()) {
      const fault = faults[i % faults.length]!;
      const where = `home, only ${id} × ${fault.name}`;
      const clear = await injectFault([id], fault);
      try {
        await refetch(queryClient, homeKeys);
        await expectFaultsUsed([id], where);
        const expected = new Set([...everything].filter((name) => !owns[id].includes(name)));
        await waitFor(() => expect(shown(), where).toEqual(expected));
        expect(within(mainEl()).queryByRole('alert'), where).toBeNull();
        await expectNoProblems(where);
      } finally {
        clear();
      }
    }
    await refetch(queryClient, homeKeys);
    await waitFor(() => expect(shown()).toEqual(everything));
  });
});

/** The error box of a failed section: its title, the fault's text and 重试. */
function expectErrorBox(container: HTMLElement, title: string, text: string, where: string): HTMLElement {
  const alert = within(container).getByRole('alert');
  expect(alert, where).toHaveTextContent(title);
  expect(alert, where).toHaveTextContent(text);
  expect(within(alert).getByRole('button', { name: '重试' }), where).toBeEnabled();
  return alert;
}

describe('search', () => {
  it('shows the error with 重试 for the results, hides labels and hot keywords, keeps local recent searches and the keyword', async () => {
    const account = await createAccount(nextPhone());
    clientState.set({ token: account.token });
    await searchGames({ keyword: '服务器记住的词' });
    clientState.set({ token: undefined });
    storeSession(account);
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: ['本地记住的词'], hiddenServer: [] }));
    const { queryClient, actor, user, router } = await renderScreen('/search');
    const mainEl = () => screen.getByRole('main');
    await within(mainEl()).findByText(/^共找到 \d+ 款游戏$/);
    await within(mainEl()).findByText('服务器记住的词');
    expect(within(mainEl()).getByText('本地记住的词')).toBeInTheDocument();
    await within(mainEl()).findByRole('heading', { name: '热门搜索' });
    expect(within(mainEl()).getByRole('navigation', { name: '分类筛选' })).toBeInTheDocument();

    const ids = ['games.search', 'games.qryLabel', 'games.hotSearch', 'games.recentGameSearch'];
    const keys = [['search'], ['labels'], ['hotSearch'], ['recentGameSearch']];
    for (const fault of FAULTS) {
      const where = `search start × ${fault.name}`;
      const clear = await injectFault(ids, fault);
      try {
        await refetch(queryClient, keys);
        await expectFaultsUsed(ids, where);
        if (isAuthFault(fault)) await expectExpiryThenLogBackIn(actor, account, where);
        const alert = await within(mainEl()).findByRole('alert');
        expectErrorBox(mainEl(), '搜索失败', uiText(fault), where);
        expect(alert, where).toBeInTheDocument();
        expect(within(mainEl()).queryByRole('navigation', { name: '分类筛选' }), where).toBeNull();
        expect(within(mainEl()).queryByRole('heading', { name: '热门搜索' }), where).toBeNull();
        expect(within(mainEl()).getByText('本地记住的词'), where).toBeInTheDocument();
        // The server's list is the user's: after logging in again it is read anew (and the fault is used up).
        if (isAuthFault(fault)) expect(await within(mainEl()).findByText('服务器记住的词'), where).toBeInTheDocument();
        else expect(within(mainEl()).queryByText('服务器记住的词'), where).toBeNull();
        expectPageShown(where);
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(ids, fault);
      } finally {
        clear();
      }
    }
    await refetch(queryClient, keys);
    await within(mainEl()).findByText(/^共找到 \d+ 款游戏$/);
    expect(within(mainEl()).getByText('服务器记住的词')).toBeInTheDocument();

    // With a keyword: the keyword stays in the heading and the search box; 重试 brings the results.
    const keyword = (await getGameDetail(1)).name;
    await router.navigate({ to: '/search', search: { keyword } });
    await within(mainEl()).findByText(/^共找到 \d+ 款游戏$/);
    for (const fault of FAULTS) {
      const where = `search “${keyword}” × ${fault.name}`;
      const clear = await injectFault(['games.search'], fault);
      try {
        await refetch(queryClient, [['search']]);
        await expectFaultsUsed(['games.search'], where);
        if (isAuthFault(fault)) await expectExpiryThenLogBackIn(actor, account, where);
        await within(mainEl()).findByRole('alert');
        const alert = expectErrorBox(mainEl(), '搜索失败', uiText(fault), where);
        expect(within(mainEl()).getByRole('heading', { level: 1 }), where).toHaveTextContent(`“${keyword}”的搜索结果`);
        expect(screen.getByRole('searchbox', { name: '搜索' }), where).toHaveValue(keyword);
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        clear();
        await user.click(within(alert).getByRole('button', { name: '重试' }));
        await within(mainEl()).findByText(/^共找到 \d+ 款游戏$/);
        tally(['games.search'], fault);
      } finally {
        clear();
      }
    }
    expectAllFaultsTried(UI_PLAN.search);
  });
});

describe('header search suggestions', () => {
  it('hides the suggestions when they fail, keeps what was typed, and Enter still searches', async () => {
    const account = await createAccount(nextPhone());
    storeSession(account);
    const { queryClient, actor, user, router } = await renderScreen('/');
    const box = () => screen.getByRole('searchbox', { name: '搜索' });
    const panel = () => screen.findByRole('region', { name: '搜索建议' });
    await user.type(box(), '星');
    await within(await panel()).findByRole('list', { name: '游戏' });

    const ids = UI_PLAN.searchSuggestions;
    for (const fault of FAULTS) {
      const where = `search suggestions × ${fault.name}`;
      const clear = await injectFault(ids, fault);
      try {
        await refetch(queryClient, [['combSearch']]);
        await expectFaultsUsed(ids, where);
        if (isAuthFault(fault)) {
          // logged in again, the queries are read anew (the fault is used up)
          await expectExpiryThenLogBackIn(actor, account, where);
        } else {
          // no error for a convenience: the suggestions are simply not there
          expect(screen.queryByRole('list', { name: '游戏' }), where).toBeNull();
          expect(screen.queryByRole('list', { name: '搜索词' }), where).toBeNull();
        }
        expect(box(), where).toHaveValue('星');
        expectPageShown(where);
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        clear();
        // once the server answers again, the suggestions come back without a reload
        await user.click(box());
        await refetch(queryClient, [['combSearch']]);
        await within(await panel()).findByRole('list', { name: '游戏' });
        tally(ids, fault);
      } finally {
        clear();
      }
    }
    await user.type(box(), '{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ keyword: '星' }));
    expectAllFaultsTried(UI_PLAN.searchSuggestions);
  });
});

describe('game detail', () => {
  it('shows the game’s error with 重试, the goods’ and evaluations’ errors with 重试, hides the optional sections and the coupon hint', async () => {
    const account = await createAccount(nextPhone());
    clientState.set({ token: account.token });
    await postReceiveCoupon(1);
    clientState.set({ token: undefined });
    const game = await getGameDetail(1);
    const { queryClient, actor, user } = await renderScreen('/gameDetail/1');
    const mainEl = () => screen.getByRole('main');
    await within(mainEl()).findByRole('heading', { level: 1, name: game.name });
    const purchase = () => screen.getByRole('heading', { name: '选择商品' }).closest('section')!;
    const evaluations = () => screen.getByRole('heading', { name: '用户评价' }).closest('section')!;
    await within(purchase()).findByRole('radio', { checked: true });
    await within(evaluations()).findByText(/共 \d+ 条评价/);
    await within(mainEl()).findByRole('heading', { name: '配置要求' });
    await within(mainEl()).findByRole('heading', { name: '相关推荐' });
    await within(mainEl()).findByRole('heading', { name: '全网比价' });

    // The game itself.
    for (const fault of FAULTS) {
      const where = `game detail × ${fault.name}`;
      const clear = await injectFault(['games.gameDetail'], fault);
      try {
        await refetch(queryClient, [['gameDetail', 1]]);
        await expectFaultsUsed(['games.gameDetail'], where);
        await within(mainEl()).findByRole('alert');
        expectErrorBox(mainEl(), '游戏信息加载失败', uiText(fault), where);
        expect(within(mainEl()).getByRole('heading', { level: 1 }), where).toHaveTextContent('游戏详情');
        expect(within(siteHeader()).getByRole('button', { name: '登录' }), where).toBeInTheDocument();
        expectPageShown(where);
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(['games.gameDetail'], fault);
      } finally {
        clear();
      }
    }
    await user.click(within(mainEl()).getByRole('button', { name: '重试' }));
    await within(mainEl()).findByRole('heading', { level: 1, name: game.name });

    // Its sections.
    // 全网比价 compares the chosen goods (docs/decisions/0019-money-path-trust-and-budget.md): it is asked for only once a goods is chosen, so its
    // faults are tried below, with the goods loaded.
    const sectionIds = ['goods.gameDetail', 'games.evaluationPage', 'games.gameConfig', 'games.recommend'];
    const sectionKeys = [
      ['gameGoods', 1],
      ['evaluations', 1],
      ['gameConfig', 1],
      ['recommend', 1],
    ];
    for (const fault of FAULTS) {
      const where = `game detail sections × ${fault.name}`;
      const clear = await injectFault(sectionIds, fault);
      try {
        await refetch(queryClient, sectionKeys);
        await expectFaultsUsed(sectionIds, where);
        await within(purchase()).findByRole('alert');
        await within(evaluations()).findByRole('alert');
        expectErrorBox(purchase(), '商品加载失败', uiText(fault), where);
        expect(within(purchase()).getByRole('button', { name: '立即购买' }), where).toBeDisabled();
        expectErrorBox(evaluations(), '评价加载失败', uiText(fault), where);
        for (const gone of ['配置要求', '相关推荐', '全网比价'])
          expect(within(mainEl()).queryByRole('heading', { name: gone }), `${gone}: ${where}`).toBeNull();
        expect(within(mainEl()).queryByText(/^发货说明/), where).toBeNull();
        expect(within(mainEl()).getByRole('heading', { level: 1 }), where).toHaveTextContent(game.name);
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(sectionIds, fault);
      } finally {
        clear();
      }
    }
    await user.click(within(purchase()).getByRole('button', { name: '重试' }));
    await user.click(within(evaluations()).getByRole('button', { name: '重试' }));
    await within(purchase()).findByRole('radio', { checked: true });
    await within(evaluations()).findByText(/共 \d+ 条评价/);
    await refetch(queryClient, sectionKeys.slice(2));
    await within(mainEl()).findByRole('heading', { name: '全网比价' });
    for (const fault of FAULTS) {
      const where = `game detail 全网比价 × ${fault.name}`;
      const clear = await injectFault(['user.validaList'], fault);
      try {
        await refetch(queryClient, [['competitorPrices', 1]]);
        await expectFaultsUsed(['user.validaList'], where);
        await waitFor(() => expect(within(mainEl()).queryByRole('heading', { name: '全网比价' }), where).toBeNull());
        expect(within(mainEl()).queryByRole('alert'), where).toBeNull();
        await expectNoProblems(where);
        tally(['user.validaList'], fault);
      } finally {
        clear();
      }
    }
    await refetch(queryClient, [['competitorPrices', 1]]);
    await within(mainEl()).findByRole('heading', { name: '全网比价' });

    // 价格走势 (docs/following-prices.md, an extension): any failure reads as a server without it, the section goes, nothing said.
    await within(mainEl()).findByRole('heading', { name: '价格走势' });
    for (const fault of FAULTS) {
      const where = `game detail 价格走势 × ${fault.name}`;
      const clear = await injectFault(['price-history.get'], fault);
      try {
        await refetch(queryClient, [['priceHistory']]);
        await expectFaultsUsed(['price-history.get'], where);
        await waitFor(() => expect(within(mainEl()).queryByRole('heading', { name: '价格走势' }), where).toBeNull());
        expect(within(mainEl()).queryByRole('alert'), where).toBeNull();
        await expectNoProblems(where);
        tally(['price-history.get'], fault);
      } finally {
        clear();
      }
    }
    await refetch(queryClient, [['priceHistory']]);
    await within(mainEl()).findByRole('heading', { name: '价格走势' });

    // Logged in: the matching-coupon hint.
    await logBackIn(actor, account);
    const hint = () => within(purchase()).queryByText(/^可用优惠券：/);
    await waitFor(() => expect(hint()).not.toBeNull());
    for (const fault of FAULTS) {
      const where = `coupon hint × ${fault.name}`;
      const clear = await injectFault(['goods.matchCoupon'], fault);
      try {
        await refetch(queryClient, [['matchCoupon']]);
        await expectFaultsUsed(['goods.matchCoupon'], where);
        if (isAuthFault(fault)) await expectExpiryThenLogBackIn(actor, account, where);
        else await waitFor(() => expect(hint(), where).toBeNull());
        expect(within(purchase()).queryByRole('alert'), where).toBeNull();
        expect(within(purchase()).getByRole('button', { name: '立即购买' }), where).toBeEnabled();
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(['goods.matchCoupon'], fault);
      } finally {
        clear();
      }
      if (isAuthFault(fault)) await waitFor(() => expect(hint()).not.toBeNull());
    }
    await refetch(queryClient, [['matchCoupon']]);
    await waitFor(() => expect(hint()).not.toBeNull());
    expectAllFaultsTried(UI_PLAN.gameDetail);
  });
});

describe('notices and help', () => {
  it('shows 暂无公告 when the notice list fails', async () => {
    const { queryClient, actor } = await renderScreen('/notice');
    const mainEl = () => screen.getByRole('main');
    await waitFor(() => expect(mainEl().querySelectorAll('.notice').length).toBeGreaterThan(3));
    for (const fault of FAULTS) {
      const where = `notices × ${fault.name}`;
      const clear = await injectFault(['assist.noticeList'], fault);
      try {
        await refetch(queryClient, [['notices']]);
        await expectFaultsUsed(['assist.noticeList'], where);
        await within(mainEl()).findByText('暂无公告');
        expect(within(mainEl()).queryByRole('alert'), where).toBeNull();
        expectPageShown(where);
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(['assist.noticeList'], fault);
      } finally {
        clear();
      }
    }
    await refetch(queryClient, [['notices']]);
    await waitFor(() => expect(mainEl().querySelectorAll('.notice').length).toBeGreaterThan(3));
    expectAllFaultsTried(UI_PLAN.notices);
  });

  it('shows 暂无帮助内容 for the categories, the error with 重试 for a category’s articles and for a search, keeping the keyword', async () => {
    const { queryClient, actor, user, router } = await renderScreen('/help');
    const mainEl = () => screen.getByRole('main');
    const categoryList = () => within(mainEl()).findByRole('navigation', { name: '帮助分类' });
    await categoryList();
    await waitFor(() => expect(mainEl().querySelectorAll('.article-list a').length).toBeGreaterThan(0));

    for (const fault of FAULTS) {
      const where = `help categories × ${fault.name}`;
      const clear = await injectFault(['assist.classifyList'], fault);
      try {
        await refetch(queryClient, [['classifies']]);
        await expectFaultsUsed(['assist.classifyList'], where);
        await within(mainEl()).findByText('暂无帮助内容');
        expect(within(mainEl()).getByRole('search', { name: '搜索帮助' }), where).toBeInTheDocument();
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(['assist.classifyList'], fault);
      } finally {
        clear();
      }
    }
    await refetch(queryClient, [['classifies']]);
    await categoryList();

    for (const fault of FAULTS) {
      const where = `help articles × ${fault.name}`;
      const clear = await injectFault(['assist.classifyArticles'], fault);
      try {
        await refetch(queryClient, [['classifyArticles']]);
        await expectFaultsUsed(['assist.classifyArticles'], where);
        await within(mainEl()).findByRole('alert');
        expectErrorBox(mainEl(), '文章加载失败', uiText(fault), where);
        expect(within(mainEl()).getByRole('navigation', { name: '帮助分类' }), where).toBeInTheDocument();
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(['assist.classifyArticles'], fault);
      } finally {
        clear();
      }
    }
    await user.click(within(mainEl()).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(mainEl().querySelectorAll('.article-list a').length).toBeGreaterThan(0));

    await router.navigate({ to: '/help', search: { q: '激活码' } });
    await within(mainEl()).findByRole('heading', { name: '“激活码”的搜索结果' });
    await waitFor(() => expect(mainEl().querySelectorAll('.article-list a').length).toBeGreaterThan(0));
    for (const fault of FAULTS) {
      const where = `help search × ${fault.name}`;
      const clear = await injectFault(['assist.articleSearch'], fault);
      try {
        await refetch(queryClient, [['articleSearch']]);
        await expectFaultsUsed(['assist.articleSearch'], where);
        await within(mainEl()).findByRole('alert');
        expectErrorBox(mainEl(), '搜索失败', uiText(fault), where);
        expect(within(mainEl()).getByRole('heading', { name: '“激活码”的搜索结果' }), where).toBeInTheDocument();
        expect(within(mainEl()).getByRole('searchbox', { name: '搜索帮助文章' }), where).toHaveValue('激活码');
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(['assist.articleSearch'], fault);
      } finally {
        clear();
      }
    }
    await user.click(within(mainEl()).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(mainEl().querySelectorAll('.article-list a').length).toBeGreaterThan(0));
    expectAllFaultsTried(UI_PLAN.help);
  });
});
