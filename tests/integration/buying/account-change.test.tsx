/**
 * One account at a time (docs/buying.md, "Account changes"), an expiry, a switch and the other-tab logout: what happens to a purchase when the account
 * changes (docs/buying.md, "Account changes"). An expiry suspends it and the same account's next login
 * resumes it with every choice; another tab's login or logout cancels it with a warning and never carries
 * it over to the other account.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CHANGE_MESSAGES } from '../../../machines/account-change';
import { PAY_GATE_MESSAGES } from '../../../machines/pay-gate.machine';
import { PRICING_MESSAGES } from '../../../machines/payment-messages';
import { SESSION_MESSAGES } from '../../../machines/session.machine';
import { postReceiveCoupon } from '../../../src/api/coupons';
import { resetToasts } from '../../../src/shared/toast';
import { maskPhone } from '../../../src/shared/format';
import { RESUME_NOTES } from '../../../src/features/buying/pay-editor';
import { createMswHandlers } from '../../../src/mock/msw-handlers';
import { API, ok, testServer } from '../../support/server';
import { countRequests, gate } from '../catalog/helpers';
import { otherTabStores } from '../../model/ui-helpers';
import { createAccount, header, loginWithSms } from '../session/helpers';
import {
  backend,
  FLOW_TIMEOUT,
  listOrders,
  nextPhone,
  PLAIN,
  payDialog,
  payWithQr,
  preloadBuyingChunks,
  renderLoggedIn,
  startPurchase,
  toasts,
} from './helpers';

beforeAll(preloadBuyingChunks);

afterEach(() => {
  resetToasts();
});

const REAL_NAME = { name: '张三', idCard: '11010519491231002X' } as const;
const ORDER_CREATE = '/nnorder/unified/order/create';

async function payButton(dialog: HTMLElement) {
  const button = await within(dialog).findByRole('button', { name: '立即支付' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('an expiry mid-purchase', FLOW_TIMEOUT, () => {
  it('resumes the pay dialog after the same account logs in again, with the quantity, channel and coupon as they were', async () => {
    const { user, actor, account } = await renderLoggedIn('/');
    await postReceiveCoupon(1); // 新人专享 5 元无门槛券
    await postReceiveCoupon(2); // 满 100 减 10 元
    startPurchase(actor, PLAIN, 1);
    let dialog = await payDialog();
    let pay = within(dialog);
    await user.click(await pay.findByRole('button', { name: '增加数量' }));
    await user.click(pay.getByRole('button', { name: '增加数量' })); // 3 × ¥40.80 = ¥122.40 (at most 3 per order)
    await user.click(await pay.findByRole('radio', { name: '支付宝' }));
    await user.click(await pay.findByRole('radio', { name: '新人专享 5 元无门槛券（省 ¥5.00）' }));

    backend.control.expireSessions();
    const creates = countRequests(ORDER_CREATE);
    await user.click(await payButton(dialog));

    // One warning, the login dialog, and no order (the server refused the expired token).
    const login = await screen.findByRole('dialog', { name: '登录' });
    expect(toasts().getAllByText(SESSION_MESSAGES.expired)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
    await loginWithSms(user, login, account.telNum);

    dialog = await payDialog();
    pay = within(dialog);
    expect(await pay.findByRole('spinbutton', { name: '购买数量' })).toHaveValue(3);
    expect(await pay.findByRole('radio', { name: '支付宝' })).toBeChecked();
    expect(await pay.findByRole('radio', { name: '新人专享 5 元无门槛券（省 ¥5.00）' })).toBeChecked();
    // No notice: nothing the shopper chose had to change (the sheet's status lines are always there, empty).
    expect(pay.queryByRole('list', { name: PRICING_MESSAGES.noticesLabel })).not.toBeInTheDocument();

    await user.click(await payButton(dialog));
    expect(await pay.findByRole('link', { name: '前往支付宝支付' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/webapi\/static\/pay\/XY\d+\?sign=\w+$/),
    );
    const orders = await listOrders();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      payChannel: 'alipay',
      coupon: { title: '新人专享 5 元无门槛券' },
      items: [{ goodsId: PLAIN.goodsId, buyNum: 3 }],
    });
    expect(creates.count).toBe(2); // the refused one and the one after the login
  });

  it('re-checks each choice against the new answers and says which one no longer holds', async () => {
    const { user, actor, account } = await renderLoggedIn('/');
    await postReceiveCoupon(2); // 满 100 减 10 元
    startPurchase(actor, PLAIN, 3);
    const dialog = await payDialog();
    expect(await within(dialog).findByRole('radio', { name: '满 100 减 10 元（省 ¥10.00）' })).toBeChecked();

    backend.control.expireSessions();
    await user.click(await payButton(dialog));
    const login = await screen.findByRole('dialog', { name: '登录' });
    // Meanwhile the coupon was used up elsewhere (another order of this account took it).
    testServer.use(
      http.post(`${API}/goods/mall/activity/goods/matchCoupon`, () => ok({ coupons: [], bestCouponId: null })),
    );
    await loginWithSms(user, login, account.telNum);

    const resumed = within(await payDialog());
    expect(await resumed.findByText(RESUME_NOTES.coupon)).toBeInTheDocument();
    expect(await resumed.findByText('暂无可用优惠券')).toBeInTheDocument();
    expect(resumed.getByRole('spinbutton', { name: '购买数量' })).toHaveValue(3);
  });

  it('reopens the unpaid order after the login, never creating a second one', async () => {
    const { user, actor, account } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const order = await payWithQr(user, await payDialog());
    const creates = countRequests(ORDER_CREATE);

    backend.control.expireSessions();
    const login = await screen.findByRole('dialog', { name: '登录' });
    await loginWithSms(user, login, account.telNum);

    const dialog = await payDialog();
    expect(await within(dialog).findByText(order.orderId)).toBeInTheDocument();
    await user.click(await payButton(dialog));
    expect(await within(dialog).findByRole('img', { name: '支付二维码' })).toBeInTheDocument();
    backend.control.completePayment(order.orderId);
    expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
    expect(creates.count).toBe(0);
    expect(await listOrders()).toHaveLength(1);
  });

  it('never makes a second order when the server took the create just before the expiry and its answer was lost', async () => {
    const { user, actor, account } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN, 2);
    const dialog = await payDialog();
    // The server creates the order while the token is still valid, but its answer never reaches the page.
    const createTaken = gate();
    const lostAnswer = gate();
    testServer.use(
      http.post(
        `${API}${ORDER_CREATE}`,
        async ({ request }) => {
          const answer = await getResponse(createMswHandlers(backend), request);
          createTaken.release();
          await lostAnswer.wait;
          return answer;
        },
        { once: true },
      ),
    );
    await user.click(await payButton(dialog));
    await createTaken.wait;
    expect(await listOrders()).toHaveLength(1);

    // Then the login expires: the next call of the page is refused, with the create still unanswered.
    backend.control.expireSessions();
    await postReceiveCoupon(1).catch(() => undefined);
    const login = await screen.findByRole('dialog', { name: '登录' });
    lostAnswer.release();
    await loginWithSms(user, login, account.telNum);

    // The resumed dialog orders with the interrupted dialog's idempotency key: the server answers with
    // the order it already made.
    const resumed = await payDialog();
    expect(await within(resumed).findByRole('spinbutton', { name: '购买数量' })).toHaveValue(2);
    await user.click(await payButton(resumed));
    expect(await within(resumed).findByRole('img', { name: '支付二维码' })).toBeInTheDocument();
    expect(await listOrders()).toHaveLength(1);
  });

  it('resumes a purchase the expiry hit at the real-name submit: after the login, real name again, then the pay dialog', async () => {
    const { user, actor, account } = await renderLoggedIn('/', { requireRealName: true });
    startPurchase(actor, PLAIN, 2);
    let realName = await screen.findByRole('dialog', { name: '实名认证' });
    backend.control.expireSessions();
    await user.type(within(realName).getByLabelText('姓名'), REAL_NAME.name);
    await user.type(within(realName).getByLabelText('身份证号'), REAL_NAME.idCard);
    await user.click(within(realName).getByRole('button', { name: '提交' }));

    const login = await screen.findByRole('dialog', { name: '登录' });
    await loginWithSms(user, login, account.telNum);

    realName = await screen.findByRole('dialog', { name: '实名认证' });
    expect(toasts().getAllByText(PAY_GATE_MESSAGES.realNameRequired).length).toBeGreaterThan(0);
    await user.type(within(realName).getByLabelText('姓名'), REAL_NAME.name);
    await user.type(within(realName).getByLabelText('身份证号'), REAL_NAME.idCard);
    await user.click(within(realName).getByRole('button', { name: '提交' }));

    const dialog = await payDialog();
    expect(await within(dialog).findByRole('spinbutton', { name: '购买数量' })).toHaveValue(2);
  });

  it('drops the purchase with a warning when another account logs in next', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN, 2);
    const dialog = await payDialog();
    backend.control.expireSessions();
    await user.click(await payButton(dialog));
    const login = await screen.findByRole('dialog', { name: '登录' });

    const other = nextPhone();
    await loginWithSms(user, login, other);
    expect(await header().findByText(maskPhone(other))).toBeInTheDocument();
    expect(await toasts().findByText(ACCOUNT_CHANGE_MESSAGES.resumeDropped)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
    expect(await listOrders()).toHaveLength(0);
  });
});

describe('another tab changes the account under the pay dialog', FLOW_TIMEOUT, () => {
  it('an account switch cancels the purchase with a warning; nothing is ordered on the other account', async () => {
    const { actor } = await renderLoggedIn('/');
    await postReceiveCoupon(2);
    startPurchase(actor, PLAIN, 3);
    const dialog = await payDialog();
    await payButton(dialog);
    const creates = countRequests(ORDER_CREATE);

    const other = await createAccount(nextPhone());
    otherTabStores(other);

    expect(await toasts().findByText(ACCOUNT_CHANGE_MESSAGES.switched)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument());
    expect(await header().findByText(maskPhone(other.telNum))).toBeInTheDocument();
    expect(creates.count).toBe(0);
    expect(await listOrders()).toHaveLength(0);
  });

  it('an account switch while the real-name dialog is open closes it and cancels the purchase', async () => {
    const { actor } = await renderLoggedIn('/', { requireRealName: true });
    startPurchase(actor, PLAIN);
    await screen.findByRole('dialog', { name: '实名认证' });

    otherTabStores(await createAccount(nextPhone()));

    expect(await toasts().findByText(ACCOUNT_CHANGE_MESSAGES.switched)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '实名认证' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
  });

  it('a logout in another tab closes the dialog saying why, and the unpaid order stays payable after the next login', async () => {
    const { user, actor, account } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const order = await payWithQr(user, await payDialog());

    otherTabStores(null);

    expect(await toasts().findByText(ACCOUNT_CHANGE_MESSAGES.signedOutElsewhereOrderKept)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument());
    otherTabStores(account);
    expect((await listOrders()).find((item) => item.orderId === order.orderId)?.status).toBe('unpaid');
  });
});

describe('a login in this tab over the account of an open pay dialog', FLOW_TIMEOUT, () => {
  it("closes that account's pay dialog before the new token is used, so nothing is ordered under the new account", async () => {
    // An auto-login link opened while A is logged in; its exchange answers only after A has opened the pay
    // dialog, so the 自动登录 dialog comes over it (a shopper quick to press 立即购买 on a slow network).
    const exchangeHeld = gate();
    testServer.use(
      http.post(`${API}/u-nnpc/api/mall/user/checkTokenGetUserInfo`, async () => {
        await exchangeHeld.wait;
        return undefined; // on to the simulated backend
      }),
    );
    const other = await createAccount(nextPhone());
    const token = backend.control.issueAutoLoginToken(other.telNum);
    const { user, actor } = await renderLoggedIn(`/?token=${token}&appId=nn_mall_web`);
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();
    await payButton(dialog);
    const creates = countRequests(ORDER_CREATE);

    // The new account signs in slowly: its real-name config answers only when released.
    const configHeld = gate();
    testServer.use(
      http.post(`${API}/u-nnpc/api/mall/realName/global/config`, async () => {
        await configHeld.wait;
        return undefined;
      }),
    );
    exchangeHeld.release();
    const ask = await screen.findByRole('dialog', { name: '自动登录' });
    await user.click(within(ask).getByRole('button', { name: '确认登录' }));

    // While the new account still signs in, the previous account's pay dialog is already gone.
    expect(await toasts().findByText(ACCOUNT_CHANGE_MESSAGES.switched)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument());
    configHeld.release();
    expect(await header().findByText(maskPhone(other.telNum))).toBeInTheDocument();
    expect(creates.count).toBe(0);
    expect(await listOrders()).toHaveLength(0);
  });
});
