/**
 * Daily coupon popup: the home popup's coupons, at most once a calendar day per audience. An audience
 * is a user by id, else the browser; the coupons are offered to the modal machine as a `promo` open,
 * shown only in a free slot.
 *
 * Invariants: "shown today" is recorded exactly when the dialog is on screen (`modal.promoShown`),
 * never for a dropped or withdrawn offer or an empty list; at most one request in flight; a change of
 * audience withdraws the offer.
 *
 * Not here: the clock, storage and request (`checkPopupDue`, `fetchPopup`, `recordShown`), the dialog,
 * and when a slot is free (machines/modal.machine.ts).
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
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
interface SessionUserRef {
  userId: number;
}

/** What the modal machine answers a promo open with (the app forwards it): on screen, or not on this page view. */
export type PromoAnswerEvent =
  | { type: 'modal.promoShown'; name: string }
  | { type: 'modal.promoDropped'; name: string };

export type CouponPopupEvent = { type: 'session.changed'; user: SessionUserRef | null } | PromoAnswerEvent;

export const couponPopupMachine = setup({
  types: {} as {
    context: CouponPopupContext;
    events: CouponPopupEvent;
    tags: 'popup:busy' | 'popup:offered' | 'popup:shown';
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
    assignCheck: assign((_, params: { userId: number | null; day: string }) => ({
      userId: params.userId,
      day: params.day,
    })),
    assignCoupons: assign((_, params: { coupons: Coupon[] }) => ({ coupons: params.coupons })),
    assignUser: assign((_, params: { userId: number | null }) => ({ userId: params.userId, coupons: [] })),
    clearCoupons: assign({ coupons: [] }),
    /** Asks the root for the `coupon` dialog, as a promo: it goes through the modal rules like any other open. */
    openCouponModal: sendParent((_, params: { coupons: Coupon[] }) => ({
      type: 'modal.open',
      name: 'coupon',
      props: { coupons: params.coupons },
      source: 'promo',
    })),
    /** Withdraws the offer (an account change): one not yet on screen never shows. */
    withdrawCouponModal: sendParent({ type: 'modal.close', name: 'coupon' }),
    /** The app writes (audience, day) to localStorage. */
    recordShown: (_, _params: { userId: number | null; day: string }) => {},
  },
  guards: {
    isDue: (_, params: { due: boolean }) => params.due,
    hasCoupons: (_, params: { coupons: readonly Coupon[] }) => params.coupons.length > 0,
    isOtherUser: ({ context, event }) =>
      event.type === 'session.changed' && event.user !== null && event.user.userId !== context.userId,
    isLogout: ({ context, event }) =>
      event.type === 'session.changed' && event.user === null && context.userId !== null,
    isCouponModal: ({ event }) =>
      (event.type === 'modal.promoShown' || event.type === 'modal.promoDropped') && event.name === 'coupon',
  },
}).createMachine({
  id: 'couponPopup',
  context: { userId: null, day: null, coupons: [] },
  initial: 'checking',
  on: {
    // A new audience: whatever was offered or shown to the previous one is withdrawn first (it speaks to
    // someone else), then the new audience is checked.
    'session.changed': [
      {
        guard: 'isOtherUser',
        target: '.checking',
        reenter: true,
        actions: [
          'withdrawCouponModal',
          {
            type: 'assignUser',
            params: ({ event }) => ({ userId: event.type === 'session.changed' ? (event.user?.userId ?? null) : null }),
          },
        ],
      },
      {
        guard: 'isLogout',
        target: '.idle',
        actions: ['withdrawCouponModal', { type: 'assignUser', params: { userId: null } }],
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
            actions: {
              type: 'assignCheck',
              params: ({ event }) => ({ userId: event.output.userId, day: event.output.day }),
            },
          },
          {
            target: 'idle',
            actions: {
              type: 'assignCheck',
              params: ({ event }) => ({ userId: event.output.userId, day: event.output.day }),
            },
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
            target: 'offered',
            actions: [
              { type: 'assignCoupons', params: ({ event }) => ({ coupons: event.output }) },
              { type: 'openCouponModal', params: ({ event }) => ({ coupons: event.output }) },
            ],
          },
          { target: 'idle' },
        ],
        onError: { target: 'idle' },
      },
    },
    offered: {
      tags: ['popup:offered'],
      on: {
        'modal.promoShown': {
          guard: 'isCouponModal',
          target: 'shown',
          actions: {
            type: 'recordShown',
            params: ({ context }) => ({ userId: context.userId, day: context.day ?? '' }),
          },
        },
        'modal.promoDropped': { guard: 'isCouponModal', target: 'idle', actions: 'clearCoupons' },
      },
    },
    shown: {
      tags: ['popup:shown'],
      exit: 'clearCoupons',
    },
    idle: {},
  },
});

/**
 * Whether the popup is being decided or loaded (tag `popup:busy`).
 * @internal
 */
export function isPopupBusy(snapshot: { hasTag(tag: 'popup:busy'): boolean }): boolean {
  return snapshot.hasTag('popup:busy');
}

/**
 * Whether the popup was shown during this visit to the current audience (tag `popup:shown`).
 * @internal
 */
export function wasPopupShown(snapshot: { hasTag(tag: 'popup:shown'): boolean }): boolean {
  return snapshot.hasTag('popup:shown');
}
