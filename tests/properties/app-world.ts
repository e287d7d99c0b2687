/**
 * The world the property tests drive (tests/properties/app-system.test.ts):
 * the REAL root actor (`createRootActor()` in src/app/root-actor.ts, so the
 * real app, modal, session, popup, auto-login, build-poll, login and purchase
 * machines in one actor system) on an XState `SimulatedClock`, with every call
 * the app makes replaced by a fake whose answer waits in a queue until a
 * command settles it (in whatever order the command sequence picks), the
 * popup's "shown today" record in an in-memory storage, and the app's real
 * session bridge turning an `auth_40001` answer into `session.expired` (the
 * failure is reported as src/api/http.ts does: once per failing call, when the
 * call went out under the token still in effect).
 *
 * It watches the system with an inspector (who sent which `modal.*` event to
 * the root, which dialog load settled), subscriptions to the modal and session
 * children, and the fakes (request token at every call, toasts, storage
 * writes), and records a violation of each property the moment it is seen.
 * It throws only for the property it was told to watch (`assertHolds()`,
 * after every step), with the run's trace.
 */
import { SimulatedClock, type AnyActorRef, type AnyEventObject, type InspectionEvent } from 'xstate';
import type { FlowLogics } from '../../machines/app.machine';
import type { OpenModal } from '../../machines/modal.machine';
import { SESSION_MESSAGES, type NoticeKind, type PersistedSession } from '../../machines/session.machine';
import { clientState } from '../../src/api/client-state';
import type { Coupon } from '../../src/api/common';
import { ApiError } from '../../src/api/errors';
import type { Order } from '../../src/api/orders';
import { ORDER } from '../model/payment.model';
import type { UserInfo } from '../../src/api/user';
import { createFlowActors } from '../../src/app/flows';
import type { PurchaseApi, PurchaseFlowOptions } from '../../src/features/buying/purchase-effects';
import { createRootActor } from '../../src/app/root-actor';
import { installSessionBridge } from '../../src/features/session/session-bridge';
import type { SessionApi, SessionEffects, SessionFlowOptions } from '../../src/features/session/session-effects';
import { POPUP_RECORD_KEY } from '../../src/features/marketing/popup-record';
import { beijingDay } from '../../src/shared/beijing-time';
import { CONFIG_OFF, CONFIG_ON, REAL_NAME, USER_A, USER_B, failure } from '../model/session-fixtures';
import type { AppActor } from '../../src/shared/app-actor';

// ---------------------------------------------------------------------------------------------------------------------
// The scenario: what the page starts with
// ---------------------------------------------------------------------------------------------------------------------

export interface Scenario {
  /** The session persisted by an earlier visit: none, USER_A, or USER_A with real-name info. */
  restored: 'none' | 'userA' | 'userA+realName';
  /** The page was opened from an auto-login link (its token belongs to USER_B). */
  linkToken: boolean;
  /** Whose "coupon popup shown today" record is already in storage. */
  shownToday: 'nobody' | 'browser' | 'user:1';
  /** The channel and attribution step throws (start-up must go on without it). */
  attributionThrows: boolean;
  /** The page is the return from a pay app's H5 page (or a reload while its payment is awaited): the pay dialog reopens for order XY1. */
  paymentReturn: boolean;
}

export const BUILD_ID = 'build-1';
/** Local noon on 2026-01-31: the simulated clock's 0. */
export const BASE_MS = new Date(2026, 0, 31, 12, 0, 0).getTime();
export const DAY_MS = 86_400_000;

const COUPON: Coupon = {
  couponId: 'prop-1',
  title: '新人专享 5 元无门槛券',
  amount: 500,
  threshold: 0,
  startTime: 0,
  expireTime: 7 * DAY_MS,
  status: 'available',
  gameIds: [],
  description: '全场通用',
};

// ---------------------------------------------------------------------------------------------------------------------
// The fake calls and their answers
// ---------------------------------------------------------------------------------------------------------------------

export type Outcome = 'ok' | 'alt' | 'fail' | 'auth_40001';

interface Answer {
  label: string;
  value: () => unknown;
}

interface CallSpec {
  /** A /webapi call: it carries the request token and may answer `auth_40001`. */
  api: boolean;
  /** Whether the generated commands answer it (the others stay pending: no gesture leads to them). */
  driven: boolean;
  ok: Answer;
  alt?: Answer;
}

const never: Answer = { label: 'never answered', value: () => undefined };

