/**
 * The root of the one actor system: it owns the long-lived flows as child
 * actors and is the single address the UI, the router and the HTTP layer send
 * events to.
 *
 * Children: `modal` (modal orchestration, systemId `modal`), `session` (who
 * is logged in, systemId `session`, input: the session restored from storage),
 * `login` (phone + SMS login, systemId `login`), `qrLogin` (QR-code login,
 * systemId `qrLogin`), `autoLogin` (login by a token from the URL, systemId
 * `autoLogin`), `couponPopup` (the daily coupon popup, systemId
 * `couponPopup`, started after `session` so it sees a restored user),
 * `payGate` (what 立即购买 leads to, systemId `payGate`) and `payment` (the
 * pay modal's order → pay → status polling flow, systemId `payment`) live
 * as long as the app; `buildPoll` (build check, systemId `buildPoll`, input
 * `{ currentBuildId }` from the app's `buildId`) lives in `running`. The app
 * forwards `modal.*` events to `modal` and `navigation.requested`,
 * `app.offline`, `app.online`, `payment.started`, `payment.ended` to
 * `buildPoll`, `session.*` to `session`, `login.*` to `login`, `qrLogin.*`
 * to `qrLogin`, `autoLogin.*` to `autoLogin`, `purchase.start` to
 * `payGate`, the pay modal's `payment.*` events (all but `payment.started` /
 * `payment.ended`) to `payment`, and `session.changed` (which the session
 * sends here on every login and logout) to `couponPopup`, `autoLogin`,
 * `payGate` and `payment`. `modal.close` / `modal.closeAll` also go to
 * `payGate` (which waits on the login and real-name modals it opened) and
 * `payment` (whose polling stops when the pay modal goes away), after
 * `modal`. `realName.verified` (the real-name modal, when the purchase flow
 * opened it) goes to `payGate`. Children talk back through parent events:
 * `modal.open` / `modal.close` / `modal.closeAll` from the session, login,
 * popup and purchase flows, `session.login` from the login ways, and
 * `payment.started` / `payment.ended` from `payment`. When `buildPoll`
 * finishes (it has started a full page load) the app moves to `reloading`
 * (tag `app:reloading`) and stops forwarding to it; modals keep working until
 * the page goes away.
 *
 * Invariants: one system per page, created by `createRootActor()` in
 * src/app/root-actor.ts at start, never at import; children are reached for
 * reading with `actor.system.get('<systemId>')` and written to only through
 * this machine, so the set of senders stays small and typed.
 *
 * Not handled here: the flows themselves (see each child's chart) and the
 * effects, which the app provides to the children with `.provide()`.
 */
import { forwardTo, setup } from 'xstate';
import { buildPollMachine, type BuildPollEvent } from './build-poll.machine';
import { autoLoginMachine, type AutoLoginEvent } from './auto-login.machine';
import { couponPopupMachine, type CouponPopupEvent } from './coupon-popup.machine';
import { loginMachine, type LoginEvent } from './login.machine';
import { modalMachine, type ModalEvent } from './modal.machine';
import { payGateMachine, type PurchaseStartEvent } from './pay-gate.machine';
import { paymentMachine, type PaymentUiEvent } from './payment.machine';
import { qrLoginMachine, type QrLoginEvent } from './qr-login.machine';
import {
  sessionMachine,
  type PersistedSession,
  type RealNameVerifiedEvent,
  type SessionChangedEvent,
  type SessionEvent,
} from './session.machine';

export interface AppInput {
  /** The id of the build this page runs (compared with builds/latest.json). */
  buildId: string;
  /** The session found in localStorage at start (validated by the app); absent or null: anonymous. */
  restoredSession?: PersistedSession | null;
}

export interface AppContext {
  buildId: string;
  restoredSession: PersistedSession | null;
}

export type AppEvent =
  | ModalEvent
  | BuildPollEvent
  | CouponPopupEvent
  | SessionEvent
  | SessionChangedEvent
  | RealNameVerifiedEvent
  | LoginEvent
  | QrLoginEvent
  | AutoLoginEvent
  | PurchaseStartEvent
  | PaymentUiEvent;

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
      login: 'login';
      qrLogin: 'qrLogin';
      autoLogin: 'autoLogin';
      payGate: 'payGate';
      payment: 'payment';
    };
    tags: 'app:reloading';
  },
  actors: {
    modal: modalMachine,
    buildPoll: buildPollMachine,
    couponPopup: couponPopupMachine,
    session: sessionMachine,
    login: loginMachine,
    qrLogin: qrLoginMachine,
    autoLogin: autoLoginMachine,
    payGate: payGateMachine,
    payment: paymentMachine,
  },
  actions: {
    forwardToModal: forwardTo('modal'),
    forwardToBuildPoll: forwardTo('buildPoll'),
    forwardToCouponPopup: forwardTo('couponPopup'),
    forwardToSession: forwardTo('session'),
    forwardToLogin: forwardTo('login'),
    forwardToQrLogin: forwardTo('qrLogin'),
    forwardToAutoLogin: forwardTo('autoLogin'),
    forwardToPayGate: forwardTo('payGate'),
    forwardToPayment: forwardTo('payment'),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ buildId: input.buildId, restoredSession: input.restoredSession ?? null }),
  invoke: [
    {
      id: 'modal',
      systemId: 'modal',
      src: 'modal',
    },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => ({ restored: context.restoredSession }),
    },
    {
      id: 'login',
      systemId: 'login',
      src: 'login',
      input: {},
    },
    {
      id: 'qrLogin',
      systemId: 'qrLogin',
      src: 'qrLogin',
    },
    {
      id: 'autoLogin',
      systemId: 'autoLogin',
      src: 'autoLogin',
    },
    {
      id: 'couponPopup',
      systemId: 'couponPopup',
      src: 'couponPopup',
    },
    {
      id: 'payGate',
      systemId: 'payGate',
      src: 'payGate',
    },
    {
      id: 'payment',
      systemId: 'payment',
      src: 'payment',
    },
  ],
  on: {
    'modal.open': { actions: 'forwardToModal' },
    // The modal machine first: the purchase flows react to a modal that is already gone.
    'modal.close': { actions: ['forwardToModal', 'forwardToPayGate', 'forwardToPayment'] },
    'modal.closeAll': { actions: ['forwardToModal', 'forwardToPayGate', 'forwardToPayment'] },
    // Flows that resume or reset when the user logs in or out: add each child's forwardTo here.
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
    'session.login': { actions: 'forwardToSession' },
    'session.logout': { actions: 'forwardToSession' },
    'session.expired': { actions: 'forwardToSession' },
    'session.realNameVerified': { actions: 'forwardToSession' },
    'session.synced': { actions: 'forwardToSession' },
    'login.opened': { actions: 'forwardToLogin' },
    'login.sendCode': { actions: 'forwardToLogin' },
    'login.submit': { actions: 'forwardToLogin' },
    'qrLogin.start': { actions: 'forwardToQrLogin' },
    'qrLogin.stop': { actions: 'forwardToQrLogin' },
    'qrLogin.hidden': { actions: 'forwardToQrLogin' },
    'qrLogin.visible': { actions: 'forwardToQrLogin' },
    'qrLogin.refresh': { actions: 'forwardToQrLogin' },
    'autoLogin.start': { actions: 'forwardToAutoLogin' },
    'autoLogin.confirm': { actions: 'forwardToAutoLogin' },
    'autoLogin.cancel': { actions: 'forwardToAutoLogin' },
  },
  initial: 'running',
  states: {
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
});
