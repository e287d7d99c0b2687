/**
 * Everything a route handler can reach: the seed, the mutable state, the
 * clock, and the views that turn records into the contract's shapes. Route
 * files stay thin by sharing these.
 */
import type * as z from 'zod/mini';
import type { Coupon } from '../../api/common';
import type { GameCard } from '../../api/games';
import type { GameDetail } from '../../api/game-detail';
import type { Goods } from '../../api/goods';
import { fromPrice } from '../../api/from-price';
import type { EndpointDef } from '../../api/http';
import type { Order } from '../../api/orders';
import type { UserInfo } from '../../api/user';
import type { SeedCouponTemplate, SeedData } from '../seed/types';
import { fromPriceGoods } from '../../api/from-price';
import type { PricePoint } from '../../api/price-history-rules';
import { historicalLowOf, priceHistoryOf, type HistoryFacts } from '../seed/price-history';
import { NEW_USER_MS, asRecord, isPhone, isRefundOpen, num, randomString } from './rules';
import { DAY_MS } from '../../shared/beijing-time';
import type { CouponRecord, OrderRecord, PersistedState, QrRecord, SessionRecord, UserRecord } from './state';

export type { QrRecord } from './state';
import type { AuthCode, MockRequest } from './types';

/** A failure the client should see as `success:false` with this code and Chinese message. */
export class BizError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export const AUTH_MESSAGES: Record<AuthCode, string> = {
  auth_40001: '登录信息已失效,请重新登录',
  auth_40002: '您的账号已在其他设备登录,请重新登录',
};

export const authError = (code: AuthCode = 'auth_40001') => new BizError(code, AUTH_MESSAGES[code]);

export interface World {
  seed: SeedData;
  state: PersistedState;
  bids: unknown[];
  now(): number;
  random(): number;
  /** `/webapi`: prefix of the URLs handed out for images, QR codes and the pay page */
  publicBase: string;
  /** a refund settles this long after it was asked for; 0: only by the `settleRefund` control */
  refundSettleMs: number;
}

/** The login QR code with this id, if this backend (or another tab's, over the same storage) made it. */
export function findQr(world: World, qrId: string): QrRecord | undefined {
  return Object.hasOwn(world.state.qrCodes, qrId) ? world.state.qrCodes[qrId] : undefined;
}

export interface RouteContext {
  world: World;
  request: MockRequest;
  body: Record<string, unknown>;
  params: Record<string, string>;
  /** the logged-in user of the `token` header, or null (also for invalid tokens) */
  user: UserRecord | null;
  /** the same user, or an auth error as the endpoint's answer */
  requireUser(): UserRecord;
}

export interface Route<S extends z.ZodMiniType = z.ZodMiniType> {
  def: EndpointDef<S>;
  handle(ctx: RouteContext): z.input<S> | Promise<z.input<S>>;
}

/** Ties a handler to its endpoint definition so its answer is type-checked against the schema. */
export function route<S extends z.ZodMiniType>(
  def: EndpointDef<S>,
  handle: (ctx: RouteContext) => z.input<S> | Promise<z.input<S>>,
): Route {
  return { def, handle } as unknown as Route;
}

/** Resolves the `token` header: the session, or why it is not usable. */
export function sessionOf(
  world: World,
  token: string | undefined,
): { session: SessionRecord; user: UserRecord } | { error: AuthCode } {
  if (!token) return { error: 'auth_40001' };
  const session = world.state.sessions[token];
  if (!session) return { error: 'auth_40001' };
  if (session.invalidCode) return { error: session.invalidCode };
  const user = world.state.users.find((u) => u.userId === session.userId);
  if (!user) return { error: 'auth_40001' };
  return { session, user };
}

