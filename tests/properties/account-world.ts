/**
 * The world of the account-change properties (tests/properties/account-change.test.ts; the rules are
 * docs/buying.md, "Account changes"): the REAL root actor (`createRootActor()`, so the real app, modal, session, login, payGate and payment
 * machines in one actor system) on an XState `SimulatedClock`, like tests/properties/app-world.ts, but
 * with the buying calls answered too and a fake server behind them that keeps the orders it created
 * (each with the account whose token created it, idempotent by `requestId` as the real one is).
 *
 * The "UI" is emulated the way the components behave:
 * - the pay dialog, when it goes on the stack, sends `payment.open` with one `requestId` per mount (a
 *   resumed purchase's dialog: its interrupted dialog's) and
 *   the account logged in at that moment (src/features/buying/pay-modal.tsx);
 * - its editor (src/features/buying/pay-editor.tsx) reports the shopper's choices with
 *   `payment.choose` whenever they change and whenever the flow enters `editing`; its coupon list is
 *   the logged-in account's, so after an account change its coupon is dropped until it is chosen again;
 * - 立即支付 submits the editor's draft (or, for an existing order, only the channel);
 * - another tab's login or logout arrives as the browser's `storage` event on the session key,
 *   through the app's real bridge (src/features/session/session-bridge.ts), which sends `session.synced`;
 * - an `auth_40001` answer is reported as src/api/http.ts does (only for a call made under the token
 *   still in effect), and the bridge turns it into `session.expired`.
 *
 * Every account has its own coupons (`COUPONS_OF`): a coupon in a request is data of that account.
 * The build check answers at once and the daily popup is off (tests/properties/app-system.test.ts
 * covers both); every step takes `STEP_MS` of simulated time, so the expiry prompt, the token ping and
 * the status poll come by themselves.
 *
 * The properties (`AccountPropertyName`) are checked against a model kept here from what the shopper
 * did and what the fake server answered, not from the machines' contexts: which account each pay
 * dialog is for, its last reported choices, its order (`Dialog`); which purchase an expiry must have
 * suspended and how it must come back (`Expectation`). A violation is recorded the moment it is seen
 * (at a call, a pay open, a stack push, or the end of a step); `assertHolds()` throws the watched
 * property's, with the run's trace (▶ commands, the system's events, `(ui)` the emulated components,
 * `(model)` what the model expects next, `✗` a violation). `STATS` counts what the runs reached.
 */
import { SimulatedClock, type AnyActorRef, type AnyEventObject, type InspectionEvent } from 'xstate';
import { ACCOUNT_CHANGE_MESSAGES } from '../../machines/account-change';
import type { FlowLogics } from '../../machines/app.machine';
import type { OpenModal } from '../../machines/modal.machine';
import type { PurchaseRequest } from '../../machines/pay-gate.machine';
import type { CreateOrderInput, OrderDraft, PayOrderInput, StatusAnswer } from '../../machines/payment.machine';
import { SESSION_MESSAGES, type PersistedSession } from '../../machines/session.machine';
import { clientState } from '../../src/api/client-state';
import { ApiError } from '../../src/api/errors';
import type { Order, OrderStatus, PayChannelCode, Payment } from '../../src/api/orders';
import type { UserInfo } from '../../src/api/user';
import { createFlowActors } from '../../src/app/flows';
import type { PurchaseApi, PurchaseFlowOptions } from '../../src/features/buying/purchase-effects';
import { createRootActor } from '../../src/app/root-actor';
import { installSessionBridge } from '../../src/features/session/session-bridge';
import {
  type SessionApi,
  type SessionEffects,
  type SessionFlowOptions,
} from '../../src/features/session/session-effects';
import { SESSION_STORAGE_KEY } from '../../src/features/session/persisted-session';
import type { WishlistServer } from '../../src/features/wishlist/wishlist-effects';
import { CONFIG_OFF, CONFIG_ON, REAL_NAME, USER_A, USER_B, failure } from '../model/session-fixtures';
import { BASE_MS, BUILD_ID } from './app-world';
import type { AppActor } from '../../src/shared/app-actor';

// ---------------------------------------------------------------------------------------------------------------------
// Accounts and their data
// ---------------------------------------------------------------------------------------------------------------------

export type AccountName = 'A' | 'B';

const ACCOUNTS: Record<AccountName, UserInfo> = { A: USER_A, B: USER_B };

const nameOf = (userId: number | null): string =>
  userId === null ? 'nobody' : userId === USER_A.userId ? 'A' : userId === USER_B.userId ? 'B' : `user ${userId}`;

/** Each account's own coupons (what `matchCoupon` answers for it): a coupon id is data of exactly one account. */
const COUPONS_OF: Record<number, readonly string[]> = {
  [USER_A.userId]: ['a-coupon-500', 'a-coupon-1000'],
  [USER_B.userId]: ['b-coupon-500'],
};

const couponOwner = (couponId: string): number | null => {
  for (const [userId, coupons] of Object.entries(COUPONS_OF)) if (coupons.includes(couponId)) return Number(userId);
  return null;
};

const accountOfToken = (token: string | undefined): number | null =>
  token === undefined ? null : (Object.values(ACCOUNTS).find((user) => user.token === token)?.userId ?? -1);

/** A package that contains the goods (its draft carries no coupon). */
const PACKAGE_ID = 9;

export interface Scenario {
  /** The session persisted by an earlier visit. */
  restored: 'none' | AccountName;
}

// ---------------------------------------------------------------------------------------------------------------------
// The fake calls
// ---------------------------------------------------------------------------------------------------------------------

/** How a command settles a call: its usual answer, its other answer, a server failure, or `auth_40001`. */
export type Disposition = 'ok' | 'alt' | 'fail' | 'auth';

interface CallSpec {
  /** A /webapi call: it carries the request token and may answer `auth_40001`. */
  api: boolean;
  /** The server answers it only with a token (without one: `auth_40001`, whatever the command says). */
  needsLogin: boolean;
  /** Whether commands answer it (the others stay pending: no emulated gesture leads to them). */
  driven: boolean;
  ok: string;
  alt?: string;
}

const load: CallSpec = { api: false, needsLogin: false, driven: true, ok: 'loaded' };
const unreached: CallSpec = { api: true, needsLogin: false, driven: false, ok: 'never answered' };

