/**
 * The modal model (./modal.model.ts) driven through the UI, as far as the app
 * lets a shopper (and the daily popup) drive it. The app starts with the
 * popup enabled; its calls are held by the driver, so it offers only when a
 * step asks for it.
 *
 * - `modal.open login` (`user`): the header's 登录 button (if an earlier step
 *   signed an account in, it first logs out in another tab: a `storage`
 *   event).
 * - `modal.open coupon` (`promo`): the daily popup's check and its home-popup
 *   request come back with the step's coupons, and the popup offers them. Its
 *   first check is the one it makes at start; once an offer was settled, the
 *   popup offers again only to a new audience, so another tab first logs in
 *   (with the other account if one is signed in already).
 * - `modal.close <name>` of the dialog on top: its 关闭 button.
 * - `modal.close coupon` while the popup's dialog waits or loads: the popup
 *   withdraws its offer because another tab logs in with another account.
 * - `modal.close login` while the login dialog's code loads: the login request
 *   the shopper submitted in an earlier login dialog (then closed with 关闭)
 *   finishes; the login flow closes the login modal, which cancels the load.
 *   The backend's answer is held from the submit until that step.
 * - `loadModal` outcomes: the root actor's `modals.load` dependency is routed to
 *   the fakes; once the fake resolves, the real registry loads the component
 *   (preloaded by the suite), so a settled load shows the real dialog. A failed
 *   load shows the app's error toast.
 *
 * What no gesture sends (see `undrivable`): `modal.open pay` with the model's
 * props (the pay gate passes its own), `refund` opened while the shopper's
 * login dialog loads (登录 shows only to nobody, 申请退款 only to an account),
 * a popup open of an empty list or while its dialog is open, loading or
 * waiting (a new audience first withdraws it), 登录 or a close under an open
 * dialog (the page and the lower dialogs are inert), and `modal.closeAll`
 * (only the session expiry sends it, together with `modal.open login`). The
 * popup's withdrawal on an account change is a `modal.close coupon` of its
 * own, so a gesture that changes the account (登录 after a login, a new popup
 * offer) is used only while the popup has nothing in the modal machine. Each state is checked on
 * the page: the dialogs shown, bottom to top, are exactly the machine's stack
 * (a popup that waits or loads shows nothing), and the header shows the
 * account the steps signed in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { PopupCheck } from '../../machines/coupon-popup.machine';
import type { modalMachine } from '../../machines/modal.machine';
import type { Coupon } from '../../src/api/common';
import type { UserInfo } from '../../src/api/user';
import { COUPON_MODAL_TITLE } from '../../src/features/marketing/coupon-modal';
import { loadModal } from '../../src/app/modal-registry';
import type { PlanItem } from '../support/model';
import type { RenderedApp, UiDriver } from '../support/model-ui';
import { mergeDeps, renderApp } from '../support/render-app';
import type { modalModel } from './modal.model';
import { CONFIG_OFF, USER_A, USER_B } from './session-fixtures';
import {
  deferred,
  expectHeaderAccount,
  forgetPageState,
  header,
  otherTabStores,
  quietLoadFailure,
  submitSmsLogin,
  type Deferred,
} from './ui-helpers';

/** Each modal the model opens, by the title of its dialog (its accessible name). */
const TITLES: Readonly<Record<string, string>> = { login: '登录', pay: '支付订单', coupon: COUPON_MODAL_TITLE };

/** The toast the app shows when a dialog's code fails to load (src/app/root-actor.ts). */
const LOAD_FAILED = '弹窗加载失败，请检查网络后重试';

/** The close button of a dialog (the pay dialog's reads 离开支付 while a payment runs). */
const CLOSE = /^(关闭|离开支付)$/;

/** The day the popup's check answers: any day works, the record is not this machine's business. */
const TODAY = '2026-01-31';

type ModalSnapshot = ReturnType<typeof modalMachine.transition>;

/** The accessible names of the dialogs on the page, in document order (the portals stack bottom first). */
function shownDialogs(): string[] {
  return screen.queryAllByRole('dialog').map((dialog) => {
    const title = dialog.getAttribute('aria-labelledby');
    return (title && document.getElementById(title)?.textContent) || '(untitled dialog)';
  });
}

