/**
 * The payment model (./payment.model.ts) driven through the UI. A shopper
 * whose login an earlier visit stored is on the game page of goods 1
 * (`?goods=1&num=1`); real-name gating is off. The pay dialog's calls
 * (`fetchOrder`, `createOrder`, `payOrder`, `checkStatus`) are the model's
 * fakes; the pay gate's stock check is answered by the driver (in stock,
 * unless held, see `modal.close`); everything else is the simulated backend.
 * As in main.tsx, the lazy flows are loaded once the page is up.
 *
 * Gestures:
 * - `payment.open` without an order: 立即购买 (the gate opens the pay dialog);
 *   with `orderId` XY1: 继续支付 on that order in 我的订单 (the order list is
 *   answered with the model's order). A shopper logged out by an earlier step
 *   logs in first, in another tab, and closes the login dialog if one shows.
 *   The request id the dialog mints is `req-1` (`crypto.randomUUID`, its
 *   only caller, answers what the gesture says).
 * - `payment.quote` with a price: the coupon list the sheet reads once the coupons owed are settled
 *   (`matchCoupon`, held by the driver from the moment it is asked) comes, so the sheet can price; with
 *   none (the price worked out again) it is not drivable one-to-one, see below. The sheet shown again by
 *   重新支付 reads its coupon list afresh while the machine keeps the price (no `payment.quote` step
 *   follows): from 重新支付 until the next dialog opens, coupon lists are answered at once.
 * - `payment.submit`: 立即支付 (no coupon, the first channel: 微信支付).
 * - `payment.retry`: 重新支付 (which mints `req-2`).
 * - `payment.close`: the dialog's × (关闭 / 离开支付), Escape while the order
 *   loads, 暂不支付 on a failed payment, 知道了 on a closed or unloadable order.
 * - `payment.stay` / `payment.leave`: 继续支付 / 确认离开 in the leave
 *   confirmation.
 * - `modal.close { name: 'pay' }`: the pay gate closing the dialog because a
 *   second 立即购买 found the goods out of stock. The shopper clicked
 *   立即购买 again while the pay dialog's code was still loading (the page is
 *   not inert yet): the `payment.open` gesture sets that up when a
 *   `modal.close` follows, and this gesture lets the held stock answer come:
 *   out of stock.
 * - `modal.closeAll`: the session's expiry prompt, 300 ms after an expired
 *   login is noticed. An expiry first announces the logout, which ends an
 *   active payment, so the login must have expired before the dialog opened:
 *   when a `modal.closeAll` follows, the `payment.open` gesture holds the
 *   dialog's code, lets the token check (1 s after the page opened) find the
 *   login expired on the server, then lets the dialog show. This gesture is
 *   those 300 ms passing.
 * - `session.changed` to nobody: another tab logs out (a `storage` event).
 * - `app.offline` / `app.online`: the browser's network events.
 *
 * The pay flow's `settleCoupons` (the coupons a login earned, made sure of before the sheet prices) is a
 * fake like the other calls.
 *
 * Not drivable (the items are skipped, see `undrivable`): a price worked out again (`payment.quote` with
 * none: a quantity changed, or the coupon list read again; tests/integration/buying/final-price.test.tsx
 * and the pay tests drive it), `payment.submit` while the sheet prices (立即支付 is disabled), a
 * `payment.quote` while offline when the coupons were settled offline, and a create failing offline after
 * 重新支付 (in both the sheet's coupon list is asked for while offline, and React Query holds that request
 * back until the browser is online again, so the sheet cannot price), `payment.leave`
 * with no leave confirmation shown (there is no 确认离开 to click), a second
 * `payment.submit` while the order is being created (立即支付 is disabled),
 * and `payment.submit` on a form that showed while offline (its pay channels
 * do not load offline, so 立即支付 stays disabled). On the order form (继续支付,
 * or an order kept after a failed pay request) 立即支付 sends no draft; the
 * machine ignores it there (`hasOrder`), so state and context are the model's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SimulatedClock, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { PAY_GATE_MESSAGES } from '../../machines/pay-gate.machine';
import {
  isPricing,
  isSubmitting,
  isUnpayable,
  type paymentMachine,
  type SettledCoupons,
} from '../../machines/payment.machine';
import { PRICING_MESSAGES } from '../../machines/payment-messages';
import { SESSION_MESSAGES, sessionMachine } from '../../machines/session.machine';
import type { Order } from '../../src/api/orders';
import type { UserInfo } from '../../src/api/user';
import { OFFLINE_MESSAGE } from '../../src/features/shell/connectivity';
import { whenFlowsReady } from '../../src/app/root-actor';
import { resetToasts } from '../../src/shared/toast';
import { loadModal } from '../../src/app/modal-registry';
import { createAccount, storeSession } from '../integration/session/helpers';
import { delayMs, type FakeCalls } from '../support/model';
import type { RenderedApp, StepAt, UiDriver } from '../support/model-ui';
import { onTestEnd } from '../support/cleanup';
import { mergeDeps, renderApp } from '../support/render-app';
import { API, backend, ok, testServer } from '../support/server';
import { paymentModel } from './payment.model';
import {
  deferred,
  type Deferred,
  dialog,
  header,
  nextPhone,
  otherTabStores,
  setOnline,
  startOnline,
  toasts,
  waitEnabled,
} from './ui-helpers';

const GAME_URL = '/gameDetail/1?goods=1&num=1';
const ORDERS_URL = '/setting?type=0';
const PAY = '支付订单';

/** What the order list says: the model's unpaid order XY1 (its first `fetchOrder` outcome), which 继续支付 opens. */
function listedOrder(): Order {
  const order = paymentModel.invokes?.fetchOrder?.done?.[0] as Order | undefined;
  if (order?.status !== 'unpaid')
    throw new Error('the payment model’s first fetchOrder outcome is not an unpaid order');
  return order;
}

