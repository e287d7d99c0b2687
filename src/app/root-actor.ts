/**
 * Builds the one root actor of the app: `appMachine` with the real effects
 * provided to its children. This is the only place that joins machines/ (pure
 * charts) to browser effects.
 *
 * The actor is returned NOT started: the caller (src/app/main.tsx, or a test)
 * wires the router and any subscriptions first, then calls `actor.start()`
 * exactly once. Starting schedules the first build check (1 s later). Nothing
 * here runs at import time.
 */
import { createActor, fromPromise, waitFor, type ActorOptions, type InspectionEvent, type Observer } from 'xstate';
import { appMachine, type FlowLogics, type LinkToken } from '../../machines/app.machine';
import { buildPollMachine, type BuildInfo } from '../../machines/build-poll.machine';
import { couponPopupMachine, type PopupCheck } from '../../machines/coupon-popup.machine';
import { modalMachine, type ModalName } from '../../machines/modal.machine';
import type { PersistedSession } from '../../machines/session.machine';
import type { Coupon } from '../api/common';
import { config } from '../shared/env';
import type { PopupGate } from '../features/marketing/popup-record';
import { startMarketing } from '../features/marketing/start';
import type { PurchaseFlowOptions } from '../features/buying/purchase-effects';
import { createSessionActors, type SessionFlowOptions } from '../features/session/session-effects';
import { sessionUserId, type AppActor } from '../shared/app-actor';
import { delaysOf } from '../shared/flow-effects';
import { browserStorage, type StorageLike } from '../shared/storage';
import { toast } from '../shared/toast';
import {
  apiWishlistServer,
  createWishlistEffects,
  VISITOR_LIST_MAX,
  type WishlistServer,
} from '../features/wishlist/wishlist-effects';
import { wishlistWithEffects } from '../features/wishlist/wishlist-store';
import { WISHLIST_NOT_SAVED, wishlistFull } from '../features/wishlist/texts';
import type { CartServer } from '../features/cart/cart-effects';
// Type only: the cart's code itself loads on demand (`loadCart` below).
import type { createCartLogic } from '../features/cart/cart-store';
import { forgetCart, hasCartSetAside, takeVisitorCart } from '../features/cart/cart-keys';
import {
  cartVisitorList,
  joinVisitorLists,
  recentViewsVisitorList,
  wishlistVisitorList,
  type WishlistRef,
} from './visitor-lists';

/** The cart's machine with its effects, as `loadCart` answers it. */
type CartLogic = ReturnType<typeof createCartLogic>;

