/**
 * The daily coupon popup model (./coupon-popup.model.ts) driven through the
 * UI: the app starts with the popup enabled, `checkPopupDue` and `fetchPopup`
 * are the model's fakes (the first through the root actor's optional
 * `checkPopupDue` dependency, the second through `fetchHomePopup`), and the
 * popup shows in the 领取优惠券 dialog.
 *
 * `session.changed` is what makes the session announce a user: another tab
 * logs in or out (a `storage` event on the session key; no call is made).
 * The session announces changes only, so a step announcing the user this tab
 * already holds (or nobody, when nobody is logged in) has no gesture: such
 * items are `undrivable`, and the actor replay covers them. (The model allows
 * them because its check fixtures may answer `userId: null` whoever is
 * logged in, which the real check cannot.)
 */
import { screen, within } from '@testing-library/react';
import type { AnyMachineSnapshot } from 'xstate';
import type { couponPopupMachine, PopupCheck } from '../../machines/coupon-popup.machine';
import type { UserInfo } from '../../src/api/user';
import { COUPON_MODAL_TITLE } from '../../src/modals/coupon-modal';
import { audienceKey, POPUP_RECORD_KEY } from '../../src/marketing/popup-record';
import type { RenderedApp, UiDriver } from '../support/model-ui';
import { renderApp } from '../support/render-app';
import type { couponPopupModel } from './coupon-popup.model';
import { USER_A, USER_B } from './session-fixtures';
import { forgetPageState, otherTabStores } from './ui-helpers';

type PopupSnapshot = ReturnType<typeof couponPopupMachine.transition>;

/** The accounts another tab logs in with, by the user id the model announces. */
const ACCOUNTS: Record<number, UserInfo> = { [USER_A.userId]: USER_A, [USER_B.userId]: USER_B };

/** Whether this page has shown the popup: nothing closes the dialog but the shopper, so it stays open. */
let shownOnPage = false;

const couponDialog = () => screen.queryByRole('dialog', { name: COUPON_MODAL_TITLE });

function readRecord(): Record<string, string> {
  return JSON.parse(localStorage.getItem(POPUP_RECORD_KEY) ?? '{}') as Record<string, string>;
}

export const couponPopupUi: UiDriver<typeof couponPopupModel> = {
  systemId: 'couponPopup',

  undrivable: (item, index) => {
    const userOf = (event: { type: string; user?: { userId: number } | null }) => (event.type === 'session.changed' ? (event.user?.userId ?? null) : undefined);
    // This tab starts anonymous; each announcement is a change of user.
    let holds: number | null = null;
    for (const step of item.steps.slice(1, index)) {
      const user = userOf(step.event as never);
      if (user !== undefined) holds = user;
    }
    const announced = userOf(item.steps[index]?.event as never);
    if (announced === undefined || announced !== holds) return undefined;
    return `session.changed announces ${announced === null ? 'nobody' : `user ${announced}`}, whom this tab already holds: the session announces changes only`;
  },

  mount: async ({ calls, deps }) => {
    localStorage.clear();
    sessionStorage.clear();
    forgetPageState();
    shownOnPage = false;
    return renderApp('/', {
      couponPopup: true,
      deps: {
        ...deps,
        checkPopupDue: (_userId, signal) => calls.call('checkPopupDue', signal) as Promise<PopupCheck>,
        fetchHomePopup: (signal) => calls.call('fetchPopup', signal) as never,
      },
    });
  },

  gestures: {
    'session.changed': async (_app, event) => {
      if (event.user === null) return otherTabStores(null);
      const account = ACCOUNTS[event.user.userId];
      if (!account) throw new Error(`no account with user id ${event.user.userId}`);
      otherTabStores(account);
    },
  },

  expectScreen: (_app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const snapshot = state as PopupSnapshot;
    const dialog = couponDialog();
    if (snapshot.matches('shown')) {
      shownOnPage = true;
      if (!dialog) throw new Error(`the ${COUPON_MODAL_TITLE} dialog is not open`);
      const items = within(within(dialog).getByRole('list', { name: '优惠券列表' })).getAllByRole('listitem');
      if (items.length !== snapshot.context.coupons.length) throw new Error(`the dialog lists ${items.length} coupons, not ${snapshot.context.coupons.length}`);
      for (const coupon of snapshot.context.coupons) within(dialog).getByText(coupon.title);
      // Shown is recorded for the audience and day the check answered.
      const { userId, day } = snapshot.context;
      if (readRecord()[audienceKey(userId)] !== day) throw new Error(`the popup is not recorded as shown to ${audienceKey(userId)} on ${day}`);
      return;
    }
    // Not shown (any more): the dialog stays only if this page showed it and nobody closed it.
    if (shownOnPage !== (dialog !== null)) throw new Error(shownOnPage ? `the ${COUPON_MODAL_TITLE} dialog went away` : `the ${COUPON_MODAL_TITLE} dialog is open`);
    // An empty list or a failure shows nothing and records nothing for that audience.
    if (step.event.type === 'xstate.done.actor.fetchPopup' || step.event.type === 'xstate.error.actor.fetchPopup') {
      const { userId, day } = snapshot.context;
      if (readRecord()[audienceKey(userId)] === day) throw new Error(`the popup is recorded as shown to ${audienceKey(userId)} on ${day}`);
    }
  },
};
