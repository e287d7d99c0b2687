/**
 * The root of the one actor system: it owns the long-lived flows as child
 * actors and is the single address the UI, the router and the HTTP layer send
 * events to.
 *
 * Children: `modal` (modal orchestration, systemId `modal`), `session` (who
 * is logged in, systemId `session`, input: the session restored from storage),
 * `autoLogin` (login by a token from the URL, systemId `autoLogin`) and
 * `couponPopup` (the daily coupon popup, systemId `couponPopup`, started
 * after `session` so it sees a restored user) live as long as the app;
 * `buildPoll` (build check, systemId `buildPoll`, input `{ currentBuildId }`
 * from the app's `buildId`) lives in `build.running`.
 *
 * The flows (region `flows`): `login` (phone + SMS login, systemId `login`),
 * `qrLogin` (QR-code login, systemId `qrLogin`), `payGate` (what 立即购买 leads
 * to, systemId `payGate`) and `payment` (the pay modal's order → pay → status
 * polling flow, systemId `payment`) are not needed to paint a page, so their
 * code is loaded on demand (docs/decisions/0006-lazy-flows.md): the app asks
 * for them with `flows.load` (sent after the first paint, and before the login
 * or pay modal opens), or by a `purchase.start`; the `loadFlows` actor returns
 * their logic and the app spawns them, with the same ids and systemIds, for
 * the rest of its life. Until then the events meant only for them are dropped
 * (each is a no-op for a flow in its initial state, and the UI that sends the
 * others waits for the flows), except `purchase.start`, which is kept (the
 * latest one; a logout drops it) and delivered once they run. A failed load
 * drops it too, reports `reportFlowsLoadFailure` and waits for the next ask.
 *
 * Forwarding: `modal.*` events to `modal`; `navigation.requested`,
 * `app.offline`, `app.online`, `payment.started`, `payment.ended` to
 * `buildPoll` (`app.offline` / `app.online` also to `payment` once the flows
 * run); `session.*` to `session`; `autoLogin.*` to `autoLogin`;
 * `session.changed` (which the session sends here on every login and logout)
 * to `couponPopup` and `autoLogin`. Once the flows run: `login.*` to `login`,
 * `qrLogin.*` to `qrLogin`, `purchase.start` to `payGate`, the pay modal's
 * `payment.*` events (all but `payment.started` / `payment.ended`) to
 * `payment`, `session.changed` also to `payGate` and `payment`,
 * `modal.close` / `modal.closeAll` also to `payGate` (which waits on the login
 * and real-name modals it opened) and `payment` (whose polling stops when the
 * pay modal goes away), after `modal`, and `realName.verified` (the real-name
 * modal, when the purchase flow opened it) to `payGate`. Children talk back
 * through parent events: `modal.open` / `modal.close` / `modal.closeAll` from
 * the session, login, popup and purchase flows, `session.login` from the login
 * ways, and `payment.started` / `payment.ended` from `payment`. When
 * `buildPoll` finishes (it has started a full page load) the build region
 * moves to `reloading` (tag `app:reloading`) and stops forwarding to it;
 * modals and flows keep working until the page goes away.
 *
 * Invariants: one system per page, created by `createRootActor()` in
 * src/app/root-actor.ts at start, never at import; children are reached for
 * reading with `actor.system.get('<systemId>')` and written to only through
 * this machine, so the set of senders stays small and typed.
 *
 * Not handled here: the flows themselves (see each child's chart) and the
 * effects, which the app provides to the children with `.provide()` (and
 * to the lazy flows inside `loadFlows`).
 */
import { assign, enqueueActions, forwardTo, fromPromise, raise, setup, spawnChild, stateIn, type AnyActorLogic } from 'xstate';
import { buildPollMachine, type BuildPollEvent } from './build-poll.machine';
import { autoLoginMachine, type AutoLoginEvent } from './auto-login.machine';
import { couponPopupMachine, type CouponPopupEvent, type PromoAnswerEvent } from './coupon-popup.machine';
import type { LoginEvent, loginMachine } from './login.machine';
import { modalMachine, type ModalEvent } from './modal.machine';
import type { PurchaseStartEvent, payGateMachine } from './pay-gate.machine';
import type { PaymentUiEvent, paymentMachine } from './payment.machine';
import type { QrLoginEvent, qrLoginMachine } from './qr-login.machine';
import {
  sessionMachine,
  type PersistedSession,
  type RealNameVerifiedEvent,
  type SessionChangedEvent,
  type SessionEvent,
} from './session.machine';

