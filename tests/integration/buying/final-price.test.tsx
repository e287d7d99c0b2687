/**
 * A price is final before it can be paid (docs/buying.md, "The price is final before 立即支付").
 *
 * 1. A new shopper's quick tap: the login earns the account a 新人券, handed out by the call the daily popup
 *    makes (home/popup), which the popup makes only at a quiet moment. Until the pay sheet has made sure
 *    of that grant and read the coupons after it, it says 优惠计算中… and 立即支付 does nothing; the order
 *    made afterwards is the one the sheet then shows (goods, quantity, coupon, amount).
 * 2. A coupon list that changes after the shopper chose: a better coupon is named, the choice is kept; a
 *    chosen coupon that went away is replaced and the sheet says so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AnyActorRef } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Coupon } from '../../../src/api/common';
import { PRICING_MESSAGES } from '../../../machines/payment-messages';
import { renderApp, mergeDeps } from '../../support/render-app';
import { API, backend, testServer } from '../../support/server';
import { answerPost, gate } from '../catalog/helpers';
import { logInThroughModal } from '../marketing/helpers';
import {
  fastDeps,
  listOrders,
  nextPhone,
  payDialog,
  preloadBuyingChunks,
  renderLoggedIn,
  startPurchase,
} from './helpers';

const POPUP = '/u-nnpc/mall/activity/home/popup';
const CREATE = '/nnorder/unified/order/create';
const MATCH = '/goods/mall/activity/goods/matchCoupon';
const DAY = new Date(2026, 0, 31, 10, 0).getTime();

/** Every create call's body, in order (an msw life-cycle listener: the simulated backend still answers). */
function recordCreates(): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  testServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith(CREATE))
      void request
        .clone()
        .json()
        .then((body: Record<string, unknown>) => bodies.push(body));
  });
  return bodies;
}

const paymentOf = (actor: { system: { get(id: string): unknown } }) => actor.system.get('payment') as AnyActorRef;
const hasTag = (actor: { system: { get(id: string): unknown } }, tag: string) =>
  (paymentOf(actor).getSnapshot() as { hasTag(tag: string): boolean }).hasTag(tag);

beforeAll(preloadBuyingChunks);

