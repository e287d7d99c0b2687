/**
 * Pay gating: what happens between 立即购买 and the pay modal. Spec section 4 ("Pay modal, logged-in
 * user"), plus the anonymous case the spec leaves open.
 *
 * Invariants: one purchase gated at a time, `request` non-null exactly under `gating`; a
 * `purchase.start` while checking (`payGate:busy`, a double click) is ignored, one while a modal is
 * awaited (`payGate:waiting`) starts over; the shopper never starts over after logging in or verifying
 * the real name, and closing either modal reads the session once more; the purchase belongs to
 * `owner` (account changes: machines/account-change.ts, docs/buying.md), an expiry suspends it.
 *
 * Not here: the modals, the pay modal's flow (`payment`), the requests and toasts.
 */
import { and, assign, fromPromise, sendParent, setup } from 'xstate';
import type { PayChannelCode } from '../src/api/orders';
import type { RealNameConfig } from '../src/api/user';
import type { CheckoutPlan } from './cart.machine';
import {
  ACCOUNT_CHANGE_MESSAGES,
  accountChangeGuards,
  cancelledPurchaseMessage,
  purchaseOnAccountChange,
  type AccountChange,
} from './account-change';
import { readFailure } from './failure';

/** What the shopper had chosen in the pay dialog; the dialog re-checks each against fresh answers when it opens again. */
export interface PayChoices {
  /** a package that contains the goods, or null: the goods alone */
  packageId: number | null;
  /** the coupon applied, or null: none */
  couponId: string | null;
  channel: PayChannelCode | null;
}

/** A cart line handed to the gate by 去结算, at the price the cart showed, with the names to show it. */
export interface CartPurchaseLine {
  goodsId: number;
  gameId: number;
  buyNum: number;
  /** the unit price the cart showed, fen */
  price: number;
  gameName: string;
  goodsName: string;
  cover: string;
}

/**
 * 去结算 (docs/cart.md, "One checkout"): the chosen lines and how they are paid. The request's goods is the first
 * line (`orderPerGoods` pays it alone); the stock check covers every line of a `oneOrder`; an `afterLogin` purchase
 * takes the account's cart lines once the login has merged the visitor's into it (the pay dialog reads them).
 */
export interface CartPurchase {
  plan: CheckoutPlan;
  lines: CartPurchaseLine[];
}

export interface PurchaseRequest {
  goodsId: number;
  buyNum: number;
  gameId: number;
  /** Only from 去结算: the cart's lines (the goods above is the first). */
  cart?: CartPurchase | undefined;
  /** Only on a purchase resumed after an expiry: the pay dialog's choices when it was interrupted. */
  choices?: PayChoices | undefined;
  /**
   * Only on a purchase resumed after an expiry that came before any order was shown: the interrupted pay
   * dialog's idempotency key, so that a create the server took just before the expiry (its answer lost)
   * gives that order back instead of a second one.
   */
  requestId?: string | undefined;
}

/**
 * A purchase an expiry interrupted (sent by the payment flow, or kept by the gate itself), waiting for
 * its account's next login: before any order (`goods`, with the choices) or with an unpaid order
 * (`order`: it is paid, never created again).
 */
export type SuspendedPurchase =
  | { kind: 'goods'; owner: number | null; request: PurchaseRequest }
  | { kind: 'order'; owner: number | null; orderId: string; resume?: true | undefined };

/** What the gate opens the pay modal with; `resume`: the payment was handed to a pay app and is awaited again. */
export type PayModalTarget = PurchaseRequest | { orderId: string; resume?: true | undefined };

/** The session as far as the gate needs it; the app reads it from the `session` child. */
export interface SessionFacts {
  /** `signingIn`: a login is being set up (its real-name facts are still loading). */
  status: 'anonymous' | 'signingIn' | 'loggedIn';
  /** The account, null when anonymous. */
  userId: number | null;
  hasRealName: boolean;
}

export interface PayGateContext {
  request: PurchaseRequest | null;
  /** Whether the session had real-name info when it was last read in this gating. */
  hasRealName: boolean;
  /** The account this purchase belongs to: the one last read, null before (a visitor's 立即购买). */
  owner: number | null;
  /** In `suspended`: the purchase an expiry interrupted. */
  suspended: SuspendedPurchase | null;
}

