/** Goods: the sellable items (keys, top-ups, subscriptions) under /goods. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { CouponSchema, EpochMsSchema, FenSchema, IdSchema, pageOf } from './common';
import { GameCardSchema } from './games';
import { EvaluationPageSchema } from './game-detail';
import { defineEndpoint, emptyList, http } from './http';
import { ACCOUNT_SCOPED } from './account-scope';

export const GoodsTypeSchema = z.enum(['key', 'topup', 'accelerator', 'dlc']);
export type GoodsType = z.infer<typeof GoodsTypeSchema>;

/** The store a key is redeemed in (each has its own activation steps). */
const ActivationPlatformSchema = z.enum(['steam', 'epic', 'nintendo', 'playstation', 'xbox']);
export type ActivationPlatform = z.infer<typeof ActivationPlatformSchema>;

/**
 * The store's promise about a goods, snapshotted into each order item. Optional: a server that leaves them out
 * still parses (so does a value this client cannot read, which counts as missing), and the defaults for a missing one
 * are decided in one place: `goodsPromise` in ./goods-promise.ts.
 */
export const PromiseFields = {
  /** the region a key activates in, e.g. 国区 */
  activationRegion: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  /** where the key is redeemed; a store this client does not know reads as unset (generic steps) */
  activationPlatform: z.catch(z.optional(ActivationPlatformSchema), undefined),
  /** days after payment an order of it may be refunded (keys: while unredeemed); 0 = not refundable once delivered */
  refundDays: z.catch(z.optional(z.int().check(z.gte(0))), undefined),
};

export const GoodsSchema = z.object({
  goodsId: IdSchema,
  gameId: IdSchema,
  gameName: z.string(),
  name: z.string(),
  type: GoodsTypeSchema,
  cover: z.string(),
  /** fen */
  price: FenSchema,
  /** fen; equal to price when not discounted */
  originalPrice: FenSchema,
  /** units left; 0 = sold out */
  stock: z.int(),
  /** `cdk`: a code shown after payment; `account`: credited to the game account */
  deliveryType: z.enum(['cdk', 'account']),
  /** a gift CDK can be claimed after payment (`giftCdkGrant`) */
  hasGift: z.boolean(),
  /** what the gift is (added, docs/decisions/0019-money-path-trust-and-budget.md): said before the shopper gives up the refund for it */
  giftName: z.optional(z.string()),
  limitPerOrder: z.int(),
  tags: z.array(z.string()),
  sales: z.int(),
  /** set while the goods is part of a running activity (e.g. 新春特惠): `price` is then the activity price */
  activityTag: z.optional(z.string()),
  ...PromiseFields,
});
export type Goods = z.infer<typeof GoodsSchema>;

export const GameGoodsSchema = z.object({ gameId: IdSchema, goods: z.array(GoodsSchema) });

export const RecentSellSchema = z.object({
  goodsName: z.string(),
  gameName: z.string(),
  /** masked buyer phone */
  buyer: z.string(),
  price: FenSchema,
  time: EpochMsSchema,
});
export type RecentSell = z.infer<typeof RecentSellSchema>;

export const ActivityGameSchema = z.object({
  game: GameCardSchema,
  goods: GoodsSchema,
  /** activity price, fen */
  activityPrice: FenSchema,
  activityTag: z.string(),
});
export type ActivityGame = z.infer<typeof ActivityGameSchema>;

export const CouponMatchSchema = z.object({
  coupons: z.array(CouponSchema),
  /** the coupon saving the most for this goods and quantity, if any */
  bestCouponId: z.nullable(z.string()),
});
export type CouponMatch = z.infer<typeof CouponMatchSchema>;

// --- endpoints -------------------------------------------------------------

type Opts = { signal?: AbortSignal | undefined };

