/**
 * Fault matrix, UI layer: the flows — buying (gating, the pay dialog,
 * ordering, paying, status polling), logging in (SMS form, QR panel, the
 * real-name reads of a fresh login), auto-login by a link's token, and what
 * runs at start without a gesture (token ping, daily popup, attribution bid).
 * Each fault must leave the flow's machine where the shopper can go on:
 * retry, close, or the form again.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientState } from '../../src/api/client-state';
import type { UserInfo } from '../../src/api/user';
import { ADAN_STORAGE_KEY } from '../../src/features/marketing/adan';
import { PLAIN, fastDeps, listOrders, nextPhone } from '../integration/buying/helpers';
import { createAccount, storeSession } from '../integration/session/helpers';
import { mergeDeps, renderApp } from '../support/render-app';
import { backend } from '../support/server';
import { FAULTS, isAuthFault, type FaultCase } from './support/faults';
import { UI_PLAN } from './support/ui-plan';
import {
  clearToasts,
  expectActorsRunning,
  expectAllFaultsTried,
  expectExpiryThenLogBackIn,
  expectFaultsUsed,
  expectNoProblems,
  expectPageShown,
  injectFault,
  refetch,
  siteHeader,
  tally,
  uiText,
  setUpFaultMatrixFile,
  renderScreen,
} from './support/ui';
import type { AppActor } from '../../src/shared/app-actor';

setUpFaultMatrixFile('buying, login, auto-login, start-up', () => [
  import('../../src/features/catalog/home-page'),
  import('../../src/features/catalog/game-detail-page'),
  import('../../src/features/marketing/sem-activity-page'),
  import('../../src/features/buying/pay-modal'),
  import('../../src/features/session/login-modal'),
  import('../../src/features/session/auto-login-modal'),
  import('../../src/features/marketing/coupon-modal'),
]);

const mainEl = () => screen.getByRole('main');
const errorToasts = () => within(screen.getByRole('alert', { name: '错误提示' }));
const child = (actor: AppActor, id: string) =>
  actor.system.get(id) as {
    getSnapshot(): { value: unknown; hasTag(tag: string): boolean; can(event: { type: string }): boolean };
  };

async function shopper(): Promise<UserInfo> {
  backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
  const account = await createAccount(nextPhone());
  storeSession(account);
  return account;
}

describe('buying', () => {
  it('gating, the pay dialog’s data, ordering, paying and polling each fail where the shopper can go on', async () => {
    const account = await shopper();
    const { actor, user, queryClient } = await renderScreen(`/gameDetail/${PLAIN.gameId}`);
    const buy = async () => {
      const button = await within(mainEl()).findByRole('button', { name: '立即购买' });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
    };
    const payDialog = () => screen.findByRole('dialog', { name: '支付订单' });
    const closePay = async () => {
      await user.click(within(await payDialog()).getByRole('button', { name: /^(关闭|离开支付)$/ }));
      const leave = screen.queryByRole('button', { name: '确认离开' });
      if (leave) await user.click(leave);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付订单' })).toBeNull());
    };
    const common = async (ids: readonly string[], fault: FaultCase, where: string) => {
      expectPageShown(where);
      expectActorsRunning(actor, where);
      await expectNoProblems(where);
      tally(ids, fault);
      clearToasts();
    };

    // 1. The real-name config read that starts the gating: an error toast, no dialog, and 立即购买 works again.
    for (const fault of FAULTS) {
      const where = `gating × ${fault.name}`;
      const clear = await injectFault(['user.realNameConfig'], fault);
      try {
        await buy();
        await expectFaultsUsed(['user.realNameConfig'], where);
        if (isAuthFault(fault)) await expectExpiryThenLogBackIn(actor, account, where);
        else {
          expect(await errorToasts().findByText(uiText(fault)), where).toBeInTheDocument();
          await waitFor(() => expect(child(actor, 'payGate').getSnapshot().can({ type: 'purchase.start' })).toBe(true));
          expect(screen.queryByRole('dialog'), where).toBeNull();
        }
        await common(['user.realNameConfig'], fault, where);
      } finally {
        clear();
      }
    }

    // 2. The stock check counts as “available”: the pay dialog opens.
    for (const fault of FAULTS) {
      const where = `stock check × ${fault.name}`;
      const clear = await injectFault(['goods.checkStorage'], fault);
      try {
        await buy();
        await expectFaultsUsed(['goods.checkStorage'], where);
        if (isAuthFault(fault)) await expectExpiryThenLogBackIn(actor, account, where);
        else {
          expect(await payDialog(), where).toBeInTheDocument();
          expect(screen.queryByText('库存不足，请联系客服'), where).toBeNull();
          await closePay();
        }
        await common(['goods.checkStorage'], fault, where);
      } finally {
        clear();
      }
    }

    // 3. The dialog's data: channels fail with 重试; packages and coupons quietly offer nothing.
    await buy();
    let dialog = await payDialog();
    await within(dialog).findByRole('group', { name: '购买方式' });
    await within(dialog).findByRole('group', { name: '支付方式' });
    for (const fault of FAULTS) {
      const where = `pay dialog data × ${fault.name}`;
      const ids = ['orders.payChannels', 'orders.packageQueryV2'];
      const clear = await injectFault(ids, fault);
      try {
        await refetch(queryClient, [['payChannels'], ['packages']]);
        await expectFaultsUsed(ids, where);
        if (isAuthFault(fault)) {
          await expectExpiryThenLogBackIn(actor, account, where);
          await buy();
          dialog = await payDialog();
        } else {
          dialog = await payDialog();
          const alert = await within(dialog).findByRole('alert');
          expect(alert, where).toHaveTextContent('支付方式加载失败');
          expect(alert, where).toHaveTextContent(uiText(fault));
          expect(within(alert).getByRole('button', { name: '重试' })).toBeEnabled();
          expect(within(dialog).queryByRole('group', { name: '购买方式' }), where).toBeNull();
          expect(within(dialog).getByRole('button', { name: '立即支付' }), where).toBeDisabled();
          expect(child(actor, 'payment').getSnapshot().hasTag('payment:editing'), where).toBe(true);
          clear();
          await user.click(within(alert).getByRole('button', { name: '重试' }));
          await within(dialog).findByRole('group', { name: '支付方式' });
        }
        await common(ids, fault, where);
      } finally {
        clear();
      }
    }
    await refetch(queryClient, [['packages']]);
    await within(await payDialog()).findByRole('group', { name: '购买方式' });

    // 4. Creating the order (goods, then a package): the message in the dialog, no order, 立即支付 again.
    for (const [id, choosePackage] of [
      ['orders.create', false],
      ['orders.combineCreate', true],
    ] as const) {
      for (const fault of FAULTS) {
        const where = `${id} × ${fault.name}`;
        const ordersBefore = (await listOrders()).length;
        dialog = await payDialog();
        if (choosePackage) await user.click(await within(dialog).findByRole('radio', { name: /^套餐：/ }));
        const clear = await injectFault([id], fault);
        try {
          const pay = await within(dialog).findByRole('button', { name: '立即支付' });
          await waitFor(() => expect(pay).toBeEnabled());
          await user.click(pay);
          await expectFaultsUsed([id], where);
          if (isAuthFault(fault)) {
            await expectExpiryThenLogBackIn(actor, account, where);
            await buy();
          } else {
            expect(await within(dialog).findByRole('alert'), where).toHaveTextContent(uiText(fault));
            await waitFor(() => expect(within(dialog).getByRole('button', { name: '立即支付' })).toBeEnabled());
            expect(child(actor, 'payment').getSnapshot().hasTag('payment:editing'), where).toBe(true);
          }
          clientState.set({ token: account.token });
          expect((await listOrders()).length, where).toBe(ordersBefore);
          await common([id], fault, where);
        } finally {
          clear();
        }
      }
    }

    // 5. Paying an order that was created: the message; the same order is paid next time (no second order).
    for (const fault of FAULTS) {
      const where = `pay × ${fault.name}`;
      dialog = await payDialog();
      const ordersBefore = (await listOrders()).length;
      const clear = await injectFault(['orders.pay'], fault);
      try {
        const pay = await within(dialog).findByRole('button', { name: '立即支付' });
        await waitFor(() => expect(pay).toBeEnabled());
        await user.click(pay);
        await expectFaultsUsed(['orders.pay'], where);
        if (isAuthFault(fault)) {
          await expectExpiryThenLogBackIn(actor, account, where);
          await buy();
        } else {
          expect(await within(dialog).findByRole('alert'), where).toHaveTextContent(uiText(fault));
          expect(child(actor, 'payment').getSnapshot().hasTag('payment:editing'), where).toBe(true);
        }
        clientState.set({ token: account.token });
        expect((await listOrders()).length, where).toBeLessThanOrEqual(ordersBefore + 1);
        await common(['orders.pay'], fault, where);
      } finally {
        clear();
      }
    }

    // 6. Status polling: a failed check is retried at the next interval; the QR code stays.
    dialog = await payDialog();
    const pay = await within(dialog).findByRole('button', { name: '立即支付' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await within(dialog).findByRole('img', { name: '支付二维码' });
    for (const fault of FAULTS) {
      const where = `status poll × ${fault.name}`;
      const clear = await injectFault(['orders.status'], fault);
      try {
        await expectFaultsUsed(['orders.status'], where);
        if (isAuthFault(fault)) {
          await expectExpiryThenLogBackIn(actor, account, where);
          // The unpaid order is kept; 立即购买 starts a new payment.
          await buy();
          dialog = await payDialog();
          const again = await within(dialog).findByRole('button', { name: '立即支付' });
          await waitFor(() => expect(again).toBeEnabled());
          await user.click(again);
          await within(dialog).findByRole('img', { name: '支付二维码' });
        } else {
          // Another check follows the failed one: polling goes on.
          const polls = child(actor, 'payment');
          await waitFor(() => expect(polls.getSnapshot().hasTag('payment:awaiting')).toBe(true));
          expect(within(dialog).getByRole('img', { name: '支付二维码' }), where).toBeInTheDocument();
        }
        await common(['orders.status'], fault, where);
      } finally {
        clear();
      }
    }
    const [latest] = await listOrders();
    backend.control.completePayment(latest!.orderId);
    expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
    expectAllFaultsTried(UI_PLAN.buying);
  });
});

describe('logging in', () => {
  it('the SMS form shows each failure and keeps what was typed; the QR panel offers a new code or keeps polling', async () => {
    const { actor, user } = await renderApp('/', {
      deps: mergeDeps(fastDeps, {
        testing: { sessionFlows: { delays: { tokenPingMs: 60_000, expiryPromptMs: 30, qrPollMs: 30 } } },
      }),
    });
    const phone = nextPhone();
    await user.click(within(siteHeader()).getByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: '手机号' }), phone);
    const formError = async (where: string, text: string) => {
      expect(await form.findByRole('alert'), where).toHaveTextContent(text);
      expect(form.getByRole('textbox', { name: '手机号' }), where).toHaveValue(phone);
    };
    const common = async (ids: readonly string[], fault: FaultCase, where: string) => {
      expectPageShown(where);
      expectActorsRunning(actor, where);
      expect(child(actor, 'session').getSnapshot().hasTag('session:anonymous'), where).toBe(true);
      await expectNoProblems(where);
      tally(ids, fault);
    };

    for (const id of ['user.captchaStatus', 'user.sendSms'] as const) {
      for (const fault of FAULTS) {
        const where = `${id} × ${fault.name}`;
        const clear = await injectFault([id], fault);
        try {
          await user.click(form.getByRole('button', { name: '获取验证码' }));
          await expectFaultsUsed([id], where);
          await formError(where, uiText(fault));
          await waitFor(() => expect(form.getByRole('button', { name: '获取验证码' })).toBeEnabled());
          await common([id], fault, where);
        } finally {
          clear();
        }
      }
    }
    await user.click(form.getByRole('button', { name: '获取验证码' }));
    await form.findByRole('button', { name: /^重新发送\(\d+s\)$/ });
    await user.type(form.getByRole('textbox', { name: '验证码' }), '123456');
    await user.click(form.getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' }));

    // registerLogin, then (for this new phone) phoneRegister after its user_40404.
    for (const id of ['user.registerLogin', 'user.phoneRegister'] as const) {
      for (const fault of FAULTS) {
        const where = `${id} × ${fault.name}`;
        const clear = await injectFault([id], fault);
        try {
          await user.click(form.getByRole('button', { name: '登录' }));
          await expectFaultsUsed([id], where);
          await formError(where, uiText(fault));
          expect(form.getByRole('textbox', { name: '验证码' }), where).toHaveValue('123456');
          await waitFor(() => expect(form.getByRole('button', { name: '登录' })).toBeEnabled());
          await common([id], fault, where);
        } finally {
          clear();
        }
      }
    }

    // The QR panel: the first code is asked for when the tab opens, the next ones by 重新获取二维码.
    const qrLogin = child(actor, 'qrLogin');
    for (const fault of FAULTS) {
      const where = `QR code × ${fault.name}`;
      const clear = await injectFault(['user.getWxMpQrcode'], fault);
      try {
        if (qrLogin.getSnapshot().hasTag('qr:failed'))
          await user.click(form.getByRole('button', { name: '重新获取二维码' }));
        else await user.click(form.getByRole('tab', { name: '扫码登录' }));
        await expectFaultsUsed(['user.getWxMpQrcode'], where);
        expect(await form.findByRole('alert'), where).toHaveTextContent(uiText(fault));
        expect(form.getByRole('button', { name: '重新获取二维码' }), where).toBeEnabled();
        expect(qrLogin.getSnapshot().can({ type: 'qrLogin.refresh' }), where).toBe(true);
        await common(['user.getWxMpQrcode'], fault, where);
      } finally {
        clear();
      }
    }
    await user.click(form.getByRole('button', { name: '重新获取二维码' }));
    await form.findByRole('img', { name: '微信扫码登录二维码' });

    for (const fault of FAULTS) {
      const where = `QR polling × ${fault.name}`;
      const clear = await injectFault(['user.checkLogin'], fault);
      try {
        await expectFaultsUsed(['user.checkLogin'], where);
        await waitFor(() => expect(qrLogin.getSnapshot().hasTag('qr:showing')).toBe(true));
        expect(form.getByRole('img', { name: '微信扫码登录二维码' }), where).toBeInTheDocument();
        expect(form.queryByRole('alert'), where).toBeNull();
        await common(['user.checkLogin'], fault, where);
      } finally {
        clear();
      }
    }

    const qrId = () =>
      (qrLogin.getSnapshot() as unknown as { context: { qr: { qrId: string } | null } }).context.qr!.qrId;
    for (const fault of FAULTS) {
      const where = `QR login × ${fault.name}`;
      const clear = await injectFault(['user.loginBySessionCode'], fault);
      try {
        if (qrLogin.getSnapshot().hasTag('qr:failed')) {
          await user.click(form.getByRole('button', { name: '重新获取二维码' }));
          await form.findByRole('img', { name: '微信扫码登录二维码' });
        }
        backend.control.markQrScanned(qrId(), phone);
        await expectFaultsUsed(['user.loginBySessionCode'], where);
        expect(await form.findByRole('alert'), where).toHaveTextContent(uiText(fault));
        expect(form.getByRole('button', { name: '重新获取二维码' }), where).toBeEnabled();
        await common(['user.loginBySessionCode'], fault, where);
      } finally {
        clear();
      }
    }
    // The way out: a new code, scanned, logs in.
    await user.click(form.getByRole('button', { name: '重新获取二维码' }));
    await form.findByRole('img', { name: '微信扫码登录二维码' });
    backend.control.markQrScanned(qrId(), phone);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull());
    await within(siteHeader()).findByRole('button', { name: /个人中心/ });

    // A fresh login reads the real-name facts; their failure leaves the login standing.
    backend.control.setRealNameConfig({ enable: true, sceneType: 1 });
    const account = (actor.getSnapshot().children.session!.getSnapshot().context as { user: UserInfo }).user;
    for (const fault of FAULTS) {
      const where = `real-name read at login × ${fault.name}`;
      const clear = await injectFault(['user.realNameGetAuth'], fault);
      try {
        act(() => actor.send({ type: 'session.login', user: account }));
        await expectFaultsUsed(['user.realNameGetAuth'], where);
        if (isAuthFault(fault)) await expectExpiryThenLogBackIn(actor, account, where);
        else {
          await waitFor(() => expect(child(actor, 'session').getSnapshot().hasTag('session:signingIn')).toBe(false));
          expect(child(actor, 'session').getSnapshot().hasTag('session:loggedIn'), where).toBe(true);
          expect(within(siteHeader()).getByRole('button', { name: /个人中心/ }), where).toBeInTheDocument();
          expect(screen.queryByRole('alert', { name: '错误提示' })?.textContent ?? '', where).toBe('');
        }
        expectPageShown(where);
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(['user.realNameGetAuth'], fault);
        clearToasts();
      } finally {
        clear();
      }
    }
    expectAllFaultsTried(UI_PLAN.login.filter((id) => id !== 'user.realNameDoAuth'));
  });
});

describe('auto-login', () => {
  it('a failed exchange or token login is an error toast; nobody is logged in and the store goes on', async () => {
    const { actor, user } = await renderScreen('/');
    const phone = nextPhone();
    const start = () =>
      act(() =>
        actor.send({
          type: 'autoLogin.start',
          token: backend.control.issueAutoLoginToken(phone),
          appId: 'nn_mall_web',
          currentPhone: null,
        }),
      );
    const common = async (id: string, fault: FaultCase, where: string) => {
      expect(await errorToasts().findByText(uiText(fault)), where).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(child(actor, 'session').getSnapshot().hasTag('session:anonymous'), where).toBe(true);
      expect(within(siteHeader()).getByRole('button', { name: '登录' }), where).toBeInTheDocument();
      expectPageShown(where);
      expectActorsRunning(actor, where);
      await expectNoProblems(where);
      tally([id], fault);
      clearToasts();
    };
    for (const fault of FAULTS) {
      const where = `token exchange × ${fault.name}`;
      const clear = await injectFault(['user.checkTokenGetUserInfo'], fault);
      try {
        start();
        await expectFaultsUsed(['user.checkTokenGetUserInfo'], where);
        await common('user.checkTokenGetUserInfo', fault, where);
      } finally {
        clear();
      }
    }
    for (const fault of FAULTS) {
      const where = `token login × ${fault.name}`;
      const clear = await injectFault(['user.checkTokenLogin'], fault);
      try {
        start();
        const dialog = await screen.findByRole('dialog', { name: '自动登录' });
        await user.click(within(dialog).getByRole('button', { name: '确认登录' }));
        await expectFaultsUsed(['user.checkTokenLogin'], where);
        await common('user.checkTokenLogin', fault, where);
      } finally {
        clear();
      }
    }
    // The way out: the next link logs in.
    start();
    await user.click(
      within(await screen.findByRole('dialog', { name: '自动登录' })).getByRole('button', { name: '确认登录' }),
    );
    await within(siteHeader()).findByRole('button', { name: /个人中心/ });
    expectAllFaultsTried(UI_PLAN.autoLogin);
  });
});

describe('start-up', () => {
  it('the token ping, the daily popup and the attribution bid fail quietly (or end the session for an auth answer)', async () => {
    const ids = UI_PLAN.startUp;
    // One auth answer ends the session, and a session that ended sends no token ping: for auth faults
    // the ping is tried on its own, then the popup and the bid.
    const runs = FAULTS.flatMap((fault) =>
      isAuthFault(fault)
        ? [
            { fault, ids: ['user.hello'] },
            { fault, ids: ['user.homePopup', 'attribution.bid'] },
          ]
        : [{ fault, ids: [...ids] }],
    );
    for (const { fault, ids } of runs) {
      const where = `start-up ${ids.join(' + ')} × ${fault.name}`;
      const account = await shopper();
      const clear = await injectFault(ids, fault);
      try {
        const { actor, close } = await renderApp('/sem/activity?kw=新春&planid=88', {
          couponPopup: true,
          deps: mergeDeps(fastDeps, { testing: { sessionFlows: { delays: { tokenPingMs: 10, expiryPromptMs: 30 } } } }),
        });
        await expectFaultsUsed(ids, where);
        await within(mainEl()).findByRole('heading', { level: 1 });
        if (isAuthFault(fault)) await expectExpiryThenLogBackIn(actor, account, where);
        else {
          await waitFor(() =>
            expect(child(actor, 'session').getSnapshot().value).toEqual({ loggedIn: { active: 'ready' } }),
          );
          expect(within(siteHeader()).getByRole('button', { name: /个人中心/ }), where).toBeInTheDocument();
        }
        await waitFor(() => expect(child(actor, 'couponPopup').getSnapshot().hasTag('popup:busy')).toBe(false));
        if (isAuthFault(fault) && ids.includes('user.homePopup')) {
          // Logged in again: the popup the failed request could not show is asked for again, for this user.
          expect(await screen.findByRole('dialog', { name: '领取优惠券' }), where).toBeInTheDocument();
        } else if (ids.includes('user.homePopup')) {
          expect(screen.queryByRole('dialog', { name: '领取优惠券' }), where).toBeNull();
        }
        if (ids.includes('attribution.bid')) {
          // Calls go on without `adan`.
          expect(sessionStorage.getItem(ADAN_STORAGE_KEY), where).toBeNull();
          expect(clientState.get().adan, where).toBeUndefined();
        }
        expectPageShown(where);
        expectActorsRunning(actor, where);
        await expectNoProblems(where);
        tally(ids, fault);
        close();
      } finally {
        clear();
        clearToasts();
        localStorage.clear();
        sessionStorage.clear();
        clientState.reset();
      }
    }
    expectAllFaultsTried(UI_PLAN.startUp);
  });
});