/** The order a pay app's return resumes (scenario `paymentReturn`): the payment model's unpaid order, paid with WeChat. */
const RETURNED_ORDER: Order = { ...ORDER, payChannel: 'wechat' };

/** Every call the fakes take, by kind. `loadModal(<name>)` and `loadFlows` are code loads, not API calls. */
const CALLS = {
  attribution: { api: true, driven: true, ok: { label: 'ok', value: () => undefined } },
  checkToken: { api: true, driven: true, ok: { label: 'ok', value: () => 'ok' } },
  fetchRealNameConfig: {
    api: true,
    driven: true,
    ok: { label: 'real-name off', value: () => CONFIG_OFF },
    alt: { label: 'real-name on', value: () => CONFIG_ON },
  },
  fetchRealNameInfo: {
    api: true,
    driven: true,
    ok: { label: 'verified', value: () => REAL_NAME },
    alt: { label: 'not verified', value: () => null },
  },
  logout: { api: true, driven: true, ok: { label: 'ok', value: () => true } },
  registerLogin: {
    api: true,
    driven: true,
    ok: { label: 'user A', value: () => USER_A },
    alt: { label: 'user B', value: () => USER_B },
  },
  exchangeToken: {
    api: true,
    driven: true,
    ok: { label: 'user B', value: () => USER_B },
    alt: { label: 'user A', value: () => USER_A },
  },
  loginWithToken: { api: true, driven: true, ok: { label: 'user B', value: () => USER_B } },
  'payGate.fetchRealNameConfig': {
    api: true,
    driven: true,
    ok: { label: 'real-name off', value: () => CONFIG_OFF },
    alt: { label: 'real-name on', value: () => CONFIG_ON },
  },
  checkStorage: {
    api: true,
    driven: true,
    ok: { label: 'in stock', value: () => true },
    alt: { label: 'out of stock', value: () => false },
  },
  fetchHomePopup: {
    api: true,
    driven: true,
    ok: { label: '1 coupon', value: () => [COUPON] },
    alt: { label: 'no coupons', value: () => [] },
  },
  fetchLatestBuild: {
    api: false,
    driven: true,
    ok: { label: 'same build', value: () => ({ id: BUILD_ID, timestamp: 1 }) },
    alt: { label: 'newer build', value: () => ({ id: 'build-2', timestamp: 2 }) },
  },
  loadFlows: { api: false, driven: true, ok: { label: 'loaded', value: () => undefined } },
  'loadModal(login)': { api: false, driven: true, ok: { label: 'loaded', value: () => ({ name: 'login' }) } },
  'loadModal(pay)': { api: false, driven: true, ok: { label: 'loaded', value: () => ({ name: 'pay' }) } },
  'loadModal(realName)': { api: false, driven: true, ok: { label: 'loaded', value: () => ({ name: 'realName' }) } },
  'loadModal(coupon)': { api: false, driven: true, ok: { label: 'loaded', value: () => ({ name: 'coupon' }) } },
  'loadModal(autoLogin)': { api: false, driven: true, ok: { label: 'loaded', value: () => ({ name: 'autoLogin' }) } },
  // Opened after a payment: the one a pay app's return finds paid (no generated gesture pays).
  'loadModal(paySuccess)': { api: false, driven: true, ok: { label: 'loaded', value: () => ({ name: 'paySuccess' }) } },
  // Reached by no generated gesture (the login form's code button, the QR tab, 立即支付): recorded, never answered.
  checkCaptcha: { api: true, driven: false, ok: never },
  sendCode: { api: true, driven: false, ok: never },
  registerPhone: { api: true, driven: false, ok: never },
  fetchQrCode: { api: true, driven: false, ok: never },
  checkQrStatus: { api: true, driven: false, ok: never },
  loginBySessionCode: { api: true, driven: false, ok: never },
  // Asked for by a pay app's return (scenario `paymentReturn`): still unpaid (the payment is awaited again) or paid there.
  fetchOrder: {
    api: true,
    driven: true,
    ok: { label: 'unpaid XY1', value: () => RETURNED_ORDER },
    alt: { label: 'paid XY1', value: () => ({ ...RETURNED_ORDER, status: 'delivered', payTime: 1 }) },
  },
  createOrder: { api: true, driven: false, ok: never },
  payOrder: { api: true, driven: false, ok: never },
  checkStatus: { api: true, driven: false, ok: never },
} satisfies Record<string, CallSpec>;

