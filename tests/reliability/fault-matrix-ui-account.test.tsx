/**
 * Fault matrix, UI layer: the personal centre, an order's detail and its
 * actions, the coupon landing and the activity landing, for a logged-in
 * shopper. As in the catalogue file, each screen is rendered once and every
 * fault is replayed in it. Auth faults end the session: the spec's warning
 * and the login dialog appear over the unchanged page, and after logging in
 * again the screen works.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientState } from '../../src/api/client-state';
import type { UserInfo } from '../../src/api/user';
import { placePaidOrder, placeOrder, TOP_UP, WITH_GIFT, nextPhone } from '../integration/buying/helpers';
import { createAccount, storeSession } from '../integration/session/helpers';
import { backend } from '../support/server';
import { FAULTS, isAuthFault, type FaultCase } from './support/faults';
import { UI_PLAN } from './support/ui-plan';
import {
  clearToasts,
  expectActorsRunning,
  expectAllFaultsTried,
  expectExpiryThenLogBackIn,
  logBackIn,
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

setUpFaultMatrixFile('personal centre, orders, landings', () => [
  import('../../src/features/session/setting-page'),
  import('../../src/features/buying/order-detail-page'),
  import('../../src/features/marketing/coupon-page'),
  import('../../src/features/marketing/sem-activity-page'),
  import('../../src/features/buying/refund-modal'),
  import('../../src/features/session/real-name-modal'),
  import('../../src/features/session/login-modal'),
]);

const mainEl = () => screen.getByRole('main');
const errorToasts = () => within(screen.getByRole('alert', { name: '错误提示' }));
const header = () => within(siteHeader());

/** A logged-in shopper (real-name gating off) whose session the app restores at start. */
async function shopper(): Promise<UserInfo> {
  backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
  const account = await createAccount(nextPhone());
  storeSession(account);
  clientState.set({ token: account.token });
  return account;
}

function expectErrorBox(container: HTMLElement, title: string | null, text: string, where: string): HTMLElement {
  const alert = within(container).getByRole('alert');
  if (title) expect(alert, where).toHaveTextContent(title);
  expect(alert, where).toHaveTextContent(text);
  expect(within(alert).getByRole('button', { name: '重试' }), where).toBeEnabled();
  return alert;
}

/**
 * Runs one fault of a gesture-driven cell: inject, act, then either the auth
 * outcome (expiry, login again) or `expectFailure`; then the common checks.
 */
async function cell(
  app: { actor: AppActor },
  account: UserInfo,
  ids: readonly string[],
  fault: FaultCase,
  where: string,
  act: () => Promise<void>,
  expectFailure: () => Promise<void>,
  expectAuth: () => Promise<void> = () => expectExpiryThenLogBackIn(app.actor, account, where),
): Promise<void> {
  const clear = await injectFault(ids, fault);
  try {
    await act();
    await expectFaultsUsed(ids, where);
    if (isAuthFault(fault)) await expectAuth();
    else await expectFailure();
    expectPageShown(where);
    expectActorsRunning(app.actor, where);
    await expectNoProblems(where);
    tally(ids, fault);
  } finally {
    clear();
    clearToasts();
  }
}

