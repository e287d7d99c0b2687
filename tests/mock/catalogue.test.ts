import { describe, expect, it } from 'vitest';
import { getClassifies, getClassifyArticles, getNotices, searchArticles } from '../../src/api/assist';
import { getDictItems, getDictText } from '../../src/api/dictionary';
import {
  getCombSearch,
  getHotSearch,
  getLabels,
  getPlates,
  getRanks,
  getRecentGameSearch,
  getRecommend,
  searchGames,
} from '../../src/api/games';
import { getEvaluations, getGameConfig, getGameDetail } from '../../src/api/game-detail';
import {
  getActivityGames,
  getActivityTopGame,
  getGameGoods,
  getGoodsRecentGameSearch,
  getRecentSell,
  searchGoods,
} from '../../src/api/goods';
import { getCompetitorPrices, getNewYearActivity } from '../../src/api/user';
import { ACTIVITY_ID } from '../../src/mock/seed';
import { catalogue, failure, paidOrder, signUp } from './helpers';

const game = catalogue.games[0]!;

describe('game search', () => {
  it('finds games by name, tag and publisher', async () => {
    expect((await searchGames({ keyword: game.name })).list.map((g) => g.gameId)).toContain(game.gameId);
    const tag = game.tags[0]!;
    const byTag = await searchGames({ keyword: tag, pageSize: 100 });
    expect(byTag.list.length).toBeGreaterThan(0);
    const matches = (id: number) => {
      const g = catalogue.games.find((c) => c.gameId === id)!;
      return [g.name, g.publisher, g.developer, ...g.tags].some((text) =>
        text.toLowerCase().includes(tag.toLowerCase()),
      );
    };
    expect(byTag.list.every((g) => matches(g.gameId))).toBe(true);
    expect(byTag.list.map((g) => g.gameId)).toContain(game.gameId);
    const byPublisher = await searchGames({ keyword: game.publisher, pageSize: 100 });
    expect(byPublisher.list.map((g) => g.gameId)).toContain(game.gameId);
  });

  it('ranks games whose title contains the keyword above those matched only by tag, publisher or developer (综合)', async () => {
    const keyword = '星';
    const { list, total } = await searchGames({ keyword, pageSize: 100 });
    const inTitle = list.map((g) => g.name.includes(keyword));
    expect(inTitle.some(Boolean)).toBe(true);
    expect(inTitle.some((b) => !b)).toBe(true);
    // every title match comes before the first other match, titles starting with the keyword first of all
    expect(inTitle.indexOf(false)).toBe(inTitle.filter(Boolean).length);
    const starts = list.map((g) => g.name.startsWith(keyword));
    expect(starts.indexOf(false)).toBe(starts.filter(Boolean).length);
    expect(total).toBe(
      catalogue.games.filter((g) => [g.name, g.publisher, g.developer, ...g.tags].some((t) => t.includes(keyword)))
        .length,
    );
    // the combSearch suggestions rank their games the same way
    const { games } = await getCombSearch(keyword);
    expect(games.map((g) => g.gameId)).toEqual(list.slice(0, games.length).map((g) => g.gameId));
  });

  it('keeps an explicit sort over relevance', async () => {
    const { list } = await searchGames({ keyword: '星', sort: 'priceAsc', pageSize: 100 });
    expect(list.every((g, i) => i === 0 || list[i - 1]!.minPrice <= g.minPrice)).toBe(true);
  });

  it('returns nothing for a keyword that matches no game', async () => {
    expect(await searchGames({ keyword: '不存在的游戏名字xyz' })).toMatchObject({ list: [], total: 0 });
  });

  it('filters by label', async () => {
    const labelId = game.labelIds[0]!;
    const page = await searchGames({ keyword: '', labelId, pageSize: 100 });
    expect(page.total).toBe(catalogue.games.filter((g) => g.labelIds.includes(labelId)).length);
    expect(page.list.every((g) => g.labelIds.includes(labelId))).toBe(true);
  });

  it.each([
    ['priceAsc', (a: { minPrice: number }, b: { minPrice: number }) => a.minPrice <= b.minPrice],
    ['priceDesc', (a: { minPrice: number }, b: { minPrice: number }) => a.minPrice >= b.minPrice],
  ] as const)('sorts by %s', async (sort, inOrder) => {
    const { list } = await searchGames({ keyword: '', sort, pageSize: 100 });
    expect(list.every((g, i) => i === 0 || inOrder(list[i - 1]!, g))).toBe(true);
  });

  it.each(['sales', 'newest', 'score'] as const)('sorts by %s, highest first', async (sort) => {
    const field = { sales: 'sales', newest: 'releaseDate', score: 'score' } as const;
    const { list } = await searchGames({ keyword: '', sort, pageSize: 100 });
    expect(list.every((g, i) => i === 0 || list[i - 1]![field[sort]] >= g[field[sort]])).toBe(true);
  });

  it('pages the results', async () => {
    const first = await searchGames({ keyword: '', pageNum: 1, pageSize: 10 });
    const second = await searchGames({ keyword: '', pageNum: 2, pageSize: 10 });
    expect(first).toMatchObject({ total: catalogue.games.length, pageNum: 1, pageSize: 10 });
    expect(first.list).toHaveLength(10);
    expect(second.list[0]!.gameId).not.toBe(first.list[0]!.gameId);
  });

  it('remembers what a logged-in user searched, newest first, per user', async () => {
    expect(await getRecentGameSearch()).toEqual([]);
    await signUp();
    await searchGames({ keyword: game.name });
    await searchGames({ keyword: 'RPG' });
    await searchGames({ keyword: game.name });
    expect(await getRecentGameSearch()).toEqual([game.name, 'RPG']);
    expect((await getGoodsRecentGameSearch()).map((g) => g.gameId)).toContain(game.gameId);
    await signUp();
    expect(await getRecentGameSearch()).toEqual([]);
  });

  it('suggests games and keywords while typing', async () => {
    const suggestions = await getCombSearch(game.name.slice(0, 2));
    expect(suggestions.games.map((g) => g.gameId)).toContain(game.gameId);
    expect(suggestions.keywords.length).toBeGreaterThan(0);
  });
});

