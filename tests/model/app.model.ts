/**
 * Model of the root app machine. Its children are replaced by fakes here (the
 * forwarding itself is asserted in tests/machines/app.machine.test.ts); the
 * model checks the app's own chart: forwarding keeps the state, the end of
 * `buildPoll` (a reload has started) moves the build region to `reloading`,
 * and the flows region loads the lazy flows on `flows.load` or a
 * `purchase.start` (kept until they run, dropped by a logout or a failed load);
 * the cart region loads the cart on `cart.load` or any `cart.*` (kept until it
 * runs, delivered to the account they were made for, dropped by a failed load).
 */
import { assign, createMachine, enqueueActions, type AnyActorLogic } from 'xstate';
import { appMachine, type FlowLogics } from '../../machines/app.machine';
import { defineModel, doneEvent, errorEvent } from '../support/model';

/** Stand-ins for the loaded flows: spawned, never asked anything the model checks. */
const FAKE_FLOWS = Object.fromEntries(
  ['login', 'qrLogin', 'payGate', 'payment'].map((id) => [id, createMachine({ id })]),
) as unknown as FlowLogics;
/** Stand-in for the loaded cart. */
const FAKE_CART = createMachine({ id: 'cart' }) as unknown as AnyActorLogic;
/**
 * The model explores many branches in one actor system, so every child a branch starts after the
 * initial state is started here without its systemId (a second registration of `login` or `buildPoll`
 * would throw): the flows, the popup and the build poll. The app starts them with theirs
 * (app.machine.test.ts). Only the build poll's invoke carries its systemId in the chart itself, so the
 * model's copy of the chart drops it there.
 */
const config = appMachine.config as unknown as {
  states: { build: { states: { running: { invoke: Record<string, unknown> } } } };
} & Record<string, unknown>;
const running = config.states.build.states.running;
const modelConfig = {
  ...config,
  states: {
    ...config.states,
    build: {
      ...config.states.build,
      states: {
        ...config.states.build.states,
        running: { ...running, invoke: { ...running.invoke, systemId: undefined } },
      },
    },
  },
};
const modelMachine = (
  createMachine(modelConfig as never, appMachine.implementations as never) as unknown as typeof appMachine
).provide({
  actions: {
    spawnFlows: enqueueActions(({ enqueue }, logics: FlowLogics) => {
      const spawn = enqueue.spawnChild as unknown as (src: AnyActorLogic, options: { id: string }) => void;
      for (const id of ['login', 'qrLogin', 'payGate', 'payment'] as const) spawn(logics[id], { id });
    }),
    startCouponPopup: enqueueActions(({ enqueue }) => {
      enqueue.spawnChild('couponPopup', { id: 'couponPopup' });
    }),
    // The app's openCart (machines/cart-door.ts) without the systemId; no session runs here, so every kept event is
    // a visitor's and reaches the visitor's cart.
    openCart: enqueueActions(({ context, enqueue, event }) => {
      const spawn = enqueue.spawnChild as unknown as (src: AnyActorLogic, options: { id: string }) => void;
      spawn((event as unknown as { output: AnyActorLogic }).output, { id: 'cart' });
      for (const kept of context.pendingCart) enqueue.sendTo('cart', kept.event);
      enqueue(assign({ pendingCart: [] }));
    }),
  },
});
const PURCHASE = { type: 'purchase.start', goodsId: 1, buyNum: 1, gameId: 1 } as const;
const PAY_RETURN = { type: 'purchase.return', orderId: 'XY2' } as const;

const SESSION_USER = { token: 'tk_1', userId: 10001, telNum: '13800000000', createTime: 0, registerCanal: '' };
const CART_LINE = {
  goodsId: 70,
  gameId: 7,
  gameName: '游戏',
  goodsName: '标准版',
  cover: '',
  buyNum: 1,
  addedPrice: 6800,
  addedAt: 1,
  price: 6800,
};
const REAL_NAME = { realName: '张*', idCardNo: '1101**********4477', authTime: 0 };