export type CallKind = keyof typeof CALLS;

const spec = (kind: CallKind): CallSpec => CALLS[kind];

/** The outcomes a command may give a call of this kind. */
export function outcomesOf(kind: CallKind): Outcome[] {
  const s = spec(kind);
  return ['ok', ...(s.alt ? (['alt'] as const) : []), 'fail', ...(s.api ? (['auth_40001'] as const) : [])];
}

export function describeOutcome(kind: CallKind, outcome: Outcome): string {
  const s = spec(kind);
  if (outcome === 'ok') return `ok (${s.ok.label})`;
  if (outcome === 'alt') return `ok (${s.alt?.label ?? s.ok.label})`;
  if (outcome === 'fail') return s.api ? 'fails (sys_500)' : 'fails to load';
  return 'fails with auth_40001';
}

export const DRIVEN_KINDS = (Object.keys(CALLS) as CallKind[]).filter((kind) => spec(kind).driven);

interface PendingCall {
  id: number;
  kind: CallKind;
  step: number;
  /** The request token the call went out with. */
  tokenAtSend: string | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What a call saw when it was made (property 5). */
interface CallRecord {
  id: number;
  kind: CallKind;
  step: number;
  /** The request token in effect (the last `setRequestToken` not cleared since). */
  token: string | undefined;
  /** The user the session holds while logged in (`session:loggedIn`), else null; `absent`: no session child yet. */
  holder: UserInfo | null | 'absent';
}

// ---------------------------------------------------------------------------------------------------------------------
// Properties and their bookkeeping
// ---------------------------------------------------------------------------------------------------------------------

export type PropertyName = 'userDialog' | 'promoBelow' | 'popupRecord' | 'expiryPrompt' | 'requestToken';

/** A dialog the shopper asked for (property 1). */
interface Obligation {
  id: number;
  name: string;
  step: number;
  /** On the stack at some point since the gesture. */
  met: boolean;
  /** Why it may be gone (or may never show): null while it must be there. */
  released: string | null;
  /** Step at which a successful load of it settled in the modal machine since the gesture. */
  loadSettledAt: number | null;
}

/** One expiry of the session: from entering `expired` until leaving it (property 4). */
interface Episode {
  step: number;
  warnings: number;
  loginOpens: number;
}

/** Which flow owns a dialog: its `modal.close` from that flow counts as "its own flow closed it" (property 1). */
const OWN_FLOWS: Record<string, readonly string[]> = { login: ['login', 'qrLogin'] };

type SessionSnapshot = { hasTag(tag: string): boolean; context: { user: UserInfo | null } };

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

export class World {
  readonly clock = new SimulatedClock();
  readonly actor: AppActor;
  /** The index of the command being run (0: start-up), and what it was, for the trace. */
  step = 0;
  private stepLabel = 'start-up';
  private readonly trace: string[] = [];

  private token: string | undefined;
  private nextId = 1;
  private pending: PendingCall[] = [];
  readonly calls: CallRecord[] = [];

  private stack: readonly OpenModal[] = [];
  private readonly obligations: Obligation[] = [];
  private readonly episodes: Episode[] = [];
  private currentEpisode: Episode | null = null;
  private readonly couponPushes: number[] = [];
  private readonly popupWrites: { step: number; added: string[] }[] = [];
  private readonly popupStore = new Map<string, string>();
  /** The pay dialog instance the "UI" has told the payment flow about (the pay modal's mount effect). */
  private payMounted = false;
  private sessionWatched = false;

  readonly violations: Record<PropertyName, string[]> = {
    userDialog: [],
    promoBelow: [],
    popupRecord: [],
    expiryPrompt: [],
    requestToken: [],
  };
  private readonly cleanups: (() => void)[] = [];

