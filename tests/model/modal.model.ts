/**
 * Model of the modal machine: fixtures for every event, outcomes for the
 * `loadModal` invoke, and journeys for what shortest paths skip. Two known
 * modals are enough to show stacking in both orders; `bogus` is the unknown
 * name the machine must ignore. Each source appears: the shopper's login
 * (`user`), the pay gate's pay dialog (`flow`) and the daily popup (`promo`),
 * so the priorities (a promo waits, a user or flow open preempts a promo being
 * loaded, another source waits its turn) are walked. The popup's open carries
 * a coupon, as the app's popup does (it offers only a non-empty list), so the
 * UI replay can drive it.
 */
import { modalMachine } from '../../machines/modal.machine';
import { defineModel, doneEvent, errorEvent } from '../support/model';
import { popupCoupon } from './coupon-popup.model';

export const modalModel = defineModel({
  machine: modalMachine,
  // Shortest paths only: three sources with stacking, waiting and a queued promo make the simple paths
  // combinatorial (traversal did not finish in 10 minutes); the journeys walk the loops and priorities.
  paths: 'shortest',
  events: {
    'modal.open': [
      { type: 'modal.open', name: 'login', source: 'user' },
      { type: 'modal.open', name: 'pay', props: { goodsId: 7 }, source: 'flow' },
      { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
      { type: 'modal.open', name: 'bogus', source: 'user' },
    ],
    'modal.close': [
      { type: 'modal.close', name: 'login' },
      { type: 'modal.close', name: 'pay' },
      { type: 'modal.close', name: 'coupon' },
    ],
    'modal.closeAll': [{ type: 'modal.closeAll' }],
  },
  invokes: {
    loadModal: { done: [undefined], error: [new Error('chunk failed')] },
  },
  describeContext: (context) => {
    const parts = [context.stack.length ? `open ${context.stack.map((m) => m.name).join(' < ')}` : 'nothing open'];
    if (context.pending) parts.push(`loading ${context.pending.name}`);
    if (context.waiting.length) parts.push(`waiting ${context.waiting.map((m) => m.name).join(', ')}`);
    if (context.promo) parts.push(`promo ${context.promo.name} queued`);
    return parts.join(', ');
  },
  journeys: [
    {
      name: "a second gesture while the first one's dialog loads is ignored (a double click opens one dialog)",
      events: [
        { type: 'modal.open', name: 'login', source: 'user' },
        { type: 'modal.open', name: 'refund', props: { orderId: 'A1' }, source: 'user' },
        doneEvent('loadModal'),
        { type: 'modal.open', name: 'login', source: 'user' },
        { type: 'modal.open', name: 'bogus', source: 'user' },
      ],
      then: {
        state: 'idle',
        context: { stack: [{ name: 'login', source: 'user' }], pending: null },
        calls: [{ loadModal: 'login' }],
      },
    },
    {
      name: 'a popup offered again for a dialog already on screen or loading is answered as dropped',
      events: [
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
        doneEvent('loadModal'),
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
      ],
      then: {
        state: 'idle',
        context: { stack: [{ name: 'coupon', source: 'promo' }] },
        calls: [
          { loadModal: 'coupon' },
          { 'modal.promoDropped': { name: 'coupon' } },
          { 'modal.promoShown': { name: 'coupon' } },
          { 'modal.promoDropped': { name: 'coupon' } },
        ],
      },
    },
    {
      name: 'a login clicked while the popup loads opens at once; the popup waits and opens once the login closes',
      events: [
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
        { type: 'modal.open', name: 'login', source: 'user' },
        doneEvent('loadModal'),
        { type: 'modal.close', name: 'login' },
        doneEvent('loadModal'),
      ],
      then: {
        state: 'idle',
        context: { stack: [{ name: 'coupon', source: 'promo' }], waiting: [], promo: null },
        calls: [
          { loadModal: 'coupon' },
          { loadModal: 'login' },
          { loadModal: 'coupon' },
          { 'modal.promoShown': { name: 'coupon' } },
        ],
      },
    },
    {
      name: 'a popup never opens over a dialog: it waits, and closing everything drops it',
      events: [
        { type: 'modal.open', name: 'login', source: 'user' },
        doneEvent('loadModal'),
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
        { type: 'modal.closeAll' },
      ],
      then: {
        state: 'idle',
        context: { stack: [], promo: null },
        calls: [
          { loadModal: 'login' },
          { 'modal.promoDropped': { name: 'coupon' } },
          { 'modal.promoDropped': { name: 'coupon' } },
        ],
      },
    },
    {
      name: "a flow open during the shopper's load waits its turn and opens on top; a second open of the same dialog is ignored",
      events: [
        { type: 'modal.open', name: 'login', source: 'user' },
        { type: 'modal.open', name: 'pay', props: { goodsId: 7 }, source: 'flow' },
        { type: 'modal.open', name: 'pay', props: { goodsId: 7 }, source: 'flow' },
        doneEvent('loadModal'),
        doneEvent('loadModal'),
      ],
      then: {
        state: 'idle',
        context: { stack: [{ name: 'login' }, { name: 'pay', source: 'flow' }], waiting: [] },
        calls: [{ loadModal: 'login' }, { loadModal: 'pay' }],
      },
    },
    {
      name: 'a waiting open closed before its turn never opens; a second flow open during a flow load waits its turn too',
      events: [
        { type: 'modal.open', name: 'login', source: 'user' },
        { type: 'modal.open', name: 'pay', props: { goodsId: 7 }, source: 'flow' },
        { type: 'modal.close', name: 'pay' },
        doneEvent('loadModal'),
        { type: 'modal.open', name: 'pay', props: { goodsId: 7 }, source: 'flow' },
        { type: 'modal.open', name: 'realName', props: { from: 'pay' }, source: 'flow' },
        doneEvent('loadModal'),
      ],
      then: {
        state: 'opening',
        context: { stack: [{ name: 'login' }, { name: 'pay' }], pending: { name: 'realName' }, waiting: [] },
        calls: [{ loadModal: 'login' }, { loadModal: 'pay' }, { loadModal: 'realName' }],
      },
    },
    {
      name: 'closing the popup while it loads drops it, and so does closing everything',
      events: [
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
        { type: 'modal.close', name: 'coupon' },
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
        { type: 'modal.closeAll' },
      ],
      then: {
        state: 'idle',
        context: { stack: [], pending: null, promo: null },
        calls: [
          { loadModal: 'coupon' },
          { 'modal.promoDropped': { name: 'coupon' } },
          { loadModal: 'coupon' },
          { 'modal.promoDropped': { name: 'coupon' } },
        ],
      },
    },
    {
      name: 'a popup whose code fails to load is dropped, and closing the waiting popup drops it too',
      events: [
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
        errorEvent('loadModal'),
        { type: 'modal.open', name: 'login', source: 'user' },
        { type: 'modal.open', name: 'coupon', props: { coupons: [popupCoupon] }, source: 'promo' },
        { type: 'modal.close', name: 'coupon' },
        { type: 'modal.close', name: 'login' },
      ],
      then: {
        state: 'idle',
        context: { stack: [], waiting: [], promo: null },
        calls: [
          { loadModal: 'coupon' },
          { reportLoadFailure: { name: 'coupon' } },
          { 'modal.promoDropped': { name: 'coupon' } },
          { loadModal: 'login' },
          { 'modal.promoDropped': { name: 'coupon' } },
        ],
      },
    },
    {
      name: 'a failed load opens nothing and a retry opens the modal',
      events: [
        { type: 'modal.open', name: 'login', source: 'user' },
        errorEvent('loadModal'),
        { type: 'modal.open', name: 'login', source: 'user' },
        doneEvent('loadModal'),
      ],
      then: {
        state: 'idle',
        context: { stack: [{ name: 'login' }] },
        calls: [{ loadModal: 'login' }, { reportLoadFailure: { name: 'login' } }, { loadModal: 'login' }],
      },
    },
    {
      name: 'closing the open login dialog empties the stack',
      events: [
        { type: 'modal.open', name: 'login', source: 'user' },
        doneEvent('loadModal'),
        { type: 'modal.close', name: 'login' },
      ],
      then: { state: 'idle', context: { stack: [] }, calls: [{ loadModal: 'login' }] },
    },
    {
      name: 'closing the login dialog while it loads again cancels that load, and the next try opens it',
      events: [
        { type: 'modal.open', name: 'login', source: 'user' },
        doneEvent('loadModal'),
        { type: 'modal.close', name: 'login' },
        { type: 'modal.open', name: 'login', source: 'user' },
        { type: 'modal.close', name: 'login' },
        { type: 'modal.open', name: 'login', source: 'user' },
        doneEvent('loadModal'),
      ],
      then: {
        state: 'idle',
        context: { stack: [{ name: 'login' }], pending: null },
        calls: [{ loadModal: 'login' }, { loadModal: 'login' }, { loadModal: 'login' }],
      },
    },
    {
      name: 'closing the modal being loaded cancels the load',
      events: [
        { type: 'modal.open', name: 'pay', source: 'flow' },
        { type: 'modal.close', name: 'pay' },
      ],
      then: { state: 'idle', context: { stack: [], pending: null }, calls: [{ loadModal: 'pay' }] },
    },
    {
      name: 'closing an open modal under another keeps the top one, and it can be reopened',
      events: [
        { type: 'modal.open', name: 'pay', source: 'flow' },
        doneEvent('loadModal'),
        { type: 'modal.open', name: 'login', source: 'user' },
        doneEvent('loadModal'),
        { type: 'modal.close', name: 'pay' },
        { type: 'modal.open', name: 'pay', source: 'flow' },
        doneEvent('loadModal'),
      ],
      then: {
        state: 'idle',
        context: { stack: [{ name: 'login' }, { name: 'pay' }] },
        calls: [{ loadModal: 'pay' }, { loadModal: 'login' }, { loadModal: 'pay' }],
      },
    },
    {
      name: 'closing everything cancels a load in progress and empties the stack',
      events: [
        { type: 'modal.open', name: 'login', source: 'user' },
        doneEvent('loadModal'),
        { type: 'modal.open', name: 'pay', source: 'flow' },
        { type: 'modal.closeAll' },
      ],
      then: {
        state: 'idle',
        context: { stack: [], pending: null },
        calls: [{ loadModal: 'login' }, { loadModal: 'pay' }],
      },
    },
    {
      name: 'closing everything while idle empties the stack',
      events: [
        { type: 'modal.open', name: 'login', source: 'user' },
        doneEvent('loadModal'),
        { type: 'modal.closeAll' },
      ],
      then: { state: 'idle', context: { stack: [] }, calls: [{ loadModal: 'login' }] },
    },
  ],
});