export function createContext(world: World, request: MockRequest, params: Record<string, string>): RouteContext {
  const resolved = sessionOf(world, request.headers.token);
  const user = 'user' in resolved ? resolved.user : null;
  return {
    world,
    request,
    body: asRecord(request.body),
    params,
    user,
    requireUser() {
      if ('error' in resolved) throw authError(resolved.error);
      return resolved.user;
    },
  };
}

// --- users and sessions ------------------------------------------------------

export function findUserByPhone(world: World, phone: string): UserRecord | undefined {
  return world.state.users.find((u) => u.phone === phone);
}

export function createUser(world: World, phone: string, registerCanal: string, wechatBound = false): UserRecord {
  const user: UserRecord = {
    userId: world.state.nextUserId,
    phone,
    createTime: world.now(),
    registerCanal,
    wechatBound,
    realName: null,
    recentSearches: [],
  };
  world.state.nextUserId += 1;
  world.state.users.push(user);
  return user;
}

/** A phone number for accounts created without one (QR scans). */
export function generatedPhone(world: World): string {
  for (let n = world.state.nextUserId; ; n += 1) {
    const phone = `199${String(n).padStart(8, '0')}`;
    if (isPhone(phone) && !findUserByPhone(world, phone)) return phone;
  }
}

export function openSession(world: World, user: UserRecord): SessionRecord {
  const token = `tk_${user.userId}_${randomString(world.random, 24)}`;
  const session: SessionRecord = { token, userId: user.userId, createTime: world.now(), invalidCode: null };
  world.state.sessions[token] = session;
  return session;
}

export const userInfo = (user: UserRecord, token: string): UserInfo => ({
  token,
  userId: user.userId,
  telNum: user.phone,
  createTime: user.createTime,
  registerCanal: user.registerCanal,
});

export const isNewUser = (world: World, user: UserRecord) => world.now() - user.createTime < NEW_USER_MS;

// --- catalogue -----------------------------------------------------------------

/**
 * A seed game as it is today: a price the `lowerPrice` control set moves its from price too (the one `fromPrice`
 * rule). Every answer that shows or compares a game's price reads this view, never the seed's record.
 */
function gameToday(world: World, game: GameDetail): GameDetail {
  const lowered = Object.keys(world.state.prices).length > 0 ? fromPrice(goodsOfGame(world, game.gameId)) : undefined;
  return lowered ? { ...game, minPrice: lowered.minPrice, originalPrice: lowered.originalPrice } : game;
}

export function findGame(world: World, gameId: unknown): GameDetail | undefined {
  const game = world.seed.games.find((g) => g.gameId === Number(gameId));
  return game && gameToday(world, game);
}

/** Every game of the catalogue as it is today (search, its deal filters and sorts, the suggestions). */
export const gamesToday = (world: World): GameDetail[] => world.seed.games.map((game) => gameToday(world, game));

export const gameCard = (game: GameDetail): GameCard => ({
  gameId: game.gameId,
  name: game.name,
  cover: game.cover,
  icon: game.icon,
  tags: game.tags,
  platforms: game.platforms,
  labelIds: game.labelIds,
  minPrice: game.minPrice,
  originalPrice: game.originalPrice,
  releaseDate: game.releaseDate,
  score: game.score,
  sales: game.sales,
});

/**
 * What a goods' price history is drawn from (../seed/price-history.ts): the seed's goods (its price before any
 * run-time change), its game's release, and the prices the `lowerPrice` control set, each from its day. A
 * price set with no day kept (a state saved before days were) holds from today.
 */
function historyOf(world: World, goods: Goods): [Goods, HistoryFacts] {
  const seeded = world.seed.goods.find((g) => g.goodsId === goods.goodsId) ?? goods;
  const releasedAt = world.seed.games.find((g) => g.gameId === goods.gameId)?.releaseDate;
  const key = String(goods.goodsId);
  const kept = world.state.priceChanges[key] ?? [];
  const set = world.state.prices[key];
  const changes = set !== undefined && kept.at(-1)?.price !== set ? [...kept, { price: set, at: world.now() }] : kept;
  return [seeded, { releasedAt, changes }];
}