  /**
   * @param watch the property this run checks: `run()` and `assertHolds()` throw its first violation.
   */
  constructor(
    readonly scenario: Scenario,
    private readonly watch?: PropertyName,
  ) {
    const restored: PersistedSession | null =
      scenario.restored === 'none'
        ? null
        : { user: USER_A, realName: scenario.restored === 'userA+realName' ? REAL_NAME : null };
    const today = beijingDay(BASE_MS);
    if (scenario.shownToday !== 'nobody')
      this.popupStore.set(POPUP_RECORD_KEY, JSON.stringify({ [scenario.shownToday]: today }));

    const effects: SessionEffects = {
      persistSession: () => {},
      forgetSession: () => {},
      setRequestToken: (token) => {
        this.token = token;
        this.log(`request token ← ${token}`);
      },
      setTokenCookie: () => {},
      clearToken: () => {
        this.token = undefined;
        this.log('request token cleared');
      },
      setAnalyticsUserId: () => {},
      notify: (kind, text) => this.onSessionNotice(kind, text),
      clearAutoLoginToken: () => {},
    };
    const api: SessionApi = {
      checkToken: (signal) => this.call('checkToken', signal),
      fetchRealNameConfig: (signal) => this.call('fetchRealNameConfig', signal),
      fetchRealNameInfo: (signal) => this.call('fetchRealNameInfo', signal),
      logout: (_token, signal) => this.call('logout', signal),
      checkCaptcha: (_phone, signal) => this.call('checkCaptcha', signal),
      sendCode: (_phone, signal) => this.call('sendCode', signal),
      registerLogin: (_credentials, signal) => this.call('registerLogin', signal),
      registerPhone: (_credentials, signal) => this.call('registerPhone', signal),
      fetchQrCode: (signal) => this.call('fetchQrCode', signal),
      checkQrStatus: (_qrId, signal) => this.call('checkQrStatus', signal),
      loginBySessionCode: (_code, signal) => this.call('loginBySessionCode', signal),
      exchangeToken: (_request, signal) => this.call('exchangeToken', signal),
      loginWithToken: (_request, signal) => this.call('loginWithToken', signal),
    };
    const purchaseApi: PurchaseApi = {
      fetchRealNameConfig: (signal) => this.call('payGate.fetchRealNameConfig', signal),
      checkStorage: (_request, signal) => this.call('checkStorage', signal),
      fetchOrder: (_orderId, signal) => this.call('fetchOrder', signal),
      createOrder: (_input, signal) => this.call('createOrder', signal),
      payOrder: (_input, signal) => this.call('payOrder', signal),
      checkStatus: (_orderId, signal) => this.call('checkStatus', signal),
      claimLoginCoupons: async () => ({ couponList: [] }),
    };
    const sessionFlows: SessionFlowOptions = { effects, api };
    const purchaseFlows: PurchaseFlowOptions = {
      api: purchaseApi,
      effects: { notify: (kind, text) => this.log(`toast ${kind} ${text}`) },
      // The coupons a login earns are not this world's subject (tests/integration/buying/final-price.test.tsx): settled at once.
      settleCoupons: async () => undefined,
    };

    this.actor = createRootActor({
      build: {
        id: BUILD_ID,
        fetchLatest: () => this.call('fetchLatestBuild'),
        reloadPage: (to) => this.log(`page reload → ${to}`),
      },
      modals: {
        load: (name) => this.call(`loadModal(${name})` as CallKind),
        reportLoadFailure: (name) => this.onLoadFailure(name),
      },
      start: {
        restoredSession: restored,
        linkToken: scenario.linkToken ? { token: 'link_token_b', appId: 'nn_mall_web' } : null,
        paymentReturn: scenario.paymentReturn ? { orderId: 'XY1' } : null,
        startAttribution: () => {
          // The channel header is set synchronously; the attribution call answers later (its failure is contained).
          this.call('attribution').catch(() => {});
          if (scenario.attributionThrows) throw new Error('attribution failed');
        },
      },
      reportFlowsFailure: (_error, lostPurchase) =>
        this.log(`flows failed to load${lostPurchase ? ' (a 立即购买 was lost)' : ''}`),
      inspect: (event) => this.onInspect(event),
      testing: {
        clock: this.clock,
        now: () => BASE_MS + this.clock.now(),
        fetchHomePopup: (signal) => this.call('fetchHomePopup', signal),
        popupStorage: {
          getItem: (key) => this.popupStore.get(key) ?? null,
          setItem: (key, value) => this.onPopupWrite(key, value),
        },
        sessionFlows,
        purchaseFlows,
        loadFlows: () =>
          this.call<void>('loadFlows').then((): FlowLogics => createFlowActors({ sessionFlows, purchaseFlows })),
      },
    });
  }

  // -------------------------------------------------------------------------------------------------------------------
  // Running
  // -------------------------------------------------------------------------------------------------------------------