describe('game pages', () => {
  it('answers game_40404 for an unknown game', async () => {
    expect(await failure(getGameDetail(99_999))).toMatchObject({ kind: 'business', code: 'game_40404' });
    expect(await failure(getGameGoods(99_999))).toMatchObject({ code: 'game_40404' });
  });

  it('gives a game its details, configuration and goods', async () => {
    expect(await getGameDetail(game.gameId)).toMatchObject({
      gameId: game.gameId,
      name: game.name,
      publisher: game.publisher,
    });
    expect((await getGameConfig(game.gameId)).gameId).toBe(game.gameId);
    const goods = await getGameGoods(game.gameId);
    expect(goods.goods.length).toBeGreaterThan(0);
    expect(goods.goods.every((g) => g.gameId === game.gameId)).toBe(true);
  });

  it('pages evaluations with an average and a distribution of scores', async () => {
    const page = await getEvaluations({ gameId: game.gameId, pageSize: 100 });
    const own = catalogue.evaluations.filter((e) => e.gameId === game.gameId);
    expect(page.total).toBe(own.length);
    expect(page.distribution).toHaveLength(5);
    expect(page.distribution.reduce((a, b) => a + b, 0)).toBe(own.length);
    const avg = own.reduce((sum, e) => sum + e.score, 0) / Math.max(1, own.length);
    expect(page.avgScore).toBeCloseTo(avg, 1);
  });

  it('recommends other games than the one shown', async () => {
    const list = await getRecommend({ gameId: game.gameId, size: 6 });
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((g) => g.gameId)).not.toContain(game.gameId);
  });
});