function dialogTitle(name: string): string {
  const title = TITLES[name];
  if (!title) throw new Error(`the modal UI driver knows no dialog for "${name}"`);
  return title;
}

function describeProps(event: AnyEventObject): string {
  return 'props' in event && event.props !== undefined ? JSON.stringify(event.props) : 'no props';
}

/** The coupons of a popup open, if it is one the app's popup can send: a `promo` open of a non-empty list, nothing else. */
function offeredCoupons(event: AnyEventObject): Coupon[] | undefined {
  if (event.type !== 'modal.open' || event.name !== 'coupon' || event.source !== 'promo') return undefined;
  const props = (event.props ?? {}) as Record<string, unknown>;
  const coupons = props.coupons;
  if (Object.keys(props).length !== 1 || !Array.isArray(coupons) || coupons.length === 0) return undefined;
  return coupons as Coupon[];
}

/** What the replay of one item has done so far, beyond the machine: set by `mount` and the gestures. */
interface World {
  /** Answers the login request held since its submit (the shopper is then logged in), if one is held. */
  releaseLogin: (() => void) | null;
  /** The account the header shows, or null when it offers 登录. */
  account: UserInfo | null;
  /** The popup's check of whether it is due, held until a step makes it offer (null: none running). */
  popupCheck: { userId: number | null; answer: Deferred<PopupCheck> } | null;
  /** The popup's home-popup request, held likewise. */
  popupFetch: Deferred<Coupon[]> | null;
}

let world: World | null = null;

function requireWorld(): World {
  if (!world) throw new Error('the modal UI driver has not mounted the app');
  return world;
}

/** A call the driver holds: forgotten (and rejected) when the app stops waiting for it. */
function hold<T>(
  signal: AbortSignal,
  keep: (answer: Deferred<T>) => void,
  forget: (answer: Deferred<T>) => void,
): Promise<T> {
  const answer = deferred<T>();
  keep(answer);
  signal.addEventListener('abort', () => {
    forget(answer);
    answer.reject(signal.reason);
  });
  return answer.promise;
}

const stateBefore = (item: PlanItem, index: number) => item.steps[index - 1]?.state as ModalSnapshot | undefined;

/** Whether the coupon waits for a free slot or is being loaded: the popup's offer is still out. */
function couponWaits(snapshot: ModalSnapshot | undefined): boolean {
  return snapshot?.context.promo?.name === 'coupon' || snapshot?.context.pending?.name === 'coupon';
}

/** Whether the coupon is open, loading or waiting: an account change would withdraw it (`modal.close coupon`). */
function couponThere(snapshot: ModalSnapshot | undefined): boolean {
  return couponWaits(snapshot) || (snapshot?.context.stack.some((modal) => modal.name === 'coupon') ?? false);
}

/** A close of the modal whose code is being loaded (it cancels the load). */
function cancelsLoad(item: PlanItem, index: number): boolean {
  const event = item.steps[index]?.event;
  return event?.type === 'modal.close' && stateBefore(item, index)?.context.pending?.name === event.name;
}

/** A close of the login dialog shown on top (the shopper's 关闭). */
function closesLoginDialog(item: PlanItem, index: number): boolean {
  const event = item.steps[index]?.event;
  return (
    event?.type === 'modal.close' &&
    event.name === 'login' &&
    stateBefore(item, index)?.context.stack.at(-1)?.name === 'login'
  );
}

/** The first step after `index` that cancels the login dialog's load, before the login dialog is closed again. */
function laterLoginCancel(item: PlanItem, index: number): number | undefined {
  for (let later = index + 1; later < item.steps.length; later++) {
    if (closesLoginDialog(item, later)) return undefined;
    if (cancelsLoad(item, later) && item.steps[later]?.event.name === 'login') return later;
  }
  return undefined;
}