  async start(): Promise<void> {
    // The app's bridge: every auth_40001 from any call becomes one `session.expired` (src/features/session/session-bridge.ts).
    this.cleanups.push(installSessionBridge(this.actor, { target: undefined, localStorage: undefined }));
    this.actor.start();
    const modal = this.child('modal');
    const modalSub = modal.subscribe((snapshot) =>
      this.onModalSnapshot((snapshot as { context: { stack: readonly OpenModal[] } }).context.stack),
    );
    this.onModalSnapshot((modal.getSnapshot() as { context: { stack: readonly OpenModal[] } }).context.stack);
    this.cleanups.push(() => modalSub.unsubscribe());
    this.watchSession();
    await this.settle();
  }

  /** Subscribes to the session child once it exists (start-up spawns it first; a regression might not). */
  private watchSession(): void {
    if (this.sessionWatched) return;
    const session = this.childIfAny('session');
    if (!session) return;
    this.sessionWatched = true;
    const sessionSub = session.subscribe((snapshot) => this.onSessionSnapshot(snapshot as SessionSnapshot));
    this.onSessionSnapshot(session.getSnapshot() as SessionSnapshot);
    this.cleanups.push(() => sessionSub.unsubscribe());
  }

  /** Runs one command's effect on the system, then lets every promise callback and UI effect run. */
  async run(label: string, effect: () => void): Promise<void> {
    this.step += 1;
    this.stepLabel = label;
    this.log(`▶ ${label}`);
    effect();
    await this.settle();
    this.assertHolds();
  }

  /** Every call pending now answers ok, oldest first, each one a step of its own (the network catches up). */
  async answerAllPending(label: string): Promise<void> {
    const now = [...this.pending];
    this.log(`▶ ${label} (${now.length} pending)`);
    for (const call of now) {
      if (!this.pending.includes(call)) continue;
      await this.run(`${label}: ${call.kind}#${call.id}`, () => this.settleCall(call, 'ok'));
    }
  }

  /** The oldest pending API call (a /webapi call the generated commands answer), if any. */
  oldestPendingApiCall(): CallKind | undefined {
    return this.pending.find((call) => spec(call.kind).api && spec(call.kind).driven)?.kind;
  }

  hasAnyPending(): boolean {
    return this.pending.some((call) => spec(call.kind).driven);
  }

  /** Throws the watched property's violations so far, with the run's trace (the run stops at the first one). */
  assertHolds(): void {
    if (!this.watch) return;
    const found = this.violations[this.watch];
    if (found.length > 0)
      throw new Error(
        `${found.join('\n')}\n\n--- what happened (▶ commands, then what the system did) ---\n${this.traceText()}`,
      );
  }

  /**
   * After the sequence: every dialog and flow load still pending resolves (oldest first), so that a dialog
   * that must show has had its chance; then the end-of-run checks.
   */
  async finish(): Promise<void> {
    for (let round = 0; round < 50; round += 1) {
      const load = this.pending.find((call) => call.kind === 'loadFlows' || call.kind.startsWith('loadModal('));
      if (!load) break;
      await this.run(`(end) answer ${load.kind}: ok (loaded)`, () => this.answer(load.kind, 'ok'));
    }
    for (const o of this.obligations) {
      if (o.released === null && !this.isOnStack(o.name)) {
        this.violate(
          'userDialog',
          `the shopper's "${o.name}" (asked for at step ${o.step}) is not on the stack once every load has settled, and nobody closed it (stack: ${this.stackText()})`,
        );
      }
    }
  }

  dispose(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.actor.stop();
    clientState.reset();
  }

  private async settle(): Promise<void> {
    for (let round = 0; round < 5; round += 1) {
      await flush();
      await flush();
      this.watchSession();
      // The pay dialog's mount effect (src/features/buying/pay-modal.tsx): it tells the payment flow it is open.
      const payOpen = this.isOnStack('pay');
      if (payOpen && !this.payMounted) {
        this.payMounted = true;
        this.log('(ui) pay dialog mounted → payment.open');
        // As the dialog does, with the account it opens for.
        const session = this.actor.system.get('session')?.getSnapshot() as
          | { context: { user: { userId: number } | null } }
          | undefined;
        this.actor.send({
          type: 'payment.open',
          requestId: `req-${this.step}`,
          userId: session?.context.user?.userId ?? null,
        });
        continue;
      }
      if (!payOpen) this.payMounted = false;
      break;
    }
    this.checkAfterStep();
  }

  // -------------------------------------------------------------------------------------------------------------------
  // What commands read and do
  // -------------------------------------------------------------------------------------------------------------------