describe('personal centre', () => {
  it('orders, coupons and account tabs show their failures; 退出登录 that fails keeps the user; 实名认证 shows the failure in the form', async () => {
    const account = await shopper();
    await placeOrder();
    const app = await renderScreen('/setting?type=0');
    const { queryClient, router, user, actor } = app;
    await within(mainEl()).findByRole('button', { name: '复制订单号' });

    for (const fault of FAULTS) {
      await cell(
        app,
        account,
        ['orders.list'],
        fault,
        `orders × ${fault.name}`,
        () => refetch(queryClient, [['orders']]),
        async () => {
          await within(mainEl()).findByRole('alert');
          expectErrorBox(mainEl(), '订单加载失败', uiText(fault), `orders × ${fault.name}`);
        },
      );
    }
    await refetch(queryClient, [['orders']]);
    await within(mainEl()).findByRole('button', { name: '复制订单号' });

    await router.navigate({ to: '/setting', search: { type: 1 } });
    await within(mainEl()).findByText('暂无优惠券');
    for (const fault of FAULTS) {
      await cell(
        app,
        account,
        ['coupons.mine'],
        fault,
        `my coupons × ${fault.name}`,
        () => refetch(queryClient, [['coupons', 'mine']]),
        async () => {
          await within(mainEl()).findByRole('alert');
          expectErrorBox(mainEl(), '优惠券加载失败', uiText(fault), `my coupons × ${fault.name}`);
        },
      );
    }

    await router.navigate({ to: '/setting', search: { type: 2 } });
    await within(mainEl()).findByText('微信');
    for (const fault of FAULTS) {
      await cell(
        app,
        account,
        ['user.openBindInfo'],
        fault,
        `binding × ${fault.name}`,
        () => refetch(queryClient, [['user', 'openBind']]),
        async () => {
          await waitFor(() => expect(within(mainEl()).queryByText('微信')).toBeNull());
          expect(within(mainEl()).getByRole('heading', { name: '账号信息' })).toBeInTheDocument();
          expect(within(mainEl()).queryByRole('alert')).toBeNull();
        },
      );
    }

    // 去实名 → the real-name dialog; a failed doAuth shows the fault's text in the form, and the values stay.
    for (const fault of FAULTS) {
      const where = `real name × ${fault.name}`;
      await cell(
        app,
        account,
        ['user.realNameDoAuth'],
        fault,
        where,
        async () => {
          await user.click(await within(mainEl()).findByRole('button', { name: '去实名' }));
          const dialog = await screen.findByRole('dialog', { name: '实名认证' });
          await user.type(within(dialog).getByLabelText('姓名'), '张三');
          await user.type(within(dialog).getByLabelText('身份证号'), '110101199003074477');
          await user.click(within(dialog).getByRole('button', { name: '提交' }));
        },
        async () => {
          const dialog = screen.getByRole('dialog', { name: '实名认证' });
          expect(await within(dialog).findByRole('alert'), where).toHaveTextContent(uiText(fault));
          expect(within(dialog).getByLabelText('姓名'), where).toHaveValue('张三');
          expect(within(dialog).getByRole('button', { name: '提交' }), where).toBeEnabled();
          await user.click(within(dialog).getByRole('button', { name: '关闭' }));
          await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        },
      );
    }

    // 退出登录: a refusal is an error toast with the fault's text and the user stays; an auth answer says the token
    // was already dead, so the logout is done (退出成功！, no expiry prompt); the shopper then logs back in.
    for (const fault of FAULTS) {
      const where = `logout × ${fault.name}`;
      await cell(
        app,
        account,
        ['user.logout'],
        fault,
        where,
        async () => {
          await user.click(await within(mainEl()).findByRole('button', { name: '退出登录' }));
        },
        async () => {
          expect(await errorToasts().findByText(uiText(fault)), where).toBeInTheDocument();
          expect(header().getByRole('button', { name: /个人中心/ }), where).toBeInTheDocument();
          expect(actor.getSnapshot().children.session!.getSnapshot().hasTag('session:loggedIn'), where).toBe(true);
        },
        async () => {
          expect(await screen.findByText('退出成功！'), where).toBeInTheDocument();
          expect(actor.getSnapshot().children.session!.getSnapshot().hasTag('session:anonymous'), where).toBe(true);
          expect(screen.queryByRole('dialog', { name: '登录' }), where).toBeNull();
          await logBackIn(actor, account);
        },
      );
    }
    expectAllFaultsTried([...UI_PLAN.setting, 'user.realNameDoAuth']);
  });
});

