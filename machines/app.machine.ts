/**
 * The root of the one actor system. It starts the long-lived flows in order, owns them as children
 * and is the one address the UI, router and HTTP layer send events to; it forwards each event to the
 * child that owns it (docs/decisions/0022-root-actor-routes-events.md).
 *
 * Invariants: one system per page, created by `createRootActor()` at start, never at import; no call
 * goes out before the session has set a restored user's token (docs/architecture.md, "Start-up");
 * children are read via `actor.system.get('<systemId>')`, written to only through this machine; the
 * login and purchase flows load on demand (docs/decisions/0006-lazy-flows.md), and so does the cart (its first
 * `cart.*` event, or the app once the page is idle: docs/cart.md, "What it costs").
 *
 * Not here: the flows themselves (each child's chart) and the effects (`.provide()`).
 */
import {
  assign,
  enqueueActions,
  forwardTo,
  fromPromise,
  raise,
  setup,
  spawnChild,
  stateIn,
  type AnyActorLogic,
} from 'xstate';
import { buildPollMachine, type BuildPollEvent } from './build-poll.machine';
import { autoLoginMachine, type AutoLoginEvent } from './auto-login.machine';
import { couponPopupMachine, type CouponPopupEvent, type PromoAnswerEvent } from './coupon-popup.machine';
import type { LoginEvent, loginMachine } from './login.machine';
import { modalMachine, type ModalEvent } from './modal.machine';
import { wishlistMachine, type WishlistUiEvent } from './wishlist.machine';
import type { CartUiEvent, cartMachine } from './cart.machine';
import { cartDoorRegion, keptCartEvent, openCart, type PendingCartEvent } from './cart-door';
import type {
  PurchaseReturnEvent,
  PurchaseStartEvent,
  PurchaseSuspendedEvent,
  payGateMachine,
} from './pay-gate.machine';
import type { PaymentUiEvent, paymentMachine } from './payment.machine';
import type { QrLoginEvent, qrLoginMachine } from './qr-login.machine';
import {
  sessionMachine,
  type PersistedSession,
  type RealNameVerifiedEvent,
  type SessionChangedEvent,
  type SessionEvent,
  type SessionSigningInEvent,
} from './session.machine';

/**
 * Who hears the session's `session.changed`, kept here once: the children that always run, and, once the
 * login and purchase flows are spawned, those too (each resumes or resets when the account changes). A
 * new child that cares adds its forwardTo to the right list.
 */
const HEAR_SESSION_CHANGED = [
  'forwardToCouponPopup',
  'forwardToAutoLogin',
  'forwardToWishlist',
  'forwardToCart',
] as const;
const FLOWS_HEAR_SESSION_CHANGED = [
  ...HEAR_SESSION_CHANGED,
  'forwardToPayGate',
  'forwardToPayment',
  'forwardToLogin',
] as const;

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
  /** The order whose payment was handed to a pay app's H5 page: this page is the return, or a reload while it is awaited. */
  paymentReturn?: { orderId: string } | null;
}

export interface AppContext {
  buildId: string;
  restoredSession: PersistedSession | null;
  linkToken: LinkToken | null;
  paymentReturn: { orderId: string } | null;
  /** A `purchase.*` event that came before the flows ran; delivered to `payGate` once they do. */
  pendingPurchase: PendingPurchase | null;
  /** `cart.*` events that came before the cart ran (./cart-door.ts). */
  pendingCart: PendingCartEvent[];
}

type PendingPurchase = PurchaseStartEvent | PurchaseSuspendedEvent | PurchaseReturnEvent;

/** The flows loaded on demand, with the app's effects already provided (what `loadFlows` returns). */
export interface FlowLogics {
  login: typeof loginMachine;
  qrLogin: typeof qrLoginMachine;
  payGate: typeof payGateMachine;
  payment: typeof paymentMachine;
}

/** Ask for the flows (idempotent): sent by the app after the first paint and before a modal that needs them. */
interface FlowsLoadEvent {
  type: 'flows.load';
}

/** Ask for the cart (idempotent): sent by the app once the page is idle, and by whatever needs the cart now. */
interface CartLoadEvent {
  type: 'cart.load';
}