  child(systemId: string): AnyActorRef {
    const ref = this.actor.system.get(systemId) as AnyActorRef | undefined;
    if (!ref) throw new Error(`no "${systemId}" in the system`);
    return ref;
  }

  childIfAny(systemId: string): AnyActorRef | undefined {
    return this.actor.system.get(systemId) as AnyActorRef | undefined;
  }

  topModal(): string | undefined {
    return this.stack.at(-1)?.name;
  }

  isOnStack(name: string): boolean {
    return this.stack.some((modal) => modal.name === name);
  }

  /** Nothing on screen: the page behind is not inert (src/shared/ui/dialog.tsx), so its buttons can be pressed. */
  pageIsInteractive(): boolean {
    return this.stack.length === 0;
  }

  /** The session's snapshot; before the session child exists, an anonymous stand-in. */
  sessionSnapshot(): SessionSnapshot {
    const session = this.childIfAny('session');
    return session ? (session.getSnapshot() as SessionSnapshot) : { hasTag: () => false, context: { user: null } };
  }

  hasPending(kind: CallKind): boolean {
    return this.pending.some((call) => call.kind === kind);
  }

  /** A gesture that opens a dialog the shopper asked for (property 1 follows it). */
  userOpens(name: string): void {
    const obligation: Obligation = {
      id: this.obligations.length + 1,
      name,
      step: this.step,
      met: this.isOnStack(name),
      released: null,
      loadSettledAt: null,
    };
    this.obligations.push(obligation);
    this.actor.send({ type: 'modal.open', name, source: 'user' });
  }

  send(event: AnyEventObject): void {
    this.actor.send(event as never);
  }

  /** Settles the oldest pending call of this kind. An auth failure is reported to the bridge first, as the HTTP layer does. */
  answer(kind: CallKind, outcome: Outcome): void {
    const call = this.pending.find((other) => other.kind === kind);
    if (!call) throw new Error(`no pending ${kind}`);
    this.settleCall(call, outcome);
  }

  private settleCall(call: PendingCall, outcome: Outcome): void {
    this.pending = this.pending.filter((other) => other !== call);
    const kind = call.kind;
    const s = spec(kind);
    this.log(`  ${kind}#${call.id} ${describeOutcome(kind, outcome)}`);
    switch (outcome) {
      case 'ok':
        call.resolve(s.ok.value());
        break;
      case 'alt':
        call.resolve((s.alt ?? s.ok).value());
        break;
      case 'fail':
        call.reject(s.api ? failure('sys_500', '服务繁忙，请稍后重试') : new Error(`failed to load ${kind}`));
        break;
      case 'auth_40001':
        // As src/api/http.ts does: the failure is reported (once per failing call) only when the call was made
        // under the token still in effect; an answer to a call made under an older token says nothing about the
        // current session. The bridge (src/features/session/session-bridge.ts) turns the report into `session.expired`.
        if (this.token === call.tokenAtSend) {
          clientState.emitAuthExpired(
            new ApiError({ kind: 'auth', code: 'auth_40001', message: SESSION_MESSAGES.expired, endpoint: kind }),
          );
        } else {
          this.log(`  (made under token ${call.tokenAtSend ?? '∅'}, not the current one: not reported)`);
        }
        call.reject(failure('auth_40001', SESSION_MESSAGES.expired));
        break;
    }
  }

  // -------------------------------------------------------------------------------------------------------------------
  // The fakes
  // -------------------------------------------------------------------------------------------------------------------

