/**
 * One checkout for the cart (docs/cart.md, "One checkout"): 去结算 (`cart.checkout`, what the /cart page's button
 * sends) through the same gate as 立即购买 to one pay sheet of every line, one combined order at the prices shown,
 * the keys grouped by game, the order's lines in the list and the detail, the refund of the whole order, paid lines
 * leaving the cart; a server without the extension (one order per goods) and a visitor who logs in at 去结算.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import type { CartLine } from '../../../machines/cart.machine';
import { cartList, cartMerge, cartRemove, cartSet, postCartSet } from '../../../src/api/cart';
import { postReceiveCoupon } from '../../../src/api/coupons';
import { getOrder } from '../../../src/api/orders';
import { whenCartOpen } from '../../../src/features/cart/cart-open';
import type { AppActor } from '../../../src/shared/app-actor';
import { formatYuan } from '../../../src/shared/money';
import { fromPriceGoods } from '../../../src/api/from-price';
import { catalogue } from '../../mock/helpers';
import { renderApp } from '../../support/render-app';
import { API, testServer } from '../../support/server';
import { loginWithSms } from '../session/helpers';
import {
  backend,
  FLOW_TIMEOUT,
  fastDeps,
  listOrders,
  payDialog,
  payWithQr,
  preloadBuyingChunks,
  renderLoggedIn,
  toasts,
} from '../buying/helpers';

const yuan = (n: number) => n * 100;
/** Keys with stock to spare and a limit of at least 2, no gift, in no package. */
const plain = catalogue.goods.filter(
  (g) =>
    g.type === 'key' &&
    g.stock >= 30 &&
    g.limitPerOrder >= 2 &&
    !g.hasGift &&
    !catalogue.packages.some((p) => p.goodsIds.includes(g.goodsId)),
);
/** Two keys of two games, each under ¥200 and together at least ¥200 (the 满 200 减 25 coupon's threshold). */
const [keyA, keyB] = (() => {
  for (const a of plain)
    for (const b of plain)
      if (a.gameId !== b.gameId && a.price < yuan(200) && b.price < yuan(200) && a.price + b.price >= yuan(200))
        return [a, b] as const;
  throw new Error('the seed has no such pair');
})();
/** A third key of yet another game, left in the cart unchosen. */
const keyC = plain.find((g) => g.gameId !== keyA.gameId && g.gameId !== keyB.gameId)!;
const over200 = catalogue.couponTemplates.find((t) => t.threshold === yuan(200) && t.gameIds.length === 0)!;
const soldOut = catalogue.goods.find((g) => g.stock === 0)!;
/** The goods whose price `lowerPrice` lowers (its game's from-price goods), of another game than keyA's. */
const lowerable = plain
  .map((g) => fromPriceGoods(catalogue.goods.filter((other) => other.gameId === g.gameId))!)
  .find((goods) => goods.stock > 0 && goods.gameId !== keyA.gameId)!;

type Goods = (typeof catalogue.goods)[number];
const lineOf = (goods: Goods, buyNum = 1): CartLine => ({
  goodsId: goods.goodsId,
  gameId: goods.gameId,
  gameName: goods.gameName,
  goodsName: goods.name,
  cover: goods.cover,
  buyNum,
  addedPrice: goods.price,
  addedAt: 1,
  price: goods.price,
});

/** The cart as shown, once read and with every write answered. */
const settledCart = async (actor: AppActor) =>
  (
    await waitForActor(
      await whenCartOpen(actor),
      (s) => (s.matches('ready') || s.matches('syncFailed')) && s.context.queue.length === 0,
      { timeout: 10_000 },
    )
  ).context;

/** Puts lines in the logged-in account's cart on the server and waits for the cart to show them. */
async function fillServerCart(actor: AppActor, userId: number, lines: [Goods, number][]) {
  for (const [goods, buyNum] of lines) await postCartSet(userId, { goodsId: goods.goodsId, buyNum });
  actor.send({ type: 'cart.refresh' });
  await waitFor(async () => expect((await settledCart(actor)).lines).toHaveLength(lines.length));
}

/** A server without the extension: the cart's calls are unknown calls. */
const withoutExtension = () =>
  testServer.use(
    ...[cartList, cartSet, cartRemove, cartMerge].map((def) =>
      http.post(`${API}${def.path}`, () => new HttpResponse('Not Found', { status: 404 })),
    ),
  );

const lineName = (goods: Goods) => `${goods.gameName} · ${goods.name}`;

beforeAll(preloadBuyingChunks);

