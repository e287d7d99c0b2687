/**
 * The pay gate model (./pay-gate.model.ts) driven through the UI, on the game
 * detail page of goods 1 × 2 (`?goods=1&num=2`), by a shopper whose session
 * an earlier visit stored.
 *
 * Gestures:
 * - `purchase.start`: a click on 立即购买. In the two states that wait on a
 *   dialog the page behind it is inert, so there the dialog's code failed to
 *   load: the driver holds every login and real-name dialog load until the
 *   next gesture, and this one fails it (a closed pay dialog is closed first,
 *   with its 关闭 button: the gate is idle then).
 * - `session.changed`: another tab logs in (a new account) or out, which the
 *   app hears as a `storage` event on the stored session.
 * - `modal.close`: the dialog's 关闭 button (login or 实名认证).
 * - `realName.verified`: name and ID number submitted in the 实名认证 dialog;
 *   when the dialog is already gone, the answer of a verification the
 *   shopper submitted just before closing it arrives.
 * - `modal.closeAll`: the only sender in the app is the session's expiry
 *   prompt, 300 ms after an expired login is noticed. A path that closes all
 *   dialogs therefore starts with a stored session whose token the server
 *   has expired (noticed by the token check 1 s after the page opens, while
 *   the gate is idle), and the gesture is those 300 ms passing. An expiry
 *   announces the logout first, which ends any gating, so one gating can see
 *   one such `modal.closeAll`, never two: a path with a second one is
 *   `undrivable` (the actor replay covers it).
 *
 * The session reads (`readSession`, `confirmLogin`, `confirmRealName`), the
 * real-name config and the stock check are the fakes the model settles; the
 * 实名认证 dialog's own calls are answered by the test (success).
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SimulatedClock, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { PAY_GATE_MESSAGES, type payGateMachine } from '../../machines/pay-gate.machine';
import { SESSION_MESSAGES, sessionMachine } from '../../machines/session.machine';
import { MODAL_LOAD_FAILED } from '../../src/app/root-actor';
import { resetToasts } from '../../src/shared/toast';
import { REAL_NAME_MESSAGES } from '../../src/features/session/real-name-modal';
import { loadModal } from '../../src/app/modal-registry';
import { createAccount, storeSession } from '../integration/session/helpers';
import { delayMs, type FakeCalls } from '../support/model';
import type { RenderedApp, StepAt, UiDriver } from '../support/model-ui';
import { mergeDeps, renderApp } from '../support/render-app';
import { API, backend, ok, testServer } from '../support/server';
import type { payGateModel } from './pay-gate.model';
import {
  deferred,
  type Deferred,
  dialog,
  errorToasts,
  nextPhone,
  otherTabStores,
  quietLoadFailure,
  toasts,
  waitEnabled,
} from './ui-helpers';

/** Goods 1 of game 1 (plenty of stock, at most 3 per order), two of them: the model's request. */
const GAME_URL = '/gameDetail/1?goods=1&num=2';
const REAL_NAME = { name: '张三', idCard: '11010519491231002X' } as const;
/** Why the suspended purchase is replayed on the actor only. */
const SUSPENDED_ELSEWHERE =
  'only an expiry (the server answering auth_40001) or the payment flow’s purchase.suspended reach it; tests/integration/buying/account-change.test.tsx drives both through the real app';

const RETURN_AT_START =
  'only a page that comes back from a pay app’s H5 page (or reloads while its payment is awaited) sends purchase.return, at start-up; tests/integration/buying/pay-on-phone.test.tsx drives it through the real app';

/** The dialogs the gate opens and waits on, by modal name. */
const DIALOG_TITLES: Record<string, string> = { login: '登录', realName: '实名认证' };

/** What the driver keeps for the path being replayed. */
interface World {
  calls: FakeCalls;
  clock: SimulatedClock;
  /** Login and real-name dialog loads the driver holds until the next gesture. */
  loads: Map<string, Deferred<void>>;
  /** The next verification request waits for `heldAnswers` (the shopper submits, then closes the dialog). */
  holdNextAnswer: boolean;
  heldAnswers: Deferred<boolean>[];
  /** The stored login has expired and its 300 ms prompt (the one `modal.closeAll`) has not fired yet. */
  expiryPromptDue: boolean;
}

let world: World | undefined;

function requireWorld(): World {
  if (!world) throw new Error('the pay gate UI driver has not mounted the app');
  return world;
}

/** The event the item takes right after the current gesture's (undefined at its end). */
const nextEvent = (at: StepAt): AnyEventObject | undefined => at.item.steps[at.index + 1]?.event;