  private call<T>(kind: CallKind, signal?: AbortSignal): Promise<T> {
    const id = this.nextId++;
    const session = this.childIfAny('session');
    const snapshot = session?.getSnapshot() as SessionSnapshot | undefined;
    const holder: CallRecord['holder'] = !snapshot
      ? 'absent'
      : snapshot.hasTag('session:loggedIn')
        ? snapshot.context.user
        : null;
    const record: CallRecord = { id, kind, step: this.step, token: this.token, holder };
    this.calls.push(record);
    this.log(`  call ${kind}#${id}${spec(kind).api ? ` [token ${this.token ?? '∅'}]` : ''}`);
    if (spec(kind).api) this.checkCallToken(record);
    return new Promise<T>((resolve, reject) => {
      const call: PendingCall = {
        id,
        kind,
        step: this.step,
        tokenAtSend: this.token,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      this.pending.push(call);
      // An aborted request gets no answer (the actor that made it is gone).
      signal?.addEventListener(
        'abort',
        () => {
          this.pending = this.pending.filter((other) => other !== call);
        },
        { once: true },
      );
    });
  }

  private onLoadFailure(name: string): void {
    this.log(`  dialog "${name}" failed to load (error toast)`);
    this.release(name, 'its code failed to load (error toast)');
  }

  private onSessionNotice(kind: NoticeKind, text: string): void {
    this.log(`  toast ${kind} ${text}`);
    if (kind !== 'warning' || text !== SESSION_MESSAGES.expired) return;
    if (!this.currentEpisode) {
      this.violate('expiryPrompt', `the expiry warning "${text}" was shown while the session had not expired`);
      return;
    }
    this.currentEpisode.warnings += 1;
  }

  private onPopupWrite(key: string, value: string): void {
    const before = JSON.parse(this.popupStore.get(key) ?? '{}') as Record<string, string>;
    const after = JSON.parse(value) as Record<string, string>;
    const added = Object.entries(after)
      .filter(([audience, day]) => before[audience] !== day)
      .map(([audience, day]) => `${audience}@${day}`);
    this.popupStore.set(key, value);
    this.popupWrites.push({ step: this.step, added });
    this.log(`  popup recorded as shown: ${added.join(', ') || '(nothing new)'}`);
  }

  // -------------------------------------------------------------------------------------------------------------------
  // Observers
  // -------------------------------------------------------------------------------------------------------------------

  private onInspect(inspection: InspectionEvent): void {
    if (inspection.type !== '@xstate.event') return;
    const { actorRef, sourceRef, event } = inspection;
    if (actorRef === this.actor) {
      const from = sourceRef === undefined ? 'ui' : sourceRef === this.actor ? 'app' : (sourceRef as AnyActorRef).id;
      if (event.type === 'modal.close') {
        const name = String(event.name);
        this.log(`  ${from} → modal.close ${name}`);
        if (from === 'ui') this.release(name, 'the shopper closed it');
        else if (OWN_FLOWS[name]?.includes(from)) this.release(name, `its own flow (${from}) closed it`);
      } else if (event.type === 'modal.closeAll') {
        this.log(`  ${from} → modal.closeAll`);
        if (from === 'session') this.releaseAll("the session's expiry prompt closed every dialog");
      } else if (event.type === 'modal.open') {
        this.log(`  ${from} → modal.open ${String(event.name)} (${String(event.source)})`);
        if (from === 'session' && event.name === 'login') {
          if (!this.currentEpisode)
            this.violate('expiryPrompt', 'the session opened the login dialog while it had not expired');
          else this.currentEpisode.loginOpens += 1;
        }
      } else if (event.type === 'session.expired') {
        this.log(`  ${from} → session.expired`);
      }
      return;
    }
    if (event.type === 'xstate.done.actor.loadModal' && actorRef === this.childIfAny('modal')) {
      const name = (event as { output?: { name?: string } }).output?.name;
      for (const o of this.obligations)
        if (o.name === name && o.released === null && o.loadSettledAt === null) o.loadSettledAt = this.step;
    }
  }

  private onModalSnapshot(stack: readonly OpenModal[]): void {
    const before = this.stack;
    this.stack = stack;
    for (const pushed of stack.filter((modal) => !before.some((old) => old.name === modal.name))) {
      this.log(`  stack + ${pushed.name} (${pushed.source}) → [${stack.map((m) => m.name).join(', ')}]`);
      if (pushed.name === 'coupon') {
        this.couponPushes.push(this.step);
        const under = before.filter((modal) => modal.source !== 'promo');
        if (under.length > 0) {
          this.violate(
            'promoBelow',
            `the coupon popup was pushed over ${under.map((m) => `${m.name} (${m.source})`).join(', ')}`,
          );
        }
      }
    }
    for (const removed of before.filter((old) => !stack.some((modal) => modal.name === old.name))) {
      this.log(`  stack − ${removed.name} → [${stack.map((m) => m.name).join(', ')}]`);
    }
    const couponAt = stack.findIndex((modal) => modal.name === 'coupon');
    if (couponAt > 0 && stack.slice(0, couponAt).some((modal) => modal.source !== 'promo')) {
      this.violate('promoBelow', `the coupon popup is above a user or flow dialog: [${this.stackText()}]`);
    }
    for (const o of this.obligations) {
      if (o.released !== null) continue;
      if (this.isOnStack(o.name)) o.met = true;
      else if (o.met) {
        this.violate(
          'userDialog',
          `the shopper's "${o.name}" (asked for at step ${o.step}) left the stack, but neither the shopper nor its own flow closed it`,
        );
        o.released = 'violated';
      }
    }
  }

  private onSessionSnapshot(snapshot: SessionSnapshot): void {
    const expired = snapshot.hasTag('session:expired');
    if (expired && !this.currentEpisode) {
      this.currentEpisode = { step: this.step, warnings: 0, loginOpens: 0 };
      this.episodes.push(this.currentEpisode);
      this.log('  session expired');
    } else if (!expired && this.currentEpisode) {
      this.currentEpisode = null;
    }
  }

  private release(name: string, why: string): void {
    for (const o of this.obligations) if (o.name === name && o.released === null) o.released = why;
  }

  private releaseAll(why: string): void {
    for (const o of this.obligations) if (o.released === null) o.released = why;
  }

  // -------------------------------------------------------------------------------------------------------------------
  // Checks
  // -------------------------------------------------------------------------------------------------------------------

  private checkCallToken(record: CallRecord): void {
    const expected = record.holder === 'absent' || record.holder === null ? undefined : record.holder.token;
    if (record.token !== expected) {
      const who =
        record.holder === 'absent'
          ? 'before the session existed'
          : record.holder
            ? `while user ${record.holder.userId} is logged in`
            : 'while nobody is logged in';
      this.violate(
        'requestToken',
        `${record.kind}#${record.id} went out with request token ${record.token ?? '(none)'} ${who} (expected ${expected ?? '(none)'})`,
      );
    }
    if (record.kind === 'attribution' && this.scenario.restored !== 'none' && record.token !== USER_A.token) {
      this.violate(
        'requestToken',
        `the start-up attribution call went out with token ${record.token ?? '(none)'} before the restored session set ${USER_A.token}`,
      );
    }
  }

  private checkAfterStep(): void {
    // 1. A dialog whose load settled is on the stack after that step.
    for (const o of this.obligations) {
      if (o.released === null && !o.met && o.loadSettledAt !== null) {
        this.violate(
          'userDialog',
          `the shopper's "${o.name}" (asked for at step ${o.step}) finished loading at step ${o.loadSettledAt} but is not on the stack: [${this.stackText()}]`,
        );
        o.released = 'violated';
      }
    }
    // 3. Recorded as shown ⇔ pushed on the stack, in the same step; never twice for an audience and day.
    if (this.popupWrites.length !== this.couponPushes.length) {
      this.violate(
        'popupRecord',
        `the coupon popup was put on the stack ${this.couponPushes.length} time(s) but recorded as shown ${this.popupWrites.length} time(s)`,
      );
    }
    this.popupWrites.forEach((write, i) => {
      if (this.couponPushes[i] !== undefined && this.couponPushes[i] !== write.step) {
        this.violate(
          'popupRecord',
          `record #${i + 1} was written at step ${write.step}, but the coupon popup went on screen at step ${this.couponPushes[i]}`,
        );
      }
      if (write.added.length !== 1)
        this.violate(
          'popupRecord',
          `record #${i + 1} at step ${write.step} recorded an audience already recorded for that day`,
        );
    });
    // 4. At most one prompt per expiry, and both halves of it.
    for (const e of this.episodes) {
      if (e.warnings > 1 || e.loginOpens > 1) {
        this.violate(
          'expiryPrompt',
          `the expiry at step ${e.step} was prompted ${e.warnings} time(s) with the warning and ${e.loginOpens} time(s) with the login dialog`,
        );
      }
      if (e.warnings !== e.loginOpens) {
        this.violate(
          'expiryPrompt',
          `the expiry at step ${e.step} showed the warning ${e.warnings} time(s) but opened login ${e.loginOpens} time(s)`,
        );
      }
    }
  }

  private violate(property: PropertyName, message: string): void {
    const text = `step ${this.step} (${this.stepLabel}): ${message}`;
    if (!this.violations[property].includes(text)) this.violations[property].push(text);
    this.log(`  ✗ [${property}] ${message}`);
  }

  private log(line: string): void {
    this.trace.push(line);
  }

  private stackText(): string {
    return this.stack.map((m) => `${m.name} (${m.source})`).join(', ');
  }

  /** The run so far, one line per command and per thing the system did. */
  traceText(): string {
    return this.trace.join('\n');
  }
}