describe('order detail', () => {
  it('shows the order’s error with 重试, hides the credited account, and reports failed SMS, gift and refund requests', async () => {
    const account = await shopper();
    const gifted = await placePaidOrder(WITH_GIFT);
    const topUp = await placePaidOrder(TOP_UP);
    const app = await renderScreen(`/orderDateil?id=${gifted.orderId}`);
    const { queryClient, router, user } = app;
    await within(mainEl()).findByText(gifted.orderId);

    for (const fault of FAULTS) {
      const where = `order × ${fault.name}`;
      await cell(
        app,
        account,
        ['orders.detail'],
        fault,
        where,
        () => refetch(queryClient, [['orders', 'detail']]),
        async () => {
          await within(mainEl()).findByRole('alert');
          expectErrorBox(mainEl(), '订单加载失败', uiText(fault), where);
        },
      );
      await refetch(queryClient, [['orders', 'detail']]);
      await within(mainEl()).findByText(gifted.orderId);
    }

    for (const fault of FAULTS) {
      const where = `SMS × ${fault.name}`;
      await cell(
        app,
        account,
        ['orders.sendSms'],
        fault,
        where,
        () => user.click(within(mainEl()).getByRole('button', { name: '短信发送激活码' })),
        async () => {
          expect(await errorToasts().findByText(uiText(fault)), where).toBeInTheDocument();
          await waitFor(() => expect(within(mainEl()).getByRole('button', { name: '短信发送激活码' })).toBeEnabled());
        },
      );
    }

    for (const fault of FAULTS) {
      const where = `gift × ${fault.name}`;
      await cell(
        app,
        account,
        ['orders.giftCdkReceive'],
        fault,
        where,
        () => user.click(within(mainEl()).getByRole('button', { name: '领取赠品' })),
        async () => {
          expect(await errorToasts().findByText(uiText(fault)), where).toBeInTheDocument();
          await waitFor(() => expect(within(mainEl()).getByRole('button', { name: '领取赠品' })).toBeEnabled());
        },
      );
    }

    for (const fault of FAULTS) {
      const where = `refund × ${fault.name}`;
      await cell(
        app,
        account,
        ['orders.quickRefund'],
        fault,
        where,
        async () => {
          await user.click(within(mainEl()).getByRole('button', { name: '申请退款' }));
          const dialog = await screen.findByRole('dialog', { name: '申请退款' });
          await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
          await user.click(await within(dialog).findByRole('button', { name: '确认退款' }));
        },
        async () => {
          const dialog = screen.getByRole('dialog', { name: '申请退款' });
          expect(await within(dialog).findByRole('alert'), where).toHaveTextContent(uiText(fault));
          expect(within(dialog).getByRole('button', { name: '确认退款' }), where).toBeEnabled();
          await user.click(within(dialog).getByRole('button', { name: '关闭' }));
          await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        },
      );
    }
    // Nothing was refunded or claimed by a faulted call.
    await refetch(queryClient, [['orders', 'detail']]);
    expect(await within(mainEl()).findByRole('button', { name: '申请退款' })).toBeEnabled();

    await router.navigate({ to: '/orderDateil', search: { id: topUp.orderId } });
    await within(mainEl()).findByText('充值账号');
    for (const fault of FAULTS) {
      const where = `credited account × ${fault.name}`;
      await cell(
        app,
        account,
        ['orders.boheAccount'],
        fault,
        where,
        () => refetch(queryClient, [['orders', 'account']]),
        async () => {
          await waitFor(() => expect(within(mainEl()).queryByText('充值账号')).toBeNull());
          expect(within(mainEl()).getByText(topUp.orderId)).toBeInTheDocument();
        },
      );
    }
    expectAllFaultsTried(UI_PLAN.orderDetail);
  });
});