/** The dialog code the driver held loads now, and the dialogs show. */
async function showHeldDialogs(w: World): Promise<void> {
  const names = [...w.loads.keys()];
  for (const name of names) w.loads.get(name)?.resolve();
  w.loads.clear();
  for (const name of names) await screen.findByRole('dialog', { name: DIALOG_TITLES[name] ?? name });
}

/** Fills the 实名认证 dialog and submits it; `held`: its answer waits until the driver releases it. */
async function submitRealName(w: World, user: UserEvent, realName: HTMLElement, held: boolean): Promise<void> {
  const form = within(realName);
  await user.type(form.getByRole('textbox', { name: '姓名' }), REAL_NAME.name);
  await user.type(form.getByRole('textbox', { name: '身份证号' }), REAL_NAME.idCard);
  w.holdNextAnswer = held;
  await user.click(form.getByRole('button', { name: '提交' }));
  if (held) {
    await waitFor(() => {
      if (!w.heldAnswers.length) throw new Error('the verification request has not been sent');
    });
  }
}

type PayGateSnapshot = ReturnType<typeof payGateMachine.transition>;

export const payGateUi: UiDriver<typeof payGateModel> = {
  systemId: 'payGate',

  unreachable: {
    states: {
      'payGate.suspended': SUSPENDED_ELSEWHERE,
      'payGate.returning': RETURN_AT_START,
    },
    transitions: {
      'idle --purchase.suspended--> suspended': SUSPENDED_ELSEWHERE,
      'suspended --session.changed [isOwnerBack && isSuspendedOrder]--> idle': SUSPENDED_ELSEWHERE,
      'suspended --session.changed [isOwnerBack]--> gating': SUSPENDED_ELSEWHERE,
      'suspended --session.changed [isOtherAccountBack]--> idle': SUSPENDED_ELSEWHERE,
      'suspended --purchase.start--> gating': SUSPENDED_ELSEWHERE,
      'suspended --purchase.suspended--> (no state change)': SUSPENDED_ELSEWHERE,
      'gating --session.changed [isExpiry]--> suspended': SUSPENDED_ELSEWHERE,
      'idle --purchase.return--> returning': RETURN_AT_START,
      'suspended --purchase.return--> returning': RETURN_AT_START,
      'returning --done: readReturnSession [isAnonymous]--> suspended': RETURN_AT_START,
      'returning --done: readReturnSession [isSigningIn]--> suspended': RETURN_AT_START,
      'returning --done: readReturnSession--> idle': RETURN_AT_START,
      'returning --error: readReturnSession--> idle': RETURN_AT_START,
    },
  },

  undrivable: (item, index) => {
    const event = item.steps[index]?.event;
    if (event?.type === 'purchase.return') {
      return 'purchase.return comes at start-up from a pay app\u2019s return URL: tests/integration/buying/pay-on-phone.test.tsx drives it';
    }
    if (event?.type === 'purchase.start' && 'cart' in event && event.cart) {
      return '去结算 (purchase.start with the cart’s lines) comes from the cart’s hand-off: tests/integration/cart/checkout.test.tsx drives it';
    }
    if (event?.type === 'purchase.suspended') {
      return 'purchase.suspended comes from the payment flow when an expiry interrupts the pay dialog: tests/integration/buying/account-change.test.tsx drives it';
    }
    if (event?.type === 'session.changed' && event.reason === 'expired') {
      return 'an expiry mid-gating: tests/integration/buying/account-change.test.tsx drives it through the server (auth_40001 on the real-name submit)';
    }
    const earlier = item.steps.slice(1, index).some((step) => step.event.type === 'modal.closeAll');
    return item.steps[index]?.event.type === 'modal.closeAll' && earlier
      ? 'a second modal.closeAll: the app sends it only from the session-expiry prompt, and a second expiry first announces the logout, which ends the gating'
      : undefined;
  },

  mount: async ({ calls, deps, item }) => {
    if (!(deps.testing.clock instanceof SimulatedClock))
      throw new Error('the pay gate UI driver needs the replay’s SimulatedClock');
    // A verification still held from the last path fails quietly (its app is gone).
    for (const answer of world?.heldAnswers ?? []) answer.resolve(false);
    const expiring = item.steps.some((step) => step.event.type === 'modal.closeAll');
    const w: World = {
      calls,
      clock: deps.testing.clock,
      loads: new Map(),
      holdNextAnswer: false,
      heldAnswers: [],
      expiryPromptDue: expiring,
    };
    world = w;
    resetToasts();

    // The shopper logged in on an earlier visit; for a path that closes every dialog, the server has expired that login since.
    const account = await createAccount(nextPhone());
    storeSession(account);
    if (expiring) backend.control.expireSessions(account.userId);

    // The 实名认证 dialog's calls: not the gate's business, answered with success (held on request).
    testServer.use(
      http.post(`${API}/u-nnpc/api/mall1/realName/doAuth`, async () => {
        if (w.holdNextAnswer) {
          w.holdNextAnswer = false;
          const answer = deferred<boolean>();
          w.heldAnswers.push(answer);
          if (!(await answer.promise)) return HttpResponse.error();
        }
        return ok(true);
      }),
      http.post(`${API}/u-nnpc/api/mall1/realName/getAuth`, () => ok(null)),
    );

    const app = await renderApp(GAME_URL, {
      deps: mergeDeps(deps, {
        modals: {
          // The dialogs the gate waits on load when the next gesture says whether they showed or failed.
          load: async (name) => {
            if (name in DIALOG_TITLES) {
              const load = deferred<void>();
              w.loads.set(name, load);
              await load.promise;
            }
            return loadModal(name);
          },
          reportLoadFailure: quietLoadFailure,
        },
        testing: {
          purchaseFlows: {
            api: {
              fetchRealNameConfig: (signal) => calls.call('fetchRealNameConfig', signal) as never,
              checkStorage: (_request, signal) => calls.call('checkStorage', signal) as never,
            },
            readSession: (_system, invokeId, signal) => calls.call(invokeId, signal) as never,
          },
        },
      }),
    });
    if (expiring) {
      // A second after the page opens the session checks its token; the server says it expired.
      w.clock.increment(delayMs(sessionMachine, 'tokenPingDelay'));
      await within(screen.getByRole('banner')).findByRole('button', { name: '登录' });
    }
    await waitEnabled(await screen.findByRole('button', { name: '立即购买' }), '立即购买');
    return app;
  },

  gestures: {
    'purchase.suspended': async () => {
      throw new Error('purchase.suspended: undrivable() should have skipped this item');
    },
    'purchase.return': async () => {
      throw new Error('purchase.return: undrivable() should have skipped this item');
    },
    'purchase.start': async ({ user }) => {
      const w = requireWorld();
      // The dialog the gate opened never shows: its code fails to load, and the page stays usable.
      const failed = [...w.loads.values()];
      w.loads.clear();
      for (const load of failed) load.reject(new Error('the dialog’s code failed to load'));
      if (failed.length) await errorToasts().findByText(MODAL_LOAD_FAILED);
      // A pay dialog from the last purchase is closed first (the gate is idle then).
      const pay = dialog('支付订单');
      if (pay) {
        await user.click(within(pay).getByRole('button', { name: '关闭' }));
        await waitFor(() => {
          if (dialog('支付订单')) throw new Error('the pay dialog did not close');
        });
      }
      if (document.getElementById('root')?.inert)
        throw new Error('a dialog covers the page: 立即购买 cannot be clicked');
      await user.click(screen.getByRole('button', { name: '立即购买' }));
    },
    'session.changed': async (_app, event) => {
      const w = requireWorld();
      await showHeldDialogs(w);
      otherTabStores(event.user ? await createAccount(nextPhone()) : null);
    },
    'modal.close': async ({ user }, event, at) => {
      const w = requireWorld();
      const title = DIALOG_TITLES[event.name];
      if (!title) throw new Error(`the gate never waits on a "${event.name}" dialog`);
      await showHeldDialogs(w);
      const target = await screen.findByRole('dialog', { name: title });
      // The verification the model hears after the close was submitted just before it.
      if (event.name === 'realName' && nextEvent(at)?.type === 'realName.verified')
        await submitRealName(w, user, target, true);
      await user.click(within(target).getByRole('button', { name: '关闭' }));
    },
    'modal.closeAll': async ({ user }, _event, at) => {
      const w = requireWorld();
      if (!w.expiryPromptDue)
        throw new Error('modal.closeAll: no expiry prompt is due (undrivable() should have skipped this item)');
      await showHeldDialogs(w);
      const realName = dialog('实名认证');
      if (realName && nextEvent(at)?.type === 'realName.verified') await submitRealName(w, user, realName, true);
      w.expiryPromptDue = false;
      // The session's expiry prompt: every dialog closes, a warning, and the login dialog opens.
      w.clock.increment(delayMs(sessionMachine, 'expiryPromptDelay'));
      await waitFor(() => {
        if (!w.loads.has('login')) throw new Error('the expiry prompt has not asked for the login dialog');
      });
      await showHeldDialogs(w);
    },
    'realName.verified': async ({ user }) => {
      const w = requireWorld();
      if (w.loads.has('realName') || dialog('实名认证')) {
        await showHeldDialogs(w);
        await submitRealName(w, user, await screen.findByRole('dialog', { name: '实名认证' }), false);
        return;
      }
      // The dialog is gone: the verification submitted before closing it is answered now.
      const answer = w.heldAnswers.pop();
      if (!answer) throw new Error('no 实名认证 dialog is open and no verification is under way');
      answer.resolve(true);
    },
  },

  expectScreen: (_app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const w = requireWorld();
    const snapshot = state as PayGateSnapshot;
    const { event } = step;
    const where = JSON.stringify(snapshot.value);
    const calling = (id: string) => {
      if (!w.calls.isRunning(id)) throw new Error(`${where}: the app is not calling ${id}`);
    };
    const closed = (title: string) => {
      if (dialog(title)) throw new Error(`${where}: the ${title} dialog is open`);
    };
    const waitingOn = (name: string) => {
      if (!w.loads.has(name) && !dialog(DIALOG_TITLES[name] ?? name))
        throw new Error(`${where}: the ${name} dialog is neither open nor loading`);
    };

    if (snapshot.matches('idle')) {
      closed('实名认证');
      if (event.type === 'xstate.init') {
        closed('登录');
        closed('支付订单');
        screen.getByRole('button', { name: '立即购买' });
      } else if (event.type === 'xstate.done.actor.checkStorage' && (event as { output?: unknown }).output === false) {
        toasts().getAllByText(PAY_GATE_MESSAGES.outOfStock);
        closed('支付订单');
      } else if (event.type === 'xstate.done.actor.checkStorage' || event.type === 'xstate.error.actor.checkStorage') {
        // The pay dialog opens with the goods and quantity asked for. In a path whose session the server
        // expired at start (the fakes still read a user), nobody is logged in: a pay dialog belongs to an
        // account, so one that mounts for nobody closes at once (src/features/buying/pay-modal.tsx).
        if (within(screen.getByRole('banner')).queryByRole('button', { name: '登录' })) {
          closed('支付订单');
          return;
        }
        const pay = dialog('支付订单');
        if (!pay) throw new Error('the pay dialog did not open');
        const quantity = within(pay).queryByRole('spinbutton', { name: '购买数量' }) as HTMLInputElement | null;
        if (quantity && quantity.value !== '2') throw new Error(`the pay dialog asks for ${quantity.value}, not 2`);
      } else if (event.type === 'xstate.error.actor.fetchRealNameConfig') {
        errorToasts().getAllByText('系统繁忙，请稍后重试');
      }
      return;
    }

    closed('支付订单');
    if (snapshot.matches({ gating: 'readingSession' })) {
      calling('readSession');
    } else if (snapshot.matches({ gating: 'awaitingLogin' })) {
      waitingOn('login');
    } else if (snapshot.matches({ gating: 'confirmingLogin' })) {
      calling('confirmLogin');
      if (event.type === 'modal.close') closed('登录');
      if (event.type === 'modal.closeAll') toasts().getAllByText(SESSION_MESSAGES.expired);
    } else if (snapshot.matches({ gating: 'awaitingSignIn' })) {
      closed('实名认证');
      for (const id of ['readSession', 'confirmLogin', 'fetchRealNameConfig']) {
        if (w.calls.isRunning(id))
          throw new Error(`${where}: the app is calling ${id} while waiting for the login to be announced`);
      }
    } else if (snapshot.matches({ gating: 'checkingConfig' })) {
      calling('fetchRealNameConfig');
    } else if (snapshot.matches({ gating: 'awaitingRealName' })) {
      toasts().getAllByText(PAY_GATE_MESSAGES.realNameRequired);
      waitingOn('realName');
    } else if (snapshot.matches({ gating: 'confirmingRealName' })) {
      calling('confirmRealName');
      closed('实名认证');
    } else if (snapshot.matches({ gating: 'checkingStock' })) {
      calling('checkStorage');
      closed('实名认证');
      if (event.type === 'realName.verified') toasts().getAllByText(REAL_NAME_MESSAGES.verified);
    } else {
      throw new Error(`no screen check for ${where}`);
    }
  },
};