/** A goods' price history today (the backend's answer and every 史低 it marks read it). */
export const goodsPriceHistory = (world: World, goods: Goods): PricePoint[] =>
  priceHistoryOf(...historyOfToday(world, goods));

/** The lowest point of that history (on ties the latest). */
export const goodsHistoricalLow = (world: World, goods: Goods): PricePoint =>
  historicalLowOf(...historyOfToday(world, goods));

const historyOfToday = (world: World, goods: Goods): [Goods, Date, HistoryFacts] => {
  const [seeded, facts] = historyOf(world, goods);
  return [seeded, new Date(world.now()), facts];
};

/**
 * The historical low of a game's from-price goods, at today's prices: what the card's 史低 mark is measured
 * against (docs/following-prices.md). Undefined for a game without goods, and for one not out yet (it has no history: nothing
 * was sold before its release, so it has no low to be at).
 */
export function gameHistoricalLow(world: World, game: GameDetail): number | undefined {
  if (game.releaseDate > world.now()) return undefined;
  const base = fromPriceGoods(goodsOfGame(world, game.gameId));
  return base && goodsHistoricalLow(world, base).price;
}

/** A card with the extension field `historicalLow` (docs/following-prices.md): every list of cards a shopper browses carries it. */
export function dealCard(world: World, game: GameDetail): GameCard {
  const historicalLow = gameHistoricalLow(world, game);
  return historicalLow === undefined ? gameCard(game) : { ...gameCard(game), historicalLow };
}

export function cardsOf(world: World, gameIds: readonly number[]): GameCard[] {
  return gameIds
    .map((id) => findGame(world, id))
    .filter((g): g is GameDetail => g !== undefined)
    .map((g) => dealCard(world, g));
}

function stockOf(world: World, goodsId: number): number {
  const live = world.state.stock[String(goodsId)];
  if (live !== undefined) return live;
  return world.seed.goods.find((g) => g.goodsId === goodsId)?.stock ?? 0;
}

export function findGoods(world: World, goodsId: unknown): Goods | undefined {
  const goods = world.seed.goods.find((g) => g.goodsId === Number(goodsId));
  return goods && goodsView(world, goods);
}

/** Today's price of a goods: the seed's, or the one the `lowerPrice` control set. */
const priceOf = (world: World, goods: Goods): number => world.state.prices[String(goods.goodsId)] ?? goods.price;

/** The seed goods with today's stock and price. */
const goodsView = (world: World, goods: Goods): Goods => ({
  ...goods,
  price: priceOf(world, goods),
  stock: stockOf(world, goods.goodsId),
});

/** A game's goods as they are today. */
export const goodsOfGame = (world: World, gameId: number): Goods[] =>
  world.seed.goods.filter((g) => g.gameId === gameId).map((g) => goodsView(world, g));

export const allGoods = (world: World): Goods[] => world.seed.goods.map((g) => goodsView(world, g));

// --- coupons ---------------------------------------------------------------------

export function couponView(world: World, record: CouponRecord): Coupon {
  const status = record.used ? 'used' : record.expireTime <= world.now() ? 'expired' : 'available';
  return {
    couponId: record.couponId,
    title: record.title,
    amount: record.amount,
    threshold: record.threshold,
    startTime: record.startTime,
    expireTime: record.expireTime,
    status,
    gameIds: record.gameIds,
    description: record.description,
  };
}

export const remainingOf = (world: World, template: SeedCouponTemplate) =>
  Math.max(0, template.total - (world.state.templateIssued[String(template.templateId)] ?? 0));