const CALLS = {
  checkToken: { api: true, needsLogin: true, driven: true, ok: 'ok' },
  fetchRealNameConfig: { api: true, needsLogin: false, driven: true, ok: 'real-name off', alt: 'real-name on' },
  fetchRealNameInfo: { api: true, needsLogin: true, driven: true, ok: 'verified', alt: 'not verified' },
  logout: { api: true, needsLogin: true, driven: true, ok: 'ok' },
  registerLogin: { api: true, needsLogin: false, driven: true, ok: 'user A', alt: 'user B' },
  'payGate.fetchRealNameConfig': {
    api: true,
    needsLogin: false,
    driven: true,
    ok: 'real-name off',
    alt: 'real-name on',
  },
  checkStorage: { api: true, needsLogin: false, driven: true, ok: 'in stock', alt: 'out of stock' },
  // The wishlist child opens the account's list at every login (the session's hand-over waits for it before
  // 登录成功 and the login's announcement) and at a restored session; nothing in this world adds to a list, so
  // nothing is set aside to merge and no write is made.
  'wishlist.list': { api: true, needsLogin: true, driven: true, ok: "the account's list (empty)" },
  'wishlist.merge': unreached,
  'wishlist.add': unreached,
  'wishlist.remove': unreached,
  fetchOrder: {
    api: true,
    needsLogin: true,
    driven: true,
    ok: 'the order as the server has it',
    alt: 'expired on the server',
  },
  createOrder: { api: true, needsLogin: true, driven: true, ok: 'created (or the same order again for its requestId)' },
  payOrder: { api: true, needsLogin: true, driven: true, ok: 'QR code' },
  checkStatus: { api: true, needsLogin: true, driven: true, ok: 'unpaid', alt: 'paid' },
  loadFlows: load,
  'loadModal(login)': load,
  'loadModal(pay)': load,
  'loadModal(realName)': load,
  'loadModal(paySuccess)': load,
  'loadModal(coupon)': load,
  'loadModal(autoLogin)': load,
  checkCaptcha: unreached,
  sendCode: unreached,
  registerPhone: unreached,
  fetchQrCode: unreached,
  checkQrStatus: unreached,
  loginBySessionCode: unreached,
  exchangeToken: unreached,
  loginWithToken: unreached,
} satisfies Record<string, CallSpec>;

export type CallKind = keyof typeof CALLS;

const spec = (kind: CallKind): CallSpec => CALLS[kind];

interface PendingCall {
  id: number;
  kind: CallKind;
  step: number;
  /** The request token the call went out with. */
  tokenAtSend: string | undefined;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** An order the fake server created: the account is the one whose token created it. */
interface ServerOrder {
  orderId: string;
  account: number | null;
  requestId: string;
  purchase: number;
  status: OrderStatus;
  couponId: string | null;
}

// ---------------------------------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------------------------------

export type AccountPropertyName = 'accountData' | 'resume' | 'oneOrder';

/** The pay modal's props as the gate opens it (src/features/buying/purchase-effects.ts). */
type PayProps =
  | { orderId: string }
  | { goodsId: number; buyNum: number; gameId: number; choices?: PurchaseRequest['choices']; requestId?: string };

/** The pay editor's own state (its choices; the coupon list is the logged-in account's). */
interface EditorState {
  buyNum: number;
  packageId: number | null;
  couponId: string | null;
  channel: PayChannelCode;
}

/** One mount of the pay dialog. */
interface Dialog {
  n: number;
  requestId: string;
  step: number;
  entry: OpenModal;
  props: PayProps;
  /** The account the dialog was opened for (`payment.open { userId }`). */
  owner: number | null;
  /** The account the purchase belongs to: the owner, or for a dialog opened while nobody was logged in, the first account since. */
  account: number | null;
  /** The session's account changed away from `account` since the dialog mounted. */
  accountLeft: boolean;
  /** The account the gate opened the pay modal for (null: none, e.g. not from the gate). */
  gateAccount: number | null;
  /** A purchase: dialogs linked by an expiry and its resume share one. */
  purchase: number;
  mounted: boolean;
  /** The editor's state (a resumed purchase's choices to begin with); null for an order's dialog, which has no editor. */
  editor: EditorState | null;
  /** The editor has loaded its data (the shopper's first pick): from then on it reports its choices. */
  editorLoaded: boolean;
  /** What it reported last, and whether the flow was in `editing` at the last look (it reports again on entering it). */
  reportedKey: string | null;
  wasEditing: boolean;
  /** The last choices the editor reported (`payment.choose` sent while editing). */
  choices: PurchaseRequest | null;
  /** The order this dialog pays: its props', or the one its create made. */
  order: string | null;
  /** The dialog learnt its order is no longer unpaid. */
  orderClosed: boolean;
  /** createOrder calls of this dialog in flight. */
  creating: number;
}

/** A purchase an expiry must have suspended: it must come back, with `target` as the pay modal's props, after its account's next login. */
interface Expectation {
  step: number;
  owner: number | null;
  target: PayProps;
  purchase: number;
  phase: 'waiting' | 'resuming' | 'opened';
  /** The account it resumed for. */
  resumedFor: number | null;
  resumedAt: number | null;
  /** A stock check of the resumed gating answered in stock (or failed, which counts as in stock). */
  stockAllowedAt: number | null;
  /** Another account logged in first at this step: the resume-dropped warning is due in that step. */
  droppedAt: number | null;
}

/** What the runs reached (FC_STATS=1 prints the totals): whether the interesting interleavings happen at all. */
export const STATS = {
  runs: 0,
  dialogs: 0,
  ordersCreated: 0,
  suspendedGoods: 0,
  suspendedOrders: 0,
  resumedGoods: 0,
  resumedOrders: 0,
  resumedPushed: 0,
  droppedForOtherAccount: 0,
  dialogForOtherAccountThanGate: 0,
  /** How the suspended purchases ended. */
  ended: {} as Record<string, number>,
};

/** The simulated time every step takes (after its effect has settled). */
const STEP_MS = 100;

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

const json = (value: unknown) => JSON.stringify(value);

/** Structural equality of plain data (props, choices). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

type Tagged = { hasTag(tag: string): boolean; matches(value: unknown): boolean };
type SessionSnapshot = Tagged & { context: { user: UserInfo | null } };
type PaymentSnapshot = Tagged & { context: { order: Order | null; couponsSettled: boolean } };

export class AccountWorld {
  readonly clock = new SimulatedClock();
  readonly actor: AppActor;
  step = 0;
  private stepLabel = 'start-up';
  private readonly trace: string[] = [];

  private token: string | undefined;
  private nextId = 1;
  private pending: PendingCall[] = [];

  private stack: readonly OpenModal[] = [];
  private readonly dialogs: Dialog[] = [];
  private dialog: Dialog | null = null;
  private nextPurchase = 1;
  private expectation: Expectation | null = null;
  /** The account the gate last opened the pay modal for (until a dialog mounts). */
  private gateOpenedFor: number | null = null;
  private readonly orders = new Map<string, ServerOrder>();
  private readonly purchaseOrders = new Map<number, string>();
  private readonly toasts: { step: number; kind: string; text: string }[] = [];
  private storageListener:
    | ((event: { key: string | null; newValue: string | null; storageArea?: unknown }) => void)
    | null = null;
  private sessionWatched = false;
  private lastUser: number | null = null;
  /** Inspection events so far (whether a step's time passing set anything off). */
  private events = 0;