/** Types a phone and code into the login dialog and submits: the backend's answer is held in `w.releaseLogin`. */
async function submitLogin(user: UserEvent, dialog: HTMLElement): Promise<void> {
  await submitSmsLogin(user, dialog, USER_A.telNum, '123456');
  await waitFor(() => {
    if (!requireWorld().releaseLogin) throw new Error('the login dialog has not sent the login request');
  });
}

/** Another tab logs in with an account other than the one shown here (the popup sees a new audience). */
async function otherTabSwitchesAccount(): Promise<void> {
  const w = requireWorld();
  const next = w.account?.userId === USER_A.userId ? USER_B : USER_A;
  otherTabStores(next);
  w.account = next;
  await waitFor(() => expectHeaderAccount(next.telNum));
}

/** The popup's held check says it is due for the audience it asked about, and its request answers `coupons`: it offers them. */
async function popupOffers(coupons: Coupon[]): Promise<void> {
  const w = requireWorld();
  // Its earlier offer was settled (shown, dropped or withdrawn): only a new audience makes it check again.
  // (The new audience's withdrawal closes nothing: undrivable() skips a popup open while its dialog is there.)
  if (!w.popupCheck) await otherTabSwitchesAccount();
  await waitFor(() => {
    if (!w.popupCheck) throw new Error('the daily popup has not checked whether it is due');
  });
  const check = w.popupCheck!;
  w.popupCheck = null;
  check.answer.resolve({ userId: check.userId, day: TODAY, due: true });
  await waitFor(() => {
    if (!w.popupFetch) throw new Error('the daily popup has not asked for its coupons');
  });
  const fetch = w.popupFetch!;
  w.popupFetch = null;
  fetch.resolve(coupons);
}