/** What PayClosed says for each status the model settles an order with. */
const CLOSED_TEXT: Record<string, string> = {
  expired: '订单已超时未支付，已自动关闭。',
  delivered: '该订单已支付，无需重复支付。',
  paid: '该订单已支付，无需重复支付。',
};

// The pay dialog mints its request id with crypto.randomUUID (its only caller in the app): it gets the id
// the gesture expects. StrictMode may call the dialog's initializer twice; both calls get the same id.
// Installed for each path and taken away when its test ends (`onTestEnd`): the suite shares one module
// graph per worker, and a stub left in place once made another file's 重新支付 reuse the failed order's id.
let requestId = 'req-1';
let stubbed = false;
function stubRequestIds(): void {
  if (stubbed) return;
  stubbed = true;
  const own = Object.getOwnPropertyDescriptor(globalThis.crypto, 'randomUUID');
  Object.defineProperty(globalThis.crypto, 'randomUUID', { configurable: true, value: () => requestId });
  onTestEnd(() => {
    stubbed = false;
    if (own) Object.defineProperty(globalThis.crypto, 'randomUUID', own);
    else delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
  });
}

/** What the driver keeps for the path being replayed. */
interface World {
  app?: RenderedApp;
  calls: FakeCalls;
  clock: SimulatedClock;
  /** The account logged in now (null: nobody). */
  account: UserInfo | null;
  /** The next load of the pay dialog's code waits in `heldPayLoad` (a slow network). */
  holdPayLoad: boolean;
  heldPayLoad: Deferred<void> | null;
  /** The next stock check waits in `heldStock` for its answer. */
  holdStock: boolean;
  heldStock: Deferred<boolean> | null;
  /** The login expired and its 300 ms prompt (the `modal.closeAll`) has not come yet. */
  expiryPromptDue: boolean;
  /** The coupon lists asked for and not yet answered (every `matchCoupon` waits for a `payment.quote`). */
  heldCoupons: Deferred<void>[];
  /** 重新支付 showed the sheet again: its coupon list comes at once (the machine keeps the price, no `payment.quote` follows). */
  couponsAtOnce: boolean;
}