/** An auto-login link's token, taken off the URL (and stashed in sessionStorage) before the app starts. */
export interface LinkToken {
  token: string;
  appId: string;
}

export interface AppInput {
  /** The id of the build this page runs (compared with builds/latest.json). */
  buildId: string;
  /** The session found in localStorage at start (validated by the app); absent or null: anonymous. */
  restoredSession?: PersistedSession | null;
  /** The auto-login link this page was opened with, if any. */
  linkToken?: LinkToken | null;
}

export interface AppContext {
  buildId: string;
  restoredSession: PersistedSession | null;
  linkToken: LinkToken | null;
  /** A `purchase.start` that came before the flows ran; delivered to `payGate` once they do. */
  pendingPurchase: PurchaseStartEvent | null;
}

/** The flows loaded on demand, with the app's effects already provided (what `loadFlows` returns). */
export interface FlowLogics {
  login: typeof loginMachine;
  qrLogin: typeof qrLoginMachine;
  payGate: typeof payGateMachine;
  payment: typeof paymentMachine;
}

/** Ask for the flows (idempotent): sent by the app after the first paint and before a modal that needs them. */
export interface FlowsLoadEvent {
  type: 'flows.load';
}

/** Raised by the start-up region when the build check may start. */
export interface StartupChecksEvent {
  type: 'startup.checks';
}

export type AppEvent =
  | ModalEvent
  | PromoAnswerEvent
  | StartupChecksEvent
  | BuildPollEvent
  | CouponPopupEvent
  | SessionEvent
  | SessionChangedEvent
  | RealNameVerifiedEvent
  | LoginEvent
  | QrLoginEvent
  | AutoLoginEvent
  | PurchaseStartEvent
  | PaymentUiEvent
  | FlowsLoadEvent;

/** The `autoLogin.start` for the link this page was opened with (only sent when there is one). */
function linkTokenStart(context: AppContext): AutoLoginEvent {
  return {
    type: 'autoLogin.start',
    token: context.linkToken?.token ?? '',
    appId: context.linkToken?.appId ?? '',
    currentPhone: context.restoredSession?.user.telNum ?? null,
  };
}

const FLOW_SLOT: unknown = fromPromise(async () => {
  throw new Error('the flows are spawned from what loadFlows returns, not invoked by name');
});

