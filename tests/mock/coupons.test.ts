import { describe, expect, it } from 'vitest';
import { getCouponOffers, getMyCoupons, postReceiveCoupon } from '../../src/api/coupons';
import { getMatchingCoupons } from '../../src/api/goods';
import { getOrder, getOrderStatus } from '../../src/api/orders';
import { getHomePopup } from '../../src/api/user';
import { backend, catalogue, failure, placeOrder, signUp } from './helpers';

const DAY = 24 * 3600_000;
const templates = catalogue.couponTemplates;
const popupIds = catalogue.popupTemplateIds;
/** a general coupon not in the popup */
const general = templates.find((t) => t.gameIds.length === 0 && !popupIds.includes(t.templateId) && t.total > 100)!;
/** a coupon for one game only */
const gameOnly = templates.find((t) => t.gameIds.length > 0)!;
/** the scarcest coupon */
const scarce = [...templates].sort((a, b) => a.total - b.total)[0]!;

const goodsOfGame = (gameId: number, minPrice = 0) =>
  catalogue.goods.find((g) => g.gameId === gameId && g.stock > 20 && g.price >= minPrice)!;

describe('coupon offers', () => {
  it('marks the offers the user already holds as received', async () => {
    await signUp();
    expect((await getCouponOffers()).find((o) => o.templateId === general.templateId)?.received).toBe(false);
    const coupon = await postReceiveCoupon(general.templateId);
    expect(coupon).toMatchObject({ title: general.title, amount: general.amount, status: 'available' });
    expect(coupon.expireTime - coupon.startTime).toBe(general.validDays * DAY);
    const offer = (await getCouponOffers()).find((o) => o.templateId === general.templateId)!;
    expect(offer.received).toBe(true);
    expect(offer.remaining).toBe(general.total - 1);
  });

  it('answers coupon_40901 when the user already received the coupon', async () => {
    await signUp();
    await postReceiveCoupon(general.templateId);
    expect(await failure(postReceiveCoupon(general.templateId))).toMatchObject({
      kind: 'business',
      code: 'coupon_40901',
    });
  });

  it('answers coupon_41001 once every coupon of an offer is handed out', async () => {
    for (let i = 0; i < scarce.total; i += 1) {
      await signUp();
      await postReceiveCoupon(scarce.templateId);
    }
    await signUp();
    expect(await failure(postReceiveCoupon(scarce.templateId))).toMatchObject({
      kind: 'business',
      code: 'coupon_41001',
    });
    expect((await getCouponOffers()).find((o) => o.templateId === scarce.templateId)?.remaining).toBe(0);
  });
});

describe("the user's coupons", () => {
  it('shows available, used and expired coupons and filters by status', async () => {
    await signUp();
    const toUse = await postReceiveCoupon(templates.find((t) => t.threshold === 0)!.templateId);
    const toExpire = await postReceiveCoupon(general.templateId);
    const goods = goodsOfGame(1, 100);
    const order = await placeOrder(goods.goodsId, 1, toUse.couponId);
    backend.control.completePayment(order.orderId);

    backend.control.advanceClock(general.validDays * DAY);
    const all = await getMyCoupons();
    expect(all.find((c) => c.couponId === toUse.couponId)?.status).toBe('used');
    expect(all.find((c) => c.couponId === toExpire.couponId)?.status).toBe('expired');
    expect((await getMyCoupons('expired')).map((c) => c.couponId)).toContain(toExpire.couponId);
    expect((await getMyCoupons('available')).map((c) => c.couponId)).not.toContain(toExpire.couponId);
  });
});

