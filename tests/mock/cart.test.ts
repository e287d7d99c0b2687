/**
 * The cart extension (docs/cart.md) and the combined order it pays with, through the app's own fetchers against
 * the simulated backend: every rule of the cart's calls and of `combine/order/create` with several goods of
 * several games.
 */
import { describe, expect, it } from 'vitest';
import {
  CART_LINES_MAX,
  CartItemSchema,
  getCart,
  postCartMerge,
  postCartRemove,
  postCartSet,
} from '../../src/api/cart';
import { postReceiveCoupon } from '../../src/api/coupons';
import { fromPriceGoods } from '../../src/api/from-price';
import { getPriceHistory } from '../../src/api/price-history';
import { getGameGoods, getMatchingCoupons } from '../../src/api/goods';
import { createCombinedOrder, getOrder, getOrderStatus, payOrder } from '../../src/api/orders';
import { backend, catalogue, failure, nextRequestId, signUp, useSession } from './helpers';

const MINUTE = 60_000;
const yuan = (n: number) => n * 100;
/** Goods with stock to spare, a limit of at least 2, no gift, not in a package, by game. */
const plain = catalogue.goods.filter(
  (g) =>
    g.stock >= 30 &&
    g.limitPerOrder >= 2 &&
    !g.hasGift &&
    !catalogue.packages.some((p) => p.goodsIds.includes(g.goodsId)),
);
/** Two goods of two games, each under ¥200 and together at least ¥200 (the 满 200 减 25 coupon's threshold). */
const [cheapA, cheapB] = (() => {
  for (const a of plain)
    for (const b of plain)
      if (a.gameId !== b.gameId && a.price < yuan(200) && b.price < yuan(200) && a.price + b.price >= yuan(200))
        return [a, b] as const;
  throw new Error('the seed has no such pair');
})();
const over200 = catalogue.couponTemplates.find((t) => t.threshold === yuan(200) && t.gameIds.length === 0)!;
const line = (goods: { goodsId: number; price: number }, buyNum = 1) => ({
  goodsId: goods.goodsId,
  buyNum,
  price: goods.price,
});
const stockOf = async (goodsId: number, gameId: number) =>
  (await getGameGoods(gameId)).goods.find((g) => g.goodsId === goodsId)!.stock;

