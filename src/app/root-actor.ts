/**
 * Builds the one root actor of the app: `appMachine` with the real effects
 * provided to its children. This is the only place that joins machines/ (pure
 * charts) to browser effects.
 *
 * The actor is returned NOT started: the caller (src/main.tsx, or a test)
 * wires the router and any subscriptions first, then calls `actor.start()`
 * exactly once. Starting schedules the first build check (1 s later). Nothing
 * here runs at import time.
 */
import { createActor, fromPromise, sendParent, type Actor, type InspectionEvent, type Observer } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import { buildPollMachine, type BuildInfo } from '../../machines/build-poll.machine';
import { couponPopupMachine, type PopupCheck } from '../../machines/coupon-popup.machine';
import { modalMachine, type ModalName } from '../../machines/modal.machine';
import type { PersistedSession } from '../../machines/session.machine';
import type { Coupon } from '../api/common';
import { getHomePopup } from '../api/user';
import { config } from '../config/env';
import { createPopupClock, createPopupGate } from '../marketing/popup-record';
import { createPurchaseActors, type PurchaseFlowOptions } from './purchase-effects';
import { createSessionActors, type SessionFlowOptions } from './session-effects';

/** What `createActor({ inspect })` accepts; `@statelyai/inspect`'s `inspector.inspect` is one. */
export type InspectionFn = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export interface RootActorDeps {
  /** The running build's id; compared with the id polling reads. */
  buildId: string;
  /** Reads builds/latest.json. Rejections are quiet: the machine retries at the next interval. */
  fetchLatestBuild: () => Promise<BuildInfo>;
  /** A full page load of `to` (in the browser: `window.location.assign(to)`). */
  reloadPage: (to: string) => void;
  /** Loads the named modal's code on demand (a dynamic import); it opens once this resolves. */
  loadModal: (name: string) => Promise<unknown>;
  /** Hears about a modal whose code failed to load. Defaults to a console warning. */
  reportLoadFailure?: (name: string, error: unknown) => void;
  /** Poll interval in ms (default 300 000, the machine's `pollInterval`). */
  pollIntervalMs?: number;
  /** Delay of the first build check in ms (default 1000, the machine's `firstCheckDelay`); tests shorten it. */
  firstCheckDelayMs?: number;
  /** Stately inspector (see ./inspector.ts); undefined in normal runs. */
  inspect?: InspectionFn;
  /** The coupon popup's clock (epoch ms). Default: the wall clock, shifted by the /demo day offset in mock mode. */
  now?: () => number;
  /** The home popup's coupons (GET home/popup). Default: `getHomePopup`. */
  fetchHomePopup?: (signal: AbortSignal) => Promise<Coupon[]>;
  /** Where the popup's "shown today" record lives. Default: `window.localStorage`. */
  popupStorage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** `false` keeps the daily coupon popup from showing (e.g. on /demo). Default `true`. */
  couponPopupEnabled?: boolean;
  /** The session persisted by an earlier visit (`loadPersistedSession()` in ./session-effects.ts). Default: none, anonymous. */
  restoredSession?: PersistedSession | null;
  /** Effects, calls and delays of the session, login, qrLogin and autoLogin flows. Default: the browser's (./session-effects.ts). */
  sessionFlows?: SessionFlowOptions;
  /** Calls, toasts and delays of the payGate and payment flows (e.g. a shorter status poll). Default: the browser's (./purchase-effects.ts). */
  purchaseFlows?: PurchaseFlowOptions;
}

export type AppActor = Actor<typeof appMachine>;

function warnLoadFailure(name: string, error: unknown): void {
  console.warn(`[modal] failed to load "${name}"`, error);
}

function browserLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // blocked storage: the popup then shows at every start
  }
}

/** The session's user id, read from the system (the session child owns it); null when anonymous or absent. */
function sessionUserId(system: { get(systemId: string): unknown }): number | null {
  const session = system.get('session') as { getSnapshot(): { context?: { user?: { userId?: unknown } | null } } } | undefined;
  const userId = session?.getSnapshot().context?.user?.userId;
  return typeof userId === 'number' ? userId : null;
}

export function createRootActor(deps: RootActorDeps): AppActor {
  const reportLoadFailure = deps.reportLoadFailure ?? warnLoadFailure;
  const modal = modalMachine.provide({
    actors: {
      loadModal: fromPromise<unknown, ModalName>(({ input }) => deps.loadModal(input)),
    },
    actions: {
      reportLoadFailure: (_, { name, error }) => reportLoadFailure(name, error),
    },
  });
  const buildPoll = buildPollMachine.provide({
    actors: {
      fetchLatestBuild: fromPromise<BuildInfo>(() => deps.fetchLatestBuild()),
    },
    actions: {
      reloadPage: (_, { to }) => deps.reloadPage(to),
    },
    delays: {
      ...(deps.pollIntervalMs === undefined ? {} : { pollInterval: deps.pollIntervalMs }),
      ...(deps.firstCheckDelayMs === undefined ? {} : { firstCheckDelay: deps.firstCheckDelayMs }),
    },
  });
  const storage = deps.popupStorage ?? browserLocalStorage();
  const gate = createPopupGate({
    storage,
    now: deps.now ?? createPopupClock({ mock: config.apiMode === 'mock', storage }),
    enabled: deps.couponPopupEnabled ?? true,
  });
  const fetchHomePopup = deps.fetchHomePopup ?? ((signal: AbortSignal) => getHomePopup({ signal }).then((answer) => answer.couponList));
  const couponPopup = couponPopupMachine.provide({
    actors: {
      checkPopupDue: fromPromise<PopupCheck>(async ({ system }) => {
        const userId = sessionUserId(system);
        return { userId, ...gate.check(userId) };
      }),
      fetchPopup: fromPromise<Coupon[]>(({ signal }) => fetchHomePopup(signal)),
    },
    actions: {
      openCouponModal: sendParent((_, { coupons }: { coupons: Coupon[] }) => ({ type: 'modal.open', name: 'coupon', props: { coupons } })),
      recordShown: (_, { userId, day }) => gate.record(userId, day),
    },
  });
  const sessionActors = createSessionActors(deps.sessionFlows);
  const purchaseActors = createPurchaseActors(deps.purchaseFlows);
  const machine = appMachine.provide({ actors: { modal, buildPoll, couponPopup, ...sessionActors, ...purchaseActors } });
  return createActor(machine, { input: { buildId: deps.buildId, restoredSession: deps.restoredSession ?? null }, inspect: deps.inspect });
}
