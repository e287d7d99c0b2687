/**
 * The cart (购物车), an extension of the contract (src/api/cart.ts, docs/cart.md): kept per account in the persisted
 * state. Each line is answered with the goods as it is today (price, original price, 史低, stock, limit), so the
 * cart can say what changed since a line was added before anything is paid. The price and time when added are
 * the server's: a set takes the goods' price at its first add, a merge keeps only prices the goods could have had
 * (`handedOver`, the wishlist's rule).
 *
 * Paying is `combine/order/create` (./routes-orders.ts), whose rules (stock, limit, one coupon, the price the
 * shopper saw, the pay window, `requestId`) are the order's; once a `fromCart` order is paid its quantities leave
 * the cart here (`takePaidLines`, called by ./lifecycle.ts).
 */
import type { Goods } from '../../api/goods';
import * as cart from '../../api/cart';
import type { CartItem } from '../../api/cart';
import { goodsNotFound } from './routes-goods';
import { readBuyNum } from './routes-orders';
import { handedOver, num } from './rules';
import type { CartRecord, OrderRecord, UserRecord } from './state';
import type { Route, RouteContext, World } from './world';
import { BizError, accountNamed, findGame, findGoods, goodsHistoricalLow, route } from './world';

const linesOf = (world: World, userId: number): CartRecord[] => world.state.carts[String(userId)] ?? [];
const save = (world: World, userId: number, lines: CartRecord[]) => {
  world.state.carts[String(userId)] = [...lines].sort((a, b) => b.addedAt - a.addedAt);
};

/** A line's quantity: at most the goods' limit per order (an order could not buy more). */
const withinLimit = (buyNum: number, goods: Goods) => Math.max(1, Math.min(buyNum, goods.limitPerOrder));

function itemOf(world: World, line: CartRecord): CartItem | undefined {
  const goods = findGoods(world, line.goodsId);
  if (!goods) return undefined;
  const game = findGame(world, goods.gameId);
  // A game not out yet has no history, so no low (./world.ts, gameHistoricalLow).
  const released = game !== undefined && game.releaseDate <= world.now();
  return {
    ...line,
    gameId: goods.gameId,
    gameName: goods.gameName,
    goodsName: goods.name,
    cover: goods.cover,
    price: goods.price,
    originalPrice: Math.max(goods.originalPrice, goods.price),
    lowPrice: released ? goodsHistoricalLow(world, goods).price : null,
    stock: Math.max(0, goods.stock),
    limitPerOrder: goods.limitPerOrder,
  };
}

/** The account's cart as answered: newest first, goods no longer in the catalogue left out (and kept). */
const itemsOf = (world: World, userId: number): CartItem[] =>
  linesOf(world, userId)
    .map((line) => itemOf(world, line))
    .filter((item): item is CartItem => item !== undefined);

const owner = (ctx: RouteContext): UserRecord => accountNamed(ctx, cart.CART_WRONG_ACCOUNT_CODE);

/** The goods a write names; `goods_40404` when the catalogue has none. */
function goodsOf(world: World, goodsId: unknown): Goods {
  const goods = findGoods(world, num(goodsId));
  if (!goods) throw goodsNotFound();
  return goods;
}

const cartFull = () => new BizError('cart_41301', `购物车最多保存 ${cart.CART_LINES_MAX} 件商品`);

/** One handed-over line, or undefined for an unknown goods or a quantity that is no quantity. */
function handedOverLine(world: World, raw: unknown): CartRecord | undefined {
  const body = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const goods = findGoods(world, num(body.goodsId));
  const buyNum = num(body.buyNum);
  if (!goods || buyNum === undefined || !Number.isInteger(buyNum) || buyNum < 1) return undefined;
  const kept = handedOver({ price: body.addedPrice, at: body.addedAt }, Math.max(goods.originalPrice, goods.price), {
    price: goods.price,
    at: world.now(),
  });
  return { goodsId: goods.goodsId, buyNum: withinLimit(buyNum, goods), addedPrice: kept.price, addedAt: kept.at };
}

export const cartRoutes: Route[] = [
  route(cart.cartList, (ctx) => itemsOf(ctx.world, owner(ctx).userId)),
  route(cart.cartSet, (ctx) => {
    const { world } = ctx;
    const user = owner(ctx);
    const goods = goodsOf(world, ctx.body.goodsId);
    const buyNum = withinLimit(readBuyNum(ctx.body.buyNum, 'cart_40001'), goods);
    const lines = linesOf(world, user.userId);
    const earlier = lines.find((l) => l.goodsId === goods.goodsId);
    if (!earlier && lines.length >= cart.CART_LINES_MAX) throw cartFull();
    const line = earlier
      ? { ...earlier, buyNum }
      : { goodsId: goods.goodsId, buyNum, addedPrice: goods.price, addedAt: world.now() };
    save(world, user.userId, [...lines.filter((l) => l.goodsId !== goods.goodsId), line]);
    return itemsOf(world, user.userId);
  }),
  route(cart.cartRemove, (ctx) => {
    const user = owner(ctx);
    const ids = Array.isArray(ctx.body.goodsIds) ? ctx.body.goodsIds.map((id) => num(id)) : [];
    save(
      ctx.world,
      user.userId,
      linesOf(ctx.world, user.userId).filter((l) => !ids.includes(l.goodsId)),
    );
    return itemsOf(ctx.world, user.userId);
  }),
  route(cart.cartMerge, (ctx) => {
    const { world } = ctx;
    const user = owner(ctx);
    const given = Array.isArray(ctx.body.entries) ? ctx.body.entries : [];
    if (given.length > cart.CART_LINES_MAX) throw cartFull();
    const lines = given.map((raw) => handedOverLine(world, raw)).filter((l): l is CartRecord => l !== undefined);
    save(world, user.userId, cart.unionCartLines(linesOf(world, user.userId), lines));
    return itemsOf(world, user.userId);
  }),
];

/** A paid `fromCart` order: the quantities it bought leave its account's cart (a line bought whole leaves it). */
export function takePaidLines(world: World, order: Pick<OrderRecord, 'userId' | 'items' | 'fromCart'>): void {
  if (!order.fromCart) return;
  const left = linesOf(world, order.userId)
    .map((line) => {
      const bought = order.items.filter((i) => i.goodsId === line.goodsId).reduce((sum, i) => sum + i.buyNum, 0);
      return { ...line, buyNum: line.buyNum - bought };
    })
    .filter((line) => line.buyNum > 0);
  save(world, order.userId, left);
}