describe('home sections', () => {
  it('resolves plates, ranks and hot search to game cards', async () => {
    const plates = await getPlates();
    expect(plates.length).toBe(catalogue.plates.length);
    expect(plates[0]!.games.map((g) => g.gameId)).toEqual(catalogue.plates[0]!.gameIds);
    expect((await getRanks()).map((r) => r.rankType)).toEqual(catalogue.ranks.map((r) => r.rankType));
    expect((await getHotSearch()).gameList.map((g) => g.gameId)).toEqual(catalogue.hotSearch.gameIds);
    expect(await getLabels()).toEqual(catalogue.labels);
  });

  it('shows recent sales, own purchases first with a masked buyer', async () => {
    const user = await signUp();
    const order = await paidOrder();
    const sells = await getRecentSell();
    expect(sells.length).toBeLessThanOrEqual(20);
    expect(sells[0]).toMatchObject({
      goodsName: order.items[0]!.goodsName,
      buyer: `${user.telNum.slice(0, 3)}****${user.telNum.slice(7)}`,
    });
  });

  it('serves the activity page and its top game', async () => {
    const page = await getActivityGames({ activityId: ACTIVITY_ID });
    expect(page.total).toBe(catalogue.activity.goods.length);
    expect((await getActivityTopGame(ACTIVITY_ID))?.goods.goodsId).toBe(catalogue.activity.topGoodsId);
    expect(await failure(getActivityGames({ activityId: 'no-such-activity' }))).toMatchObject({
      code: 'activity_40404',
    });
  });

  it('searches goods by name', async () => {
    const goods = catalogue.goods[0]!;
    expect((await searchGoods({ keyword: goods.gameName, pageSize: 100 })).list.map((g) => g.goodsId)).toContain(
      goods.goodsId,
    );
  });

  it('answers competitor prices and the new-year event from the seed', async () => {
    const [gameId, prices] = Object.entries(catalogue.competitorPrices)[0]!;
    const standard = catalogue.goods.find((g) => g.gameId === Number(gameId) && g.type === 'key')!;
    expect(await getCompetitorPrices(Number(gameId))).toEqual(prices.map((p) => ({ ...p, goodsId: standard.goodsId })));
    expect((await getNewYearActivity()).title).toBe(catalogue.newYear.title);
  });

  it("answers another edition's competitor prices scaled by its price, naming it (docs/decisions/0019-money-path-trust-and-budget.md)", async () => {
    const [gameId, prices] = Object.entries(catalogue.competitorPrices).find(
      ([id]) => catalogue.goods.filter((g) => g.gameId === Number(id) && g.type === 'key').length > 1,
    )!;
    const [standard, other] = catalogue.goods.filter((g) => g.gameId === Number(gameId) && g.type === 'key');
    const answer = await getCompetitorPrices(Number(gameId), { goodsId: other!.goodsId });
    expect(answer.map((p) => p.goodsId)).toEqual(prices.map(() => other!.goodsId));
    expect(answer.map((p) => p.price)).toEqual(
      prices.map((p) => Math.round((p.price * other!.price) / standard!.price / 10) * 10),
    );
    expect(await getCompetitorPrices(Number(gameId), { goodsId: 999_999 })).toEqual([]);
  });
});

describe('notices, help and the dictionary', () => {
  it('lists notices pinned first', async () => {
    const notices = await getNotices();
    expect(notices).toHaveLength(catalogue.notices.length);
    const firstUnpinned = notices.findIndex((n) => !n.top);
    expect(notices.slice(firstUnpinned).every((n) => !n.top)).toBe(true);
  });

  it('searches help articles by title and content', async () => {
    const article = catalogue.articles[0]!;
    expect((await searchArticles(article.title)).map((a) => a.articleId)).toContain(article.articleId);
    expect(await searchArticles('')).toEqual([]);
  });

  it('lists help categories with their articles', async () => {
    const classifies = await getClassifies();
    expect(classifies.map((c) => c.code)).toContain('agreement');
    const first = classifies[0]!;
    const articles = await getClassifyArticles(first.classifyId);
    expect(articles).toHaveLength(first.articleCount);
  });

  it('answers dictionary items and texts by key, empty for unknown keys', async () => {
    expect((await getDictItems('mall-app-download-url')).length).toBeGreaterThan(0);
    expect(await getDictItems('no-such-key')).toEqual([]);
    expect(await getDictText('mall_qq_qrcode', 'QQ_code')).toMatch(/^\/webapi\/static\/img\/qq\//);
    expect(await getDictText('mall_qq_qrcode', 'nothing')).toBe('');
  });
});
