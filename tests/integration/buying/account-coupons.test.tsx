/**
 * One account at a time (docs/buying.md, "Account changes"): the pay dialog's coupons belong to one account and to now. A coupon an order has
 * taken is not offered again, and another account in the same tab never sees (nor orders with) the
 * previous account's coupons.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { postReceiveCoupon } from '../../../src/api/coupons';
import { testServer } from '../../support/server';
import { loginWithSms, openLoginDialog } from '../session/helpers';
import {
  FLOW_TIMEOUT,
  PLAIN,
  nextPhone,
  payDialog,
  payWithQr,
  preloadBuyingChunks,
  renderLoggedIn,
  startPurchase,
} from './helpers';

beforeAll(preloadBuyingChunks);

const COUPON_100_10 = 2; // template 满 100 减 10 元
const couponChoice = (dialog: HTMLElement) => within(dialog).findByRole('radio', { name: /满 100 减 10 元/ });

/** The bodies of the order-create requests, as the backend received them. */
function recordOrderCreates(): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  testServer.events.on('request:start', ({ request }) => {
    if (!request.url.endsWith('/nnorder/unified/order/create')) return;
    void request
      .clone()
      .json()
      .then((body: Record<string, unknown>) => bodies.push(body));
  });
  return bodies;
}

/** Closes the pay dialog while a payment waits: 离开支付, then 确认离开. */
async function leavePayment(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: '离开支付' }));
  await user.click(await within(dialog).findByRole('button', { name: '确认离开' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument());
}

describe('coupons in the pay dialog belong to the account and to now', FLOW_TIMEOUT, () => {
  it('does not offer again a coupon that an order just took', async () => {
    const { user, actor } = await renderLoggedIn('/');
    await postReceiveCoupon(COUPON_100_10);

    startPurchase(actor, PLAIN, 3);
    const first = await payDialog();
    expect(await couponChoice(first)).toBeChecked();
    await payWithQr(user, first);
    await leavePayment(user, first);

    // The coupon is held by the unpaid order now: buying again offers nothing to take it twice.
    startPurchase(actor, PLAIN, 3);
    const second = await payDialog();
    expect(await within(second).findByText('暂无可用优惠券')).toBeInTheDocument();
    expect(within(second).queryByRole('radio', { name: /满 100 减 10 元/ })).not.toBeInTheDocument();
  });

  it('never shows the next account in the same tab the previous account’s coupons, nor orders with them', async () => {
    const { user, actor, router } = await renderLoggedIn('/');
    await postReceiveCoupon(COUPON_100_10);
    startPurchase(actor, PLAIN, 3);
    const dialogA = await payDialog();
    await couponChoice(dialogA);
    await user.click(within(dialogA).getByRole('button', { name: '关闭' }));

    // A logs out in the personal centre; B logs in in the same tab and buys the same goods.
    await router.navigate({ to: '/setting', search: { type: 2 } });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await loginWithSms(user, await openLoginDialog(user), nextPhone());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());

    const creates = recordOrderCreates();
    startPurchase(actor, PLAIN, 3);
    const dialogB = await payDialog();
    expect(await within(dialogB).findByText('暂无可用优惠券')).toBeInTheDocument();
    await payWithQr(user, dialogB);
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]?.couponId ?? null).toBeNull();
  });
});