describe('coupons on orders', () => {
  it('offers the coupons that apply to the goods and picks the largest as best', async () => {
    await signUp();
    const game = gameOnly.gameIds[0]!;
    const goods = catalogue.goods
      .filter((g) => g.gameId === game && g.stock > 20)
      .sort((a, b) => b.price - a.price)[0]!;
    const buyNum = Math.min(goods.limitPerOrder, Math.ceil(gameOnly.threshold / goods.price));
    expect(goods.price * buyNum).toBeGreaterThanOrEqual(gameOnly.threshold);
    const small = await postReceiveCoupon(
      templates.find((t) => t.threshold === 0 && t.gameIds.length === 0)!.templateId,
    );
    const forGame = await postReceiveCoupon(gameOnly.templateId);
    const tooBig = await postReceiveCoupon(
      templates.find((t) => t.gameIds.length === 0 && t.threshold > goods.price * buyNum)!.templateId,
    );

    const match = await getMatchingCoupons({ goodsId: goods.goodsId, buyNum });
    const ids = match.coupons.map((c) => c.couponId);
    expect(ids).toContain(small.couponId);
    expect(ids).toContain(forGame.couponId);
    expect(ids).not.toContain(tooBig.couponId);
    const best = [small, forGame].sort((a, b) => b.amount - a.amount)[0]!;
    expect(match.bestCouponId).toBe(best.couponId);
  });

  it('does not offer a coupon for another game', async () => {
    await signUp();
    const forGame = await postReceiveCoupon(gameOnly.templateId);
    const otherGoods = catalogue.goods.find(
      (g) => !gameOnly.gameIds.includes(g.gameId) && g.price >= gameOnly.threshold,
    )!;
    const match = await getMatchingCoupons({ goodsId: otherGoods.goodsId, buyNum: 1 });
    expect(match.coupons.map((c) => c.couponId)).not.toContain(forGame.couponId);
  });

  it('offers nothing to an anonymous visitor', async () => {
    expect(await getMatchingCoupons({ goodsId: 1, buyNum: 1 })).toEqual({ coupons: [], bestCouponId: null });
  });

  it('takes the coupon off the price, marks it used, and gives it back when the order expires', async () => {
    await signUp();
    const coupon = await postReceiveCoupon(
      templates.find((t) => t.threshold === 0 && t.gameIds.length === 0)!.templateId,
    );
    const goods = goodsOfGame(1, coupon.amount);
    const order = await placeOrder(goods.goodsId, 1, coupon.couponId);
    expect(order).toMatchObject({
      totalAmount: goods.price,
      discountAmount: coupon.amount,
      payAmount: goods.price - coupon.amount,
      coupon: { couponId: coupon.couponId, title: coupon.title, amount: coupon.amount },
    });
    expect((await getMyCoupons('used')).map((c) => c.couponId)).toEqual([coupon.couponId]);
    expect(await failure(placeOrder(goods.goodsId, 1, coupon.couponId))).toMatchObject({ code: 'coupon_40001' });

    backend.control.advanceClock(16 * 60_000);
    expect((await getOrderStatus(order.orderId)).status).toBe('expired');
    expect((await getMyCoupons('available')).map((c) => c.couponId)).toContain(coupon.couponId);
    expect((await getOrder(order.orderId)).coupon?.couponId).toBe(coupon.couponId);
  });

  it('refuses a coupon whose threshold the order does not reach', async () => {
    await signUp();
    const coupon = await postReceiveCoupon(
      templates.find((t) => t.threshold >= 10_000 && t.gameIds.length === 0 && t.total > 100)!.templateId,
    );
    const cheap = catalogue.goods.find((g) => g.price < coupon.threshold && g.stock > 0)!;
    expect(await failure(placeOrder(cheap.goodsId, 1, coupon.couponId))).toMatchObject({ code: 'coupon_40001' });
  });
});

describe('the home popup', () => {
  it('shows the popup coupons to anonymous visitors without handing them out', async () => {
    const popup = await getHomePopup();
    expect(popup.couponList.map((c) => c.title)).toEqual(
      popupIds.map((id) => templates.find((t) => t.templateId === id)!.title),
    );
    expect(backend.control.state().coupons).toBe(0);
  });

  it('gives a new user the popup coupons once, and lists those still to use in every later answer', async () => {
    await signUp();
    const popup = await getHomePopup();
    expect(popup.couponList).toHaveLength(popupIds.length);
    expect((await getMyCoupons()).map((c) => c.couponId).sort()).toEqual(
      popup.couponList.map((c) => c.couponId).sort(),
    );
    // Asked again (an answer the store never read, docs/buying.md): the same coupons, none issued twice.
    expect((await getHomePopup()).couponList).toEqual(popup.couponList);
    expect(await getMyCoupons()).toHaveLength(popupIds.length);
  });

  it('shows nothing to a user created more than 24 hours ago', async () => {
    await signUp();
    backend.control.advanceClock(DAY);
    expect((await getHomePopup()).couponList).toEqual([]);
  });
});