/** Sent by the buy buttons (game detail, activity landing). */
export interface PurchaseStartEvent {
  type: 'purchase.start';
  goodsId: number;
  /** default 1 (spec section 9) */
  buyNum?: number;
  gameId: number;
  /** 去结算: the cart's lines; `goodsId`, `buyNum` and `gameId` are the first line's. */
  cart?: CartPurchase | undefined;
}

/** Sent by the payment flow (through the root) when an expiry interrupts the pay dialog. */
export interface PurchaseSuspendedEvent {
  type: 'purchase.suspended';
  purchase: SuspendedPurchase;
}

/**
 * Sent at start-up (through the root) when the shopper comes back from a pay channel's H5 page, or reloads
 * while such a payment is awaited: the order's payment resumes for its account (docs/buying.md, "Paying on a phone").
 */
export interface PurchaseReturnEvent {
  type: 'purchase.return';
  orderId: string;
}

export type PayGateEvent =
  | PurchaseStartEvent
  | PurchaseSuspendedEvent
  | PurchaseReturnEvent
  /** Forwarded by the app: the session announces every login and logout. */
  | AccountChange
  /** Forwarded by the app: the real-name modal that this flow opened succeeded. */
  | { type: 'realName.verified' }
  /** Forwarded by the app: modals closing (the login or real-name modal this flow opened). */
  | { type: 'modal.close'; name: string }
  | { type: 'modal.closeAll' };

export type PayGateTag = 'payGate:busy' | 'payGate:waiting';

/** @internal */
export const PAY_GATE_MESSAGES = {
  realNameRequired: '请先实名',
  outOfStock: '库存不足，请联系客服',
  configFailed: '实名配置获取失败，请稍后重试',
} as const;

const DEFAULT_BUY_NUM = 1;

function requireRequest(context: PayGateContext): PurchaseRequest {
  // Only reachable if a gating state ran without a request, which the chart rules out.
  if (!context.request) throw new Error('payGate machine: no purchase request while gating');
  return context.request;
}

const requestOf = (event: PurchaseStartEvent): PurchaseRequest => ({
  goodsId: event.goodsId,
  buyNum: event.buyNum ?? DEFAULT_BUY_NUM,
  gameId: event.gameId,
  ...(event.cart ? { cart: event.cart } : {}),
});

const accountChange = (context: PayGateContext, event: PayGateEvent) =>
  event.type === 'session.changed' ? purchaseOnAccountChange(context.owner, event) : 'keep';

function requireSuspended(context: PayGateContext): SuspendedPurchase {
  // Only reachable if `suspended` ran without a purchase, which the chart rules out.
  if (!context.suspended) throw new Error('payGate machine: suspended without a purchase');
  return context.suspended;
}

function suspendedOrderTarget(context: PayGateContext): { orderId: string; resume?: true } {
  const purchase = requireSuspended(context);
  if (purchase.kind !== 'order') throw new Error('payGate machine: no suspended order');
  return purchase.resume ? { orderId: purchase.orderId, resume: true } : { orderId: purchase.orderId };
}

const closes = (event: PayGateEvent, name: string) =>
  event.type === 'modal.closeAll' || (event.type === 'modal.close' && event.name === name);

