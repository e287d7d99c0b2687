/**
 * Model of the daily coupon popup. Days are the `checkPopupDue` outcomes: the
 * app's check answers with the audience, the local day of its clock and
 * whether the popup is still due for that audience on that day. Two users and
 * two days are enough to show "once per day per audience": the anonymous
 * browser (null), user 1 and user 2; day 1 `2026-01-31`, day 2 `2026-02-01`.
 */
import { couponPopupMachine, type PopupCheck } from '../../machines/coupon-popup.machine';
import type { Coupon } from '../../src/api/common';
import { defineModel, doneEvent, errorEvent } from '../support/model';

const DAY_1 = '2026-01-31';
const DAY_2 = '2026-02-01';

export const popupCoupon: Coupon = {
  couponId: 'preview-2',
  title: '满 100 减 10 元',
  amount: 1000,
  threshold: 10000,
  startTime: 0,
  expireTime: 86_400_000,
  status: 'available',
  gameIds: [],
  description: '订单满 100 元可用，全场通用。',
};

const check = (userId: number | null, day: string, due: boolean): PopupCheck => ({ userId, day, due });

export const couponPopupModel = defineModel({
  machine: couponPopupMachine,
  events: {
    'session.changed': [
      { type: 'session.changed', user: { userId: 1 } },
      { type: 'session.changed', user: null },
    ],
    // The modal machine's answers to the popup's promo open (forwarded by the app).
    'modal.promoShown': [
      { type: 'modal.promoShown', name: 'coupon' },
      { type: 'modal.promoShown', name: 'login' },
    ],
    'modal.promoDropped': [{ type: 'modal.promoDropped', name: 'coupon' }],
  },
  invokes: {
    checkPopupDue: {
      done: [check(null, DAY_1, true), check(null, DAY_1, false)],
      error: [new Error('storage unavailable')],
    },
    fetchPopup: { done: [[popupCoupon], []], error: [new Error('Network Error')] },
  },
  describeContext: (context) =>
    [
      context.userId === null ? 'anonymous' : `user ${context.userId}`,
      context.day ?? 'no day yet',
      context.coupons.length ? `${context.coupons.length} coupon(s) shown` : '',
    ]
      .filter(Boolean)
      .join(', '),
  journeys: [
    {
      name: 'an offer waits for the modal machine: an answer about another dialog changes nothing, a drop records nothing',
      events: [
        doneEvent('checkPopupDue', check(null, DAY_1, true)),
        doneEvent('fetchPopup', [popupCoupon]),
        { type: 'modal.promoShown', name: 'login' },
        { type: 'modal.promoDropped', name: 'coupon' },
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('checkPopupDue', check(1, DAY_1, true)),
        doneEvent('fetchPopup', [popupCoupon]),
        { type: 'session.changed', user: null },
      ],
      then: {
        state: 'idle',
        context: { userId: null, coupons: [] },
        someCalls: [
          'fetchPopup',
          { 'modal.open': { name: 'coupon', source: 'promo' } },
          { 'modal.close': { name: 'coupon' } },
          'fetchPopup',
          { 'modal.open': { name: 'coupon' } },
          { 'modal.close': { name: 'coupon' } },
        ],
      },
    },
    {
      name: 'a login while the anonymous offer waits withdraws it and makes the user their own offer',
      events: [
        doneEvent('checkPopupDue', check(null, DAY_1, true)),
        doneEvent('fetchPopup', [popupCoupon]),
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('checkPopupDue', check(1, DAY_1, true)),
        doneEvent('fetchPopup', [popupCoupon]),
        { type: 'modal.promoShown', name: 'coupon' },
      ],
      then: {
        state: 'shown',
        context: { userId: 1, coupons: [{ couponId: popupCoupon.couponId }] },
        someCalls: [
          { 'modal.open': { name: 'coupon' } },
          { 'modal.close': { name: 'coupon' } },
          'fetchPopup',
          { 'modal.open': { name: 'coupon' } },
          { recordShown: { userId: 1 } },
        ],
      },
    },
    {
      name: 'after the anonymous popup, a user with nothing to receive sees no popup, and logging out stays quiet',
      events: [
        doneEvent('checkPopupDue', check(null, DAY_1, true)),
        doneEvent('fetchPopup', [popupCoupon]),
        { type: 'modal.promoShown', name: 'coupon' },
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('checkPopupDue', check(1, DAY_1, true)),
        doneEvent('fetchPopup', []),
        { type: 'session.changed', user: null },
      ],
      then: {
        state: 'idle',
        context: { userId: null, coupons: [] },
        calls: [
          'checkPopupDue',
          'fetchPopup',
          { 'modal.open': { name: 'coupon' } },
          { recordShown: { userId: null } },
          { 'modal.close': { name: 'coupon' } },
          'checkPopupDue',
          'fetchPopup',
          { 'modal.close': { name: 'coupon' } },
        ],
      },
    },
    {
      name: 'a user logging in after the anonymous popup sees their own popup once, and not again for the same user',
      events: [
        doneEvent('checkPopupDue', check(null, DAY_1, true)),
        doneEvent('fetchPopup', [popupCoupon]),
        { type: 'modal.promoShown', name: 'coupon' },
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('checkPopupDue', check(1, DAY_1, true)),
        doneEvent('fetchPopup', [popupCoupon]),
        { type: 'modal.promoShown', name: 'coupon' },
        { type: 'session.changed', user: { userId: 1 } },
      ],
      then: {
        state: 'shown',
        context: { userId: 1 },
        someCalls: [{ recordShown: { userId: null } }, { recordShown: { userId: 1 } }],
      },
    },
    {
      name: 'a user already shown today is not shown again on day 1, but is on day 2',
      events: [
        doneEvent('checkPopupDue', check(1, DAY_1, false)),
        { type: 'session.changed', user: { userId: 2 } },
        doneEvent('checkPopupDue', check(2, DAY_2, true)),
        doneEvent('fetchPopup', [popupCoupon]),
        { type: 'modal.promoShown', name: 'coupon' },
      ],
      then: {
        state: 'shown',
        context: { userId: 2, day: '2026-02-01' },
        calls: [
          'checkPopupDue',
          { 'modal.close': { name: 'coupon' } },
          'checkPopupDue',
          'fetchPopup',
          { 'modal.open': { name: 'coupon' } },
          { recordShown: { userId: 2, day: '2026-02-01' } },
        ],
      },
    },
    {
      name: 'a login while the anonymous popup is loading cancels it and checks for the user instead',
      events: [
        doneEvent('checkPopupDue', check(null, DAY_1, true)),
        { type: 'session.changed', user: { userId: 1 } },
        errorEvent('checkPopupDue'),
      ],
      then: {
        state: 'idle',
        context: { userId: 1, coupons: [] },
        calls: ['checkPopupDue', 'fetchPopup', { 'modal.close': { name: 'coupon' } }, 'checkPopupDue'],
      },
    },
    {
      name: 'a logout while the user popup is loading cancels it and shows nothing',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('checkPopupDue', check(1, DAY_1, true)),
        { type: 'session.changed', user: null },
        { type: 'session.changed', user: null },
      ],
      then: {
        state: 'idle',
        context: { userId: null, coupons: [] },
        calls: [
          'checkPopupDue',
          { 'modal.close': { name: 'coupon' } },
          'checkPopupDue',
          'fetchPopup',
          { 'modal.close': { name: 'coupon' } },
        ],
      },
    },
    {
      name: 'a failed popup request shows nothing and records nothing; a later login tries again',
      events: [
        doneEvent('checkPopupDue', check(null, DAY_1, true)),
        errorEvent('fetchPopup'),
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('checkPopupDue', check(1, DAY_1, true)),
        doneEvent('fetchPopup', [popupCoupon]),
      ],
      then: {
        state: 'offered',
        context: { userId: 1 },
        calls: [
          'checkPopupDue',
          'fetchPopup',
          { 'modal.close': { name: 'coupon' } },
          'checkPopupDue',
          'fetchPopup',
          { 'modal.open': { name: 'coupon' } },
        ],
      },
    },
  ],
});
