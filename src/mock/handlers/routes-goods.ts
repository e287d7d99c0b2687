/** Goods: sellable items, stock, activity pages and coupon matching under /goods. */
import * as goods from '../../api/goods';
import { priceHistory } from '../../api/price-history';
import { dateOfDay, lowestPoint, saneHistory, storeDayOf } from '../../api/price-history-rules';
import { HISTORY_DAYS } from '../seed/price-history';
import type { ActivityGame, Goods, RecentSell } from '../../api/goods';
import { asRecord, int, maskPhone, num, str } from './rules';
import { evaluationPageOf, gameNotFound, matchesKeyword, page, recommendedGames } from './routes-games';
import type { Route, World } from './world';
import {
  BizError,
  allGoods,
  couponFits,
  couponView,
  findGame,
  findGoods,
  gameCard,
  goodsPriceHistory,
  route,
} from './world';

export const goodsNotFound = () => new BizError('goods_40404', '商品不存在或已下架');

function activityGame(world: World, goodsId: number, activityPrice: number, activityTag: string): ActivityGame | null {
  const item = findGoods(world, goodsId);
  const game = item && findGame(world, item.gameId);
  if (!item || !game) return null;
  return { game: gameCard(game), goods: item, activityPrice, activityTag };
}

function checkActivity(world: World, activityId: unknown): void {
  const id = str(activityId);
  // An empty id means "the current activity": the landing page may not know its id yet.
  if (id && id !== world.seed.activity.activityId) throw new BizError('activity_40404', '活动不存在或已结束');
}

/** Recent sales: this backend's own delivered orders first, then the seed's. */
function recentSells(world: World): RecentSell[] {
  const own: RecentSell[] = world.state.orders
    .filter((o) => o.payTime !== null)
    .sort((a, b) => (b.payTime ?? 0) - (a.payTime ?? 0))
    .flatMap((o) => {
      const buyer = world.state.users.find((u) => u.userId === o.userId);
      return o.items.map((item) => ({
        goodsName: item.goodsName,
        gameName: item.gameName,
        buyer: maskPhone(buyer?.phone ?? '00000000000'),
        price: item.price,
        time: o.payTime ?? o.createTime,
      }));
    });
  const seeded = [...world.seed.recentSells].sort((a, b) => b.time - a.time);
  return [...own, ...seeded].slice(0, 20);
}

const matchesGoods = (item: Goods, keyword: string) => {
  const k = keyword.trim().toLowerCase();
  return !k || item.name.toLowerCase().includes(k) || item.gameName.toLowerCase().includes(k);
};