export const payGateMachine = setup({
  types: {} as {
    context: PayGateContext;
    events: PayGateEvent;
    tags: PayGateTag;
  },
  actors: {
    /** The app reads the `session` child of the system. */
    readSession: fromPromise<SessionFacts>(async () => {
      throw new Error('readSession is supplied by the app through payGateMachine.provide()');
    }),
    /** POST /u-nnpc/api/mall/realName/global/config */
    fetchRealNameConfig: fromPromise<RealNameConfig>(async () => {
      throw new Error('fetchRealNameConfig is supplied by the app through payGateMachine.provide()');
    }),
    /** POST /goods/mall/storage/checkStorage: whether `buyNum` units are in stock (a cart's `oneOrder`: of every line). */
    checkStorage: fromPromise<boolean, PurchaseRequest>(async () => {
      throw new Error('checkStorage is supplied by the app through payGateMachine.provide()');
    }),
  },
  actions: {
    assignRequest: assign((_, params: { request: PurchaseRequest }) => ({
      request: params.request,
      hasRealName: false,
      owner: null,
      suspended: null,
    })),
    assignFacts: assign((_, params: { facts: SessionFacts }) => ({
      hasRealName: params.facts.hasRealName,
      owner: params.facts.userId,
    })),
    assignVerified: assign({ hasRealName: true }),
    clearRequest: assign({ request: null, hasRealName: false, owner: null, suspended: null }),
    /** An expiry in the gating: the request waits for its account's next login. */
    suspendRequest: assign(({ context }) => ({
      suspended: { kind: 'goods' as const, owner: context.owner, request: requireRequest(context) },
    })),
    assignSuspended: assign((_, params: { purchase: SuspendedPurchase }) => ({
      suspended: params.purchase,
      request: null,
      owner: params.purchase.owner,
    })),
    /** A payment handed to a pay app, for whichever account is logged in (`owner` null: any). */
    assignReturn: assign((_, params: { orderId: string }) => ({
      suspended: { kind: 'order' as const, owner: null, orderId: params.orderId, resume: true as const },
      request: null,
      owner: null,
    })),
    /** The suspended goods purchase is gated again (every step: the answers may have changed). */
    resumeRequest: assign(({ context }) => {
      const purchase = requireSuspended(context);
      if (purchase.kind !== 'goods') throw new Error('payGate machine: resuming an order as a request');
      return { request: purchase.request, suspended: null, hasRealName: false };
    }),
    /** A toast. */
    notify: (_, _params: { kind: 'warning' | 'error'; text: string }) => {},
    openLoginModal: sendParent({ type: 'modal.open', name: 'login', source: 'flow' }),
    openRealNameModal: sendParent({ type: 'modal.open', name: 'realName', props: { from: 'pay' }, source: 'flow' }),
    /** The pay dialog for a request (its choices and idempotency key when resumed), or for an unpaid order. */
    openPayModal: sendParent((_, target: PayModalTarget) => ({
      type: 'modal.open',
      name: 'pay',
      props:
        'orderId' in target
          ? { orderId: target.orderId, ...(target.resume ? { resume: true } : {}) }
          : {
              goodsId: target.goodsId,
              buyNum: target.buyNum,
              gameId: target.gameId,
              ...(target.choices ? { choices: target.choices } : {}),
              ...(target.requestId ? { requestId: target.requestId } : {}),
              ...(target.cart ? { cart: target.cart } : {}),
            },
      source: 'flow',
    })),
    /**
     * Spec section 4, "close and warn". This gating never opened a pay dialog (it opens one only in stock); the
     * one it closes is an earlier gating's, still showing when 立即购买 was pressed again (while the dialog's
     * code loaded, the page is not inert yet): the goods are gone, so that dialog goes too. With none showing,
     * the modal machine ignores it.
     */
    closeEarlierPayModal: sendParent({ type: 'modal.close', name: 'pay' }),
  },
  guards: {
    isAnonymous: (_, params: { facts: SessionFacts }) => params.facts.status === 'anonymous',
    isSigningIn: (_, params: { facts: SessionFacts }) => params.facts.status === 'signingIn',
    hasRealName: (_, params: { facts: SessionFacts }) => params.facts.hasRealName,
    /** Spec section 4 step 2: enabled, sceneType 1, and no real-name info. */
    needsRealName: ({ context }, params: { config: RealNameConfig }) =>
      params.config.enable && params.config.sceneType === 1 && !context.hasRealName,
    isInStock: (_, params: { available: boolean }) => params.available,
    /** The rule of machines/account-change.ts, for the purchase's owner: the same guards as the payment's. */
    ...accountChangeGuards,
    /** The next login is the suspended purchase's account (or any, for a visitor's purchase). */
    isOwnerBack: ({ context, event }) =>
      event.type === 'session.changed' && event.user !== null && accountChange(context, event) === 'keep',
    isOtherAccountBack: ({ context, event }) =>
      event.type === 'session.changed' && accountChange(context, event) === 'switched',
    isSuspendedOrder: ({ context }) => context.suspended?.kind === 'order',
    closesLoginModal: ({ event }) => closes(event, 'login'),
    closesRealNameModal: ({ event }) => closes(event, 'realName'),
  },
}).createMachine({
  id: 'payGate',
  context: { request: null, hasRealName: false, owner: null, suspended: null },
  initial: 'idle',
  states: {
    idle: {
      // Cleared on entry, not on leaving `gating`: exit actions run before the
      // transition's own, and `openPayModal` still needs the request.
      entry: 'clearRequest',
      on: {
        'purchase.start': {
          target: 'gating',
          actions: { type: 'assignRequest', params: ({ event }) => ({ request: requestOf(event) }) },
        },
        'purchase.suspended': {
          target: 'suspended',
          actions: { type: 'assignSuspended', params: ({ event }) => ({ purchase: event.purchase }) },
        },
        'purchase.return': {
          target: 'returning',
          actions: { type: 'assignReturn', params: ({ event }) => ({ orderId: event.orderId }) },
        },
      },
    },
    // Back from a pay app: the order's payment is awaited again for the account that is logged in (the
    // order call answers for its own account only); a visitor logs in first, and the payment then resumes.
    returning: {
      tags: ['payGate:busy'],
      invoke: {
        id: 'readReturnSession',
        src: 'readSession',
        onDone: [
          {
            guard: { type: 'isAnonymous', params: ({ event }) => ({ facts: event.output }) },
            target: 'suspended',
            actions: 'openLoginModal',
          },
          // A login being set up: its announcement resumes the payment (`suspended`).
          { guard: { type: 'isSigningIn', params: ({ event }) => ({ facts: event.output }) }, target: 'suspended' },
          { target: 'idle', actions: { type: 'openPayModal', params: ({ context }) => suspendedOrderTarget(context) } },
        ],
        onError: { target: 'idle' },
      },
    },
    // An expiry interrupted a purchase: it waits, with its choices, for the next login.
    suspended: {
      on: {
        'session.changed': [
          {
            guard: and(['isOwnerBack', 'isSuspendedOrder']),
            target: 'idle',
            actions: { type: 'openPayModal', params: ({ context }) => suspendedOrderTarget(context) },
          },
          { guard: 'isOwnerBack', target: 'gating', actions: 'resumeRequest' },
          {
            guard: 'isOtherAccountBack',
            target: 'idle',
            actions: { type: 'notify', params: { kind: 'warning', text: ACCOUNT_CHANGE_MESSAGES.resumeDropped } },
          },
        ],
        'purchase.start': {
          target: 'gating',
          actions: { type: 'assignRequest', params: ({ event }) => ({ request: requestOf(event) }) },
        },
        'purchase.suspended': {
          actions: { type: 'assignSuspended', params: ({ event }) => ({ purchase: event.purchase }) },
        },
        'purchase.return': {
          target: 'returning',
          actions: { type: 'assignReturn', params: ({ event }) => ({ orderId: event.orderId }) },
        },
      },
    },
    gating: {
      initial: 'readingSession',
      on: {
        'session.changed': [
          { guard: 'isExpiry', target: 'suspended', actions: 'suspendRequest' },
          {
            guard: 'isCancelledByAccountChange',
            target: 'idle',
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                kind: 'warning',
                text: cancelledPurchaseMessage(
                  accountChange(context, event) === 'switched' ? 'switched' : 'signedOutElsewhere',
                  false,
                ),
              }),
            },
          },
          { guard: 'isOwnLogout', target: 'idle' },
        ],
      },
      states: {
        readingSession: {
          tags: ['payGate:busy'],
          invoke: {
            id: 'readSession',
            src: 'readSession',
            onDone: [
              {
                guard: { type: 'isAnonymous', params: ({ event }) => ({ facts: event.output }) },
                target: 'awaitingLogin',
              },
              {
                guard: { type: 'isSigningIn', params: ({ event }) => ({ facts: event.output }) },
                target: 'awaitingSignIn',
              },
              {
                target: 'checkingConfig',
                actions: { type: 'assignFacts', params: ({ event }) => ({ facts: event.output }) },
              },
            ],
            // Reading the session cannot really fail; if it did, the shopper can simply press the button again.
            onError: { target: '#payGate.idle' },
          },
        },
        awaitingLogin: {
          tags: ['payGate:waiting'],
          entry: 'openLoginModal',
          on: {
            'session.changed': { guard: 'isOwnerBack', target: 'readingSession' },
            'modal.close': { guard: 'closesLoginModal', target: 'confirmingLogin' },
            'modal.closeAll': { target: 'confirmingLogin' },
            'purchase.start': {
              target: 'readingSession',
              actions: { type: 'assignRequest', params: ({ event }) => ({ request: requestOf(event) }) },
            },
          },
        },
        confirmingLogin: {
          tags: ['payGate:busy'],
          invoke: {
            id: 'confirmLogin',
            src: 'readSession',
            onDone: [
              {
                guard: { type: 'isAnonymous', params: ({ event }) => ({ facts: event.output }) },
                target: '#payGate.idle',
              },
              {
                guard: { type: 'isSigningIn', params: ({ event }) => ({ facts: event.output }) },
                target: 'awaitingSignIn',
              },
              {
                target: 'checkingConfig',
                actions: { type: 'assignFacts', params: ({ event }) => ({ facts: event.output }) },
              },
            ],
            onError: { target: '#payGate.idle' },
          },
          on: {
            'session.changed': { guard: 'isOwnerBack', target: 'readingSession' },
          },
        },
        awaitingSignIn: {
          tags: ['payGate:busy'],
          on: {
            'session.changed': { guard: 'isOwnerBack', target: 'readingSession' },
          },
        },
        checkingConfig: {
          tags: ['payGate:busy'],
          invoke: {
            id: 'fetchRealNameConfig',
            src: 'fetchRealNameConfig',
            onDone: [
              {
                guard: { type: 'needsRealName', params: ({ event }) => ({ config: event.output }) },
                target: 'awaitingRealName',
                actions: { type: 'notify', params: { kind: 'warning', text: PAY_GATE_MESSAGES.realNameRequired } },
              },
              { target: 'checkingStock' },
            ],
            onError: {
              target: '#payGate.idle',
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  kind: 'error',
                  text: readFailure(event.error, PAY_GATE_MESSAGES.configFailed).message,
                }),
              },
            },
          },
        },
        awaitingRealName: {
          tags: ['payGate:waiting'],
          entry: 'openRealNameModal',
          on: {
            'realName.verified': { target: 'checkingStock', actions: 'assignVerified' },
            'modal.close': { guard: 'closesRealNameModal', target: 'confirmingRealName' },
            'modal.closeAll': { target: 'confirmingRealName' },
            'purchase.start': {
              target: 'readingSession',
              actions: { type: 'assignRequest', params: ({ event }) => ({ request: requestOf(event) }) },
            },
          },
        },
        confirmingRealName: {
          tags: ['payGate:busy'],
          invoke: {
            id: 'confirmRealName',
            src: 'readSession',
            onDone: [
              {
                guard: { type: 'hasRealName', params: ({ event }) => ({ facts: event.output }) },
                target: 'checkingStock',
                actions: 'assignVerified',
              },
              { target: '#payGate.idle' },
            ],
            onError: { target: '#payGate.idle' },
          },
          on: {
            'realName.verified': { target: 'checkingStock', actions: 'assignVerified' },
          },
        },
        checkingStock: {
          tags: ['payGate:busy'],
          invoke: {
            id: 'checkStorage',
            src: 'checkStorage',
            input: ({ context }) => requireRequest(context),
            onDone: [
              {
                guard: { type: 'isInStock', params: ({ event }) => ({ available: event.output }) },
                target: '#payGate.idle',
                actions: { type: 'openPayModal', params: ({ context }) => requireRequest(context) },
              },
              {
                target: '#payGate.idle',
                actions: [
                  'closeEarlierPayModal',
                  { type: 'notify', params: { kind: 'warning', text: PAY_GATE_MESSAGES.outOfStock } },
                ],
              },
            ],
            // Spec section 7: a failed stock check counts as available (order creation checks again).
            onError: {
              target: '#payGate.idle',
              actions: { type: 'openPayModal', params: ({ context }) => requireRequest(context) },
            },
          },
        },
      },
    },
  },
});