let world: World | undefined;

function requireWorld(): World {
  if (!world) throw new Error('the payment UI driver has not mounted the app');
  return world;
}

function requirePayDialog(): HTMLElement {
  const pay = dialog(PAY);
  if (!pay) throw new Error('the pay dialog is not open');
  return pay;
}

/** The state the model was in before the current gesture. */
const stateBefore = (at: StepAt) => at.item.steps[at.index - 1]?.state as PaymentSnapshot;

/** The external events after the current gesture, up to the next `payment.open`. */
function eventsUntilNextOpen(at: StepAt): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  for (const step of at.item.steps.slice(at.index + 1)) {
    if (step.event.type === 'payment.open') break;
    events.push(step.event);
  }
  return events;
}

async function waitUntil(check: () => boolean, what: string): Promise<void> {
  await waitFor(() => {
    if (!check()) throw new Error(`still waiting: ${what}`);
  });
}

/** A shopper logged out by an earlier step logs in again (in another tab) and closes a login dialog if one is open. */
async function ensureLoggedIn(w: World, app: RenderedApp): Promise<void> {
  // Logged in as the page shows it (a pay dialog belongs to an account: one opened for nobody closes).
  if (!w.account || header().queryByRole('button', { name: '登录' })) {
    w.account = await createAccount(nextPhone());
    otherTabStores(w.account);
    await header().findByRole('button', { name: /^个人中心 / });
  }
  const login = dialog('登录');
  if (login) {
    await app.user.click(within(login).getByRole('button', { name: '关闭' }));
    await waitUntil(() => !dialog('登录'), 'the login dialog to close');
  }
}

/** The shopper opens `url` unless already there. */
async function goTo(app: RenderedApp, url: string): Promise<void> {
  if (app.router.state.location.href === url) return;
  app.history.push(url);
  await waitUntil(() => app.router.state.location.href === url, `the page ${url}`);
}

async function buyButton(): Promise<HTMLElement> {
  const buy = await screen.findByRole('button', { name: '立即购买' });
  await waitEnabled(buy, '立即购买');
  return buy;
}

/** 立即购买 → the pay dialog, with whatever the next steps need set up on the way (see the header). */
async function openForGoods(w: World, app: RenderedApp, at: StepAt): Promise<void> {
  await goTo(app, GAME_URL);
  const coming = eventsUntilNextOpen(at).map((event) => event.type);
  if (coming.includes('modal.close')) {
    // The pay dialog's code is slow to come; meanwhile a second 立即购买 starts a gating whose stock check waits.
    w.holdPayLoad = true;
    await app.user.click(await buyButton());
    await waitUntil(() => w.heldPayLoad !== null, 'the pay dialog to be asked for');
    w.holdStock = true;
    await app.user.click(await buyButton());
    await waitUntil(() => w.heldStock !== null, 'the second stock check');
    releasePayLoad(w);
  } else if (coming.includes('modal.closeAll')) {
    // The pay dialog's code is slow to come; meanwhile the token check finds the login expired on the server.
    const account = w.account;
    const pingAt = delayMs(sessionMachine, 'tokenPingDelay');
    if (!account || w.clock.now() >= pingAt) {
      throw new Error(
        'modal.closeAll: the app notices an expired login at the token check 1 s after the page opens, which has passed (or nobody is logged in)',
      );
    }
    w.holdPayLoad = true;
    await app.user.click(await buyButton());
    await waitUntil(() => w.heldPayLoad !== null, 'the pay dialog to be asked for');
    backend.control.expireSessions(account.userId);
    w.clock.increment(pingAt - w.clock.now());
    await header().findByRole('button', { name: '登录' });
    w.account = null;
    w.expiryPromptDue = true;
    releasePayLoad(w);
  } else {
    await app.user.click(await buyButton());
  }
}

