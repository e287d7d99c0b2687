/**
 * The daily coupon popup model (./coupon-popup.model.ts) driven through the
 * UI: the app starts with the popup enabled, `checkPopupDue` and `fetchPopup`
 * are the model's fakes (the first through the root actor's optional
 * `testing.checkPopupDue` dependency, the second through `testing.fetchHomePopup`), and the
 * popup shows in the 领取优惠券 dialog.
 *
 * `session.changed` is what makes the session announce a user: another tab
 * logs in or out (a `storage` event on the session key; no call is made).
 * The session announces changes only, so a step announcing the user this tab
 * already holds (or nobody, when nobody is logged in) has no gesture: such
 * items are `undrivable`, and the actor replay covers them. (The model allows
 * them because its check fixtures may answer `userId: null` whoever is
 * logged in, which the real check cannot.) When the audience changes (another
 * user, or a logout of the user it checked), the popup withdraws what it
 * offered or showed (`modal.close coupon`): the dialog goes, if it was on
 * screen, without the shopper closing it.
 *
 * The modal machine's answers to the offer come from the dialog's code, which
 * the root actor's `modals.load` dependency holds for the `coupon` dialog until
 * a step settles it:
 * - `modal.promoShown coupon`: the code loads and the dialog appears (and is
 *   recorded as shown). In the hand-written journeys, while nobody is logged
 *   in, the shopper first opens 登录 in the header: the offer waits under the
 *   login dialog (no popup on screen, nothing recorded), and loads again once
 *   the shopper closes it.
 * - `modal.promoDropped coupon`: the code fails to load (the app's error toast).
 * - `modal.promoShown` about another dialog: never sent (undrivable), the app
 *   forwards the answers to promo opens only, and the popup's is the only one.
 */
import { waitFor, within } from '@testing-library/react';
import type { AnyMachineSnapshot } from 'xstate';
import type { couponPopupMachine, PopupCheck } from '../../machines/coupon-popup.machine';
import type { UserInfo } from '../../src/api/user';
import { COUPON_MODAL_TITLE } from '../../src/features/marketing/coupon-modal';
import { loadModal } from '../../src/app/modal-registry';
import { audienceKey, POPUP_RECORD_KEY } from '../../src/features/marketing/popup-record';
import type { PlanItem } from '../support/model';
import type { RenderedApp, UiDriver } from '../support/model-ui';
import { mergeDeps, renderApp } from '../support/render-app';
import type { couponPopupModel } from './coupon-popup.model';
import { USER_A, USER_B } from './session-fixtures';
import {
  deferred,
  dialog,
  errorToasts,
  forgetPageState,
  header,
  otherTabStores,
  quietLoadFailure,
  type Deferred,
} from './ui-helpers';

type PopupSnapshot = ReturnType<typeof couponPopupMachine.transition>;

/** The accounts another tab logs in with, by the user id the model announces. */
const ACCOUNTS: Record<number, UserInfo> = { [USER_A.userId]: USER_A, [USER_B.userId]: USER_B };

/** The toast the app shows when a dialog's code fails to load (src/app/root-actor.ts). */
const LOAD_FAILED = '弹窗加载失败，请检查网络后重试';

/** What the replay of one item has done so far, beyond the machine: set by `mount`, the gestures and `expectScreen`. */
interface World {
  /** Whether the 领取优惠券 dialog is on this page: once shown, it goes only when the audience changes. */
  dialogOpen: boolean;
  /** The load of the dialog's code the modal machine is waiting for, held until a step settles it. */
  couponLoad: Deferred<void> | null;
}

let world: World | null = null;

function requireWorld(): World {
  if (!world) throw new Error('the coupon popup UI driver has not mounted the app');
  return world;
}

const couponDialog = () => dialog(COUPON_MODAL_TITLE);

function readRecord(): Record<string, string> {
  return JSON.parse(localStorage.getItem(POPUP_RECORD_KEY) ?? '{}') as Record<string, string>;
}