export const appMachine = setup({
  types: {} as {
    context: AppContext;
    events: AppEvent;
    input: AppInput;
    children: {
      modal: 'modal';
      buildPoll: 'buildPoll';
      couponPopup: 'couponPopup';
      session: 'session';
      autoLogin: 'autoLogin';
      loadFlows: 'loadFlows';
      startAttribution: 'startAttribution';
      login: 'login';
      qrLogin: 'qrLogin';
      payGate: 'payGate';
      payment: 'payment';
    };
    tags: 'app:reloading' | 'app:flowsReady' | 'app:flowsFailed';
  },
  actors: {
    modal: modalMachine,
    buildPoll: buildPollMachine,
    couponPopup: couponPopupMachine,
    session: sessionMachine,
    autoLogin: autoLoginMachine,
    /**
     * Start-up: sets the channel header (and a stored bid) and sends the landing's attribution in the
     * background; resolves once the headers are set (the app contains the attribution's failures).
     */
    startAttribution: fromPromise<void>(async () => {
      throw new Error('startAttribution is supplied by the app through appMachine.provide()');
    }),
    loadFlows: fromPromise<FlowLogics>(async () => {
      throw new Error('loadFlows is supplied by the app through appMachine.provide()');
    }),
    // Typed slots for the flows, so that their children are typed: `spawnFlows` spawns the logic
    // `loadFlows` returned, never these (this module must not import the flows' code).
    login: FLOW_SLOT as FlowLogics['login'],
    qrLogin: FLOW_SLOT as FlowLogics['qrLogin'],
    payGate: FLOW_SLOT as FlowLogics['payGate'],
    payment: FLOW_SLOT as FlowLogics['payment'],
  },
  actions: {
    forwardToModal: forwardTo('modal'),
    forwardToBuildPoll: forwardTo('buildPoll'),
    /** The popup starts as start-up's last step: what comes for it before then is not its business. */
    forwardToCouponPopup: enqueueActions(({ enqueue, event, check }) => {
      // (Cast: a guard named inside its own setup() is not typed yet.)
      if (check('isStartedUp' as never)) enqueue.sendTo('couponPopup', event);
    }),
    forwardToSession: forwardTo('session'),
    forwardToLogin: forwardTo('login'),
    forwardToQrLogin: forwardTo('qrLogin'),
    forwardToAutoLogin: forwardTo('autoLogin'),
    forwardToPayGate: forwardTo('payGate'),
    forwardToPayment: forwardTo('payment'),
    /** Start-up: the session restores the stored user and sets the request token, before any call. */
    startSession: spawnChild('session', { id: 'session', systemId: 'session', input: ({ context }) => ({ restored: context.restoredSession }) }),
    /** Start-up: the link's token is exchanged, with every header of this visit already set. */
    startAutoLogin: enqueueActions(({ context, enqueue }) => {
      if (context.linkToken) enqueue.sendTo('autoLogin', linkTokenStart(context));
    }),
    /** Start-up: the build check's first second starts (the build region waits for this). */
    scheduleChecks: raise({ type: 'startup.checks' }),
    /** Start-up: the daily popup decides whether it is due; the modal machine shows it only in a free slot. */
    startCouponPopup: spawnChild('couponPopup', { id: 'couponPopup', systemId: 'couponPopup' }),
    /** The loaded flows, spawned with the ids and systemIds `invoke` gives the other children. */
    spawnFlows: enqueueActions(({ enqueue }, logics: FlowLogics) => {
      // XState types an id only for actors spawned by name; these are spawned from logic.
      const spawn = enqueue.spawnChild as unknown as (src: AnyActorLogic, options: { id: string; systemId: string; input?: unknown }) => void;
      spawn(logics.login, { id: 'login', systemId: 'login', input: {} });
      spawn(logics.qrLogin, { id: 'qrLogin', systemId: 'qrLogin' });
      spawn(logics.payGate, { id: 'payGate', systemId: 'payGate' });
      spawn(logics.payment, { id: 'payment', systemId: 'payment' });
    }),
    keepPendingPurchase: assign((_, event: PurchaseStartEvent) => ({ pendingPurchase: event })),
    dropPendingPurchase: assign({ pendingPurchase: null }),
    /** Raised, so that the `flows.ready` state forwards it like any other. */
    deliverPendingPurchase: enqueueActions(({ context, enqueue }) => {
      if (context.pendingPurchase) enqueue(raise(context.pendingPurchase));
      enqueue.assign({ pendingPurchase: null });
    }),
    /**
     * The app tells the shopper when a 立即购买 was lost (`lostPurchase`); the flows are asked for again by
     * the next `flows.load` or `purchase.start`.
     */
    reportFlowsLoadFailure: (_, _params: { error: unknown; lostPurchase: boolean }) => {},
  },
  guards: {
    isLogout: ({ event }) => event.type === 'session.changed' && event.user === null,
    /** Every start-up step has run (the popup, the last one, exists). */
    isStartedUp: stateIn('#app.startup.done'),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    buildId: input.buildId,
    restoredSession: input.restoredSession ?? null,
    linkToken: input.linkToken ?? null,
    pendingPurchase: null,
  }),
  invoke: [
    {
      id: 'modal',
      systemId: 'modal',
      src: 'modal',
    },
    {
      id: 'autoLogin',
      systemId: 'autoLogin',
      src: 'autoLogin',
    },
  ],
  // Events for the children that always run. While the flows run, `flows.ready` takes the events they
  // share with them (XState picks the region's transition over this one) and forwards to both.
  on: {
    'modal.open': { actions: 'forwardToModal' },
    'modal.close': { actions: 'forwardToModal' },
    'modal.closeAll': { actions: 'forwardToModal' },
    // The modal machine's answer to the popup's promo open.
    'modal.promoShown': { actions: 'forwardToCouponPopup' },
    'modal.promoDropped': { actions: 'forwardToCouponPopup' },
    'session.changed': { actions: ['forwardToCouponPopup', 'forwardToAutoLogin'] },
    'session.login': { actions: 'forwardToSession' },
    'session.logout': { actions: 'forwardToSession' },
    'session.expired': { actions: 'forwardToSession' },
    'session.realNameVerified': { actions: 'forwardToSession' },
    'session.synced': { actions: 'forwardToSession' },
    'autoLogin.start': { actions: 'forwardToAutoLogin' },
    'autoLogin.confirm': { actions: 'forwardToAutoLogin' },
    'autoLogin.cancel': { actions: 'forwardToAutoLogin' },
  },
  type: 'parallel',
  states: {
    // One ordered start-up (docs/architecture.md, "Start-up"); every step runs once, in this order, in
    // the first macrostep, so no call of this page goes out before the steps before it have run.
    startup: {
      initial: 'restoringSession',
      states: {
        restoringSession: {
          entry: 'startSession',
          always: 'attributing',
        },
        attributing: {
          // An invoke, so that it starts after the session (children start in the order they are created).
          invoke: { id: 'startAttribution', src: 'startAttribution', onDone: 'readingLinkToken', onError: 'readingLinkToken' },
        },
        readingLinkToken: {
          // Only a page opened from an auto-login link has one; the others go straight on.
          entry: 'startAutoLogin',
          always: 'schedulingChecks',
        },
        schedulingChecks: {
          // The build check's first second starts here; the session's token ping counts its second from its restore.
          entry: 'scheduleChecks',
          always: 'offeringPopup',
        },
        offeringPopup: {
          entry: 'startCouponPopup',
          always: 'done',
        },
        done: { type: 'final' },
      },
    },
    build: {
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'startup.checks': 'running' },
        },
        running: {
          invoke: {
            id: 'buildPoll',
            systemId: 'buildPoll',
            src: 'buildPoll',
            input: ({ context }) => ({ currentBuildId: context.buildId }),
            onDone: { target: 'reloading' },
          },
          on: {
            'navigation.requested': { actions: 'forwardToBuildPoll' },
            'app.offline': { actions: 'forwardToBuildPoll' },
            'app.online': { actions: 'forwardToBuildPoll' },
            'payment.started': { actions: 'forwardToBuildPoll' },
            'payment.ended': { actions: 'forwardToBuildPoll' },
          },
        },
        reloading: {
          tags: ['app:reloading'],
        },
      },
    },
    flows: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'flows.load': { target: 'loading' },
            'purchase.start': { target: 'loading', actions: { type: 'keepPendingPurchase', params: ({ event }) => event } },
          },
        },
        loading: {
          invoke: {
            id: 'loadFlows',
            src: 'loadFlows',
            onDone: {
              target: 'ready',
              actions: [{ type: 'spawnFlows', params: ({ event }) => event.output }, 'deliverPendingPurchase'],
            },
            onError: {
              target: 'failed',
              actions: [
                { type: 'reportFlowsLoadFailure', params: ({ context, event }) => ({ error: event.error, lostPurchase: context.pendingPurchase !== null }) },
                'dropPendingPurchase',
              ],
            },
          },
          on: {
            'purchase.start': { actions: { type: 'keepPendingPurchase', params: ({ event }) => event } },
            'session.changed': { guard: 'isLogout', actions: ['forwardToCouponPopup', 'forwardToAutoLogin', 'dropPendingPurchase'] },
          },
        },
        failed: {
          tags: ['app:flowsFailed'],
          on: {
            'flows.load': { target: 'loading' },
            'purchase.start': { target: 'loading', actions: { type: 'keepPendingPurchase', params: ({ event }) => event } },
          },
        },
        ready: {
          tags: ['app:flowsReady'],
          on: {
            // The modal machine first: the purchase flows react to a modal that is already gone.
            'modal.close': { actions: ['forwardToModal', 'forwardToPayGate', 'forwardToPayment'] },
            'modal.closeAll': { actions: ['forwardToModal', 'forwardToPayGate', 'forwardToPayment'] },
            // Flows that resume or reset when the user logs in or out: add each child's forwardTo here (and at the root).
            'session.changed': { actions: ['forwardToCouponPopup', 'forwardToAutoLogin', 'forwardToPayGate', 'forwardToPayment'] },
            // The real-name modal reports a verification the purchase flow asked for.
            'realName.verified': { actions: 'forwardToPayGate' },
            'purchase.start': { actions: 'forwardToPayGate' },
            'payment.open': { actions: 'forwardToPayment' },
            'payment.submit': { actions: 'forwardToPayment' },
            'payment.retry': { actions: 'forwardToPayment' },
            'payment.close': { actions: 'forwardToPayment' },
            'payment.stay': { actions: 'forwardToPayment' },
            'payment.leave': { actions: 'forwardToPayment' },
            // Status polling pauses while the browser is offline (the build region forwards these to buildPoll too).
            'app.offline': { actions: 'forwardToPayment' },
            'app.online': { actions: 'forwardToPayment' },
            'login.opened': { actions: 'forwardToLogin' },
            'login.sendCode': { actions: 'forwardToLogin' },
            'login.submit': { actions: 'forwardToLogin' },
            'qrLogin.start': { actions: 'forwardToQrLogin' },
            'qrLogin.stop': { actions: 'forwardToQrLogin' },
            'qrLogin.hidden': { actions: 'forwardToQrLogin' },
            'qrLogin.visible': { actions: 'forwardToQrLogin' },
            'qrLogin.refresh': { actions: 'forwardToQrLogin' },
          },
        },
      },
    },
  },
});