function releasePayLoad(w: World): void {
  const load = w.heldPayLoad;
  if (!load) throw new Error('no pay dialog load is held');
  w.heldPayLoad = null;
  load.resolve();
}

/** 继续支付 on order XY1 in 我的订单. */
async function openForOrder(app: RenderedApp, at: StepAt): Promise<void> {
  const coming = eventsUntilNextOpen(at).map((event) => event.type);
  if (coming.includes('modal.close') || coming.includes('modal.closeAll')) {
    throw new Error('the driver sets up modal.close / modal.closeAll only for a pay dialog opened by 立即购买');
  }
  await goTo(app, ORDERS_URL);
  const list = await screen.findByRole('list', { name: '订单列表' });
  const row = (await within(list).findByText(/订单号 XY1/)).closest('li');
  if (!row) throw new Error('no row for order XY1');
  await app.user.click(within(row).getByRole('button', { name: '继续支付' }));
}

type PaymentSnapshot = ReturnType<typeof paymentMachine.transition>;

/** The phone's way of paying (an H5 page, the return to the store): a phone's user agent and a start-up step drive it. */
const PHONE_PAYMENT =
  'paying on a phone (打开微信支付, the pay app opened again, the return at start-up): tests/integration/buying/pay-on-phone.test.tsx drives it through the real app with a phone’s user agent';