describe('coupon landing', () => {
  it('shows the offers’ error with 重试, and a failed receive as an error toast with 立即领取 still offered', async () => {
    const account = await shopper();
    const app = await renderScreen('/coupon');
    const { queryClient, user } = app;
    const firstOffer = () => within(mainEl()).getAllByRole('button', { name: '立即领取' })[0]!;
    await within(mainEl()).findAllByRole('button', { name: '立即领取' });

    for (const fault of FAULTS) {
      const where = `offers × ${fault.name}`;
      await cell(
        app,
        account,
        ['coupons.offers'],
        fault,
        where,
        () => refetch(queryClient, [['couponOffers']]),
        async () => {
          await within(mainEl()).findByRole('alert');
          expectErrorBox(mainEl(), null, uiText(fault), where);
        },
      );
      await refetch(queryClient, [['couponOffers']]);
      await within(mainEl()).findAllByRole('button', { name: '立即领取' });
    }

    const received = () => within(mainEl()).queryAllByRole('button', { name: '已领取' }).length;
    for (const fault of FAULTS) {
      const where = `receive × ${fault.name}`;
      const before = received();
      await cell(
        app,
        account,
        ['coupons.receive'],
        fault,
        where,
        () => user.click(firstOffer()),
        async () => {
          expect(await errorToasts().findByText(uiText(fault)), where).toBeInTheDocument();
          await waitFor(() => expect(firstOffer()).toBeEnabled());
        },
      );
      if (isAuthFault(fault)) {
        // The receive the expiry interrupted goes on by itself once the user is back.
        await waitFor(() => expect(received(), where).toBe(before + 1));
      }
    }
    expectAllFaultsTried(UI_PLAN.couponLanding);
  });
});

describe('activity landing', () => {
  it('shows the goods’ and top game’s errors with 重试, hides the event banner, and shows 活动暂未开放 without its config', async () => {
    const account = await shopper();
    const app = await renderScreen('/sem/activity');
    const { queryClient, user } = app;
    await within(mainEl()).findByRole('heading', { name: '今日爆款' });
    await within(mainEl()).findByRole('heading', { name: '活动商品' });
    await waitFor(() => expect(mainEl().querySelectorAll('.activity-game').length).toBeGreaterThan(0));
    await within(mainEl()).findByRole('heading', { name: '全网比价' });
    const newYear = () => mainEl().querySelector('.newyear');
    await waitFor(() => expect(newYear()).not.toBeNull());

    const ids = ['goods.activityGamePage', 'goods.activityTopGame', 'user.snakeNewYear'];
    for (const fault of FAULTS) {
      const where = `activity sections × ${fault.name}`;
      await cell(
        app,
        account,
        ids,
        fault,
        where,
        () => refetch(queryClient, [['activityGames'], ['activityTopGame'], ['newYearActivity']]),
        async () => {
          await waitFor(() => expect(within(mainEl()).getAllByRole('alert')).toHaveLength(2));
          for (const alert of within(mainEl()).getAllByRole('alert')) {
            expect(alert, where).toHaveTextContent(uiText(fault));
            expect(within(alert).getByRole('button', { name: '重试' })).toBeEnabled();
          }
          expect(newYear(), where).toBeNull();
          expect(within(mainEl()).getByRole('heading', { name: '活动商品' })).toBeInTheDocument();
        },
      );
    }
    for (const retry of within(mainEl()).getAllByRole('button', { name: '重试' })) await user.click(retry);
    await within(mainEl()).findByRole('heading', { name: '今日爆款' });
    await waitFor(() => expect(mainEl().querySelectorAll('.activity-game').length).toBeGreaterThan(0));

    // The price comparison under the top game.
    for (const fault of FAULTS) {
      const where = `price comparison × ${fault.name}`;
      await cell(
        app,
        account,
        ['user.validaList'],
        fault,
        where,
        () => refetch(queryClient, [['competitorPrices']]),
        async () => {
          await waitFor(() => expect(within(mainEl()).queryByRole('heading', { name: '全网比价' })).toBeNull());
          expect(within(mainEl()).getByRole('heading', { name: '今日爆款' })).toBeInTheDocument();
        },
      );
    }

    // The landing's configuration (a dictionary): without it the landing says 活动暂未开放.
    for (const fault of FAULTS) {
      const where = `activity config × ${fault.name}`;
      await cell(
        app,
        account,
        ['dictionary.getDictItems'],
        fault,
        where,
        () => refetch(queryClient, [['dictItems']]),
        async () => {
          expect(await within(mainEl()).findByRole('heading', { name: '活动暂未开放' }), where).toBeInTheDocument();
        },
      );
    }
    await refetch(queryClient, [['dictItems']]);
    await within(mainEl()).findByRole('heading', { name: '今日爆款' });
    expectAllFaultsTried(UI_PLAN.activityLanding);
  });
});