/** What `createActor({ inspect })` accepts; `@statelyai/inspect`'s `inspector.inspect` is one. */
export type InspectionFn = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export interface RootActorDeps {
  /** The running build and how a newer one is found (the buildPoll machine). */
  build: {
    /** The running build's id; compared with the id polling reads. */
    id: string;
    /** Reads builds/latest.json. Rejections are quiet: the machine retries at the next interval. */
    fetchLatest: () => Promise<BuildInfo>;
    /** A full page load of `to` (in the browser: `window.location.assign(to)`). */
    reloadPage: (to: string) => void;
    /** Poll interval in ms (default 300 000, the machine's `pollInterval`). */
    pollIntervalMs?: number;
  };
  /** Dialog code on demand (the modal machine). */
  modals: {
    /** Loads the named modal's code on demand (a dynamic import); it opens once this resolves. */
    load: (name: string) => Promise<unknown>;
    /** Hears about a modal whose code failed to load. Defaults to a console warning. */
    reportLoadFailure?: (name: string, error: unknown) => void;
  };
  /** What this page view starts from (the app machine's start-up). All optional. */
  start?: {
    /** The session persisted by an earlier visit (`loadPersistedSession()` in src/features/session/persisted-session.ts). Default: none, anonymous. */
    restoredSession?: PersistedSession | null;
    /** The auto-login link's token this page was opened with (`readStoredAutoLogin()` in ./session-bridge.ts). Default: none. */
    linkToken?: LinkToken | null;
    /** The order whose payment a pay app's H5 page returns to (`takePaymentReturn()` in features/buying). Default: none. */
    paymentReturn?: { orderId: string } | null;
    /**
     * Start-up's channel and attribution step, run once the session has set the request token. Default:
     * `startMarketing()` for the page's URL. Its failure is contained: start-up goes on without it.
     */
    startAttribution?: () => unknown;
    /** `false` keeps the daily coupon popup from showing (e.g. on /demo). Default `true`. */
    couponPopupEnabled?: boolean;
  };
  /** Hears about flows that failed to load; `lostPurchase`: a 立即购买 waiting for them was dropped. Default: a console warning. */
  reportFlowsFailure?: (error: unknown, lostPurchase: boolean) => void;
  /** Stately inspector (see ./inspector.ts); undefined in normal runs. */
  inspect?: InspectionFn;
  /**
   * Test-only hooks: what a test replaces to drive the system (clocks, delays, calls, storage, the flows'
   * effects). The browser build never sets them (src/app/main.tsx); each default is the browser's.
   */
  testing?: {
    /** The clock of every machine delay in the system. Default: real timers; the UI model replay passes a `SimulatedClock`. */
    clock?: ActorOptions<typeof appMachine>['clock'];
    /** The coupon popup's clock (epoch ms). Default: the wall clock, shifted by the /demo day offset in mock mode. */
    now?: () => number;
    /** Delay of the first build check in ms (default 1000, the machine's `firstCheckDelay`); tests shorten it. */
    firstCheckDelayMs?: number;
    /** How long the shopper must leave the page alone before the daily popup asks for its coupons. Default `POPUP_QUIET_MS`. */
    popupQuietMs?: number;
    /** The home popup's coupons (GET home/popup). Default: `getHomePopup`. */
    fetchHomePopup?: (signal: AbortSignal) => Promise<Coupon[]>;
    /**
     * Whether the daily popup is due for the session's user (null: anonymous). Default: today by `now`
     * against the record in `popupStorage`; the UI model replay answers it with the model's outcomes.
     */
    checkPopupDue?: (userId: number | null, signal: AbortSignal) => Promise<PopupCheck>;
    /** Where the popup's "shown today" record lives. Default: `window.localStorage`. */
    popupStorage?: Pick<Storage, 'getItem' | 'setItem'>;
    /** Effects, calls and delays of the session, login, qrLogin and autoLogin flows. Default: the browser's (./session-effects.ts). */
    sessionFlows?: SessionFlowOptions;
    /** The wishlist's calls. Default: the extension's (src/features/wishlist/wishlist-effects.ts). */
    wishlistServer?: WishlistServer;
    /** Where the wishlist keeps what it keeps in this browser. Default: `window.localStorage`. */
    wishlistStorage?: StorageLike;
    /** The cart's calls. Default: the extension's (src/features/cart/cart-effects.ts). */
    cartServer?: CartServer;
    /** Loads the cart's code (`cart.load`, or its first `cart.*` event). Default: a dynamic import of src/features/cart/cart-store.ts. */
    loadCart?: () => Promise<CartLogic>;
    /** Where the cart keeps what it keeps in this browser. Default: `window.localStorage`. */
    cartStorage?: StorageLike;
    /** Calls, toasts and delays of the payGate and payment flows (e.g. a shorter status poll). Default: the browser's (./purchase-effects.ts). */
    purchaseFlows?: PurchaseFlowOptions;
    /**
     * Loads the login, qrLogin, payGate and payment flows (docs/decisions/0006-lazy-flows.md).
     * Default: a dynamic import of ./flows.ts, given `sessionFlows` and `purchaseFlows`.
     */
    loadFlows?: () => Promise<FlowLogics>;
  };
}

/** The modals that read a lazy flow (login: `login`, `qrLogin`; pay: `payment`): they open once the flows run. */
const FLOW_MODALS: ReadonlySet<string> = new Set(['login', 'pay']);

/**
 * Resolves once the flows run (asking for them if needed); rejects if they
 * fail to load. For code that reads a flow child, and for tests.
 * @internal
 */
