/**
 * Daily coupon popup: at start, at most once per calendar day per audience (a
 * logged-in user by id, otherwise the browser), the home popup's coupons are
 * shown in the `coupon` modal.
 *
 * States: `checking` invokes `checkPopupDue`, which the app answers with the
 * audience (the session's user id, or null), today's local day and whether the
 * popup is still due for that audience today. Due → `fetching` invokes
 * `fetchPopup` (GET /u-nnpc/mall/activity/home/popup). A non-empty coupon list
 * → `shown`: the parent is asked to open the `coupon` modal with the coupons
 * as props and `recordShown` stores (audience, day). Anything else — not due,
 * an empty list, a failed check or fetch — rests in `idle`, silently.
 *
 * `session.changed` (forwarded by the app) with a user other than the
 * audience re-enters `checking` for that user, whatever the state: logging in
 * later the same day may show the user's own popup once. A logout
 * (`user: null`) cancels a check or fetch in progress and rests in `idle`:
 * the anonymous popup belongs to the start of a visit, not to a logout. The
 * same user again (a refreshed session) changes nothing.
 *
 * Invariants: "shown" is recorded exactly when the modal is asked to open,
 * never for an empty list; `coupons` is non-empty exactly in `shown`; at most
 * one request is in flight (re-entering `checking` stops the previous one).
 *
 * Not handled here: the clock, the storage of the record and the request (the
 * app provides `checkPopupDue`, `fetchPopup`, `recordShown`), what the modal
 * shows, and whether the modal could open (an already open `coupon` modal
 * ignores the second open).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Coupon } from '../src/api/common';

export interface PopupCheck {
  /** the audience: the logged-in user's id, or null for this browser */
  userId: number | null;
  /** today, local calendar day `YYYY-MM-DD` */
  day: string;
  /** not yet shown to this audience today */
  due: boolean;
}

export interface CouponPopupContext {
  userId: number | null;
  day: string | null;
  /** the coupons shown; non-empty only in `shown` */
  coupons: Coupon[];
}

/** What the popup needs of the session's user (the session's own user type satisfies it). */
export interface SessionUserRef {
  userId: number;
}

export type CouponPopupEvent = { type: 'session.changed'; user: SessionUserRef | null };

export const couponPopupMachine = setup({
  types: {} as {
    context: CouponPopupContext;
    events: CouponPopupEvent;
    tags: 'popup:busy' | 'popup:shown';
  },
  actors: {
    /** The app reads the session's user, its clock and the localStorage record. */
    checkPopupDue: fromPromise<PopupCheck>(async () => {
      throw new Error('checkPopupDue is supplied by the app through couponPopupMachine.provide()');
    }),
    /** The app's GET home/popup: the coupon list (empty when there is nothing to show). */
    fetchPopup: fromPromise<Coupon[]>(async () => {
      throw new Error('fetchPopup is supplied by the app through couponPopupMachine.provide()');
    }),
  },
  actions: {
    assignCheck: assign((_, params: { userId: number | null; day: string }) => ({ userId: params.userId, day: params.day })),
    assignCoupons: assign((_, params: { coupons: Coupon[] }) => ({ coupons: params.coupons })),
    assignUser: assign((_, params: { userId: number | null }) => ({ userId: params.userId, coupons: [] })),
    clearCoupons: assign({ coupons: [] }),
    /**
     * The app asks its root to open the `coupon` modal with the coupons as
     * props (src/app/root-actor.ts provides `sendParent(modal.open)`, so the
     * request goes through the app machine like any other modal open).
     */
    openCouponModal: (_, _params: { coupons: Coupon[] }) => {},
    /** The app writes (audience, day) to localStorage. */
    recordShown: (_, _params: { userId: number | null; day: string }) => {},
  },
  guards: {
    isDue: (_, params: { due: boolean }) => params.due,
    hasCoupons: (_, params: { coupons: readonly Coupon[] }) => params.coupons.length > 0,
    isOtherUser: ({ context, event }) => event.user !== null && event.user.userId !== context.userId,
    isLogout: ({ context, event }) => event.user === null && context.userId !== null,
  },
}).createMachine({
  id: 'couponPopup',
  context: { userId: null, day: null, coupons: [] },
  initial: 'checking',
  on: {
    'session.changed': [
      {
        guard: 'isOtherUser',
        target: '.checking',
        reenter: true,
        actions: { type: 'assignUser', params: ({ event }) => ({ userId: event.user?.userId ?? null }) },
      },
      {
        guard: 'isLogout',
        target: '.idle',
        actions: { type: 'assignUser', params: { userId: null } },
      },
    ],
  },
  states: {
    checking: {
      tags: ['popup:busy'],
      invoke: {
        id: 'checkPopupDue',
        src: 'checkPopupDue',
        onDone: [
          {
            guard: { type: 'isDue', params: ({ event }) => ({ due: event.output.due }) },
            target: 'fetching',
            actions: { type: 'assignCheck', params: ({ event }) => ({ userId: event.output.userId, day: event.output.day }) },
          },
          {
            target: 'idle',
            actions: { type: 'assignCheck', params: ({ event }) => ({ userId: event.output.userId, day: event.output.day }) },
          },
        ],
        onError: { target: 'idle' },
      },
    },
    fetching: {
      tags: ['popup:busy'],
      invoke: {
        id: 'fetchPopup',
        src: 'fetchPopup',
        onDone: [
          {
            guard: { type: 'hasCoupons', params: ({ event }) => ({ coupons: event.output }) },
            target: 'shown',
            actions: [
              { type: 'assignCoupons', params: ({ event }) => ({ coupons: event.output }) },
              { type: 'openCouponModal', params: ({ event }) => ({ coupons: event.output }) },
              { type: 'recordShown', params: ({ context }) => ({ userId: context.userId, day: context.day ?? '' }) },
            ],
          },
          { target: 'idle' },
        ],
        onError: { target: 'idle' },
      },
    },
    shown: {
      tags: ['popup:shown'],
      exit: 'clearCoupons',
    },
    idle: {},
  },
});

/** Whether the popup is being decided or loaded (tag `popup:busy`). */
export function isPopupBusy(snapshot: { hasTag(tag: 'popup:busy'): boolean }): boolean {
  return snapshot.hasTag('popup:busy');
}

/** Whether the popup was shown during this visit to the current audience (tag `popup:shown`). */
export function wasPopupShown(snapshot: { hasTag(tag: 'popup:shown'): boolean }): boolean {
  return snapshot.hasTag('popup:shown');
}