describe('the cart (extension)', () => {
  it('puts goods in, sets a quantity and removes per account, each answer the whole cart with today’s goods', async () => {
    const user = await signUp();
    const now = backend.control.now();
    await postCartSet(user.userId, { goodsId: cheapA.goodsId, buyNum: 1 });
    backend.control.advanceClock(1000);
    const cart = await postCartSet(user.userId, { goodsId: cheapB.goodsId, buyNum: 2 });
    expect(cart.map((i) => [i.goodsId, i.buyNum])).toEqual([
      [cheapB.goodsId, 2],
      [cheapA.goodsId, 1],
    ]);
    expect(cart[1]).toMatchObject({
      gameId: cheapA.gameId,
      gameName: cheapA.gameName,
      goodsName: cheapA.name,
      addedPrice: cheapA.price,
      price: cheapA.price,
      limitPerOrder: cheapA.limitPerOrder,
    });
    expect(cart[1]!.addedAt).toBeGreaterThanOrEqual(now);
    const addedAt = cart[1]!.addedAt;
    for (const item of cart) expect(CartItemSchema.safeParse(item).success).toBe(true);
    // A quantity changed keeps the price and time of the first add.
    const changed = await postCartSet(user.userId, { goodsId: cheapA.goodsId, buyNum: 2 });
    expect(changed.find((i) => i.goodsId === cheapA.goodsId)).toMatchObject({ buyNum: 2, addedAt });
    expect((await postCartRemove(user.userId, [cheapB.goodsId])).map((i) => i.goodsId)).toEqual([cheapA.goodsId]);
    const other = await signUp();
    expect(await getCart(other.userId)).toEqual([]);
    useSession(user);
    expect((await getCart(user.userId)).map((i) => i.goodsId)).toEqual([cheapA.goodsId]);
  });

  it('keeps a quantity within the goods’ limit per order and refuses one that is no quantity', async () => {
    const user = await signUp();
    const [item] = await postCartSet(user.userId, { goodsId: cheapA.goodsId, buyNum: cheapA.limitPerOrder + 5 });
    expect(item!.buyNum).toBe(cheapA.limitPerOrder);
    for (const buyNum of [0, -1, 1.5])
      expect((await failure(postCartSet(user.userId, { goodsId: cheapA.goodsId, buyNum }))).code).toBe('cart_40001');
    expect((await failure(postCartSet(user.userId, { goodsId: 987_654, buyNum: 1 }))).code).toBe('goods_40404');
  });

  it(`holds at most ${CART_LINES_MAX} lines`, async () => {
    const user = await signUp();
    const many = catalogue.goods.slice(0, CART_LINES_MAX + 1);
    for (const goods of many.slice(0, CART_LINES_MAX))
      await postCartSet(user.userId, { goodsId: goods.goodsId, buyNum: 1 });
    const full = await failure(postCartSet(user.userId, { goodsId: many[CART_LINES_MAX]!.goodsId, buyNum: 1 }));
    expect([full.code, full.message]).toEqual(['cart_41301', `购物车最多保存 ${CART_LINES_MAX} 件商品`]);
    // A line already there still takes a new quantity.
    await postCartSet(user.userId, { goodsId: many[0]!.goodsId, buyNum: 1 });
    expect(await getCart(user.userId)).toHaveLength(CART_LINES_MAX);
  });

  it('refuses a call that names another account than its token’s', async () => {
    const first = await signUp();
    await signUp();
    for (const call of [
      getCart(first.userId),
      postCartSet(first.userId, { goodsId: cheapA.goodsId, buyNum: 1 }),
      postCartRemove(first.userId, [cheapA.goodsId]),
      postCartMerge(first.userId, []),
    ])
      expect((await failure(call)).code).toBe('cart_40901');
    useSession(first);
    expect(await getCart(first.userId)).toEqual([]);
  });

  it('merges a visitor’s lines: the larger quantity and the earlier price kept, the same merge twice changing nothing', async () => {
    const user = await signUp();
    const now = backend.control.now();
    await postCartSet(user.userId, { goodsId: cheapA.goodsId, buyNum: 1 });
    const visitor = [
      { goodsId: cheapA.goodsId, buyNum: 2, addedPrice: cheapA.originalPrice, addedAt: now - 5000 },
      { goodsId: cheapB.goodsId, buyNum: 1, addedPrice: cheapB.originalPrice + 1, addedAt: now + 86_400_000 },
      { goodsId: 987_654, buyNum: 1, addedPrice: 100, addedAt: now - 1 },
    ];
    const merged = await postCartMerge(user.userId, visitor);
    const byGoods = new Map(merged.map((i) => [i.goodsId, i]));
    expect([...byGoods.keys()].sort()).toEqual([cheapA.goodsId, cheapB.goodsId].sort());
    expect(byGoods.get(cheapA.goodsId)).toMatchObject({
      buyNum: 2,
      addedPrice: cheapA.originalPrice,
      addedAt: now - 5000,
    });
    // A price the goods never had and a time to come are the server's now.
    expect(byGoods.get(cheapB.goodsId)).toMatchObject({ buyNum: 1, addedPrice: cheapB.price });
    expect(byGoods.get(cheapB.goodsId)!.addedAt).toBeLessThanOrEqual(backend.control.now());
    expect(await postCartMerge(user.userId, visitor)).toEqual(merged);
    const tooMany = Array.from({ length: CART_LINES_MAX + 1 }, () => visitor[0]!);
    expect((await failure(postCartMerge(user.userId, tooMany))).code).toBe('cart_41301');
  });

  it('answers today’s price beside the price when added, and the goods’ 史低', async () => {
    const user = await signUp();
    const game = catalogue.games.find(
      (g) => g.releaseDate < Date.now() && catalogue.goods.some((x) => x.gameId === g.gameId),
    )!;
    const base = fromPriceGoods(catalogue.goods.filter((g) => g.gameId === game.gameId))!;
    await postCartSet(user.userId, { goodsId: base.goodsId, buyNum: 1 });
    const lowered = backend.control.lowerPrice(game.gameId);
    const [item] = await getCart(user.userId);
    expect(item).toMatchObject({ goodsId: base.goodsId, addedPrice: base.price, price: lowered });
    expect(item!.lowPrice).toBe((await getPriceHistory(base.goodsId))!.low.price);
  });
});

