import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetToasts } from '../../../src/shared/toast';
import { maskPhone } from '../../../src/shared/format';
import { countRequests } from '../catalog/helpers';
import { header, loginWithSms } from '../session/helpers';
import {
  backend,
  PLAIN,
  payDialog,
  payWithQr,
  preloadBuyingChunks,
  renderLoggedIn,
  startPurchase,
  toasts,
  FLOW_TIMEOUT,
} from './helpers';

beforeAll(preloadBuyingChunks);

afterEach(() => {
  resetToasts();
});

describe('a session that expires while the pay dialog polls', FLOW_TIMEOUT, () => {
  it('closes the dialog, stops polling, asks to log in, and after logging in again reopens the same unpaid order to pay', async () => {
    const { user, actor, account } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const order = await payWithQr(user, await payDialog());

    backend.control.expireSessions();

    const login = await screen.findByRole('dialog', { name: '登录' });
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
    expect(toasts().getByText('登录信息已失效,请重新登录')).toBeInTheDocument();
    expect(actor.getSnapshot().children.buildPoll!.getSnapshot().hasTag('payment:inProgress')).toBe(false);
    const polls = countRequests('/nnorder/mall/unified/order/status');

    await loginWithSms(user, login, account.telNum);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    expect(await header().findByText(maskPhone(account.telNum))).toBeInTheDocument();
    expect(polls.count).toBe(0);

    // The purchase resumes on its order (tests/integration/buying/account-change.test.tsx: never a second one).
    const dialog = await payDialog();
    expect(await within(dialog).findByText(order.orderId)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '立即支付' }));
    expect(await within(dialog).findByRole('img', { name: '支付二维码' })).toBeInTheDocument();
    backend.control.completePayment(order.orderId);
    expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
  });
});