export const appModel = defineModel({
  machine: modelMachine,
  // Shortest paths only: the start-up region's two outcomes double every state of the other regions and
  // the simple paths no longer finish; the journeys walk the forwarding, loading and start-up loops.
  paths: 'shortest',
  // The cart's kept events form a queue that grows with every `cart.*` before the cart runs: planning tells only an
  // empty queue from a non-empty one (the journeys below check what a longer queue delivers, and to whom).
  planningContext: ({ pendingCart, ...rest }) => ({ ...rest, pendingCart: pendingCart.length > 0 }),
  input: { buildId: 'build-1' },
  events: {
    'modal.open': [{ type: 'modal.open', name: 'login', source: 'user' }],
    'modal.close': [{ type: 'modal.close', name: 'login' }],
    'modal.closeAll': [{ type: 'modal.closeAll' }],
    'navigation.requested': [{ type: 'navigation.requested', to: '/new' }],
    'app.offline': [{ type: 'app.offline' }],
    'app.online': [{ type: 'app.online' }],
    'payment.started': [{ type: 'payment.started' }],
    'payment.ended': [{ type: 'payment.ended' }],
    'session.changed': [
      { type: 'session.changed', user: { userId: 10001 }, reason: 'login' },
      { type: 'session.changed', user: null, reason: 'logout' },
    ],
    // Session flows (docs/session.md): one fixture each; the app only forwards them.
    'session.login': [{ type: 'session.login', user: SESSION_USER }],
    'session.logout': [{ type: 'session.logout' }],
    'session.expired': [{ type: 'session.expired', code: 'auth_40001' }],
    'session.realNameVerified': [{ type: 'session.realNameVerified', info: REAL_NAME }],
    'session.synced': [{ type: 'session.synced', user: null, realName: null }],
    'realName.verified': [{ type: 'realName.verified', info: REAL_NAME }],
    'login.opened': [{ type: 'login.opened' }],
    'login.sendCode': [{ type: 'login.sendCode', phone: '13800000000' }],
    'login.submit': [{ type: 'login.submit', phone: '13800000000', code: '123456' }],
    'qrLogin.start': [{ type: 'qrLogin.start' }],
    'qrLogin.stop': [{ type: 'qrLogin.stop' }],
    'qrLogin.hidden': [{ type: 'qrLogin.hidden' }],
    'qrLogin.visible': [{ type: 'qrLogin.visible' }],
    'qrLogin.refresh': [{ type: 'qrLogin.refresh' }],
    'autoLogin.start': [{ type: 'autoLogin.start', token: 'alt_1', appId: 'nn_mall_web', currentPhone: null }],
    'autoLogin.confirm': [{ type: 'autoLogin.confirm' }],
    'autoLogin.cancel': [{ type: 'autoLogin.cancel' }],
    // Buying (docs/buying.md): forwarded to payGate and payment.
    'purchase.start': [PURCHASE],
    'payment.open': [{ type: 'payment.open', requestId: 'req-1', userId: 1 }],
    'payment.choose': [{ type: 'payment.choose', request: { goodsId: 1, buyNum: 1, gameId: 1 } }],
    'payment.quote': [
      { type: 'payment.quote', quote: { draft: { kind: 'goods', goodsId: 1, buyNum: 1, couponId: null }, due: 4080 } },
    ],
    'purchase.suspended': [{ type: 'purchase.suspended', purchase: { kind: 'order', owner: 1, orderId: 'XY1' } }],
    'purchase.return': [PAY_RETURN],
    'payment.submit': [
      {
        type: 'payment.submit',
        channel: 'wechat',
        draft: { kind: 'goods', goodsId: 1, buyNum: 1, couponId: null },
        due: 4080,
      },
    ],
    'payment.retry': [{ type: 'payment.retry', requestId: 'req-2' }],
    'payment.close': [{ type: 'payment.close' }],
    'payment.stay': [{ type: 'payment.stay' }],
    'payment.leave': [{ type: 'payment.leave' }],
    'flows.load': [{ type: 'flows.load' }],
    'session.signingIn': [{ type: 'session.signingIn', user: SESSION_USER }],
    // The wishlist child's (forwarded to it, whatever the flows do).
    'wishlist.add': [{ type: 'wishlist.add', entry: { gameId: 7, addedPrice: 6800, addedAt: 1 } }],
    'wishlist.remove': [{ type: 'wishlist.remove', gameId: 7 }],
    'wishlist.refresh': [{ type: 'wishlist.refresh' }],
    'wishlist.retry': [{ type: 'wishlist.retry' }],
    'wishlist.notSaved': [{ type: 'wishlist.notSaved', gameId: 7, reason: 'storageFull', entries: [] }],
    // The cart child's (forwarded to it, whatever the flows do).
    'cart.add': [{ type: 'cart.add', line: CART_LINE }],
    'cart.setQuantity': [{ type: 'cart.setQuantity', goodsId: 70, buyNum: 2 }],
    'cart.remove': [{ type: 'cart.remove', goodsIds: [70] }],
    'cart.paid': [{ type: 'cart.paid', lines: [{ goodsId: 70, buyNum: 1 }] }],
    'cart.checkout': [{ type: 'cart.checkout', goodsIds: [70] }],
    'cart.refresh': [{ type: 'cart.refresh' }],
    'cart.retry': [{ type: 'cart.retry' }],
    'cart.notSaved': [{ type: 'cart.notSaved', reason: 'storageFull', lines: [] }],
    'cart.load': [{ type: 'cart.load' }],
    // The modal machine's answers to the popup's promo open, and the start-up's own event.
    'modal.promoShown': [{ type: 'modal.promoShown', name: 'coupon' }],
    'modal.promoDropped': [{ type: 'modal.promoDropped', name: 'coupon' }],
    'startup.checks': [{ type: 'startup.checks' }],
  },
  invokes: {
    startAttribution: { done: [undefined], error: [new Error('sessionStorage blocked')] },
    buildPoll: { done: [undefined] },
    loadFlows: { done: [FAKE_FLOWS], error: [new Error('chunk failed')] },
    loadCart: { done: [FAKE_CART], error: [new Error('chunk failed')] },
  },
  journeys: [
    {
      name: 'start-up goes on past a failed attribution: the build check runs, the popup starts, and its answers reach it',
      events: [
        errorEvent('startAttribution', new Error('sessionStorage blocked')),
        { type: 'modal.promoShown', name: 'coupon' },
        { type: 'modal.promoDropped', name: 'coupon' },
        doneEvent('buildPoll'),
      ],
      then: {
        state: { startup: 'done', build: 'reloading' },
        someCalls: [
          'startAttribution',
          { buildPoll: { currentBuildId: 'build-1' } },
          { 'to couponPopup: modal.promoShown': { name: 'coupon' } },
          { 'to couponPopup: modal.promoDropped': { name: 'coupon' } },
        ],
      },
    },
    {
      name: 'forwards every child event while running, loads the flows on flows.load, and forwards modal events after the reload started',
      events: [
        doneEvent('startAttribution'),
        { type: 'modal.open', name: 'login', source: 'user' },
        { type: 'modal.close', name: 'login' },
        { type: 'modal.closeAll' },
        { type: 'navigation.requested', to: '/new' },
        { type: 'app.offline' },
        { type: 'app.online' },
        { type: 'payment.started' },
        { type: 'payment.ended' },
        // The cart runs from here on (its region: the journey below).
        { type: 'cart.load' },
        doneEvent('loadCart', FAKE_CART),
        { type: 'session.changed', user: { userId: 10001 }, reason: 'login' },
        { type: 'session.login', user: SESSION_USER },
        { type: 'session.logout' },
        { type: 'session.expired', code: 'auth_40001' },
        { type: 'session.realNameVerified', info: REAL_NAME },
        { type: 'session.synced', user: null, realName: null },
        { type: 'autoLogin.start', token: 'alt_1', appId: 'nn_mall_web', currentPhone: null },
        { type: 'autoLogin.confirm' },
        { type: 'autoLogin.cancel' },
        { type: 'session.signingIn', user: SESSION_USER },
        { type: 'wishlist.add', entry: { gameId: 7, addedPrice: 6800, addedAt: 1 } },
        { type: 'wishlist.remove', gameId: 7 },
        { type: 'wishlist.refresh' },
        { type: 'wishlist.retry' },
        { type: 'wishlist.notSaved', gameId: 7, reason: 'storageFull', entries: [] },
        { type: 'cart.add', line: CART_LINE },
        { type: 'cart.checkout', goodsIds: [70] },
        // Meant for the flows only: dropped before they run.
        { type: 'login.opened' },
        { type: 'payment.close' },
        { type: 'flows.load' },
        { type: 'flows.load' },
        doneEvent('loadFlows', FAKE_FLOWS),
        { type: 'modal.close', name: 'login' },
        { type: 'modal.closeAll' },
        { type: 'session.changed', user: { userId: 10001 }, reason: 'login' },
        { type: 'realName.verified', info: REAL_NAME },
        { type: 'login.opened' },
        { type: 'login.sendCode', phone: '13800000000' },
        { type: 'login.submit', phone: '13800000000', code: '123456' },
        { type: 'qrLogin.start' },
        { type: 'qrLogin.stop' },
        { type: 'qrLogin.hidden' },
        { type: 'qrLogin.visible' },
        { type: 'qrLogin.refresh' },
        PURCHASE,
        { type: 'payment.open', requestId: 'req-1', userId: 1 },
        { type: 'payment.choose', request: { goodsId: 1, buyNum: 1, gameId: 1 } },
        {
          type: 'payment.quote',
          quote: { draft: { kind: 'goods', goodsId: 1, buyNum: 1, couponId: null }, due: 4080 },
        },
        { type: 'purchase.suspended', purchase: { kind: 'order', owner: 1, orderId: 'XY1' } },
        {
          type: 'payment.submit',
          channel: 'wechat',
          draft: { kind: 'goods', goodsId: 1, buyNum: 1, couponId: null },
          due: 4080,
        },
        { type: 'payment.retry', requestId: 'req-2' },
        { type: 'payment.close' },
        { type: 'payment.stay' },
        { type: 'payment.leave' },
        // Connectivity once the flows run: to buildPoll and payment (status polling pauses offline).
        { type: 'app.offline' },
        { type: 'app.online' },
        { type: 'flows.load' },
        doneEvent('buildPoll'),
        { type: 'modal.open', name: 'login', source: 'user' },
        { type: 'navigation.requested', to: '/new' },
      ],
      then: {
        state: { build: 'reloading', flows: 'ready' },
        someCalls: [
          { 'to modal: modal.open': { name: 'login' } },
          { 'to buildPoll: navigation.requested': { to: '/new' } },
          { 'to session: session.login': { user: { userId: 10001 } } },
          { 'to wishlist: session.signingIn': { user: { userId: 10001 } } },
          { 'to cart: session.signingIn': { user: { userId: 10001 } } },
          { 'to autoLogin: autoLogin.start': { token: 'alt_1' } },
          { 'to cart: cart.add': { line: { goodsId: 70 } } },
          'loadFlows',
          { 'to payGate: realName.verified': {} },
          { 'to login: login.submit': { phone: '13800000000' } },
          { 'to qrLogin: qrLogin.start': {} },
          { 'to payGate: purchase.start': { goodsId: 1 } },
          { 'to payment: payment.submit': { channel: 'wechat' } },
        ],
      },
    },
    {
      name: 'keeps the latest purchase.start while the flows load, drops it on a logout, and delivers it once they run',
      events: [
        doneEvent('startAttribution'),
        PURCHASE,
        PURCHASE,
        { type: 'session.changed', user: { userId: 10001 }, reason: 'login' },
        { type: 'session.changed', user: null, reason: 'logout' },
        PURCHASE,
        doneEvent('loadFlows', FAKE_FLOWS),
      ],
      then: {
        state: { build: 'running', flows: 'ready' },
        context: { pendingPurchase: null },
        someCalls: ['loadFlows', { 'to payGate: purchase.start': { goodsId: 1, buyNum: 1, gameId: 1 } }],
      },
    },
    {
      name: 'a pay app\u2019s return loads the flows and waits for them like a purchase; once they run it goes to the gate',
      events: [
        doneEvent('startAttribution'),
        PAY_RETURN,
        PAY_RETURN,
        errorEvent('loadFlows', new Error('chunk failed')),
        PAY_RETURN,
        doneEvent('loadFlows', FAKE_FLOWS),
        PAY_RETURN,
      ],
      then: {
        state: { flows: 'ready' },
        context: { paymentReturn: null },
        someCalls: [
          'loadFlows',
          { reportFlowsLoadFailure: { lostPurchase: true } },
          'loadFlows',
          { 'to payGate: purchase.return': { orderId: 'XY2' } },
          { 'to payGate: purchase.return': { orderId: 'XY2' } },
        ],
      },
    },
    {
      name: 'a failed load drops the waiting purchase; the next flows.load or purchase.start asks again',
      events: [
        doneEvent('startAttribution'),
        PURCHASE,
        errorEvent('loadFlows', new Error('chunk failed')),
        { type: 'flows.load' },
        errorEvent('loadFlows', new Error('chunk failed')),
        PURCHASE,
        doneEvent('loadFlows', FAKE_FLOWS),
      ],
      then: {
        state: { flows: 'ready' },
        context: { pendingPurchase: null },
        someCalls: [
          'loadFlows',
          { reportFlowsLoadFailure: { lostPurchase: true } },
          'loadFlows',
          { reportFlowsLoadFailure: { lostPurchase: false } },
          'loadFlows',
          { 'to payGate: purchase.start': { goodsId: 1 } },
        ],
      },
    },
    {
      name: 'the cart loads on its first event, kept until it runs; a failed load drops it, the next one asks again',
      events: [
        doneEvent('startAttribution'),
        { type: 'cart.add', line: CART_LINE },
        errorEvent('loadCart', new Error('chunk failed')),
        { type: 'cart.load' },
        { type: 'cart.load' },
        { type: 'cart.remove', goodsIds: [70] },
        doneEvent('loadCart', FAKE_CART),
        { type: 'cart.load' },
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 2 },
      ],
      then: {
        state: { cart: 'open' },
        context: { pendingCart: [] },
        someCalls: [
          'loadCart',
          'loadCart',
          { 'to cart: cart.remove': { goodsIds: [70] } },
          { 'to cart: cart.setQuantity': { goodsId: 70, buyNum: 2 } },
        ],
      },
    },
  ],
});