export async function whenFlowsReady(actor: AppActor): Promise<void> {
  if (actor.getSnapshot().hasTag('app:flowsReady')) return;
  actor.send({ type: 'flows.load' });
  // A `failed` seen before this load started (the event may wait in the mailbox) is not its answer.
  let asked = false;
  const settled = await waitFor(actor, (snapshot) => {
    if (!snapshot.hasTag('app:flowsFailed')) asked = true;
    return snapshot.hasTag('app:flowsReady') || (asked && snapshot.hasTag('app:flowsFailed'));
  });
  if (!settled.hasTag('app:flowsReady')) throw new Error('The login and purchase flows failed to load');
}

/**
 * Resolves once the start-up region has run every step (the session restored, the channel set, the
 * link's token handed to the auto-login flow, the build check scheduled and the popup started). For
 * tests of what comes after start-up; the app itself never waits for it.
 * @internal
 */
export async function whenStartedUp(actor: AppActor): Promise<void> {
  await waitFor(actor, (snapshot) => snapshot.matches({ startup: 'done' }));
}

/**
 * A dialog whose code cannot be loaded, after the reload guard (chunk-reload.ts) is spent: the page the
 * shopper is on stays as it is, with an error toast, rather than the error page a failed page load gets
 * (docs/decisions/0009-modal-load-failure.md).
 */
function reportModalLoadFailure(name: string, error: unknown): void {
  console.warn(`[modal] failed to load "${name}"`, error);
  toast.error(MODAL_LOAD_FAILED);
}

/** @internal */
export const MODAL_LOAD_FAILED = '弹窗加载失败，请检查网络后重试';
/** Said when the login and purchase flows failed to load while a purchase waited for them (src/app/start-store.ts). */
export const FLOWS_LOAD_FAILED = '加载失败，请检查网络后重试';

function warnFlowsFailure(error: unknown): void {
  console.warn('[flows] failed to load the login and purchase flows', error);
}