export function issueCoupon(world: World, user: UserRecord, template: SeedCouponTemplate): CouponRecord {
  const now = world.now();
  const record: CouponRecord = {
    couponId: `CP${String(world.state.nextCouponSeq).padStart(8, '0')}`,
    templateId: template.templateId,
    userId: user.userId,
    title: template.title,
    amount: template.amount,
    threshold: template.threshold,
    startTime: now,
    expireTime: now + template.validDays * DAY_MS,
    gameIds: template.gameIds,
    description: template.description,
    used: false,
    usedOrderId: null,
  };
  world.state.nextCouponSeq += 1;
  world.state.templateIssued[String(template.templateId)] =
    (world.state.templateIssued[String(template.templateId)] ?? 0) + 1;
  world.state.coupons.push(record);
  return record;
}

/** A template as a coupon not yet handed out (what anonymous visitors see in the popup). */
export function previewCoupon(world: World, template: SeedCouponTemplate): Coupon {
  const now = world.now();
  return {
    couponId: `preview-${template.templateId}`,
    title: template.title,
    amount: template.amount,
    threshold: template.threshold,
    startTime: now,
    expireTime: now + template.validDays * DAY_MS,
    status: 'available',
    gameIds: template.gameIds,
    description: template.description,
  };
}

const couponAppliesTo = (coupon: { gameIds: number[] }, gameId: number) =>
  coupon.gameIds.length === 0 || coupon.gameIds.includes(gameId);

/**
 * The one coupon rule of an order of one or several lines (`matchCoupon`, `order/create`, `combine/order/create`):
 * an available coupon fits when the lines it applies to come to at least its threshold (and to more than
 * nothing). One coupon per order, whatever the number of lines.
 */
export function couponFits(coupon: Coupon, lines: readonly { gameId: number; price: number; buyNum: number }[]) {
  const eligible = lines
    .filter((line) => couponAppliesTo(coupon, line.gameId))
    .reduce((sum, line) => sum + line.price * line.buyNum, 0);
  return coupon.status === 'available' && eligible > 0 && coupon.threshold <= eligible;
}

/**
 * The account an extension's call is for (`userId` in the body): the token's, or `code` when the token speaks
 * for another account (a login or logout raced the call). The wishlist's and the cart's calls read it.
 */
export function accountNamed(ctx: RouteContext, code: string): UserRecord {
  const user = ctx.requireUser();
  if (num(ctx.body.userId) !== user.userId) throw new BizError(code, '账号已变更，请刷新后重试');
  return user;
}

// --- orders ------------------------------------------------------------------------

/** What an order's gift is: its gift goods' (docs/decisions/0019-money-path-trust-and-budget.md). */
export function orderGiftName(world: World, order: Pick<OrderRecord, 'items'>): string | undefined {
  return order.items
    .map((item) => world.seed.goods.find((g) => g.goodsId === item.goodsId)?.giftName)
    .find((name) => name !== undefined);
}

export const orderView = (world: World, order: OrderRecord): Order => ({
  orderId: order.orderId,
  status: order.status,
  items: order.items,
  totalAmount: order.totalAmount,
  discountAmount: order.discountAmount,
  payAmount: order.payAmount,
  coupon: order.coupon,
  payChannel: order.payChannel,
  createTime: order.createTime,
  payTime: order.payTime,
  expireTime: order.expireTime,
  cdks: order.cdks,
  hasGift: order.hasGift,
  ...(order.hasGift && orderGiftName(world, order) ? { giftName: orderGiftName(world, order) } : {}),
  giftClaimed: order.gift !== null,
  refundable: isRefundOpen(order, world.now()),
  refundReason: order.refundReason,
  timeline: order.timeline,
});

/** The user's own order, or `order_40404` — another user's order is "not found", not "forbidden". */
export function ownOrder(world: World, user: UserRecord, orderId: unknown): OrderRecord {
  const order = world.state.orders.find((o) => o.orderId === String(orderId ?? '') && o.userId === user.userId);
  if (!order) throw new BizError('order_40404', '订单不存在');
  return order;
}

export const imageUrl = (world: World, kind: string, id: string | number) =>
  `${world.publicBase}/static/img/${kind}/${id}.svg`;
