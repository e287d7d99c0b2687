/**
 * The first order's coupon (docs/marketing.md, "Daily coupon popup"): a new shopper's first order has the coupons the login earned. The walk the issue
 * describes: close the daily popup, 立即购买, log in, verify the real name; the first pay dialog offers
 * the best coupon (the popup's answer, which hands a new account its coupons, may come while the dialog
 * is open: the dialog asks the matching owner again), and the popup announces them once it may show.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { API, backend, testServer } from '../../support/server';
import { gate } from '../catalog/helpers';
import { renderApp } from '../../support/render-app';
import { SLOW, logInThroughModal, popupSettled } from './helpers';
import { PRICING_MESSAGES } from '../../../machines/payment-messages';

const DAY = new Date(2026, 0, 31, 10, 0).getTime();
const POPUP = '/u-nnpc/mall/activity/home/popup';

describe('a new shopper’s first order', { timeout: 30_000 }, () => {
  it('closes the popup, buys, logs in, verifies the real name, and pays with the login’s coupon applied', async () => {
    backend.control.setRealNameConfig({ enable: true, sceneType: 1 });
    const { user, actor } = await renderApp('/gameDetail/1?goods=1', {
      couponPopup: true,
      deps: { testing: { now: () => DAY } },
    });
    const popup = await screen.findByRole('dialog', { name: '领取优惠券' }, { timeout: SLOW });
    await user.click(within(popup).getByRole('button', { name: '关闭' }));
    await popupSettled(actor);
    // The logged-in popup's answer (which hands the new account its coupons) comes only once the pay dialog
    // is open, as it does when the shopper is quick: the popup waits for a quiet moment.
    const answer = gate();
    testServer.use(
      http.get(`${API}${POPUP}`, async ({ request }) => {
        await answer.wait;
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
    await logInThroughModal(user, '13900003232');
    const realName = await screen.findByRole('dialog', { name: '实名认证' }, { timeout: SLOW });
    await user.type(within(realName).getByRole('textbox', { name: '姓名' }), '张三');
    await user.type(within(realName).getByRole('textbox', { name: '身份证号' }), '11010519491231002X');
    await user.click(within(realName).getByRole('button', { name: '提交' }));

    const pay = await screen.findByRole('dialog', { name: '支付订单' }, { timeout: SLOW });
    // The answer that hands out the coupons has not come: the sheet prices meanwhile, and offers no price to pay
    // (docs/buying.md, "The price is final before 立即支付"), never 暂无可用优惠券.
    const footer = await within(pay).findByRole('group', { name: '结算' }, { timeout: SLOW });
    expect(await within(footer).findByText(PRICING_MESSAGES.pricing, {}, { timeout: SLOW })).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: '立即支付' })).toBeDisabled();
    expect(within(pay).queryByText('暂无可用优惠券')).not.toBeInTheDocument();
    answer.release();
    const coupons = await within(pay).findByRole('group', { name: '优惠券' }, { timeout: SLOW });
    const chosen = within(coupons)
      .getAllByRole('radio')
      .find((radio) => (radio as HTMLInputElement).checked);
    expect(chosen).toBeDefined();
    expect(chosen).not.toHaveAccessibleName('不使用优惠券');
    const total = within(pay).getByRole('group', { name: '结算' });
    expect(total).toHaveTextContent(/已优惠 ¥\d+\.\d{2}/);
    // Point 2: the total and the pay button are the dialog's footer (a sticky one; the phone journeys measure it).
    expect(total).toHaveTextContent('应付金额');
    expect(within(total).getByRole('button', { name: /支付/ })).toBeInTheDocument();
    expect(within(pay).queryByText('暂无可用优惠券')).not.toBeInTheDocument();

    // The popup announces them once the pay dialog is gone.
    await user.click(within(pay).getByRole('button', { name: '关闭' }));
    const own = await screen.findByRole('dialog', { name: '领取优惠券' }, { timeout: SLOW });
    expect(within(own).getByText(/^\d+ 张券已到账$/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument());
  });
});