export function createRootActor(deps: RootActorDeps): AppActor {
  const { build, modals, start = {}, testing = {} } = deps;
  const reportLoadFailure = modals.reportLoadFailure ?? reportModalLoadFailure;
  // The modal loader needs the actor it is part of: set right after it is created, before it can start.
  const self: { actor?: AppActor } = {};
  const modal = modalMachine.provide({
    actors: {
      loadModal: fromPromise<unknown, ModalName>(async ({ input }) => {
        const [loaded] = await Promise.all([
          modals.load(input),
          FLOW_MODALS.has(input) && self.actor ? whenFlowsReady(self.actor) : undefined,
        ]);
        return loaded;
      }),
    },
    actions: {
      reportLoadFailure: (_, { name, error }) => reportLoadFailure(name, error),
    },
  });
  const buildPoll = buildPollMachine.provide({
    actors: {
      fetchLatestBuild: fromPromise<BuildInfo>(() => build.fetchLatest()),
    },
    actions: {
      reloadPage: (_, { to }) => build.reloadPage(to),
    },
    delays: delaysOf({ pollInterval: build.pollIntervalMs, firstCheckDelay: testing.firstCheckDelayMs }),
  });
  // The popup's day record and its quiet moment are not needed to paint: loaded with the popup's first check.
  // Blocked storage: the popup then shows at every start.
  const storage = testing.popupStorage ?? browserStorage('localStorage');
  let gate: PopupGate | undefined;
  const loadGate = async (): Promise<PopupGate> => {
    const { createPopupClock, createPopupGate } = await import('../features/marketing/popup-record');
    gate ??= createPopupGate({
      storage,
      now: testing.now ?? createPopupClock({ mock: config.apiMode === 'mock', storage }),
      enabled: start.couponPopupEnabled ?? true,
    });
    return gate;
  };
  // The popup's call waits for a quiet moment after the page has loaded (./quiet-moment.ts), and its answer
  // for another if the shopper acted while it was out: it neither competes with the first paint
  // (docs/performance.md) nor opens over the shopper's gestures; the user
  // endpoints are loaded on first use (./session-effects.ts).
  const fetchHomePopup =
    testing.fetchHomePopup ??
    ((signal: AbortSignal) =>
      import('../features/marketing/quiet-moment')
        .then(({ inQuietMoment }) =>
          inQuietMoment(
            signal,
            () => import('../api/user').then((api) => api.getHomePopup({ signal })),
            testing.popupQuietMs,
          ),
        )
        .then((answer) => answer.couponList));
  const couponPopup = couponPopupMachine.provide({
    actors: {
      checkPopupDue: fromPromise<PopupCheck>(async ({ system, signal }) => {
        const userId = sessionUserId(system);
        return testing.checkPopupDue
          ? testing.checkPopupDue(userId, signal)
          : { userId, ...(await loadGate()).check(userId) };
      }),
      fetchPopup: fromPromise<Coupon[]>(({ signal }) => fetchHomePopup(signal)),
    },
    actions: {
      // The check loaded the gate before anything can be shown; a test's own check may not have.
      recordShown: (_, { userId, day }) =>
        gate ? gate.record(userId, day) : void loadGate().then((loaded) => loaded.record(userId, day)),
    },
  });
  // The wishlist's effects serve both the wishlist child and the login's hand-over (one page, one record of
  // whether the server has the extension).
  const wishlistEffects = createWishlistEffects({
    storage: testing.wishlistStorage ?? browserStorage('localStorage'),
    server: testing.wishlistServer ?? apiWishlistServer,
    notify: (text) => toast.warning(text),
  });
  const wishlist = wishlistWithEffects(wishlistEffects, (reason) =>
    toast.warning(reason === 'listFull' ? wishlistFull(VISITOR_LIST_MAX) : WISHLIST_NOT_SAVED),
  );
  // The cart's code loads on demand (docs/cart.md, "What it costs"); the login sets the visitor's cart aside
  // without it, and waits for it only when there is a cart to hand over.
  const cartStorage = testing.cartStorage ?? browserStorage('localStorage');
  const loadCart =
    testing.loadCart ??
    (() =>
      import('../features/cart/cart-store').then(({ createCartLogic, installCart }) => {
        // Once it runs: another tab's change reaches it, and 去结算 the pay gate.
        if (self.actor) installCart(self.actor);
        return createCartLogic({ storage: cartStorage, server: testing.cartServer });
      }));
  const visitorLists = joinVisitorLists([
    wishlistVisitorList(wishlistEffects, async () => self.actor?.system.get('wishlist') as WishlistRef | undefined),
    cartVisitorList(
      {
        take: (userId) => takeVisitorCart(cartStorage, userId),
        forget: (userId) => forgetCart(cartStorage, userId),
      },
      async (userId) =>
        self.actor && hasCartSetAside(cartStorage, userId)
          ? (await import('../features/cart/cart-open')).whenCartOpen(self.actor)
          : undefined,
    ),
    recentViewsVisitorList,
  ]);
  const sessionActors = createSessionActors({ visitorLists, ...testing.sessionFlows });
  const loadFlows =
    testing.loadFlows ??
    (() =>
      import('./flows').then((flows) =>
        flows.createFlowActors({ sessionFlows: testing.sessionFlows, purchaseFlows: testing.purchaseFlows }),
      ));
  const reportFlowsFailure = deps.reportFlowsFailure ?? warnFlowsFailure;
  const startAttribution = start.startAttribution ?? (() => startMarketing({ href: window.location.href }));
  const machine = appMachine.provide({
    actors: {
      modal,
      buildPoll,
      couponPopup,
      wishlist,
      ...sessionActors,
      loadFlows: fromPromise<FlowLogics>(() => loadFlows()),
      loadCart: fromPromise<CartLogic>(() => loadCart()),
      // A throw rejects the promise; the machine contains it (start-up goes on without the channel).
      startAttribution: fromPromise<void>(async () => {
        startAttribution();
      }),
    },
    actions: {
      reportFlowsLoadFailure: (_, { error, lostPurchase }) => reportFlowsFailure(error, lostPurchase),
    },
  });
  self.actor = createActor(machine, {
    input: {
      buildId: build.id,
      restoredSession: start.restoredSession ?? null,
      linkToken: start.linkToken ?? null,
      paymentReturn: start.paymentReturn ?? null,
    },
    inspect: deps.inspect,
    ...(testing.clock ? { clock: testing.clock } : {}),
  });
  return self.actor;
}