export const paymentUi: UiDriver<typeof paymentModel> = {
  systemId: 'payment',

  mount: async ({ calls, deps }) => {
    if (!(deps.testing.clock instanceof SimulatedClock))
      throw new Error('the payment UI driver needs the replay’s SimulatedClock');
    // A stock check or dialog load still held by the last path is let go (its app is gone).
    world?.heldStock?.resolve(true);
    world?.heldPayLoad?.resolve();
    for (const held of world?.heldCoupons.splice(0) ?? []) held.resolve();
    startOnline();
    requestId = 'req-1';
    stubRequestIds();
    resetToasts();
    backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
    const account = await createAccount(nextPhone());
    storeSession(account);
    const w: World = {
      calls,
      clock: deps.testing.clock,
      account,
      holdPayLoad: false,
      heldPayLoad: null,
      holdStock: false,
      heldStock: null,
      expiryPromptDue: false,
      heldCoupons: [],
      couponsAtOnce: false,
    };
    world = w;

    // Every coupon list waits for the step that lets it come (`payment.quote`), unless 重新支付 showed the
    // sheet again (see the header), then is the simulated backend's.
    testServer.use(
      http.post(`${API}/goods/mall/activity/goods/matchCoupon`, async ({ request }) => {
        if (!w.couponsAtOnce) {
          const held = deferred<void>();
          w.heldCoupons.push(held);
          await held.promise;
        }
        const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
        const reply = await backend.handle({
          method: 'POST',
          path: '/goods/mall/activity/goods/matchCoupon',
          query: {},
          headers: Object.fromEntries(request.headers),
          body,
        });
        return HttpResponse.json(reply.body as object, { status: reply.status });
      }),
    );
    // 我的订单 lists the model's unpaid order XY1.
    testServer.use(
      http.post(`${API}/nnorder/mall/unified/order/list`, () =>
        ok({ list: [listedOrder()], total: 1, pageNum: 1, pageSize: 10 }),
      ),
    );

    const app = await renderApp(GAME_URL, {
      deps: mergeDeps(deps, {
        modals: {
          load: async (name) => {
            if (name === 'pay' && w.holdPayLoad) {
              w.holdPayLoad = false;
              const load = deferred<void>();
              w.heldPayLoad = load;
              await load.promise;
            }
            return loadModal(name);
          },
        },
        testing: {
          purchaseFlows: {
            settleCoupons: (_system, _owner, signal) => calls.call('settleCoupons', signal) as Promise<SettledCoupons>,
            api: {
              fetchOrder: (_orderId, signal) => calls.call('fetchOrder', signal) as never,
              createOrder: (_input, signal) => calls.call('createOrder', signal) as never,
              payOrder: (_input, signal) => calls.call('payOrder', signal) as never,
              checkStatus: (_orderId, signal) => calls.call('checkStatus', signal) as never,
              // The gate's stock check: in stock, unless the driver holds the answer (see modal.close).
              checkStorage: async () => {
                if (!w.holdStock) return true;
                w.holdStock = false;
                const answer = deferred<boolean>();
                w.heldStock = answer;
                return answer.promise;
              },
            },
          },
        },
      }),
    });
    w.app = app;
    // As main.tsx does once the page has loaded: the lazy flows (payment among them) start.
    await whenFlowsReady(app.actor);
    await buyButton();
    return app;
  },

  gestures: {
    // The pay editor reports its choices by itself, when its form shows and on every change: nothing to do.
    'payment.choose': async () => {},
    // The coupon lists asked for come; the sheet then prices by itself (and reports it).
    'payment.quote': async () => {
      const w = requireWorld();
      for (const held of w.heldCoupons.splice(0)) held.resolve();
    },
    'payment.open': async (app, event, at) => {
      const w = requireWorld();
      if (dialog(PAY)) throw new Error('payment.open: a pay dialog is already open');
      await ensureLoggedIn(w, app);
      requestId = event.requestId;
      w.couponsAtOnce = false;
      if (event.orderId) await openForOrder(app, at);
      else await openForGoods(w, app, at);
      await screen.findByRole('dialog', { name: PAY });
    },
    'payment.submit': async ({ user }) => {
      const pay = within(requirePayDialog());
      const button = await pay.findByRole('button', { name: '立即支付' });
      await waitEnabled(button, '立即支付');
      // The model orders goods 1 × 1 without a coupon.
      const noCoupon = pay.queryByRole('radio', { name: '不使用优惠券' });
      if (noCoupon && !(noCoupon as HTMLInputElement).checked) await user.click(noCoupon);
      await user.click(button);
    },
    'payment.retry': async ({ user }, event, at) => {
      const w = requireWorld();
      requestId = event.requestId;
      // The sheet shows again and reads its coupon list afresh; the machine keeps the price meanwhile.
      w.couponsAtOnce = true;
      for (const held of w.heldCoupons.splice(0)) held.resolve();
      const pay = within(requirePayDialog());
      await user.click(pay.getByRole('button', { name: '重新支付' }));
      // Online, the list comes before the next step (a create failing returns to the sheet, which then
      // shows the price the machine kept); offline it waits for the network (see undrivable).
      if (stateBefore(at).context.online) {
        await waitUntil(
          () => pay.queryByRole('group', { name: '优惠券' }) !== null || pay.queryByText('暂无可用优惠券') !== null,
          'the sheet shown again to read its coupons',
        );
      }
    },
    'payment.close': async ({ user }, _event, at) => {
      const before = stateBefore(at);
      const pay = within(requirePayDialog());
      if (before.hasTag('payment:confirmingLeave'))
        throw new Error('payment.close: with the leave confirmation shown, × and Escape send payment.stay');
      if (before.hasTag('payment:loading')) await user.keyboard('{Escape}');
      else if (before.hasTag('payment:failed')) await user.click(pay.getByRole('button', { name: '暂不支付' }));
      else if (isUnpayable(before)) await user.click(pay.getByRole('button', { name: '知道了' }));
      else await user.click(pay.getByRole('button', { name: before.hasTag('payment:paying') ? '离开支付' : '关闭' }));
    },
    'payment.stay': async ({ user }) => {
      const confirm = within(requirePayDialog()).getByRole('alertdialog', { name: '确认离开支付？' });
      await user.click(within(confirm).getByRole('button', { name: '继续支付' }));
    },
    'payment.leave': async ({ user }) => {
      const confirm = within(requirePayDialog()).getByRole('alertdialog', { name: '确认离开支付？' });
      await user.click(within(confirm).getByRole('button', { name: '确认离开' }));
    },
    'modal.close': async (_app, event) => {
      const w = requireWorld();
      if (event.name !== 'pay')
        throw new Error(`modal.close: the payment only hears the pay dialog's close, not "${event.name}"`);
      const answer = w.heldStock;
      if (!answer) throw new Error('modal.close: no second 立即购买 is waiting for its stock check');
      w.heldStock = null;
      answer.resolve(false);
    },
    'modal.closeAll': async () => {
      const w = requireWorld();
      if (!w.expiryPromptDue)
        throw new Error('modal.closeAll: the app sends it only in the session-expiry prompt, and no expiry is pending');
      w.expiryPromptDue = false;
      w.clock.increment(delayMs(sessionMachine, 'expiryPromptDelay'));
    },
    'session.changed': async (_app, event) => {
      const w = requireWorld();
      w.account = event.user ? await createAccount(nextPhone()) : null;
      otherTabStores(w.account);
    },
    'app.offline': async () => {
      setOnline(false);
    },
    'app.online': async () => {
      setOnline(true);
    },
  },

  unreachable: {
    transitions: {
      'active --session.changed [isExpiry && canResume]--> idle':
        'an expiry under the pay dialog: tests/integration/buying/account-change.test.tsx drives it through the server (auth_40001) and checks the resumed dialog',
      'active --session.changed [isExpiry]--> idle':
        'an expiry under the pay dialog with nothing to resume: only the actor replay reaches it (an order that failed to load)',
      'active --modal.closeAll--> idle':
        'only the expiry prompt sends modal.closeAll, after the expiry; a pay dialog that mounts once nobody is logged in closes at once (it belongs to an account), so none is open for it to close',
      'active --session.changed [isOwnLogout]--> idle':
        'this tab’s own 退出登录 while the pay dialog is open: the page behind the dialog is inert',
      'active.loadingOrder --done: fetchOrder [isResumedAndPaid]--> idle': PHONE_PAYMENT,
      'active.loadingOrder --done: fetchOrder [isResumedAndUnpaid]--> active.paying.flow.awaitingPayment':
        PHONE_PAYMENT,
      'active.paying.flow.requestingPayment --done: payOrder [isHandOff]--> active.paying.flow.awaitingPayment':
        PHONE_PAYMENT,
      'active.paying.flow.awaitingPayment --payment.submit--> active.paying.flow.requestingPayment': PHONE_PAYMENT,
      'active.editing.priced --always [!isQuoted]--> active.editing.pricing':
        'a price worked out again on the sheet (payment.quote with none: a quantity changed, the coupon list read again) is not sent one-to-one (see undrivable): tests/integration/buying/final-price.test.tsx reads the coupon list again under a priced sheet',
    },
  },

  appContext: {
    owner:
      'the id the backend gave the shopper’s account (the model says 1); a switch is checked by the state and the warning',
    choices: 'the pay editor reports its choices by itself when the form shows and on each change',
    quote:
      'the pay editor reports the price it shows by itself (the goods at its real price); that the order made is the one shown is checked by tests/integration/buying/final-price.test.tsx',
  },

  undrivable: (item, index) => {
    const event = item.steps[index]?.event;
    const before = item.steps[index - 1]?.state as PaymentSnapshot | undefined;
    if (!event || !before) return undefined;
    if (event.type === 'payment.open' && event.resume) {
      return 'a pay app’s return (or a reload while it is awaited) opens the dialog at start-up: tests/integration/buying/pay-on-phone.test.tsx drives it through the real app';
    }
    if (event.type === 'payment.open' && event.fromCart) {
      return 'a pay dialog of the cart’s lines (去结算): tests/integration/cart/checkout.test.tsx drives it through the real app';
    }
    if (event.type === 'payment.submit' && event.h5) {
      return 'a phone’s 打开微信支付 / 打开支付宝 (and opening it again while awaiting): tests/integration/buying/pay-on-phone.test.tsx drives it with a phone’s user agent';
    }
    if (event.type === 'payment.open') {
      const rest = item.steps.slice(index + 1).map((step) => step.event.type);
      const nextOpen = rest.indexOf('payment.open');
      if (rest.slice(0, nextOpen === -1 ? undefined : nextOpen).includes('modal.closeAll')) {
        return 'a pay dialog closed by modal.closeAll: only the expiry prompt sends it, after the expiry, and a pay dialog that mounts once nobody is logged in closes at once (it belongs to an account)';
      }
    }
    if (event.type === 'session.changed' && event.reason === 'expired') {
      return 'an expiry under the pay dialog: tests/integration/buying/account-change.test.tsx drives it through the server (auth_40001) and checks the resumed dialog';
    }
    if (event.type === 'session.changed' && event.reason === 'logout') {
      return 'this tab’s own 退出登录 while the pay dialog is open: the page behind the dialog is inert';
    }
    if (event.type === 'payment.leave' && !before.hasTag('payment:confirmingLeave')) {
      return 'payment.leave without the leave confirmation: 确认离开 only shows after 离开支付';
    }
    if (event.type === 'payment.quote' && event.quote === null) {
      return 'the price worked out again (a quantity changed, the coupon list read again): tests/integration/buying/final-price.test.tsx drives it';
    }
    // The last step of `types` before this one (-1: none).
    const lastStep = (...types: string[]) =>
      item.steps.slice(0, index).findLastIndex((step) => types.includes(step.event.type));
    if (
      event.type === 'payment.quote' &&
      !before.context.online &&
      lastStep('xstate.done.actor.settleCoupons', 'xstate.error.actor.settleCoupons') > lastStep('app.offline')
    ) {
      return 'a price while offline, the coupons owed settled offline: the sheet asks for its coupon list once they are, and React Query holds that request back until the browser is online again';
    }
    if (
      event.type === 'xstate.error.actor.createOrder' &&
      !before.context.online &&
      lastStep('payment.retry') > lastStep('app.offline')
    ) {
      return 'a create failing offline after 重新支付 offline: the sheet shown again asks for its coupon list afresh (the failed order may hold a coupon), which React Query holds back until the browser is online again, so the sheet prices again then instead of keeping the price';
    }
    if (event.type === 'payment.submit' && before.matches({ active: 'editing' }) && !before.hasTag('payment:priced')) {
      return 'payment.submit while the sheet prices: 立即支付 is disabled then (tests/integration/buying/final-price.test.tsx presses it)';
    }
    if (event.type === 'payment.submit' && !before.matches({ active: 'editing' })) {
      return 'payment.submit while the order is being created: 立即支付 is disabled then';
    }
    if (event.type === 'payment.submit' && !before.context.online) {
      // The form's pay channels load when it shows (the goods form on opening, the order form once the
      // order is there); React Query holds that request back while offline, and without a channel
      // 立即支付 stays disabled.
      const lastIndex = (match: (type: string) => boolean) =>
        item.steps.slice(0, index).findLastIndex((step) => match(step.event.type));
      const wentOffline = lastIndex((type) => type === 'app.offline');
      const formShown = lastIndex((type) =>
        ['payment.open', 'xstate.done.actor.fetchOrder', 'xstate.done.actor.createOrder'].includes(type),
      );
      if (formShown > wentOffline)
        return 'payment.submit on a pay form shown offline: its pay channels do not load offline, so 立即支付 stays disabled';
    }
    return undefined;
  },

  expectScreen: (_app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const w = requireWorld();
    const snapshot = state as PaymentSnapshot;
    const { context } = snapshot;
    const where = JSON.stringify(snapshot.value);
    const calling = (id: string, running = true) => {
      if (w.calls.isRunning(id) !== running)
        throw new Error(`${where}: the app is ${running ? 'not ' : ''}calling ${id}`);
    };

    const banner = screen.getByRole('status', { name: '网络状态' });
    if ((banner.textContent === OFFLINE_MESSAGE) === context.online)
      throw new Error(
        context.online ? `${where}: the offline notice shows online` : `${where}: no offline notice while offline`,
      );

    const payDialog = dialog(PAY);
    if (snapshot.matches('idle')) {
      if (payDialog) throw new Error('idle: the pay dialog is still open');
      const { event } = step;
      if (event.type === 'xstate.done.actor.checkStatus') {
        if (!dialog('支付成功')) throw new Error('paid: the 支付成功 dialog did not open');
      } else if (event.type === 'modal.close') {
        toasts().getAllByText(PAY_GATE_MESSAGES.outOfStock);
      } else if (event.type === 'modal.closeAll') {
        toasts().getAllByText(SESSION_MESSAGES.expired);
        if (!dialog('登录')) throw new Error('expired: the login dialog did not open');
      } else if (event.type === 'session.changed') {
        header().getByRole('button', { name: '登录' });
      }
      return;
    }

    if (!payDialog) throw new Error(`${where}: the pay dialog is not open`);
    const pay = within(payDialog);
    const paying = snapshot.hasTag('payment:paying');
    pay.getByRole('button', { name: paying ? '离开支付' : '关闭' });
    const confirm = pay.queryByRole('alertdialog', { name: '确认离开支付？' });
    if (snapshot.hasTag('payment:confirmingLeave') !== (confirm !== null)) {
      throw new Error(`${where}: the leave confirmation is ${confirm ? '' : 'not '}shown`);
    }
    const alertText = () => pay.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
    const expectAlert = (text: string) => {
      if (!alertText().some((shown) => shown.includes(text)))
        throw new Error(`${where}: no alert says "${text}" (shown: ${JSON.stringify(alertText())})`);
    };
    const submitButton = () => pay.getByRole('button', { name: '立即支付' }) as HTMLButtonElement;

    if (snapshot.hasTag('payment:loading')) {
      pay.getByRole('status', { name: '正在加载订单' });
      calling('fetchOrder');
    } else if (snapshot.matches({ active: 'loadFailed' })) {
      expectAlert(context.error ?? '');
      pay.getByRole('button', { name: '知道了' });
    } else if (snapshot.matches({ active: 'editing' })) {
      const button = submitButton();
      if (isPricing(snapshot)) {
        if (!context.order) pay.getByText(PRICING_MESSAGES.pricing);
        if (!button.disabled) throw new Error(`${where}: 立即支付 is enabled while the sheet prices`);
      }
      if (context.error) expectAlert(context.error);
      else if (alertText().length)
        throw new Error(`${where}: an alert shows with no error: ${JSON.stringify(alertText())}`);
      // An existing order (继续支付, or kept after a failed pay request) is shown with its number.
      if (context.order) pay.getByText(context.order.orderId);
    } else if (isSubmitting(snapshot)) {
      const creating = snapshot.hasTag('payment:creatingOrder');
      pay.getByText(creating ? '正在创建订单…' : '正在发起支付…');
      if (!submitButton().disabled) throw new Error(`${where}: 立即支付 is enabled while a request is in flight`);
      calling(creating ? 'createOrder' : 'payOrder');
    } else if (snapshot.hasTag('payment:awaiting')) {
      pay.getByRole('img', { name: '支付二维码' });
      pay.getByText('等待支付结果…');
      calling('checkStatus', snapshot.matches({ active: { paying: { flow: { awaitingPayment: 'checking' } } } }));
    } else if (snapshot.hasTag('payment:failed')) {
      expectAlert('支付失败，订单未扣款。');
      const retry = pay.queryByRole('button', { name: '重新支付' });
      if ((context.draft !== null) !== (retry !== null))
        throw new Error(`${where}: 重新支付 is ${retry ? '' : 'not '}offered`);
    } else if (snapshot.matches({ active: 'orderClosed' })) {
      expectAlert(CLOSED_TEXT[context.status ?? ''] ?? `no text for ${context.status}`);
      pay.getByRole('button', { name: '知道了' });
    } else {
      throw new Error(`no screen check for ${where}`);
    }
  },
};