  readonly violations: Record<AccountPropertyName, string[]> = { accountData: [], resume: [], oneOrder: [] };
  private readonly cleanups: (() => void)[] = [];

  constructor(
    readonly scenario: Scenario,
    private readonly watch?: AccountPropertyName,
  ) {
    STATS.runs += 1;
    const restored: PersistedSession | null =
      scenario.restored === 'none' ? null : { user: ACCOUNTS[scenario.restored], realName: null };

    const effects: SessionEffects = {
      persistSession: () => {},
      forgetSession: () => {},
      setRequestToken: (token) => {
        this.token = token;
        this.log(`  request token ← ${token}`);
      },
      setTokenCookie: () => {},
      clearToken: () => {
        this.token = undefined;
        this.log('  request token cleared');
      },
      setAnalyticsUserId: () => {},
      notify: (kind, text) => this.log(`  toast ${kind} ${text}`),
      clearAutoLoginToken: () => {},
    };
    const api: SessionApi = {
      checkToken: (signal) => this.call('checkToken', undefined, signal),
      fetchRealNameConfig: (signal) => this.call('fetchRealNameConfig', undefined, signal),
      fetchRealNameInfo: (signal) => this.call('fetchRealNameInfo', undefined, signal),
      // The logout goes out with the leaving account's token (the request token is cleared at the tap), and, as the
      // app's call does (src/features/session/session-effects.ts), an auth_40001 answer ends the logout all the same.
      logout: (token, signal) =>
        this.call('logout', undefined, signal, token).catch((error: unknown) => {
          if ((error as { code?: unknown }).code === 'auth_40001') return null;
          throw error;
        }),
      checkCaptcha: (_phone, signal) => this.call('checkCaptcha', undefined, signal),
      sendCode: (_phone, signal) => this.call('sendCode', undefined, signal),
      registerLogin: (_credentials, signal) => this.call('registerLogin', undefined, signal),
      registerPhone: (_credentials, signal) => this.call('registerPhone', undefined, signal),
      fetchQrCode: (signal) => this.call('fetchQrCode', undefined, signal),
      checkQrStatus: (_qrId, signal) => this.call('checkQrStatus', undefined, signal),
      loginBySessionCode: (_code, signal) => this.call('loginBySessionCode', undefined, signal),
      exchangeToken: (_request, signal) => this.call('exchangeToken', undefined, signal),
      loginWithToken: (_request, signal) => this.call('loginWithToken', undefined, signal),
    };
    const purchaseApi: PurchaseApi = {
      fetchRealNameConfig: (signal) => this.call('payGate.fetchRealNameConfig', undefined, signal),
      checkStorage: (request, signal) => this.call('checkStorage', request, signal),
      fetchOrder: (orderId, signal) => this.call('fetchOrder', orderId, signal),
      createOrder: (input, signal) => this.call('createOrder', input, signal),
      payOrder: (input, signal) => this.call('payOrder', input, signal),
      checkStatus: (orderId, signal) => this.call('checkStatus', orderId, signal),
      claimLoginCoupons: async () => ({ couponList: [] }),
    };
    const sessionFlows: SessionFlowOptions = { effects, api };
    const purchaseFlows: PurchaseFlowOptions = {
      api: purchaseApi,
      // The coupons a login earns are not this world's subject (tests/integration/buying/final-price.test.tsx): settled at once.
      settleCoupons: async () => undefined,
      effects: {
        notify: (kind, text) => {
          this.toasts.push({ step: this.step, kind, text });
          this.log(`  toast ${kind} ${text}`);
        },
      },
    };

    const popupStore = new Map<string, string>();
    // The wishlist child's calls (the real effects over them: src/features/wishlist/wishlist-effects.ts), under the request token.
    const wishlistServer: WishlistServer = {
      list: (userId) => this.call('wishlist.list', userId),
      add: (userId) => this.call('wishlist.add', userId),
      remove: (userId) => this.call('wishlist.remove', userId),
      merge: (userId) => this.call('wishlist.merge', userId),
    };
    const wishlistStore = new Map<string, string>();
    this.actor = createRootActor({
      build: {
        id: BUILD_ID,
        // The build check answers at once, always the same build (tests/properties/app-system.test.ts covers it).
        fetchLatest: () => Promise.resolve({ id: BUILD_ID, timestamp: 1 }),
        reloadPage: (to) => this.log(`  page reload → ${to}`),
      },
      modals: {
        load: (name) => this.call(`loadModal(${name})` as CallKind),
        reportLoadFailure: (name) => this.onLoadFailure(name),
      },
      start: {
        restoredSession: restored,
        linkToken: null,
        startAttribution: () => {},
        // The daily popup is off: its priorities are app-system.test.ts's business.
        couponPopupEnabled: false,
      },
      reportFlowsFailure: (_error, lostPurchase) =>
        this.log(`  flows failed to load${lostPurchase ? ' (a 立即购买 was lost)' : ''}`),
      inspect: (event) => this.onInspect(event),
      testing: {
        clock: this.clock,
        now: () => BASE_MS + this.clock.now(),
        fetchHomePopup: () => new Promise(() => {}),
        popupStorage: {
          getItem: (key) => popupStore.get(key) ?? null,
          setItem: (key, value) => void popupStore.set(key, value),
        },
        wishlistServer,
        wishlistStorage: {
          getItem: (key) => wishlistStore.get(key) ?? null,
          setItem: (key, value) => void wishlistStore.set(key, value),
          removeItem: (key) => void wishlistStore.delete(key),
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
    const target = {
      addEventListener: (type: string, listener: unknown) => {
        if (type === 'storage') this.storageListener = listener as typeof this.storageListener;
      },
      removeEventListener: () => {
        this.storageListener = null;
      },
    };
    this.cleanups.push(
      installSessionBridge(this.actor, {
        target: target as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>,
        localStorage: undefined,
      }),
    );
    this.actor.start();
    const modal = this.child('modal');
    const modalSub = modal.subscribe((snapshot) =>
      this.onModalSnapshot((snapshot as { context: { stack: readonly OpenModal[] } }).context.stack),
    );
    this.cleanups.push(() => modalSub.unsubscribe());
    this.watchSession();
    // The page has painted and gone idle: the app asks for the lazy flows (src/app/main.tsx).
    this.actor.send({ type: 'flows.load' });
    await this.settle();
  }

  private watchSession(): void {
    if (this.sessionWatched) return;
    const session = this.childIfAny('session');
    if (!session) return;
    this.sessionWatched = true;
    const sub = session.subscribe((snapshot) => this.onSessionSnapshot(snapshot as SessionSnapshot));
    this.onSessionSnapshot(session.getSnapshot() as SessionSnapshot);
    this.cleanups.push(() => sub.unsubscribe());
  }

  /**
   * Runs one command's effect, then lets every promise callback and UI effect run; then the step's
   * `STEP_MS` of simulated time pass (the expiry prompt, the token ping and the status poll come by
   * themselves, as they do while a shopper acts), and everything settles again.
   */
  async run(label: string, effect: () => void): Promise<void> {
    this.step += 1;
    this.stepLabel = label;
    this.log(`▶ ${label}`);
    effect();
    await this.settle();
    const before = this.events;
    this.clock.increment(STEP_MS);
    // Nothing was due: nothing to settle.
    if (this.events !== before) await this.settle();
    this.assertHolds();
  }

  /** Every call pending now answers ok, oldest first, each one a step of its own. */
  async answerAllPending(label: string): Promise<void> {
    const now = this.pending.filter((call) => spec(call.kind).driven);
    this.log(`▶ ${label} (${now.length} pending)`);
    for (const call of now) {
      if (!this.pending.includes(call)) continue;
      await this.run(`${label}: ${call.kind}#${call.id}`, () => this.settleCall(call, 'ok'));
    }
  }

  assertHolds(): void {
    if (!this.watch) return;
    const found = this.violations[this.watch];
    if (found.length > 0)
      throw new Error(
        `${found.join('\n')}\n\n--- what happened (▶ commands, then what the system did) ---\n${this.traceText()}`,
      );
  }

  dispose(): void {
    if (this.expectation)
      STATS.ended[`still ${this.expectation.phase} at the end`] =
        (STATS.ended[`still ${this.expectation.phase} at the end`] ?? 0) + 1;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.actor.stop();
    clientState.reset();
  }

  private async settle(): Promise<void> {
    for (let round = 0; round < 10; round += 1) {
      await flush();
      await flush();
      this.watchSession();
      if (!this.uiEffects()) break;
    }
    this.checkAfterStep();
  }

  /** The pay dialog's and its editor's effects (one at a time; true: one ran, settle again). */
  private uiEffects(): boolean {
    const entry = this.stack.find((modal) => modal.name === 'pay');
    if (this.dialog && this.dialog.entry !== entry) {
      this.log(`  (ui) pay dialog D${this.dialog.n} unmounted`);
      this.dialog.mounted = false;
      this.dialog = null;
    }
    if (entry && !this.dialog) {
      this.mount(entry);
      return true;
    }
    const d = this.dialog;
    if (!d?.editor) return false;
    const user = this.currentUser();
    // The editor's coupon list is the logged-in account's: another account's coupon is gone from it.
    if (d.editor.couponId !== null && couponOwner(d.editor.couponId) !== user) {
      this.log(`  (ui) editor: coupon ${d.editor.couponId} is not in ${nameOf(user)}'s list any more → none`);
      d.editor = { ...d.editor, couponId: null };
    }
    const payment = this.paymentSnapshot();
    const editing = payment !== undefined && payment.hasTag('payment:editing') && payment.context.order === null;
    const wasEditing = d.wasEditing;
    d.wasEditing = editing;
    if (!d.editorLoaded || !editing) return false;
    const request = this.requestOf(d, d.editor);
    const key = json(request);
    if (wasEditing && key === d.reportedKey) return false;
    d.reportedKey = key;
    d.choices = request;
    this.log(`  (ui) editor reports → payment.choose ${json(request.choices)} ×${request.buyNum}`);
    this.actor.send({ type: 'payment.choose', request });
    return true;
  }

  private mount(entry: OpenModal): void {
    const props = (entry.props ?? {}) as PayProps;
    const owner = this.currentUser();
    if (owner === null) {
      // As src/features/buying/pay-modal.tsx does: a pay dialog that mounts for nobody closes at once.
      this.log('  (ui) pay dialog mounted for nobody → closes (modal.close pay)');
      this.gateOpenedFor = null;
      if (this.expectation?.phase === 'opened') {
        // Its account left while it loaded (a logout at the tap, another tab's): nothing brings it back.
        this.log(
          `  (model) the resumed purchase P${this.expectation.purchase}'s dialog mounted for nobody: it is over`,
        );
        this.endExpectation('mountedForNobody');
      }
      this.actor.send({ type: 'modal.close', name: 'pay' });
      return;
    }
    const n = this.dialogs.length + 1;
    const expectation = this.expectation;
    let purchase: number;
    if (expectation?.phase === 'opened') {
      STATS.resumedPushed += 1;
      purchase = expectation.purchase;
      if (!same(props, expectation.target)) {
        this.violate(
          'resume',
          `the resumed purchase's pay dialog went on the stack with ${json(props)}, not ${json(expectation.target)}`,
        );
      }
      this.endExpectation('shown');
    } else {
      purchase = this.nextPurchase++;
    }
    const order = 'orderId' in props ? props.orderId : null;
    const d: Dialog = {
      n,
      // As the pay modal does: a resumed purchase orders with its interrupted dialog's key.
      requestId: ('requestId' in props && props.requestId) || `req-D${n}`,
      step: this.step,
      entry,
      props,
      owner,
      account: owner,
      accountLeft: false,
      gateAccount: this.gateOpenedFor,
      purchase,
      mounted: true,
      editor:
        'goodsId' in props
          ? {
              buyNum: props.buyNum,
              packageId: props.choices?.packageId ?? null,
              couponId: props.choices?.couponId ?? null,
              channel: props.choices?.channel ?? 'wechat',
            }
          : null,
      editorLoaded: false,
      reportedKey: null,
      wasEditing: false,
      choices: null,
      order,
      orderClosed: false,
      creating: 0,
    };
    if (order !== null) {
      const known = this.orders.get(order);
      if (known && this.purchaseOrders.get(known.purchase) === order) d.purchase = known.purchase;
    }
    if (this.gateOpenedFor !== null && this.gateOpenedFor !== owner) {
      STATS.dialogForOtherAccountThanGate += 1;
      this.log(
        `  (model) note: the gate opened this pay dialog for ${nameOf(this.gateOpenedFor)}; it mounts for ${nameOf(owner)}`,
      );
    }
    this.gateOpenedFor = null;
    STATS.dialogs += 1;
    this.dialogs.push(d);
    this.dialog = d;
    this.log(
      `  (ui) pay dialog D${n} mounted for ${nameOf(owner)} (purchase P${d.purchase}) → payment.open ${d.requestId}${order ? ` order ${order}` : ''}`,
    );
    this.actor.send({ type: 'payment.open', requestId: d.requestId, orderId: order ?? undefined, userId: owner });
  }

  private requestOf(d: Dialog, state: EditorState): PurchaseRequest {
    const props = d.props as Extract<PayProps, { goodsId: number }>;
    return {
      goodsId: props.goodsId,
      gameId: props.gameId,
      buyNum: state.buyNum,
      choices: {
        packageId: state.packageId,
        couponId: state.packageId === null ? state.couponId : null,
        channel: state.channel,
      },
    };
  }

  // -------------------------------------------------------------------------------------------------------------------
  // What commands read and do
  // -------------------------------------------------------------------------------------------------------------------

  child(systemId: string): AnyActorRef {
    const ref = this.childIfAny(systemId);
    if (!ref) throw new Error(`no "${systemId}" in the system`);
    return ref;
  }

  childIfAny(systemId: string): AnyActorRef | undefined {
    return this.actor.system.get(systemId) as AnyActorRef | undefined;
  }

  topModal(): string | undefined {
    return this.stack.at(-1)?.name;
  }

  pageIsInteractive(): boolean {
    return this.stack.length === 0;
  }

  sessionSnapshot(): SessionSnapshot | undefined {
    return this.childIfAny('session')?.getSnapshot() as SessionSnapshot | undefined;
  }

  currentUser(): number | null {
    return this.sessionSnapshot()?.context.user?.userId ?? null;
  }

  paymentSnapshot(): PaymentSnapshot | undefined {
    return this.childIfAny('payment')?.getSnapshot() as PaymentSnapshot | undefined;
  }

  gateSnapshot(): Tagged | undefined {
    return this.childIfAny('payGate')?.getSnapshot() as Tagged | undefined;
  }

  send(event: AnyEventObject): void {
    this.actor.send(event as never);
  }

  pendingCount(): number {
    return this.drivenPending().length;
  }

  private drivenPending(): PendingCall[] {
    return this.pending.filter((call) => spec(call.kind).driven);
  }

  hasToken(): boolean {
    return this.token !== undefined;
  }

  /** The pay editor is on top, loaded or loading, and the flow takes choices (no order yet). */
  canChoose(): boolean {
    const payment = this.paymentSnapshot();
    return (
      this.topModal() === 'pay' &&
      this.dialog?.editor != null &&
      payment !== undefined &&
      payment.hasTag('payment:editing') &&
      payment.context.order === null
    );
  }

  /** The pay editor has loaded (the shopper has seen and picked its choices). */
  editorLoaded(): boolean {
    return this.dialog?.editorLoaded === true;
  }

  /** 立即支付 can be pressed: the form is shown (the editor loaded, or an order's pay form) and nothing is in flight. */
  canSubmit(): boolean {
    const payment = this.paymentSnapshot();
    if (this.topModal() !== 'pay' || !this.dialog || !payment?.hasTag('payment:editing')) return false;
    // The sheet prices once the coupons owed are settled; until then 立即支付 is disabled.
    return payment.context.order !== null || (this.dialog.editorLoaded && payment.context.couponsSettled);
  }

  /** The shopper picks in the editor (the first pick: the editor has loaded). */
  choose(buyNum: number, coupon: 'none' | 'best' | 'other', withPackage: boolean, channel: PayChannelCode): void {
    const d = this.dialog;
    if (!d?.editor) return;
    const list = COUPONS_OF[this.currentUser() ?? -1] ?? [];
    const couponId =
      coupon === 'none' || list.length === 0 ? null : coupon === 'best' ? list[0]! : list[list.length - 1]!;
    d.editor = { buyNum, packageId: withPackage ? PACKAGE_ID : null, couponId, channel };
    d.editorLoaded = true;
  }

  submit(channel: PayChannelCode): void {
    const d = this.dialog;
    const payment = this.paymentSnapshot();
    if (!d || !payment) return;
    if (payment.context.order !== null || !d.editor) {
      this.send({ type: 'payment.submit', channel });
      return;
    }
    const state = d.editor;
    const draft: OrderDraft =
      state.packageId !== null
        ? {
            kind: 'package',
            packageId: state.packageId,
            items: [{ goodsId: (d.props as { goodsId: number }).goodsId, buyNum: 1 }],
          }
        : {
            kind: 'goods',
            goodsId: (d.props as { goodsId: number }).goodsId,
            buyNum: state.buyNum,
            couponId: state.couponId,
          };
    // The sheet reports the price it shows (its layout effect), then 立即支付 orders exactly that.
    const due = 1000 * (draft.kind === 'goods' ? draft.buyNum : 1);
    this.send({ type: 'payment.quote', quote: { draft, due } });
    this.send({ type: 'payment.submit', channel, draft, due });
  }

  /** 立即购买: the gate takes it in `idle`, `suspended` and its waiting states (dropping a suspended purchase). */
  buy(goodsId: number): void {
    const gate = this.gateSnapshot();
    const e = this.expectation;
    if (
      e &&
      gate &&
      (gate.matches('suspended') || gate.hasTag('payGate:waiting')) &&
      (e.phase === 'waiting' || e.phase === 'resuming')
    ) {
      this.log(`  (model) a new 立即购买 replaces the suspended purchase P${e.purchase}`);
      this.endExpectation('replacedByNewPurchase');
    }
    this.send({ type: 'purchase.start', goodsId, buyNum: 1, gameId: 100 + goodsId });
  }

  /** Another tab logs in as `account` (or out: null): the browser's `storage` event on the session key. */
  otherTab(account: AccountName | null): void {
    const value =
      account === null ? null : JSON.stringify({ user: ACCOUNTS[account], realName: null } satisfies PersistedSession);
    if (!this.storageListener) throw new Error('the session bridge listens to no storage event');
    this.storageListener({ key: SESSION_STORAGE_KEY, newValue: value });
  }

  /** A call of the page (a query the UI makes) answers `auth_40001` under the current token. */
  pageCallExpires(): void {
    if (this.token === undefined) return;
    this.log('  a page call under the current token answers auth_40001');
    clientState.emitAuthExpired(
      new ApiError({ kind: 'auth', code: 'auth_40001', message: SESSION_MESSAGES.expired, endpoint: 'page' }),
    );
  }

  /** Settles the nth oldest pending call (mod their number) as the disposition says, as far as its kind allows. */
  answerNth(nth: number, disposition: Disposition): void {
    const pending = this.drivenPending();
    const call = pending[nth % pending.length];
    if (call) this.settleCall(call, disposition);
  }

  // -------------------------------------------------------------------------------------------------------------------
  // The fakes
  // -------------------------------------------------------------------------------------------------------------------

  /** A call under the request token, or under the token the caller names (the logout's). */
  private call<T>(
    kind: CallKind,
    input?: unknown,
    signal?: AbortSignal,
    token: string | undefined = this.token,
  ): Promise<T> {
    const id = this.nextId++;
    const call: Omit<PendingCall, 'resolve' | 'reject'> = { id, kind, step: this.step, tokenAtSend: token, input };
    this.log(
      `  call ${kind}#${id}${spec(kind).api ? ` [token ${token ?? '∅'}]` : ''}${input === undefined ? '' : ` ${json(input)}`}`,
    );
    this.onCall(call);
    return new Promise<T>((resolve, reject) => {
      const full: PendingCall = { ...call, resolve: resolve as (value: unknown) => void, reject };
      this.pending.push(full);
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.pending.includes(full)) return;
          this.pending = this.pending.filter((other) => other !== full);
          this.log(`  ${kind}#${id} aborted`);
          this.onCallGone(full);
        },
        { once: true },
      );
    });
  }

  private settleCall(call: PendingCall, wanted: Disposition): void {
    this.pending = this.pending.filter((other) => other !== call);
    const s = spec(call.kind);
    let disposition: Disposition = wanted;
    if (disposition === 'alt' && !s.alt) disposition = 'ok';
    if (disposition === 'auth' && !s.api) disposition = 'fail';
    // The server answers a call that needs a login, made without a token, with auth_40001.
    if ((disposition === 'ok' || disposition === 'alt') && s.needsLogin && call.tokenAtSend === undefined)
      disposition = 'auth';
    this.onCallGone(call);
    switch (disposition) {
      case 'ok':
      case 'alt': {
        const value = this.answerOf(call, disposition === 'alt');
        this.log(`  ${call.kind}#${call.id} ok (${disposition === 'alt' ? s.alt : s.ok})`);
        call.resolve(value);
        break;
      }
      case 'fail':
        this.log(`  ${call.kind}#${call.id} ${s.api ? 'fails (sys_500)' : 'fails to load'}`);
        // The gate counts a failed stock check as in stock (spec section 7).
        if (call.kind === 'checkStorage' && this.expectation?.phase === 'resuming')
          this.expectation.stockAllowedAt = this.step;
        call.reject(s.api ? failure('sys_500', '服务繁忙，请稍后重试') : new Error(`failed to load ${call.kind}`));
        break;
      case 'auth':
        this.log(`  ${call.kind}#${call.id} fails with auth_40001`);
        // As src/api/http.ts: reported only for a call made under the token still in effect.
        if (this.token !== undefined && this.token === call.tokenAtSend) {
          clientState.emitAuthExpired(
            new ApiError({ kind: 'auth', code: 'auth_40001', message: SESSION_MESSAGES.expired, endpoint: call.kind }),
          );
        } else {
          this.log(`  (made under token ${call.tokenAtSend ?? '∅'}, not the current one: not reported)`);
        }
        call.reject(failure('auth_40001', SESSION_MESSAGES.expired));
        break;
    }
  }

  /** The fake server's answer. */
  private answerOf(call: PendingCall, alt: boolean): unknown {
    switch (call.kind) {
      case 'checkToken':
        return 'ok';
      case 'fetchRealNameConfig':
      case 'payGate.fetchRealNameConfig':
        return alt ? CONFIG_ON : CONFIG_OFF;
      case 'fetchRealNameInfo':
        return alt ? null : REAL_NAME;
      case 'logout':
        return true;
      case 'registerLogin':
        return alt ? USER_B : USER_A;
      case 'checkStorage': {
        const e = this.expectation;
        if (!alt && e?.phase === 'resuming') e.stockAllowedAt = this.step;
        return !alt;
      }
      case 'createOrder':
        return this.serverCreate(call);
      case 'payOrder': {
        const input = call.input as PayOrderInput;
        const payment: Payment = {
          orderId: input.orderId,
          channelCode: input.channel,
          payType: 'qrcode',
          qrContent: `pay:${input.orderId}`,
          qrImage: null,
          payUrl: null,
          expireTime: BASE_MS + 15 * 60_000,
        };
        return payment;
      }
      case 'checkStatus': {
        const orderId = call.input as string;
        const order = this.orders.get(orderId);
        if (order && alt) order.status = 'paid';
        const answer: StatusAnswer = { orderId, status: order?.status ?? 'unpaid' };
        return answer;
      }
      case 'fetchOrder': {
        const order = this.orders.get(call.input as string);
        if (!order) throw new Error(`fetchOrder of an order the server never created: ${String(call.input)}`);
        if (alt && order.status === 'unpaid') order.status = 'expired';
        if (order.status !== 'unpaid' && this.dialog?.order === order.orderId) this.dialog.orderClosed = true;
        return this.orderObject(order);
      }
      case 'loadFlows':
        return undefined;
      case 'wishlist.list':
        return [];
      default:
        return { name: call.kind.slice('loadModal('.length, -1) };
    }
  }

  /** The dialog a create with this key comes from: the latest mounted with it (a resumed purchase's dialog reuses its interrupted dialog's key). */
  private dialogOfRequest(requestId: string): Dialog | undefined {
    return [...this.dialogs].reverse().find((dialog) => dialog.requestId === requestId);
  }

  private serverCreate(call: PendingCall): Order {
    const input = call.input as CreateOrderInput;
    const d = this.dialogOfRequest(input.requestId);
    const existing = [...this.orders.values()].find((order) => order.requestId === input.requestId);
    if (existing) {
      this.log(`  (server) the same order ${existing.orderId} again for ${input.requestId}`);
      return this.orderObject(existing);
    }
    const purchase = d?.purchase ?? -1;
    const order: ServerOrder = {
      orderId: `O${this.orders.size + 1}`,
      account: accountOfToken(call.tokenAtSend),
      requestId: input.requestId,
      purchase,
      status: 'unpaid',
      couponId: input.draft.kind === 'goods' ? input.draft.couponId : null,
    };
    this.orders.set(order.orderId, order);
    STATS.ordersCreated += 1;
    this.log(`  (server) order ${order.orderId} created for ${nameOf(order.account)} (purchase P${purchase})`);
    const earlier = this.purchaseOrders.get(purchase);
    if (earlier !== undefined) {
      this.violate(
        'oneOrder',
        `a second order ${order.orderId} was created for purchase P${purchase}, which already has ${earlier}`,
      );
    } else {
      this.purchaseOrders.set(purchase, order.orderId);
    }
    if (d) d.order = order.orderId;
    return this.orderObject(order);
  }

  private orderObject(order: ServerOrder): Order {
    return {
      orderId: order.orderId,
      status: order.status,
      items: [],
      totalAmount: 1000,
      discountAmount: 0,
      payAmount: 1000,
      coupon: order.couponId ? { couponId: order.couponId, title: order.couponId, amount: 500 } : null,
      payChannel: null,
      createTime: BASE_MS,
      payTime: null,
      expireTime: BASE_MS + 15 * 60_000,
      cdks: [],
      hasGift: false,
      giftClaimed: false,
      refundable: false,
      refundReason: null,
      timeline: [],
    };
  }

  private onLoadFailure(name: string): void {
    this.log(`  dialog "${name}" failed to load (error toast)`);
    if (name === 'pay' && this.expectation?.phase === 'opened') {
      this.log(`  (model) the resumed purchase P${this.expectation.purchase}'s dialog failed to load: it is over`);
      this.endExpectation('loadFailed');
    }
  }

  // -------------------------------------------------------------------------------------------------------------------
  // Checks at the moment of a call
  // -------------------------------------------------------------------------------------------------------------------

  private onCall(call: Omit<PendingCall, 'resolve' | 'reject'>): void {
    const tokenAccount = accountOfToken(call.tokenAtSend);
    const label = `${call.kind}#${call.id}`;
    switch (call.kind) {
      case 'createOrder': {
        const input = call.input as CreateOrderInput;
        const d = this.dialogOfRequest(input.requestId);
        if (!d) {
          this.violate(
            'oneOrder',
            `${label} carries requestId ${input.requestId}, which no pay dialog was opened with`,
          );
          return;
        }
        // 1. The request carries only the token's account's data, for a dialog of that account. (Without a
        // token the server refuses it with auth_40001: it carries no account and creates nothing.)
        if (tokenAccount !== null) this.checkCreateAccount(label, d, input, tokenAccount);
        // 3. At most one order per dialog, and per purchase across an expiry.
        if (d.creating > 0)
          this.violate(
            'oneOrder',
            `${label}: a second create for pay dialog D${d.n} while its first is still in flight`,
          );
        if (d.order !== null)
          this.violate('oneOrder', `${label}: a create for pay dialog D${d.n}, which already pays order ${d.order}`);
        const earlier = this.purchaseOrders.get(d.purchase);
        if (earlier !== undefined && earlier !== d.order) {
          this.violate(
            'oneOrder',
            `${label}: a create for purchase P${d.purchase}, which already has order ${earlier} (dialog D${d.n})`,
          );
        }
        d.creating += 1;
        return;
      }
      case 'payOrder':
      case 'fetchOrder':
      case 'checkStatus': {
        const orderId = call.kind === 'payOrder' ? (call.input as PayOrderInput).orderId : (call.input as string);
        const order = this.orders.get(orderId);
        if (!order) {
          this.violate('accountData', `${label} names order ${orderId}, which the server never created`);
        } else if (tokenAccount !== null && order.account !== tokenAccount) {
          this.violate(
            'accountData',
            `${label} asks about ${nameOf(order.account)}'s order ${orderId} under the token of ${nameOf(tokenAccount)}`,
          );
        }
        return;
      }
      default:
        return;
    }
  }

  private checkCreateAccount(label: string, d: Dialog, input: CreateOrderInput, tokenAccount: number): void {
    const couponId = input.draft.kind === 'goods' ? input.draft.couponId : null;
    if (couponId !== null && couponOwner(couponId) !== tokenAccount) {
      this.violate(
        'accountData',
        `${label} carries coupon ${couponId} of account ${nameOf(couponOwner(couponId))} under the token of ${nameOf(tokenAccount)}`,
      );
    }
    if (d.account !== null && tokenAccount !== d.account) {
      this.violate(
        'accountData',
        `${label} creates pay dialog D${d.n}'s order (opened for ${nameOf(d.account)}) under the token of ${nameOf(tokenAccount)}`,
      );
    }
    if (d.accountLeft) {
      this.violate(
        'accountData',
        `${label} creates pay dialog D${d.n}'s order after the account changed away from ${nameOf(d.account)} without a new dialog`,
      );
    }
    if (!d.mounted)
      this.violate(
        'accountData',
        `${label} creates pay dialog D${d.n}'s order, but that dialog is no longer on screen`,
      );
  }

  /** A call was answered or aborted. */
  private onCallGone(call: PendingCall): void {
    if (call.kind !== 'createOrder') return;
    const d = this.dialogOfRequest((call.input as CreateOrderInput).requestId);
    if (d) d.creating -= 1;
  }

  // -------------------------------------------------------------------------------------------------------------------
  // Observers
  // -------------------------------------------------------------------------------------------------------------------

  private onInspect(inspection: InspectionEvent): void {
    this.events += 1;
    if (inspection.type !== '@xstate.event' || inspection.actorRef !== this.actor) return;
    const { sourceRef, event } = inspection;
    const from = sourceRef === undefined ? 'ui' : sourceRef === this.actor ? 'app' : (sourceRef as AnyActorRef).id;
    switch (event.type) {
      case 'session.changed':
        if (from === 'session')
          this.onAccountChange((event.user as UserInfo | null)?.userId ?? null, String(event.reason));
        return;
      case 'modal.open':
        if (
          event.name === 'pay' ||
          event.name === 'login' ||
          event.name === 'realName' ||
          event.name === 'paySuccess'
        ) {
          this.log(`  ${from} → modal.open ${String(event.name)}${event.props ? ` ${json(event.props)}` : ''}`);
        }
        if (event.name === 'pay' && from === 'payGate') this.onGatePayOpen(event.props as PayProps);
        return;
      case 'modal.close':
      case 'modal.closeAll':
        this.log(`  ${from} → ${event.type}${event.type === 'modal.close' ? ` ${String(event.name)}` : ''}`);
        if (
          (event.type === 'modal.closeAll' || event.name === 'pay') &&
          this.expectation?.phase === 'opened' &&
          !this.isOnStack('pay')
        ) {
          this.log(`  (model) the resumed purchase P${this.expectation.purchase}'s dialog was closed before it showed`);
          this.endExpectation('closedWhileLoading');
        }
        return;
      case 'purchase.suspended':
        this.log(`  ${from} → purchase.suspended ${json(event.purchase)}`);
        return;
      case 'session.expired':
        this.log(`  ${from} → session.expired`);
        return;
      default:
        return;
    }
  }

  private isOnStack(name: string): boolean {
    return this.stack.some((modal) => modal.name === name);
  }

  /** The session announced an account change (`session.changed { user, reason }`). */
  private onAccountChange(user: number | null, reason: string): void {
    this.log(`  session → session.changed ${nameOf(user)} (${reason})`);
    const e = this.expectation;
    if (reason === 'expired') {
      if (e?.phase === 'resuming') {
        this.log(`  (model) the resumed purchase P${e.purchase} is suspended again, with the same choices`);
        e.phase = 'waiting';
        e.resumedFor = null;
        e.resumedAt = null;
        e.stockAllowedAt = null;
      } else if (e?.phase === 'opened') {
        this.log(`  (model) the resumed purchase P${e.purchase}'s dialog was still loading: it is over`);
        this.endExpectation('expiredWhileLoading');
      }
      const d = this.dialog;
      if (d) {
        let target: PayProps | null = null;
        if (d.order !== null && !d.orderClosed) target = { orderId: d.order };
        else if (d.order === null && d.choices !== null) {
          target = {
            goodsId: d.choices.goodsId,
            buyNum: d.choices.buyNum,
            gameId: d.choices.gameId,
            choices: d.choices.choices,
            requestId: d.requestId,
          };
        }
        if (target) {
          if ('orderId' in target) STATS.suspendedOrders += 1;
          else STATS.suspendedGoods += 1;
          this.expectation = {
            step: this.step,
            owner: d.account,
            target,
            purchase: d.purchase,
            phase: 'waiting',
            resumedFor: null,
            resumedAt: null,
            stockAllowedAt: null,
            droppedAt: null,
          };
          this.log(
            `  (model) expiry: purchase P${d.purchase} of ${nameOf(d.account)} must come back as ${json(target)} after its next login`,
          );
        }
      }
      return;
    }
    if (!e) return;
    if (e.phase === 'waiting' && user !== null) {
      if (e.owner === null || e.owner === user) {
        e.phase = 'resuming';
        e.resumedFor = user;
        e.resumedAt = this.step;
        this.log(`  (model) ${nameOf(user)} is back: purchase P${e.purchase} resumes`);
      } else {
        e.droppedAt = this.step;
        STATS.droppedForOtherAccount += 1;
        this.log(
          `  (model) ${nameOf(user)} logged in first: purchase P${e.purchase} of ${nameOf(e.owner)} is dropped, with a warning`,
        );
      }
    } else if (e.phase === 'resuming' && user !== e.resumedFor) {
      this.log(`  (model) the account changed while purchase P${e.purchase} was resuming: it is cancelled`);
      this.endExpectation('accountChangedWhileResuming');
    }
  }

  private onGatePayOpen(props: PayProps): void {
    const user = this.currentUser();
    this.gateOpenedFor = user;
    const e = this.expectation;
    if (e?.phase === 'resuming') {
      if (same(props, e.target)) {
        e.phase = 'opened';
        if ('orderId' in e.target) STATS.resumedOrders += 1;
        else STATS.resumedGoods += 1;
        this.log(`  (model) purchase P${e.purchase} reopened with its choices`);
      } else {
        this.violate(
          'resume',
          `purchase P${e.purchase} of ${nameOf(e.owner)} resumed for ${nameOf(user)} with pay dialog props ${json(props)}, not ${json(e.target)}`,
        );
        this.endExpectation('violated');
      }
    } else if ('orderId' in props || 'choices' in props) {
      this.violate(
        'resume',
        `the gate opened the pay dialog with a suspended purchase's ${'orderId' in props ? 'order' : 'choices'} ${json(props)} for ${nameOf(user)}, while no purchase of ${nameOf(user)} was resuming`,
      );
    }
    const couponId = 'choices' in props ? props.choices?.couponId : null;
    if (couponId && couponOwner(couponId) !== user) {
      this.violate(
        'accountData',
        `the pay dialog opens for ${nameOf(user)} with ${nameOf(couponOwner(couponId))}'s coupon ${couponId} in its props`,
      );
    }
  }

  private onModalSnapshot(stack: readonly OpenModal[]): void {
    const before = this.stack;
    this.stack = stack;
    for (const pushed of stack.filter((modal) => !before.includes(modal)))
      this.log(`  stack + ${pushed.name} → [${stack.map((m) => m.name).join(', ')}]`);
    for (const removed of before.filter((modal) => !stack.includes(modal)))
      this.log(`  stack − ${removed.name} → [${stack.map((m) => m.name).join(', ')}]`);
  }

  private onSessionSnapshot(snapshot: SessionSnapshot): void {
    const user = snapshot.context.user?.userId ?? null;
    if (user === this.lastUser) return;
    this.lastUser = user;
    const d = this.dialog;
    if (!d || d.accountLeft) return;
    if (d.account === null) {
      if (user !== null) {
        d.account = user;
        this.log(`  (model) pay dialog D${d.n}, opened for nobody, is now ${nameOf(user)}'s purchase`);
      }
    } else if (user !== d.account) {
      d.accountLeft = true;
      this.log(`  (model) the account changed away from pay dialog D${d.n}'s ${nameOf(d.account)}`);
    }
  }

  // -------------------------------------------------------------------------------------------------------------------
  // Checks after each step
  // -------------------------------------------------------------------------------------------------------------------

  private checkAfterStep(): void {
    const e = this.expectation;
    if (!e) return;
    if (e.droppedAt === this.step) {
      const warned = this.toasts.some(
        (toast) =>
          toast.step === this.step && toast.kind === 'warning' && toast.text === ACCOUNT_CHANGE_MESSAGES.resumeDropped,
      );
      if (!warned) {
        this.violate(
          'resume',
          `${nameOf(this.currentUser())} logged in before ${nameOf(e.owner)}, but no warning "${ACCOUNT_CHANGE_MESSAGES.resumeDropped}" was shown for ${nameOf(e.owner)}'s suspended purchase`,
        );
      }
      this.endExpectation('droppedForOtherAccount');
      return;
    }
    if (e.phase !== 'resuming') return;
    const gate = this.gateSnapshot();
    if (!('orderId' in e.target) && e.resumedAt === this.step && !gate?.matches('gating')) {
      this.violate(
        'resume',
        `${nameOf(e.resumedFor)} logged in again, but the pay gate did not take up the suspended purchase P${e.purchase} (${json(e.target)})`,
      );
      this.endExpectation('violated');
      return;
    }
    if ('orderId' in e.target && e.resumedAt === this.step) {
      this.violate(
        'resume',
        `${nameOf(e.resumedFor)} logged in again, but the pay dialog of the unpaid order ${e.target.orderId} was not reopened`,
      );
      this.endExpectation('violated');
      return;
    }
    if (e.stockAllowedAt !== null) {
      this.violate(
        'resume',
        `the resumed purchase P${e.purchase}'s stock check allowed it, but no pay dialog was opened with ${json(e.target)}`,
      );
      this.endExpectation('violated');
      return;
    }
    if (gate && !gate.matches('gating') && e.resumedAt !== this.step) {
      this.log(
        `  (model) the resumed purchase P${e.purchase} ended in the gate without a pay dialog (config, real name or stock)`,
      );
      this.endExpectation('endedInGate');
    }
  }

  private endExpectation(why: string): void {
    STATS.ended[why] = (STATS.ended[why] ?? 0) + 1;
    this.expectation = null;
  }

  private violate(property: AccountPropertyName, message: string): void {
    const text = `step ${this.step} (${this.stepLabel}): ${message}`;
    if (!this.violations[property].includes(text)) this.violations[property].push(text);
    this.log(`  ✗ [${property}] ${message}`);
  }

  private log(line: string): void {
    this.trace.push(line);
  }

  traceText(): string {
    return this.trace.join('\n');
  }
}