describe('one checkout for the cart', FLOW_TIMEOUT, () => {
  it('pays the chosen lines of two games in one order with the best coupon, shows the keys by game, and leaves the rest in the cart', async () => {
    const { actor, user, account, router } = await renderLoggedIn('/');
    const coupon = await postReceiveCoupon(over200.templateId);
    await fillServerCart(actor, account.userId, [
      [keyA, 1],
      [keyB, 2],
      [keyC, 1],
    ]);

    actor.send({ type: 'cart.checkout', goodsIds: [keyA.goodsId, keyB.goodsId] });
    const dialog = await payDialog();
    const lines = within(await within(dialog).findByRole('list', { name: '结算商品' })).getAllByRole('listitem');
    // Newest first, as the cart shows them.
    expect(lines.map((li) => li.textContent)).toEqual([
      `${keyB.gameName}${keyB.name}${formatYuan(keyB.price)} × 2`,
      `${keyA.gameName}${keyA.name}${formatYuan(keyA.price)} × 1`,
    ]);
    // The best coupon for the whole order, chosen once the price is final.
    const best = await within(dialog).findByRole('radio', { name: new RegExp(coupon.title) });
    await waitFor(() => expect(best).toBeChecked());
    const subtotal = keyA.price + keyB.price * 2;
    const due = subtotal - over200.amount;
    const total = within(dialog).getByRole('group', { name: '结算' });
    await waitFor(() => expect(within(total).getByRole('button', { name: '立即支付' })).toBeEnabled());
    expect(within(total).getByText('应付金额').nextElementSibling).toHaveTextContent(formatYuan(due));

    const order = await payWithQr(user, dialog);
    expect(order.items.map((i) => [i.goodsId, i.buyNum, i.price])).toEqual([
      [keyB.goodsId, 2, keyB.price],
      [keyA.goodsId, 1, keyA.price],
    ]);
    expect(order).toMatchObject({ payAmount: due, coupon: { couponId: coupon.couponId } });
    backend.control.completePayment(order.orderId);

    const success = await screen.findByRole('dialog', { name: '支付成功' }, { timeout: 10_000 });
    const keys = await within(success).findByRole('region', { name: '激活码' });
    for (const goods of [keyA, keyB]) {
      const game = within(keys).getByRole('region', { name: goods.gameName });
      expect(within(game).getByRole('list', { name: `${lineName(goods)} 的激活码` })).toBeInTheDocument();
      expect(within(game).getByRole('heading', { name: /激活步骤/ })).toBeInTheDocument();
    }
    expect(
      within(within(keys).getByRole('region', { name: keyB.gameName })).getAllByRole('button', { name: '复制激活码' }),
    ).toHaveLength(2);

    // The paid lines left the cart; the line not chosen stayed.
    await waitFor(async () =>
      expect((await settledCart(actor)).lines.map((l) => [l.goodsId, l.buyNum])).toEqual([[keyC.goodsId, 1]]),
    );

    // The order list and the detail show every line.
    await user.click(within(success).getByRole('link', { name: '查看订单' }));
    const items = await screen.findByRole('region', { name: '商品' });
    expect(within(items).getByText(new RegExp(`${keyA.gameName}`))).toBeInTheDocument();
    expect(within(items).getByText(new RegExp(`${keyB.gameName}`))).toBeInTheDocument();
    await router.navigate({ to: '/setting', search: { type: 0 } });
    const list = await screen.findByRole('list', { name: '订单列表' });
    expect(await within(list).findByText(`${lineName(keyB)} × 2，${lineName(keyA)} × 1`)).toBeInTheDocument();
  });

  it('goes through the real-name step first, as 立即购买 does', async () => {
    const { actor, account } = await renderLoggedIn('/', { requireRealName: true });
    await fillServerCart(actor, account.userId, [
      [keyA, 1],
      [keyB, 1],
    ]);
    actor.send({ type: 'cart.checkout', goodsIds: [keyA.goodsId, keyB.goodsId] });
    expect(await toasts().findByText('请先实名')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: '实名认证' })).toBeInTheDocument();
  });

  it('says 库存不足 and opens no pay sheet when one of the lines is sold out', async () => {
    const { actor, account } = await renderLoggedIn('/');
    await fillServerCart(actor, account.userId, [[keyA, 1]]);
    // A line the server still lists while its goods sold out meanwhile.
    const lines = (await settledCart(actor)).lines;
    actor.send({ type: 'cart.add', line: { ...lineOf(soldOut), price: soldOut.price } });
    await waitFor(async () => expect((await settledCart(actor)).lines.length).toBeGreaterThan(lines.length));
    actor.send({ type: 'cart.checkout', goodsIds: [keyA.goodsId, soldOut.goodsId] });
    expect(await toasts().findByText('库存不足，请联系客服')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
  });

  it('shows a price changed since the cart showed it, charges nothing, and reads the cart again', async () => {
    const { actor, user, account } = await renderLoggedIn('/');
    await fillServerCart(actor, account.userId, [
      [keyA, 1],
      [lowerable, 1],
    ]);
    actor.send({ type: 'cart.checkout', goodsIds: [keyA.goodsId, lowerable.goodsId] });
    const dialog = await payDialog();
    const pay = await within(dialog).findByRole('button', { name: '立即支付' });
    await waitFor(() => expect(pay).toBeEnabled());
    const lowered = backend.control.lowerPrice(lowerable.gameId);
    await user.click(pay);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `「${lineName(lowerable)}」的价格已变动，请确认新价格后再结算`,
    );
    expect(await listOrders()).toEqual([]);
    await waitFor(async () =>
      expect((await settledCart(actor)).lines.find((l) => l.goodsId === lowerable.goodsId)?.price).toBe(lowered),
    );
  });

  it('refunds a combined order whole, saying so first, and that keys marked redeemed go void too', async () => {
    const { actor, user, account } = await renderLoggedIn('/');
    await fillServerCart(actor, account.userId, [
      [keyA, 1],
      [keyB, 1],
    ]);
    actor.send({ type: 'cart.checkout', goodsIds: [keyA.goodsId, keyB.goodsId] });
    const order = await payWithQr(user, await payDialog());
    backend.control.completePayment(order.orderId);
    const success = await screen.findByRole('dialog', { name: '支付成功' }, { timeout: 10_000 });
    const game = await within(success).findByRole('region', { name: keyA.gameName });
    await user.click(within(game).getByRole('checkbox', { name: '标记为已兑换' }));
    await user.click(within(success).getByRole('link', { name: '查看订单' }));

    await user.click(await screen.findByRole('button', { name: '申请退款' }));
    const refund = await screen.findByRole('dialog', { name: '申请退款' });
    expect(
      await within(refund).findByText(
        '退款按整单处理：本订单 2 种共 2 件商品一并退款，全部 2 个激活码将失效，不能只退其中一部分。',
      ),
    ).toBeInTheDocument();
    expect(
      within(refund).getByText('其中 1 个激活码已标记为已兑换：已兑换的激活码同样失效，对应游戏可能被平台收回。'),
    ).toBeInTheDocument();
    await user.click(within(refund).getByRole('button', { name: '提交申请' }));
    expect(
      within(refund).getByText(`确认申请退款？退款金额 ${formatYuan(order.payAmount)} 将原路退回。`),
    ).toBeInTheDocument();
    await user.click(within(refund).getByRole('button', { name: '确认退款' }));
    await waitFor(async () => expect((await getOrder(order.orderId)).status).toBe('refunding'));
  });

  it('without the extension says before paying that each goods is its own order, pays the first, and keeps the rest', async () => {
    withoutExtension();
    const { actor, user } = await renderLoggedIn('/');
    await settledCart(actor);
    actor.send({ type: 'cart.add', line: lineOf(keyA) });
    actor.send({ type: 'cart.add', line: lineOf(keyB, 2) });
    await waitFor(async () => expect((await settledCart(actor)).lines).toHaveLength(2));
    expect((await settledCart(actor)).where).toBe('browser');
    const [first, second] = (await settledCart(actor)).lines;

    actor.send({ type: 'cart.checkout', goodsIds: [keyA.goodsId, keyB.goodsId] });
    const dialog = await payDialog();
    const notes = await within(dialog).findByRole('list', { name: '优惠提示' });
    expect(notes).toHaveTextContent(
      `当前不支持合并下单，每件商品需单独下单支付：本次支付「${first!.gameName} · ${first!.goodsName}」，其余 1 件商品保留在购物车中，可稍后继续结算`,
    );
    const order = await payWithQr(user, dialog);
    expect(order.items.map((i) => i.goodsId)).toEqual([first!.goodsId]);
    backend.control.completePayment(order.orderId);
    await screen.findByRole('dialog', { name: '支付成功' }, { timeout: 10_000 });
    await waitFor(async () =>
      expect((await settledCart(actor)).lines.map((l) => l.goodsId)).toEqual([second!.goodsId]),
    );
  });

  it('asks a visitor to log in at 去结算, merges the cart through the hand-over, then opens one sheet of the account’s lines', async () => {
    backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
    const { actor, user } = await renderApp('/', { deps: fastDeps });
    await settledCart(actor);
    actor.send({ type: 'cart.add', line: lineOf(keyA) });
    actor.send({ type: 'cart.add', line: lineOf(keyB) });
    await waitFor(async () => expect((await settledCart(actor)).lines).toHaveLength(2));

    actor.send({ type: 'cart.checkout', goodsIds: [keyA.goodsId, keyB.goodsId] });
    await loginWithSms(user, await screen.findByRole('dialog', { name: '登录' }));

    const dialog = await payDialog();
    const lines = within(await within(dialog).findByRole('list', { name: '结算商品' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect((await settledCart(actor)).owner).not.toBeNull();
    expect((await settledCart(actor)).where).toBe('server');
  });
});