export const findRecentSell = defineEndpoint({
  id: 'goods.findRecentSell',
  method: 'GET',
  path: '/goods/goods/findRecentSell',
  data: z.array(RecentSellSchema),
  fallback: emptyList,
  request: 'none',
  response: '`RecentSell[]` (latest 20)',
  uiOnFailure: 'Section hidden',
});
export const checkStorage = defineEndpoint({
  id: 'goods.checkStorage',
  method: 'POST',
  path: '/goods/mall/storage/checkStorage',
  // No fallback: whether a failed check counts as available is the pay gate's rule (machines/pay-gate.machine.ts), decided once.
  data: z.boolean(),
  request: '`{ goodsId, buyNum = 1 }`',
  response: '`boolean` enough stock',
  uiOnFailure: 'Counted as available (spec); order creation re-checks',
});
export const goodsGameDetail = defineEndpoint({
  id: 'goods.gameDetail',
  method: 'POST',
  path: '/goods/mall/goods/gameDetail',
  data: GameGoodsSchema,
  request: '`{ gameId }`',
  response: '`{ gameId, goods: Goods[] }`',
  uiOnFailure: 'Error with retry; buy disabled',
});
export const goodsCombSearch = defineEndpoint({
  id: 'goods.combSearch',
  method: 'POST',
  path: '/goods/mall/goods/combSearch',
  data: z.array(GoodsSchema),
  fallback: emptyList,
  request: '`{ keyword }`',
  response: '`Goods[]` goods whose name matches',
  uiOnFailure: 'Goods matches hidden',
});
export const goodsHotSearch = defineEndpoint({
  id: 'goods.hotSearch',
  method: 'POST',
  path: '/goods/mall/goods/hotSearch',
  data: z.object({ gameList: z.array(GameCardSchema) }),
  fallback: () => ({ gameList: [] }),
  request: 'none (empty body)',
  response: '`{ gameList: GameCard[] }`',
  uiOnFailure: 'Hot games hidden',
});
export const goodsRank = defineEndpoint({
  id: 'goods.rank',
  method: 'POST',
  path: '/goods/mall/goods/rank',
  data: z.array(GoodsSchema),
  fallback: emptyList,
  request: '`{ size? }`',
  response: '`Goods[]` best sellers',
  uiOnFailure: 'Section hidden',
});
export const goodsRecentGameSearch = defineEndpoint({
  id: 'goods.recentGameSearch',
  method: 'POST',
  path: '/goods/mall/goods/recentGameSearch',
  data: z.array(GameCardSchema),
  fallback: emptyList,
  request: '`{}` (per user)',
  response: '`GameCard[]` recently searched',
  uiOnFailure: 'Section hidden',
});
export const goodsRecommend = defineEndpoint({
  id: 'goods.recommend',
  method: 'POST',
  path: '/goods/mall/goods/recommend',
  data: z.array(GoodsSchema),
  fallback: emptyList,
  request: '`{ gameId?, size? }`',
  response: '`Goods[]`',
  uiOnFailure: 'Section hidden',
});
export const goodsSearch = defineEndpoint({
  id: 'goods.search',
  method: 'POST',
  path: '/goods/mall/goods/search',
  data: pageOf(GoodsSchema),
  request: '`{ keyword, pageNum, pageSize }`',
  response: '`Page<Goods>`',
  uiOnFailure: 'Error with retry',
});
export const goodsEvaluationPage = defineEndpoint({
  id: 'goods.evaluationPage',
  method: 'POST',
  path: '/goods/mall/goods/evaluationPage',
  data: EvaluationPageSchema,
  request: '`{ goodsId, pageNum, pageSize }`',
  response: 'evaluations of one goods',
  uiOnFailure: 'Error with retry',
});
export const activityGamePage = defineEndpoint({
  id: 'goods.activityGamePage',
  method: 'POST',
  path: '/goods/mall/goods/activityGamePage',
  data: pageOf(ActivityGameSchema),
  request: '`{ activityId, pageNum, pageSize }`',
  response: '`Page<ActivityGame>`',
  uiOnFailure: 'Error with retry',
});
export const activityTopGame = defineEndpoint({
  id: 'goods.activityTopGame',
  method: 'POST',
  path: '/goods/mall/goods/activityTopGame',
  data: z.nullable(ActivityGameSchema),
  request: '`{ activityId }`',
  response: '`ActivityGame | null`',
  uiOnFailure: 'Error with retry',
});
export const matchCoupon = defineEndpoint({
  id: 'goods.matchCoupon',
  method: 'POST',
  path: '/goods/mall/activity/goods/matchCoupon',
  data: CouponMatchSchema,
  fallback: () => ({ coupons: [], bestCouponId: null }),
  request: '`{ goodsId, buyNum }` (user from token); extension: `items: { goodsId, buyNum }[]` for a cart',
  response: '`{ coupons: Coupon[], bestCouponId }`, biggest saving first',
  uiOnFailure: 'No coupon; buying works',
});