/** Raised by the start-up region when the build check may start. */
interface StartupChecksEvent {
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
  | SessionSigningInEvent
  | RealNameVerifiedEvent
  | LoginEvent
  | QrLoginEvent
  | AutoLoginEvent
  | PurchaseStartEvent
  | PurchaseSuspendedEvent
  | PurchaseReturnEvent
  | PaymentUiEvent
  | WishlistUiEvent
  | CartUiEvent
  | CartLoadEvent
  | FlowsLoadEvent;

/** The `autoLogin.start` for the link this page was opened with, compared against the restored account's phone. */
function linkTokenStart(link: LinkToken, restored: PersistedSession | null): AutoLoginEvent {
  return { type: 'autoLogin.start', token: link.token, appId: link.appId, currentPhone: restored?.user.telNum ?? null };
}

const FLOW_SLOT: unknown = fromPromise(async () => {
  throw new Error('the flows and the cart are spawned from what their loader returns, not invoked by name');
});

/** Spawns logic a loader returned (XState types an id only for actors spawned by name). */
type SpawnLogic = (src: AnyActorLogic, options: { id: string; systemId: string; input?: unknown }) => void;

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
      wishlist: 'wishlist';
      cart: 'cart';
      autoLogin: 'autoLogin';
      loadFlows: 'loadFlows';
      loadCart: 'loadCart';
      startAttribution: 'startAttribution';
      login: 'login';
      qrLogin: 'qrLogin';
      payGate: 'payGate';
      payment: 'payment';
    };
    tags: 'app:reloading' | 'app:flowsReady' | 'app:flowsFailed' | 'app:cartOpen' | 'app:cartFailed';
  },
  actors: {
    modal: modalMachine,
    buildPoll: buildPollMachine,
    couponPopup: couponPopupMachine,
    session: sessionMachine,
    wishlist: wishlistMachine,
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
    /** The cart's machine with its effects (machines/cart.machine.ts): a chunk of its own. */
    loadCart: fromPromise<typeof cartMachine>(async () => {
      throw new Error('loadCart is supplied by the app through appMachine.provide()');
    }),
    // Typed slots for the flows and the cart, so that their children are typed: `spawnFlows` and `openCart`
    // spawn the logic their loader returned, never these (this module must not import their code).
    cart: FLOW_SLOT as typeof cartMachine,
    login: FLOW_SLOT as FlowLogics['login'],
    qrLogin: FLOW_SLOT as FlowLogics['qrLogin'],
    payGate: FLOW_SLOT as FlowLogics['payGate'],
    payment: FLOW_SLOT as FlowLogics['payment'],
  },
  actions: {
    forwardToModal: forwardTo('modal'),
    forwardToBuildPoll: forwardTo('buildPoll'),
    forwardToWishlist: forwardTo('wishlist'),
    /** The cart hears what it would have heard from the start once it runs (it opens for the session's account then). */
    forwardToCart: enqueueActions(({ enqueue, event, check }) => {
      if (check('isCartOpen' as never)) enqueue.sendTo('cart', event);
    }),
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
    startSession: spawnChild('session', {
      id: 'session',
      systemId: 'session',
      input: ({ context }) => ({ restored: context.restoredSession }),
    }),
    /**
     * Start-up: the wishlist of whoever the session restored (a hand-over a closed page left unfinished is
     * finished as the account's list opens), reading this browser only for a visitor.
     */
    startWishlist: spawnChild('wishlist', {
      id: 'wishlist',
      systemId: 'wishlist',
      input: ({ context }) => ({ owner: context.restoredSession?.user.userId ?? null }),
    }),
    // The cart's region (./cart-door.ts).
    openCart: enqueueActions((args) => openCart(args as never)),
    keepPendingCart: assign(({ context, event, system }) => keptCartEvent(context, event, system)),
    dropPendingCart: assign({ pendingCart: [] }),
    /** Start-up: the link's token is exchanged, with every header of this visit already set. */
    startAutoLogin: enqueueActions(({ context, enqueue }) => {
      if (context.linkToken) enqueue.sendTo('autoLogin', linkTokenStart(context.linkToken, context.restoredSession));
    }),
    /** Start-up: a payment handed to a pay app resumes (the flows load for it; the gate opens the pay dialog). */
    resumePayment: enqueueActions(({ context, enqueue }) => {
      if (context.paymentReturn) enqueue.raise({ type: 'purchase.return', orderId: context.paymentReturn.orderId });
    }),
    /** Start-up: the build check's first second starts (the build region waits for this). */
    scheduleChecks: raise({ type: 'startup.checks' }),
    /** Start-up: the daily popup decides whether it is due; the modal machine shows it only in a free slot. */
    startCouponPopup: spawnChild('couponPopup', { id: 'couponPopup', systemId: 'couponPopup' }),
    /** The loaded flows, spawned with the ids and systemIds `invoke` gives the other children. */
    spawnFlows: enqueueActions(({ enqueue }, logics: FlowLogics) => {
      const spawn = enqueue.spawnChild as unknown as SpawnLogic;
      spawn(logics.login, { id: 'login', systemId: 'login', input: {} });
      spawn(logics.qrLogin, { id: 'qrLogin', systemId: 'qrLogin' });
      spawn(logics.payGate, { id: 'payGate', systemId: 'payGate' });
      spawn(logics.payment, { id: 'payment', systemId: 'payment' });
    }),
    keepPendingPurchase: assign((_, event: PendingPurchase) => ({ pendingPurchase: event })),
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
    isCartOpen: stateIn('#app.cart.open'),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    buildId: input.buildId,
    restoredSession: input.restoredSession ?? null,
    linkToken: input.linkToken ?? null,
    paymentReturn: input.paymentReturn ?? null,
    pendingPurchase: null,
    pendingCart: [],
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
    'modal.*': { actions: 'forwardToModal' },
    // The modal machine's answer to the popup's promo open (the longer, exact descriptor wins over `modal.*`).
    'modal.promoShown': { actions: 'forwardToCouponPopup' },
    'modal.promoDropped': { actions: 'forwardToCouponPopup' },
    'session.changed': { actions: [...HEAR_SESSION_CHANGED] },
    // The session's word that a login is being stored: the wishlist and the cart belong to that account from now on.
    'session.signingIn': { actions: ['forwardToWishlist', 'forwardToCart'] },
    // A family of events goes to the child of that name (`session.changed`, the session's own
    // announcement, is matched exactly above and never goes back to it).
    'session.*': { actions: 'forwardToSession' },
    'autoLogin.*': { actions: 'forwardToAutoLogin' },
    'wishlist.*': { actions: 'forwardToWishlist' },
  },
  type: 'parallel',
  states: {
    // One ordered start-up (docs/architecture.md, "Start-up"); every step runs once, in this order, in
    // the first macrostep, so no call of this page goes out before the steps before it have run.
    startup: {
      initial: 'restoringSession',
      states: {
        restoringSession: {
          entry: ['startSession', 'startWishlist'],
          always: 'attributing',
        },
        attributing: {
          // An invoke, so that it starts after the session (children start in the order they are created).
          invoke: {
            id: 'startAttribution',
            src: 'startAttribution',
            onDone: 'readingLinkToken',
            onError: 'readingLinkToken',
          },
        },
        readingLinkToken: {
          // Only a page opened from an auto-login link has one; the others go straight on.
          entry: 'startAutoLogin',
          always: 'resumingPayment',
        },
        resumingPayment: {
          // Only a page that comes back from a pay app (or reloads while its payment is awaited) has one.
          entry: 'resumePayment',
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
            // `app.offline` / `app.online`
            'app.*': { actions: 'forwardToBuildPoll' },
            'payment.started': { actions: 'forwardToBuildPoll' },
            'payment.ended': { actions: 'forwardToBuildPoll' },
          },
        },
        reloading: {
          tags: ['app:reloading'],
        },
      },
    },
    // The cart's code loads on demand: every `cart.*` event is the cart's, kept until it runs.
    cart: cartDoorRegion,
    flows: {
      initial: 'idle',
      states: {
        // The flows do not run: asked for (again) by a `flows.load` or a purchase, whether or not a load failed.
        idle: {
          initial: 'notAsked',
          on: {
            'flows.load': { target: 'loading' },
            // 立即购买, or a pay app's return at start-up (`purchase.start` / `purchase.return`).
            'purchase.*': { target: 'loading', actions: { type: 'keepPendingPurchase', params: ({ event }) => event } },
          },
          states: {
            notAsked: {},
            // The last load failed: tagged, so that whenFlowsReady (src/app/root-actor.ts) rejects instead of waiting.
            failed: {
              tags: ['app:flowsFailed'],
            },
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
              target: 'idle.failed',
              actions: [
                {
                  type: 'reportFlowsLoadFailure',
                  params: ({ context, event }) => ({
                    error: event.error,
                    lostPurchase: context.pendingPurchase !== null,
                  }),
                },
                'dropPendingPurchase',
              ],
            },
          },
          on: {
            'purchase.*': { actions: { type: 'keepPendingPurchase', params: ({ event }) => event } },
            'session.changed': { guard: 'isLogout', actions: [...HEAR_SESSION_CHANGED, 'dropPendingPurchase'] },
          },
        },
        ready: {
          tags: ['app:flowsReady'],
          on: {
            // The modal machine first: the purchase flows react to a modal that is already gone.
            'modal.close': { actions: ['forwardToModal', 'forwardToPayGate', 'forwardToPayment'] },
            'modal.closeAll': { actions: ['forwardToModal', 'forwardToPayGate', 'forwardToPayment'] },
            'session.changed': { actions: [...FLOWS_HEAR_SESSION_CHANGED] },
            // The real-name modal reports a verification the purchase flow asked for.
            'realName.verified': { actions: 'forwardToPayGate' },
            // 立即购买; a purchase an expiry interrupted (from the payment flow), which the gate resumes after the
            // next login; a pay app's return, whose payment the gate resumes for the account logged in.
            'purchase.*': { actions: 'forwardToPayGate' },
            // The pay dialog's events (its own `payment.started` / `payment.ended` come back to it too, and
            // it ignores them; the build region forwards those to the build poll).
            'payment.*': { actions: 'forwardToPayment' },
            // Status polling pauses while the browser is offline (the build region forwards these to buildPoll too).
            'app.*': { actions: 'forwardToPayment' },
            'login.*': { actions: 'forwardToLogin' },
            'qrLogin.*': { actions: 'forwardToQrLogin' },
          },
        },
      },
    },
  },
});