describe('one combined order for several goods of several games', () => {
  it('takes one coupon for the whole order when the lines it applies to meet its threshold', async () => {
    const user = await signUp();
    const coupon = await postReceiveCoupon(over200.templateId);
    // Neither line alone meets ¥200; together they do.
    expect((await getMatchingCoupons({ goodsId: cheapA.goodsId, buyNum: 1 })).coupons).toEqual([]);
    const match = await getMatchingCoupons({ items: [line(cheapA), line(cheapB)] });
    expect(match.bestCouponId).toBe(coupon.couponId);
    const order = await createCombinedOrder({
      items: [line(cheapA), line(cheapB)],
      couponId: coupon.couponId,
      requestId: nextRequestId(),
    });
    expect(order.items.map((i) => [i.goodsId, i.gameId])).toEqual([
      [cheapA.goodsId, cheapA.gameId],
      [cheapB.goodsId, cheapB.gameId],
    ]);
    expect(order).toMatchObject({
      status: 'unpaid',
      totalAmount: cheapA.price + cheapB.price,
      discountAmount: over200.amount,
      payAmount: cheapA.price + cheapB.price - over200.amount,
      coupon: { couponId: coupon.couponId },
    });
    expect(user.userId).toBeGreaterThan(0);
  });

  it('refuses a coupon whose threshold the lines do not meet, and a coupon with a package', async () => {
    await signUp();
    const coupon = await postReceiveCoupon(over200.templateId);
    const short = await failure(
      createCombinedOrder({ items: [line(cheapA)], couponId: coupon.couponId, requestId: nextRequestId() }),
    );
    expect(short.code).toBe('coupon_40001');
    const bundle = catalogue.packages[0]!;
    const both = await failure(
      createCombinedOrder({
        items: bundle.goodsIds.map((goodsId) => ({ goodsId, buyNum: 1 })),
        couponId: coupon.couponId,
        packageId: bundle.packageId,
        requestId: nextRequestId(),
      }),
    );
    expect(both.code).toBe('order_40003');
  });

  it('checks the stock and the limit of every line, and holds nothing when one line fails', async () => {
    await signUp();
    const soldOut = catalogue.goods.find((g) => g.stock === 0)!;
    const before = await stockOf(cheapA.goodsId, cheapA.gameId);
    const short = await failure(
      createCombinedOrder({ items: [line(cheapA), line(soldOut)], requestId: nextRequestId() }),
    );
    expect([short.code, short.message]).toEqual(['stock_40901', '库存不足，请联系客服']);
    const over = await failure(
      createCombinedOrder({
        items: [line(cheapA), line(cheapB, cheapB.limitPerOrder + 1)],
        requestId: nextRequestId(),
      }),
    );
    expect(over.code).toBe('order_40002');
    expect(await stockOf(cheapA.goodsId, cheapA.gameId)).toBe(before);
  });

  it('refuses a line whose price is not the one the shopper saw, and takes the new one once seen', async () => {
    await signUp();
    // A game whose from-price goods (the one lowerPrice lowers) is in stock.
    const base = plain
      .map((g) => fromPriceGoods(catalogue.goods.filter((other) => other.gameId === g.gameId))!)
      .find((goods) => goods.stock > 0 && goods.gameId !== cheapB.gameId)!;
    const lowered = backend.control.lowerPrice(base.gameId);
    const changed = await failure(
      createCombinedOrder({ items: [line(cheapB), { ...line(base), price: base.price }], requestId: nextRequestId() }),
    );
    expect(changed.code).toBe('order_40004');
    expect(changed.message).toContain('价格已变动');
    const order = await createCombinedOrder({
      items: [line(cheapB), { goodsId: base.goodsId, buyNum: 1, price: lowered }],
      requestId: nextRequestId(),
    });
    expect(order.items.find((i) => i.goodsId === base.goodsId)!.price).toBe(lowered);
  });

  it('answers a retried create with the first order, holding the stock once', async () => {
    await signUp();
    const before = await stockOf(cheapA.goodsId, cheapA.gameId);
    const requestId = nextRequestId();
    const first = await createCombinedOrder({ items: [line(cheapA, 2), line(cheapB)], requestId });
    const again = await createCombinedOrder({ items: [line(cheapA, 2), line(cheapB)], requestId });
    expect(again.orderId).toBe(first.orderId);
    expect(await stockOf(cheapA.goodsId, cheapA.gameId)).toBe(before - 2);
  });

  it('expires unpaid after the pay window like any order, giving back its stock and its coupon', async () => {
    await signUp();
    const coupon = await postReceiveCoupon(over200.templateId);
    const before = await stockOf(cheapB.goodsId, cheapB.gameId);
    const order = await createCombinedOrder({
      items: [line(cheapA), line(cheapB)],
      couponId: coupon.couponId,
      requestId: nextRequestId(),
    });
    expect(order.expireTime - order.createTime).toBe(15 * MINUTE);
    backend.control.advanceClock(15 * MINUTE);
    expect((await getOrderStatus(order.orderId)).status).toBe('expired');
    expect(await stockOf(cheapB.goodsId, cheapB.gameId)).toBe(before);
    expect((await getMatchingCoupons({ items: [line(cheapA), line(cheapB)] })).bestCouponId).toBe(coupon.couponId);
  });

  it('takes a paid cart order’s quantities out of the cart; an unpaid one and an order not from the cart leave it', async () => {
    const user = await signUp();
    await postCartSet(user.userId, { goodsId: cheapA.goodsId, buyNum: 2 });
    await postCartSet(user.userId, { goodsId: cheapB.goodsId, buyNum: 1 });
    const plainOrder = await createCombinedOrder({ items: [line(cheapB)], requestId: nextRequestId() });
    backend.control.completePayment(plainOrder.orderId);
    const order = await createCombinedOrder({
      items: [line(cheapA, 1), line(cheapB)],
      requestId: nextRequestId(),
      fromCart: true,
    });
    expect((await getCart(user.userId)).map((i) => [i.goodsId, i.buyNum])).toEqual([
      [cheapB.goodsId, 1],
      [cheapA.goodsId, 2],
    ]);
    await payOrder({ orderId: order.orderId, channelCode: 'wechat' });
    backend.control.completePayment(order.orderId);
    expect((await getOrder(order.orderId)).status).toBe('delivered');
    expect((await getCart(user.userId)).map((i) => [i.goodsId, i.buyNum])).toEqual([[cheapA.goodsId, 1]]);
  });
});