// --- fetchers --------------------------------------------------------------

export const getRecentSell = (o: Opts = {}) => http.call(findRecentSell, { signal: o.signal });
export const getStorage = (body: { goodsId: number; buyNum?: number }, o: Opts = {}) =>
  http.call(checkStorage, { body: { buyNum: 1, ...body }, signal: o.signal });
export const getGameGoods = (gameId: number, o: Opts = {}) =>
  http.call(goodsGameDetail, { body: { gameId }, signal: o.signal });
export const getGoodsCombSearch = (keyword: string, o: Opts = {}) =>
  http.call(goodsCombSearch, { body: { keyword }, signal: o.signal });
export const getGoodsHotSearch = (o: Opts = {}) => http.call(goodsHotSearch, { signal: o.signal });
export const getGoodsRank = (o: Opts = {}) => http.call(goodsRank, { body: {}, signal: o.signal });
export const getGoodsRecentGameSearch = (o: Opts = {}) =>
  http.call(goodsRecentGameSearch, { body: {}, signal: o.signal });
export const getGoodsRecommend = (body: { gameId?: number; size?: number } = {}, o: Opts = {}) =>
  http.call(goodsRecommend, { body, signal: o.signal });
export const searchGoods = (body: { keyword: string; pageNum?: number; pageSize?: number }, o: Opts = {}) =>
  http.call(goodsSearch, { body: { pageNum: 1, pageSize: 20, ...body }, signal: o.signal });
export const getGoodsEvaluations = (body: { goodsId: number; pageNum?: number; pageSize?: number }, o: Opts = {}) =>
  http.call(goodsEvaluationPage, { body: { pageNum: 1, pageSize: 10, ...body }, signal: o.signal });
export const getActivityGames = (body: { activityId: string; pageNum?: number; pageSize?: number }, o: Opts = {}) =>
  http.call(activityGamePage, { body: { pageNum: 1, pageSize: 12, ...body }, signal: o.signal });
export const getActivityTopGame = (activityId: string, o: Opts = {}) =>
  http.call(activityTopGame, { body: { activityId }, signal: o.signal });
export const getMatchingCoupons = (
  body: { goodsId: number; buyNum: number } | { items: readonly { goodsId: number; buyNum: number }[] },
  o: Opts = {},
) => http.call(matchCoupon, { body, signal: o.signal });

// --- query options ---------------------------------------------------------

export const recentSellQueryOptions = () =>
  queryOptions({ queryKey: ['recentSell'], queryFn: ({ signal }) => getRecentSell({ signal }) });
export const gameGoodsQueryOptions = (gameId: number) =>
  queryOptions({ queryKey: ['gameGoods', gameId], queryFn: ({ signal }) => getGameGoods(gameId, { signal }) });
/**
 * The coupons `userId` may use on `buyNum` × `goodsId`: the account's, and never fresh for long (an order
 * takes a coupon), so every mount asks again.
 */
export const matchCouponQueryOptions = (userId: number, goodsId: number, buyNum: number) =>
  queryOptions({
    queryKey: ['matchCoupon', userId, goodsId, buyNum],
    queryFn: ({ signal }) => getMatchingCoupons({ goodsId, buyNum }, { signal }),
    staleTime: 0,
    meta: ACCOUNT_SCOPED,
  });
/** The coupons `userId` may use on a cart's lines paid as one order (extension: `items`, docs/cart.md). */
export const cartCouponsQueryOptions = (userId: number, items: readonly { goodsId: number; buyNum: number }[]) =>
  queryOptions({
    queryKey: ['matchCoupon', userId, 'cart', items.map(({ goodsId, buyNum }) => `${goodsId}×${buyNum}`).join(',')],
    queryFn: ({ signal }) =>
      getMatchingCoupons({ items: items.map(({ goodsId, buyNum }) => ({ goodsId, buyNum })) }, { signal }),
    staleTime: 0,
    meta: ACCOUNT_SCOPED,
  });