const isAnswer = (type: string) => type === 'modal.promoShown' || type === 'modal.promoDropped';

const stateBefore = (item: PlanItem, index: number) => item.steps[index - 1]?.state as PopupSnapshot | undefined;

/** Whether the popup takes `session.changed` from `before` as a new audience (the machine's isOtherUser or isLogout), withdrawing its offer. */
function isNewAudience(before: PopupSnapshot | undefined, user: { userId: number } | null): boolean {
  const checked = before?.context.userId ?? null;
  return user === null ? checked !== null : user.userId !== checked;
}

/** The held load of the dialog's code, once the modal machine has asked for it; it is settled by the caller. */
async function takeCouponLoad(): Promise<Deferred<void>> {
  const w = requireWorld();
  await waitFor(() => {
    if (!w.couponLoad) throw new Error(`the modal machine is not loading the ${COUPON_MODAL_TITLE} dialog`);
  });
  const load = w.couponLoad!;
  w.couponLoad = null;
  return load;
}

/**
 * While the offer loads, the shopper opens 登录: the login dialog takes the slot at once and the offer
 * waits (nothing of it on screen, nothing recorded); closing the login dialog loads the offer again.
 */
async function openAndCloseLogin(app: RenderedApp, userId: number | null, day: string): Promise<void> {
  const w = requireWorld();
  await takeCouponLoad(); // preempted by the login dialog: this load is never answered
  await app.user.click(header().getByRole('button', { name: '登录' }));
  const login = await waitFor(() => {
    const shown = dialog('登录');
    if (!shown) throw new Error('the login dialog is not open');
    return shown;
  });
  if (couponDialog()) throw new Error(`the ${COUPON_MODAL_TITLE} dialog opened over the shopper's login dialog`);
  if (readRecord()[audienceKey(userId)] === day)
    throw new Error(`the popup waiting under the login dialog is recorded as shown to ${audienceKey(userId)}`);
  await app.user.click(within(login).getByRole('button', { name: '关闭' }));
  await waitFor(() => {
    if (!w.couponLoad)
      throw new Error(`the ${COUPON_MODAL_TITLE} dialog is not loaded again once the login dialog closed`);
  });
}