export const modalUi: UiDriver<typeof modalModel> = {
  systemId: 'modal',

  undrivable: (item, index) => {
    const event = item.steps[index]?.event;
    const before = stateBefore(item, index);
    if (!event || !before) return undefined;
    if (event.type === 'modal.open' && event.name === 'pay') {
      return `modal.open pay with ${describeProps(event)}: the app opens pay only with { goodsId, buyNum, gameId } (立即购买) or { orderId } (订单 pages)`;
    }
    if (event.type === 'modal.open' && event.name === 'coupon') {
      if (!offeredCoupons(event))
        return `modal.open coupon with ${describeProps(event)} (${String(event.source)}): the daily popup opens it only as a promo of a non-empty coupon list`;
      if (couponThere(before)) {
        return 'a second popup open while its dialog is open, loading or waiting: the popup offers once per audience, and a new audience first withdraws what it offered or showed (modal.close coupon)';
      }
      return undefined;
    }
    if (event.type === 'modal.open' && event.name === 'refund' && before.context.pending?.name === 'login') {
      return "modal.open refund while the shopper's login dialog loads: 登录 shows only while nobody is logged in, and 申请退款 only on a logged-in shopper's order page";
    }
    if (event.type === 'modal.open' && event.name !== 'login')
      return `modal.open ${String(event.name)}: the app never opens it with the model's props`;
    if (event.type === 'modal.open' && before.context.stack.length > 0) {
      return `modal.open login over the open ${String(before.context.stack.at(-1)?.name)} dialog: the page behind a dialog is inert, so the shopper cannot reach the header's 登录`;
    }
    if (event.type === 'modal.closeAll') {
      return 'modal.closeAll: only the session-expiry prompt sends it, and it opens login in the same step, so the machine never rests in idle after it';
    }
    if (event.type === 'modal.close') {
      const open = before.context.stack.findIndex((modal) => modal.name === event.name);
      if (open >= 0 && open < before.context.stack.length - 1)
        return `modal.close ${String(event.name)} under another dialog: the lower dialogs are inert, and nothing else closes it`;
      if (cancelsLoad(item, index) && event.name !== 'coupon') {
        // The shopper cannot touch a dialog that is not shown yet; only a login request from an earlier login dialog closes it.
        const earlier = item.steps.some(
          (_, k) => k < index && closesLoginDialog(item, k) && laterLoginCancel(item, k) === index,
        );
        if (event.name !== 'login' || !earlier)
          return `modal.close ${String(event.name)} while its code loads: nothing but a login submitted in an earlier login dialog closes a dialog not shown yet`;
      }
    }
    return undefined;
  },

  unreachable: {
    transitions: {
      '(modal) --modal.close [isWaiting]--> (no state change)':
        "only pay waits for a login load (or login for pay), and the app never opens pay with the model's props",
      '(modal) --modal.close [isQueuedPromo]--> (no state change)':
        'its only item (a popup that fails to load, then waits under a login) ends with closing the login dialog while it loads, and no earlier login dialog submitted a login to close it',
      '(modal) --modal.closeAll [hasPromo]--> idle':
        'only the session-expiry prompt sends modal.closeAll, and it opens login in the same step',
      '(modal) --modal.closeAll--> idle':
        'only the session-expiry prompt sends it, and it opens login in the same step (the machine never rests in idle after it)',
      'idle --modal.open [isPromoAlreadyThere]--> (no state change)':
        'its only items offer the popup again while its dialog is open or waits: the popup offers once per audience, and a new audience first withdraws what it offered or showed',
      'idle --modal.open [!canOpen]--> (no state change)':
        'its only item (a second gesture while a dialog loads) opens refund while the login dialog loads, then 登录 over the open login dialog (the page behind a dialog is inert)',
      'idle --modal.open [isPromoOpen && isSlotTaken]--> (no state change)':
        'its only item (the popup waits under the login dialog) goes on with a second popup open and modal.closeAll, neither of which the app sends there',
      'idle --always [hasWaiting]--> opening':
        "only pay waits for a login load (or login for pay), and the app never opens pay with the model's props",
      'opening --modal.open [!canOpen]--> (no state change)': "its only item opens pay with the model's props",
      'opening --modal.open [isPromoAlreadyThere]--> (no state change)':
        'its only item offers the popup again while its dialog loads: the popup offers once per audience, and a new audience first withdraws what it offered',
      'opening --modal.open [isRepeatedGesture]--> (no state change)':
        "its only item opens refund by a gesture while the shopper's login dialog loads: 登录 shows only while nobody is logged in, and 申请退款 only on a logged-in shopper's order page",
      'opening --modal.open--> (no state change)':
        "only pay (a flow) waits for a login load, and the app never opens pay with the model's props",
      'opening --modal.close [isPendingModal && isLoadingPromo]--> idle':
        'its only item ends with modal.closeAll, which only the session-expiry prompt sends (with modal.open login)',
      'opening --modal.closeAll [isLoadingPromo]--> idle':
        'only the session-expiry prompt sends modal.closeAll, and it opens login in the same step',
      'opening --error: loadModal [isLoadingPromo]--> idle':
        'its only item (a popup that fails to load) ends with closing the login dialog while it loads, and no earlier login dialog submitted a login to close it',
    },
  },

  mount: async ({ calls, deps }) => {
    localStorage.clear();
    sessionStorage.clear();
    forgetPageState();
    const w: World = { releaseLogin: null, account: null, popupCheck: null, popupFetch: null };
    world = w;
    return renderApp('/', {
      couponPopup: true,
      deps: mergeDeps(deps, {
        modals: {
          reportLoadFailure: quietLoadFailure,
          load: (name) => {
            // The app's call of the machine's `loadModal` invoke: the fake settles it, then the real
            // registry resolves the component (already loaded by the suite, so at once).
            const controller = new AbortController();
            return calls.call('loadModal', controller.signal).then(() => loadModal(name));
          },
        },
        testing: {
          // The daily popup's calls: held, so that it offers only when a `modal.open coupon` step asks for it.
          checkPopupDue: (userId, signal) =>
            hold<PopupCheck>(
              signal,
              (answer) => (w.popupCheck = { userId, answer }),
              (answer) => {
                if (w.popupCheck?.answer === answer) w.popupCheck = null;
              },
            ),
          fetchHomePopup: (signal) =>
            hold<Coupon[]>(
              signal,
              (answer) => (w.popupFetch = answer),
              (answer) => {
                if (w.popupFetch === answer) w.popupFetch = null;
              },
            ),
          sessionFlows: {
            api: {
              // The login the shopper submits: held until the step it is meant to close the login modal in.
              registerLogin: () =>
                new Promise((resolve) => {
                  w.releaseLogin = () => resolve(USER_A);
                }) as never,
              // What the session asks once someone logs in: not this machine's business, answered at once.
              checkToken: async () => ({}),
              fetchRealNameConfig: async () => CONFIG_OFF,
              fetchRealNameInfo: async () => null,
            },
          },
        },
      }),
    });
  },

  gestures: {
    'modal.open': async ({ user }: RenderedApp, event, { item, index }) => {
      const w = requireWorld();
      const coupons = offeredCoupons(event);
      if (coupons) return popupOffers(coupons);
      if (event.name !== 'login')
        throw new Error(
          `no gesture opens ${event.name} with ${describeProps(event)} (undrivable() should have skipped this item)`,
        );
      if (w.account) {
        // Signed in by an earlier step: the account logs out in another tab, and the header offers 登录 again.
        // (A popup dialog shown or offered to that account would be withdrawn with it: a close the step does not make.)
        if (couponThere(stateBefore(item, index)))
          throw new Error("modal.open login: the logout that brings back 登录 would withdraw the popup's dialog");
        otherTabStores(null);
        await waitFor(() => expectHeaderAccount(null));
        w.account = null;
      }
      await user.click(header().getByRole('button', { name: '登录' }));
    },
    'modal.close': async ({ user }: RenderedApp, event, { item, index }) => {
      const w = requireWorld();
      const before = stateBefore(item, index);
      if (event.name === 'coupon' && couponWaits(before)) {
        // Not on screen yet: the popup withdraws its offer, because another account logs in in another tab.
        await otherTabSwitchesAccount();
        return;
      }
      if (cancelsLoad(item, index)) {
        // The dialog is not shown yet: the login submitted in the earlier login dialog finishes and closes it.
        const release = w.releaseLogin;
        if (event.name !== 'login' || !release)
          throw new Error(`modal.close ${event.name} while its code loads: no login request is held to close it`);
        w.releaseLogin = null;
        w.account = USER_A;
        release();
        return;
      }
      const dialogs = screen.queryAllByRole('dialog');
      const dialog = screen.queryByRole('dialog', { name: dialogTitle(event.name) });
      if (!dialog || dialogs.at(-1) !== dialog)
        throw new Error(`modal.close ${event.name}: its dialog is not the top one, so the shopper cannot close it`);
      // A later step cancels the login dialog's load: the shopper submits a login now, which finishes then.
      if (event.name === 'login' && !w.releaseLogin && laterLoginCancel(item, index) !== undefined)
        await submitLogin(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: CLOSE }));
    },
    'modal.closeAll': async () => {
      throw new Error('modal.closeAll has no gesture of its own (undrivable() should have skipped this item)');
    },
  },

  expectScreen: (_app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const snapshot = state as ModalSnapshot;
    // Exactly the stack, bottom first: a popup that waits for a free slot or is being loaded shows nothing.
    const shown = shownDialogs();
    const expected = snapshot.context.stack.map((modal) => dialogTitle(modal.name));
    if (JSON.stringify(shown) !== JSON.stringify(expected)) {
      throw new Error(
        `the page shows the dialogs ${JSON.stringify(shown)}, expected ${JSON.stringify(expected)} (bottom first)`,
      );
    }
    // The top dialog is the one the shopper can use: it has its close button.
    const top = screen.queryAllByRole('dialog').at(-1);
    if (top) within(top).getByRole('button', { name: CLOSE });
    // The dialogs open over the page, which stays: its header offers 登录, or shows the account the steps signed in.
    expectHeaderAccount(requireWorld().account?.telNum ?? null);
    if (step.event.type === 'xstate.error.actor.loadModal') {
      const alert = screen.getByRole('alert', { name: '错误提示' });
      if (!alert.textContent?.includes(LOAD_FAILED))
        throw new Error(`the error toast does not say "${LOAD_FAILED}" (it says "${alert.textContent ?? ''}")`);
    }
  },
};