// A login, a real name and a payment through the whole app: seen taking 50 s on a two-core machine under a load of 20.
describe('the pay sheet’s price is final before 立即支付 works', { timeout: 90_000 }, () => {
  it('a new shopper’s tap while the sheet prices does nothing; the order made is the couponed one the sheet then shows', async () => {
    backend.control.setRealNameConfig({ enable: true, sceneType: 1 });
    const creates = recordCreates();
    // The daily popup's own call waits for a quiet moment that this shopper, busy typing, never leaves it.
    const quietNever = (signal: AbortSignal) =>
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const { user, actor } = await renderApp('/gameDetail/1?goods=1', {
      couponPopup: true,
      deps: mergeDeps(fastDeps, { testing: { now: () => DAY, fetchHomePopup: quietNever } }),
    });
    // The call that hands the new account its coupons is slow to answer: the sheet prices meanwhile.
    const grant = gate();
    testServer.use(
      http.get(`${API}${POPUP}`, async ({ request }) => {
        await grant.wait;
        const reply = await backend.handle({
          method: 'GET',
          path: POPUP,
          query: {},
          headers: Object.fromEntries(request.headers),
          body: undefined,
        });
        return HttpResponse.json(reply.body as object, { status: reply.status });
      }),
    );

    await user.click(await screen.findByRole('button', { name: '立即购买' }));
    await logInThroughModal(user, nextPhone());
    const realName = await screen.findByRole('dialog', { name: '实名认证' }, { timeout: 5000 });
    await user.type(within(realName).getByRole('textbox', { name: '姓名' }), '张三');
    await user.type(within(realName).getByRole('textbox', { name: '身份证号' }), '11010519491231002X');
    await user.click(within(realName).getByRole('button', { name: '提交' }));

    const pay = await payDialog();
    const footer = await within(pay).findByRole('group', { name: '结算' });
    const button = within(footer).getByRole('button', { name: '立即支付' });
    await waitFor(() => expect(within(footer).getByRole('status')).toHaveTextContent(PRICING_MESSAGES.pricing));
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(PRICING_MESSAGES.pricing);
    expect(within(pay).queryByText('暂无可用优惠券')).not.toBeInTheDocument();

    // The quick tap, and the event a sheet that priced too early would have sent: neither makes an order.
    await user.click(button);
    actor.send({
      type: 'payment.submit',
      channel: 'wechat',
      draft: { kind: 'goods', goodsId: 1, buyNum: 1, couponId: null },
      due: 4080,
    });
    expect(hasTag(actor, 'payment:pricing')).toBe(true);
    expect(hasTag(actor, 'payment:creatingOrder')).toBe(false);

    grant.release();
    await waitFor(() => expect(button).toBeEnabled());
    const coupons = within(pay).getByRole('group', { name: '优惠券' });
    const chosen = within(coupons)
      .getAllByRole('radio')
      .find((radio) => (radio as HTMLInputElement).checked);
    expect(chosen).toHaveAccessibleName(/新人专享 5 元无门槛券/);
    expect(footer).toHaveTextContent('已优惠 ¥5.00');
    expect(footer).toHaveTextContent('¥35.80');
    expect(within(footer).getByRole('status')).not.toHaveTextContent(PRICING_MESSAGES.pricing);

    await user.click(button);
    await within(pay).findByRole('img', { name: '支付二维码' });
    // Exactly the order shown: one create, goods 1 × 1 with the coupon checked, charged ¥35.80.
    expect(creates).toHaveLength(1);
    const [order] = await listOrders();
    expect(creates[0]).toMatchObject({ goodsId: 1, buyNum: 1, couponId: order?.coupon?.couponId });
    expect(order?.coupon?.title).toBe('新人专享 5 元无门槛券');
    expect(order?.payAmount).toBe(3580);
  });

  it('the daily popup answering after the pay flow claimed brings nothing new: the price stays final, not asked again', async () => {
    backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
    // The popup's own call, for the new account, is out (waiting for a quiet moment) when the sheet opens, and
    // answers only once the sheet has priced: the pay flow claims the coupons itself meanwhile.
    const popupAnswers = gate();
    const { user, actor } = await renderApp('/gameDetail/1?goods=1', {
      couponPopup: true,
      deps: mergeDeps(fastDeps, {
        testing: {
          now: () => DAY,
          fetchHomePopup: (signal: AbortSignal) =>
            popupAnswers.wait
              .then(() => import('../../../src/api/user'))
              .then((api) => api.getHomePopup({ signal }))
              .then((answer) => answer.couponList),
        },
      }),
    });
    let matches = 0;
    testServer.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith(MATCH)) matches += 1;
    });

    await user.click(await screen.findByRole('button', { name: '立即购买' }));
    await logInThroughModal(user, nextPhone());
    const pay = await payDialog();
    const footer = await within(pay).findByRole('group', { name: '结算' });
    const button = within(footer).getByRole('button', { name: '立即支付' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(footer).toHaveTextContent('已优惠 ¥5.00');
    const asked = matches;

    popupAnswers.release();
    const popup = actor.system.get('couponPopup') as AnyActorRef;
    await waitFor(() =>
      expect((popup.getSnapshot() as { context: { coupons: Coupon[] } }).context.coupons.length).toBeGreaterThan(0),
    );
    // What the popup brought is what the claim saw: the sheet neither asks again nor goes back to 优惠计算中….
    expect(matches).toBe(asked);
    expect(hasTag(actor, 'payment:priced')).toBe(true);
    expect(within(footer).getByRole('status')).not.toHaveTextContent(PRICING_MESSAGES.pricing);
    expect(button).toBeEnabled();
    await user.click(button);
    await within(pay).findByRole('img', { name: '支付二维码' });
    const [order] = await listOrders();
    expect(order?.payAmount).toBe(3580);
  });

  it('a better coupon arriving after the shopper chose is named and the choice kept; a chosen coupon that went away is replaced, and the sheet says so', async () => {
    const coupon = (couponId: string, title: string, amount: number): Coupon => ({
      couponId,
      title,
      amount,
      threshold: 0,
      startTime: 0,
      expireTime: DAY + 86_400_000,
      status: 'available',
      gameIds: [],
      description: '',
    });
    const SMALL = coupon('c-small', '小额券', 300);
    const MIDDLE = coupon('c-middle', '中额券', 500);
    const LARGE = coupon('c-large', '大额券', 800);
    let answer = { coupons: [SMALL, MIDDLE], bestCouponId: MIDDLE.couponId };
    answerPost(MATCH, () => answer);
    const { actor, user, queryClient } = await renderLoggedIn('/gameDetail/1');
    startPurchase(actor, { goodsId: 1, gameId: 1 });
    const pay = await payDialog();
    const coupons = await within(pay).findByRole('group', { name: '优惠券' });
    const footer = within(pay).getByRole('group', { name: '结算' });
    await waitFor(() => expect(within(footer).getByRole('button', { name: '立即支付' })).toBeEnabled());
    await user.click(within(coupons).getByRole('radio', { name: /小额券/ }));
    await waitFor(() => expect(footer).toHaveTextContent('已优惠 ¥3.00'));

    // The list refreshes with a better coupon: the shopper's choice stays, and the sheet names the better one.
    answer = { coupons: [SMALL, MIDDLE, LARGE], bestCouponId: LARGE.couponId };
    await queryClient.invalidateQueries({ queryKey: ['matchCoupon'] });
    const notices = () => within(pay).getByRole('list', { name: PRICING_MESSAGES.noticesLabel });
    await waitFor(() => expect(notices()).toHaveTextContent(PRICING_MESSAGES.betterCoupon(LARGE.title, '¥8.00')));
    expect(within(coupons).getByRole('radio', { name: /小额券/ })).toBeChecked();
    expect(footer).toHaveTextContent('已优惠 ¥3.00');
    await waitFor(() => expect(within(footer).getByRole('button', { name: '立即支付' })).toBeEnabled());

    // The chosen coupon goes away: the best one takes its place, and the sheet says so.
    answer = { coupons: [MIDDLE, LARGE], bestCouponId: LARGE.couponId };
    await queryClient.invalidateQueries({ queryKey: ['matchCoupon'] });
    await waitFor(() => expect(notices()).toHaveTextContent(PRICING_MESSAGES.chosenCouponGone));
    expect(within(coupons).getByRole('radio', { name: /大额券/ })).toBeChecked();
    expect(footer).toHaveTextContent('已优惠 ¥8.00');
  });
});