export const couponPopupUi: UiDriver<typeof couponPopupModel> = {
  systemId: 'couponPopup',

  undrivable: (item, index) => {
    const event = item.steps[index]?.event;
    if (!event) return undefined;
    if (isAnswer(event.type)) {
      if (event.name !== 'coupon') {
        return `${event.type} about ${String(event.name)}: the app forwards the modal machine's answers to promo opens only, and the popup's coupon dialog is the only promo`;
      }
      // (After a withdrawal the modal machine's drop does reach the popup, but within that session.changed step.)
      if (!stateBefore(item, index)?.matches('offered'))
        return `${event.type} with no offer out: the modal machine answers only an open the popup made`;
      return undefined;
    }
    const userOf = (step: { type: string; user?: { userId: number } | null }) =>
      step.type === 'session.changed' ? (step.user?.userId ?? null) : undefined;
    // This tab starts anonymous; each announcement is a change of user.
    let holds: number | null = null;
    for (const step of item.steps.slice(1, index)) {
      const user = userOf(step.event as never);
      if (user !== undefined) holds = user;
    }
    const announced = userOf(event as never);
    if (announced === undefined || announced !== holds) return undefined;
    return `session.changed announces ${announced === null ? 'nobody' : `user ${announced}`}, whom this tab already holds: the session announces changes only`;
  },

  mount: async ({ calls, deps }) => {
    localStorage.clear();
    sessionStorage.clear();
    forgetPageState();
    const w: World = { dialogOpen: false, couponLoad: null };
    world = w;
    return renderApp('/', {
      couponPopup: true,
      deps: mergeDeps(deps, {
        testing: {
          checkPopupDue: (_userId, signal) => calls.call('checkPopupDue', signal) as Promise<PopupCheck>,
          fetchHomePopup: (signal) => calls.call('fetchPopup', signal) as never,
        },
        modals: {
          // The popup's dialog loads when a step says how (shown or dropped); the other dialogs load at once.
          load: (name) => {
            if (name !== 'coupon') return loadModal(name);
            const load = deferred<void>();
            w.couponLoad = load;
            return load.promise.then(() => loadModal(name));
          },
          reportLoadFailure: quietLoadFailure,
        },
      }),
    });
  },

  gestures: {
    'session.changed': async (_app: RenderedApp, event, { item, index }) => {
      const w = requireWorld();
      if (isNewAudience(stateBefore(item, index), event.user)) {
        // The popup withdraws what it offered or showed: the dialog goes, and a load of its code is cancelled.
        w.dialogOpen = false;
        w.couponLoad = null;
      }
      if (event.user === null) return otherTabStores(null);
      const account = ACCOUNTS[event.user.userId];
      if (!account) throw new Error(`no account with user id ${event.user.userId}`);
      otherTabStores(account);
    },
    'modal.promoShown': async (app: RenderedApp, event, { item, index }) => {
      if (event.name !== 'coupon')
        throw new Error(
          `modal.promoShown about ${event.name} has no gesture (undrivable() should have skipped this item)`,
        );
      const before = stateBefore(item, index);
      if (item.kind === 'journey' && before && header().queryByRole('button', { name: '登录' })) {
        await openAndCloseLogin(app, before.context.userId, before.context.day ?? '');
      }
      (await takeCouponLoad()).resolve();
    },
    'modal.promoDropped': async (_app, event) => {
      if (event.name !== 'coupon') throw new Error(`modal.promoDropped about ${event.name} has no gesture`);
      (await takeCouponLoad()).reject(new Error('chunk failed'));
    },
  },

  expectScreen: (_app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const w = requireWorld();
    const snapshot = state as PopupSnapshot;
    const { userId, day } = snapshot.context;
    const recorded = day !== null && readRecord()[audienceKey(userId)] === day;
    const dialogShown = couponDialog();
    if (snapshot.matches('shown')) {
      w.dialogOpen = true;
      if (!dialogShown) throw new Error(`the ${COUPON_MODAL_TITLE} dialog is not open`);
      const items = within(within(dialogShown).getByRole('list', { name: '优惠券列表' })).getAllByRole('listitem');
      if (items.length !== snapshot.context.coupons.length)
        throw new Error(`the dialog lists ${items.length} coupons, not ${snapshot.context.coupons.length}`);
      for (const coupon of snapshot.context.coupons) within(dialogShown).getByText(coupon.title);
      // Shown is recorded for the audience and day the check answered.
      if (!recorded) throw new Error(`the popup is not recorded as shown to ${audienceKey(userId)} on ${day}`);
      return;
    }
    // Not shown (any more): the dialog stays only if this page showed it to the audience it still checks.
    if (w.dialogOpen !== (dialogShown !== null))
      throw new Error(
        w.dialogOpen ? `the ${COUPON_MODAL_TITLE} dialog went away` : `the ${COUPON_MODAL_TITLE} dialog is open`,
      );
    // An offer is recorded only once on screen: not while it waits, nor when it is dropped, nor for an empty list or a failure.
    const unrecorded =
      snapshot.matches('offered') ||
      isAnswer(step.event.type) ||
      step.event.type === 'xstate.done.actor.fetchPopup' ||
      step.event.type === 'xstate.error.actor.fetchPopup';
    if (unrecorded && recorded) throw new Error(`the popup is recorded as shown to ${audienceKey(userId)} on ${day}`);
    // A dialog whose code failed to load: the app says so.
    if (step.event.type === 'modal.promoDropped') errorToasts().getByText(LOAD_FAILED);
  },
};