export const goodsRoutes: Route[] = [
  // Extension (docs/following-prices.md): the goods' last 180 days at today's price (a price changed at run time holds from its day).
  // The answer is checked with the store's own rule before it goes: this server never sends what the store drops.
  route(priceHistory, ({ world, body }) => {
    const item = findGoods(world, body.goodsId);
    if (!item) throw goodsNotFound();
    const points = goodsPriceHistory(world, item);
    const answer = { goodsId: item.goodsId, days: HISTORY_DAYS, points, low: lowestPoint(points), price: item.price };
    const sane = saneHistory(answer, { goodsId: item.goodsId, today: dateOfDay(storeDayOf(world.now())) });
    if (!sane || JSON.stringify(sane) !== JSON.stringify(answer))
      throw new Error(`The price history of goods ${item.goodsId} breaks its rules`);
    return answer;
  }),
  route(goods.findRecentSell, ({ world }) => recentSells(world)),
  route(goods.checkStorage, ({ world, body }) => {
    const item = findGoods(world, body.goodsId);
    const buyNum = int(body.buyNum, 1, 1, 1_000_000);
    return item !== undefined && item.stock >= buyNum;
  }),
  route(goods.goodsGameDetail, ({ world, body }) => {
    const game = findGame(world, body.gameId);
    if (!game) throw gameNotFound();
    return { gameId: game.gameId, goods: allGoods(world).filter((g) => g.gameId === game.gameId) };
  }),
  route(goods.goodsCombSearch, ({ world, body }) => {
    const keyword = str(body.keyword);
    if (!keyword.trim()) return [];
    return allGoods(world)
      .filter((g) => matchesGoods(g, keyword))
      .slice(0, 10);
  }),
  route(goods.goodsHotSearch, ({ world }) => {
    const ids = world.seed.hotSearch.gameIds;
    return {
      gameList: ids
        .map((id) => findGame(world, id))
        .filter((g) => g !== undefined)
        .map(gameCard),
    };
  }),
  route(goods.goodsRank, ({ world, body }) =>
    allGoods(world)
      .sort((a, b) => b.sales - a.sales)
      .slice(0, int(body.size, 10, 1, 50)),
  ),
  route(goods.goodsRecentGameSearch, ({ world, user }) => {
    if (!user) return [];
    const ids: number[] = [];
    for (const keyword of user.recentSearches) {
      const game = world.seed.games.find((g) => matchesKeyword(g, keyword));
      if (game && !ids.includes(game.gameId)) ids.push(game.gameId);
    }
    return ids
      .map((id) => findGame(world, id))
      .filter((g) => g !== undefined)
      .map(gameCard);
  }),
  route(goods.goodsRecommend, ({ world, body }) => {
    const size = int(body.size, 8, 1, 50);
    const gameId = num(body.gameId);
    const everything = allGoods(world);
    const sameGame = gameId === undefined ? [] : everything.filter((g) => g.gameId === gameId);
    const others = recommendedGames(world, gameId, size)
      .map((card) => everything.find((g) => g.gameId === card.gameId && g.stock > 0))
      .filter((g): g is Goods => g !== undefined);
    return [...sameGame, ...others].slice(0, size);
  }),
  route(goods.goodsSearch, ({ world, body }) => {
    const keyword = str(body.keyword);
    return page(
      allGoods(world).filter((g) => matchesGoods(g, keyword)),
      body.pageNum,
      body.pageSize,
    );
  }),
  route(goods.goodsEvaluationPage, ({ world, body }) => {
    const goodsId = num(body.goodsId);
    if (!findGoods(world, goodsId)) throw goodsNotFound();
    return evaluationPageOf(
      world.seed.evaluations.filter((e) => e.goodsId === goodsId),
      body.pageNum,
      body.pageSize,
    );
  }),
  route(goods.activityGamePage, ({ world, body }) => {
    checkActivity(world, body.activityId);
    const list = world.seed.activity.goods
      .map((g) => activityGame(world, g.goodsId, g.activityPrice, g.activityTag))
      .filter((g): g is ActivityGame => g !== null);
    return page(list, body.pageNum, body.pageSize, 12);
  }),
  route(goods.activityTopGame, ({ world, body }) => {
    checkActivity(world, body.activityId);
    const { topGoodsId, goods: entries } = world.seed.activity;
    const entry = entries.find((g) => g.goodsId === topGoodsId);
    const item = findGoods(world, topGoodsId);
    if (!item) return null;
    return activityGame(world, topGoodsId, entry?.activityPrice ?? item.price, entry?.activityTag ?? '限时特惠');
  }),
  route(goods.matchCoupon, ({ world, body, user }) => {
    if (!user) return { coupons: [], bestCouponId: null };
    // One goods (the spec's `goodsId`, `buyNum`), or a cart's lines (extension: `items`).
    const asked = Array.isArray(body.items) ? body.items.map(asRecord) : [body];
    const lines = asked.map((line) => {
      const item = findGoods(world, line.goodsId);
      if (!item) throw goodsNotFound();
      return { gameId: item.gameId, price: item.price, buyNum: int(line.buyNum, 1, 1, 1_000_000) };
    });
    const coupons = world.state.coupons
      .filter((c) => c.userId === user.userId)
      .map((c) => couponView(world, c))
      .filter((c) => couponFits(c, lines))
      .sort((a, b) => b.amount - a.amount);
    return { coupons, bestCouponId: coupons[0]?.couponId ?? null };
  }),
];
