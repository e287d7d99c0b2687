/**
 * Helpers of the buying tests: a logged-in shopper (an account made through
 * the simulated backend and stored as an earlier visit leaves it, so the app
 * starts logged in), short delays, and the pay dialog as a user reaches it.
 *
 * Logging in: the app restores the stored session (the session engineer's
 * `storeSession`), and tests that need a login mid-flow drive the real login
 * modal (`loginWithSms`).
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { createOrder, getOrder, getOrders, payOrder, type Order } from '../../../src/api/orders';
import type { UserInfo } from '../../../src/api/user';
import { mergeDeps, renderApp, type RootActorOverrides } from '../../support/render-app';
import { backend } from '../../support/server';
import { createAccount, storeSession } from '../session/helpers';
import type { AppActor } from '../../../src/shared/app-actor';

export { backend };

/** Per-test timeout for these flows (vitest's default is 5 s). */
export const FLOW_TIMEOUT = { timeout: 20_000 };

/** Goods 1 of game 1: ¥40.80, CDK delivery, no gift, limit 3 per order, plenty of stock. */
export const PLAIN = { goodsId: 1, gameId: 1, name: '标准版（Steam 激活码）', price: 4080 } as const;
/** Goods 2 of game 1 (豪华版): comes with a gift code. Package 1 holds goods 1 (标准版) and 3 (its DLC), never 2. */
export const WITH_GIFT = { goodsId: 2, gameId: 1 } as const;
/** Goods 10 of game 5: a top-up credited to the buyer's account. */
export const TOP_UP = { goodsId: 10, gameId: 5 } as const;
/** Goods 4: sold out. */
export const SOLD_OUT = { goodsId: 4 } as const;

/** Short status polling and session delays: tests wait for what users see, not for real timings. */
export const fastDeps: RootActorOverrides = {
  testing: {
    purchaseFlows: { delays: { statusPollMs: 20 } },
    sessionFlows: { delays: { tokenPingMs: 60_000, expiryPromptMs: 30 } },
  },
};

let phoneSeq = 0;
/** A phone no other test of this run used (accounts live in the backend until its reset after each test). */
export const nextPhone = () => `1370000${String((phoneSeq += 1)).padStart(4, '0')}`;

/**
 * Starts the app at `url` for a new logged-in shopper. Real-name gating is
 * switched off (`requireRealName: true` keeps the backend default: enabled,
 * sceneType 1).
 */
export async function renderLoggedIn(
  url: string,
  options: { requireRealName?: boolean; deps?: RootActorOverrides } = {},
) {
  if (!options.requireRealName) backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
  const account: UserInfo = await createAccount(nextPhone());
  storeSession(account);
  const app = await renderApp(url, { deps: mergeDeps(fastDeps, options.deps) });
  return { ...app, account };
}

/**
 * The pay dialog, once shown. A failure bound sized for a loaded machine: the first one a worker opens loads
 * the dialog's code and the payment flow (seen taking more than 3 s with the suite and a build beside it).
 */
export const payDialog = () => screen.findByRole('dialog', { name: '支付订单' }, { timeout: 15_000 });

/** Sends the purchase flow's start event, as the buy buttons do. */
export function startPurchase(actor: AppActor, goods: { goodsId: number; gameId?: number }, buyNum = 1) {
  actor.send({ type: 'purchase.start', goodsId: goods.goodsId, buyNum, gameId: goods.gameId ?? 1 });
}

/** Waits for the pay dialog's form, clicks 立即支付 and waits for the QR code. */
export async function payWithQr(user: UserEvent, dialog: HTMLElement): Promise<Order> {
  const pay = await within(dialog).findByRole('button', { name: '立即支付' });
  await waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
  await within(dialog).findByRole('img', { name: '支付二维码' });
  const [order] = (await getOrders({ pageNum: 1, pageSize: 1 })).list;
  if (!order) throw new Error('no order was created');
  return order;
}

/** The shopper's orders, newest first, as the order list call returns them. */
export const listOrders = async () => (await getOrders({ pageNum: 1, pageSize: 50 })).list;

export const toasts = () => within(screen.getByRole('status', { name: '消息提示' }));

/**
 * Loads the lazily imported pages and modals these tests open, so that the
 * first test of a file does not spend its wait on compiling them (call in
 * `beforeAll`).
 */
export async function preloadBuyingChunks(): Promise<void> {
  await Promise.all([
    import('../../../src/features/catalog/home-page'),
    import('../../../src/features/catalog/game-detail-page'),
    import('../../../src/features/buying/order-detail-page'),
    import('../../../src/features/session/setting-page'),
    import('../../../src/features/buying/pay-modal'),
    import('../../../src/features/buying/pay-success-modal'),
    import('../../../src/features/buying/refund-modal'),
    import('../../../src/features/session/login-modal'),
    import('../../../src/features/session/real-name-modal'),
    import('../../../src/app/flows'),
  ]);
}

let requestSeq = 0;

/** An unpaid order of the logged-in shopper, placed through the API. */
export async function placeOrder(goods: { goodsId: number } = PLAIN, buyNum = 1): Promise<Order> {
  return createOrder({ goodsId: goods.goodsId, buyNum, requestId: `test-req-${(requestSeq += 1)}` });
}

/** A delivered order (paid by WeChat) of the logged-in shopper. */
export async function placePaidOrder(goods: { goodsId: number } = PLAIN, buyNum = 1): Promise<Order> {
  const order = await placeOrder(goods, buyNum);
  await payOrder({ orderId: order.orderId, channelCode: 'wechat' });
  backend.control.completePayment(order.orderId);
  return getOrder(order.orderId);
}

/** The row of 我的订单 that shows this order number (beside the row's link, with 复制订单号). */
export async function orderRow(orderId: string): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: '订单列表' });
  return waitFor(() => {
    const row = within(list)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes(`订单号 ${orderId}`));
    if (!row) throw new Error(`no row for ${orderId}`);
    return row;
  });
}
