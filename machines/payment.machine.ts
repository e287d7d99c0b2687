/**
 * Payment: the pay modal's flow from 立即支付 to a paid, failed or closed order. It creates the order,
 * asks for a QR code or pay link, and polls its status until the server settles it.
 *
 * Invariants: `paying` announces `payment.started` on entry and `payment.ended` on exit (the build poll
 * never reloads mid-payment); one order per `requestId`; a price is final before it is paid: `editing`
 * starts in `pricing` (`settleCoupons`, awaiting `payment.quote`), and `payment.submit` is taken only in
 * `priced` for exactly the quote held; polling only in `paying`, never offline; leaving mid-payment
 * asks first and never cancels the order; the payment belongs to `owner` (machines/account-change.ts).
 *
 * Not here: the form and its server data (React Query), the countdown display, the success modal and
 * the requests.
 */
import { and, assign, enqueueActions, fromPromise, not, sendParent, setup } from 'xstate';
import type { Order, OrderLine, OrderStatus, PayChannelCode, Payment } from '../src/api/orders';
import {
  accountChangeGuards,
  cancelledPurchaseMessage,
  purchaseOnAccountChange,
  type AccountChange,
} from './account-change';
import { isPriceChanged, readFailure } from './failure';
import { PAYMENT_MESSAGES } from './payment-messages';
import type { PurchaseRequest, SuspendedPurchase } from './pay-gate.machine';

/**
 * What 立即支付 orders: one goods (unified/order/create), a package, or a cart's lines at the prices shown with one
 * coupon (both combine/order/create; the cart's `fromCart`, docs/cart.md).
 */
export type OrderDraft =
  | { kind: 'goods'; goodsId: number; buyNum: number; couponId: string | null }
  | { kind: 'package'; packageId: number; items: OrderLine[] }
  | { kind: 'cart'; items: Required<OrderLine>[]; couponId: string | null };

/**
 * What the pay sheet shows, once every part of its price is known: the order 立即支付 makes and the amount
 * due (fen). The server computes what it charges; this is what the shopper was shown.
 */
export interface PriceQuote {
  draft: OrderDraft;
  due: number;
}

/** The same order at the same amount. */
function sameQuote(a: PriceQuote | null, b: PriceQuote | null): boolean {
  if (a === null || b === null) return a === b;
  return a.due === b.due && JSON.stringify(a.draft) === JSON.stringify(b.draft);
}

/**
 * What `settleCoupons` found: the ids of the coupons its own claim saw in the account, or undefined when it
 * made none (the popup had asked already, or nothing was owed).
 */
export type SettledCoupons = readonly string[] | undefined;

export interface CreateOrderInput {
  draft: OrderDraft;
  requestId: string;
}

export interface PayOrderInput {
  orderId: string;
  channel: PayChannelCode;
  /** Paying on a phone: ask for the channel's H5 page (`h5Url`) instead of a QR code. */
  h5: boolean;
}

/** What a hand-off to a pay app leaves behind, so that the payment resumes on return or after a reload. */
export interface HandOff {
  orderId: string;
  owner: number | null;
  h5Url: string;
}

export interface StatusAnswer {
  orderId: string;
  status: OrderStatus;
}

export interface PaymentContext {
  /** The idempotency key of the order being created; set by the modal, renewed by 重新支付. */
  requestId: string | null;
  /** An existing order to pay (继续支付), until it is loaded. */
  orderId: string | null;
  draft: OrderDraft | null;
  channel: PayChannelCode | null;
  /** The order being paid, once created or loaded. */
  order: Order | null;
  /** The QR code or pay link of the current pay request. */
  payment: Payment | null;
  /** The last status the server reported (for the closed and failed messages). */
  status: OrderStatus | null;
  /** Why the last create or pay request failed, or why the order could not be loaded. */
  error: string | null;
  /** The browser is online (`app.offline` / `app.online`, forwarded by the app); status polling pauses while it is not. */
  online: boolean;
  /** The account the pay modal was opened for (`payment.open`); an account change cancels or suspends the payment. */
  owner: number | null;
  /** The pay editor's goods, quantity and choices as last reported (`payment.choose`): what an expiry suspends. */
  choices: PurchaseRequest | null;
  /** The shopper pays on this phone: the pay request asks for the channel's H5 page, and the flow hands off to it. */
  h5: boolean;
  /** Opened on return from a pay app (`payment.open` with `resume`): the order's payment is awaited, not edited. */
  resuming: boolean;
  /** The coupons the account is owed were made sure of (`settleCoupons`): a coupon list read from now on is final. */
  couponsSettled: boolean;
  /**
   * The coupons the pay flow's own claim found in the account while settling (`settleCoupons`' output): the
   * daily popup answering later with these brings nothing the sheet has not read. Empty when it made no claim.
   */
  settledCouponIds: readonly string[];
  /** The sheet's price as last reported once the coupons were settled (`payment.quote`); null while it is being worked out. */
  quote: PriceQuote | null;
  /** Opened by 去结算 (`payment.open` with `fromCart`): once paid, the order's quantities leave the cart (`cart.paid`). */
  fromCart: boolean;
}

export type PaymentEvent =
  | {
      type: 'payment.open';
      requestId: string;
      orderId?: string | undefined;
      userId: number | null;
      resume?: boolean | undefined;
      /** the dialog pays lines of the cart (去结算) */
      fromCart?: boolean | undefined;
    }
  /** The pay editor reports the shopper's current choices (each change). */
  | { type: 'payment.choose'; request: PurchaseRequest }
  /** The pay sheet reports its price on every change: a quote once every part of it is known, null while one is not. */
  | { type: 'payment.quote'; quote: PriceQuote | null }
  /**
   * `draft` and `due`: the order and the amount the pressed button showed (taken only when they are the
   * machine's quote). `h5`: on a phone, pay in the channel's app through its H5 page. Also taken while
   * awaiting: the pay app again, or the other one.
   */
  | {
      type: 'payment.submit';
      channel: PayChannelCode;
      draft?: OrderDraft | undefined;
      due?: number | undefined;
      h5?: boolean | undefined;
    }
  | { type: 'payment.retry'; requestId: string }
  | { type: 'payment.close' }
  | { type: 'payment.stay' }
  | { type: 'payment.leave' }
  /** Forwarded by the app. */
  | { type: 'modal.close'; name: string }
  | { type: 'modal.closeAll' }
  | AccountChange
  | { type: 'app.offline' }
  | { type: 'app.online' };

/** The events the pay modal sends (through the root); the others are forwarded by the app. */
export type PaymentUiEvent = Extract<PaymentEvent, { type: `payment.${string}` }>;

export type PaymentTag =
  | 'payment:active'
  | 'payment:loading'
  | 'payment:editing'
  /** The sheet's price is being worked out (the coupons owed, the coupon list, packages, the amount): 立即支付 is disabled. */
  | 'payment:pricing'
  /** The price shown is final: 立即支付 orders exactly it. */
  | 'payment:priced'
  | 'payment:paying'
  /** The order is being created (unified/order/create or combine/order/create). */
  | 'payment:creatingOrder'
  /** The QR code, pay link or H5 page is being asked for (unified/order/pay). */
  | 'payment:requestingPayment'
  | 'payment:awaiting'
  | 'payment:offline'
  | 'payment:confirmingLeave'
  | 'payment:failed'
  /** The order to pay could not be loaded. */
  | 'payment:loadFailed'
  /** The order is past paying: the server reports it paid, cancelled, expired, failed or refunded (`status`). */
  | 'payment:orderClosed';

/** Everything a payment sets, as it is before one (and after, `reset`); `online` follows the browser throughout. */
const NO_PAYMENT = {
  requestId: null,
  orderId: null,
  draft: null,
  channel: null,
  order: null,
  payment: null,
  status: null,
  error: null,
  owner: null,
  choices: null,
  h5: false,
  resuming: false,
  couponsSettled: false,
  settledCouponIds: [],
  quote: null,
  fromCart: false,
} satisfies Omit<PaymentContext, 'online'>;

function requireOrder(context: PaymentContext): Order {
  // Only reachable if a paying state ran without an order, which the chart rules out.
  if (!context.order) throw new Error('payment machine: no order while paying');
  return context.order;
}

function createInput(context: PaymentContext): CreateOrderInput {
  if (!context.draft || !context.requestId)
    throw new Error('payment machine: creating an order without a draft or requestId');
  return { draft: context.draft, requestId: context.requestId };
}

const PAID: readonly OrderStatus[] = ['paid', 'delivered'];

/** A paid order of the cart's lines (the dialog 去结算 opened): its quantities leave the cart; unpaid lines stay. */
const leaveCart = enqueueActions<
  PaymentContext,
  PaymentEvent,
  undefined,
  PaymentEvent,
  never,
  never,
  never,
  never,
  never
>(({ context, enqueue }) => {
  // By name (cast: the machine's own actions are not typed here), so that a model replay catches the parent event.
  if (context.fromCart && context.order) enqueue('sendCartPaid' as never);
});

/** A cart's order refused for a price not shown (`order_40004`): the cart reads today's prices again. */
const refreshCartIfPriceChanged = enqueueActions<
  PaymentContext,
  PaymentEvent,
  undefined,
  PaymentEvent,
  never,
  never,
  never,
  never,
  never
>(({ context, event, enqueue }) => {
  const error = (event as { error?: unknown }).error;
  if (context.fromCart && isPriceChanged(error)) enqueue('sendCartRefresh' as never);
});

/** An unpaid order exists (or is being loaded) for this payment: it is paid later, never created again. */
const hasUnpaidOrder = (context: PaymentContext) =>
  context.orderId !== null && (context.status === null || context.status === 'unpaid');

/** What an expiry leaves to resume after the next login: the unpaid order, else the editor's choices, else nothing. */
function suspendedOf(context: PaymentContext): SuspendedPurchase | null {
  if (hasUnpaidOrder(context) && context.orderId)
    return { kind: 'order', owner: context.owner, orderId: context.orderId };
  // Before any order, the resumed dialog orders with this dialog's requestId: a create the server took just
  // before the expiry then answers with that order. After a failed payment, the next attempt is a new order.
  if (context.choices && context.orderId === null) {
    return {
      kind: 'goods',
      owner: context.owner,
      request: { ...context.choices, requestId: context.requestId ?? undefined },
    };
  }
  if (context.choices && context.status === 'failed')
    return { kind: 'goods', owner: context.owner, request: context.choices };
  return null;
}

function requireSuspended(context: PaymentContext): SuspendedPurchase {
  const purchase = suspendedOf(context);
  // Only reachable if the `canResume` guard let a transition through without one.
  if (!purchase) throw new Error('payment machine: nothing to suspend');
  return purchase;
}

/**
 * The channel a payment uses when none is known: a resumed order that never named one, or a pay app opened
 * before a channel was chosen. WeChat Pay, the store's first channel. One owner, read by the pay dialog too.
 */
export const channelOrDefault = (channel: PayChannelCode | null | undefined): PayChannelCode => channel ?? 'wechat';

const accountChange = (context: PaymentContext, event: PaymentEvent) =>
  event.type === 'session.changed' ? purchaseOnAccountChange(context.owner, event) : 'keep';

export const paymentMachine = setup({
  types: {} as {
    context: PaymentContext;
    events: PaymentEvent;
    tags: PaymentTag;
  },
  actors: {
    /** GET order/detail */
    fetchOrder: fromPromise<Order, { orderId: string }>(async () => {
      throw new Error('fetchOrder is supplied by the app through paymentMachine.provide()');
    }),
    /** unified/order/create or combine/order/create, by draft kind */
    createOrder: fromPromise<Order, CreateOrderInput>(async () => {
      throw new Error('createOrder is supplied by the app through paymentMachine.provide()');
    }),
    /** unified/order/pay */
    payOrder: fromPromise<Payment, PayOrderInput>(async () => {
      throw new Error('payOrder is supplied by the app through paymentMachine.provide()');
    }),
    /** order/status */
    checkStatus: fromPromise<StatusAnswer, { orderId: string }>(async () => {
      throw new Error('checkStatus is supplied by the app through paymentMachine.provide()');
    }),
    /**
     * Makes sure the coupons `owner` is owed are in the account before its coupon list is read (a new
     * account's 新人券 is handed out by the call the daily popup makes, which waits for a quiet moment).
     */
    settleCoupons: fromPromise<SettledCoupons, { owner: number | null }>(async () => {
      throw new Error('settleCoupons is supplied by the app through paymentMachine.provide()');
    }),
  },
  actions: {
    assignOpen: assign(
      (
        _,
        params: {
          requestId: string;
          orderId: string | null;
          owner: number | null;
          resuming?: boolean;
          fromCart?: boolean | undefined;
        },
      ) => ({
        requestId: params.requestId,
        orderId: params.orderId,
        owner: params.owner,
        resuming: params.resuming ?? false,
        fromCart: params.fromCart === true,
      }),
    ),
    assignChoices: assign((_, params: { request: PurchaseRequest }) => ({ choices: params.request })),
    assignSubmit: assign((_, params: { channel: PayChannelCode; draft: OrderDraft | null; h5: boolean }) => ({
      channel: params.channel,
      draft: params.draft,
      h5: params.h5,
      error: null,
    })),
    assignChannel: assign((_, params: { channel: PayChannelCode; h5: boolean }) => ({
      channel: params.channel,
      h5: params.h5,
      error: null,
    })),
    assignOrder: assign((_, params: { order: Order }) => ({
      order: params.order,
      orderId: params.order.orderId,
      status: params.order.status,
    })),
    /** A resumed payment: the channel the order was being paid with, on this phone. */
    assignResumed: assign((_, params: { order: Order }) => ({
      order: params.order,
      orderId: params.order.orderId,
      status: params.order.status,
      channel: channelOrDefault(params.order.payChannel),
      h5: true,
    })),
    markCouponsSettled: assign((_, params: { claimed: SettledCoupons }) => ({
      couponsSettled: true,
      settledCouponIds: params.claimed ?? [],
    })),
    assignQuote: assign((_, params: { quote: PriceQuote | null }) => ({ quote: params.quote })),
    assignPayment: assign((_, params: { payment: Payment }) => ({ payment: params.payment })),
    assignStatus: assign((_, params: { status: OrderStatus }) => ({ status: params.status })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message, payment: null })),
    /** 重新支付: a new attempt, so a new requestId and no order yet. */
    assignRetry: assign((_, params: { requestId: string }) => ({
      requestId: params.requestId,
      order: null,
      orderId: null,
      payment: null,
      status: null,
      error: null,
    })),
    reset: assign(NO_PAYMENT),
    assignOnline: assign({ online: true }),
    assignOffline: assign({ online: false }),
    /** The root forwards these two to the build poll (no reload while paying). */
    announcePaymentStarted: sendParent({ type: 'payment.started' }),
    announcePaymentEnded: sendParent({ type: 'payment.ended' }),
    closePayModal: sendParent({ type: 'modal.close', name: 'pay' }),
    openPaySuccessModal: sendParent((_, params: { orderId: string }) => ({
      type: 'modal.open',
      name: 'paySuccess',
      props: { orderId: params.orderId },
      source: 'flow',
    })),
    /** A paid order of the cart's lines: its quantities leave the cart (the root forwards `cart.*` to it); unpaid lines stay. */
    leaveCart,
    /** The server refused a price the shopper was not shown (`order_40004`): the cart reads today's prices again. */
    refreshCartIfPriceChanged,
    /** The root forwards `cart.*` to the cart. */
    sendCartPaid: sendParent(({ context }) => ({
      type: 'cart.paid',
      lines: requireOrder(context).items.map(({ goodsId, buyNum }) => ({ goodsId, buyNum })),
    })),
    sendCartRefresh: sendParent({ type: 'cart.refresh' }),
    /** The root forwards it to the pay gate, which resumes the purchase after the next login. */
    suspendPurchase: sendParent((_, params: { purchase: SuspendedPurchase }) => ({
      type: 'purchase.suspended',
      purchase: params.purchase,
    })),
    /** A toast. */
    notify: (_, _params: { kind: 'warning'; text: string }) => {},
    /** The app keeps the hand-off (for the return or a reload) and leaves for the pay channel's H5 page. */
    handOffToPayApp: (_, _params: HandOff) => {},
    /** The awaited payment ended here (paid, failed, closed, left): nothing is resumed on the next start. */
    forgetHandOff: () => {},
  },
  guards: {
    hasOrderId: ({ event }) =>
      event.type === 'payment.open' && typeof event.orderId === 'string' && event.orderId !== '',
    isResumedAndPaid: ({ context }, params: { status: OrderStatus }) =>
      context.resuming && PAID.includes(params.status),
    isResumedAndUnpaid: ({ context }, params: { status: OrderStatus }) =>
      context.resuming && params.status === 'unpaid',
    /** The server gave this phone the channel's H5 page (a server without H5 pay answers with the QR code or link). */
    isHandOff: ({ context }, params: { payment: Payment }) =>
      context.h5 && typeof params.payment.h5Url === 'string' && params.payment.h5Url !== '',
    hasOrder: ({ context }) => context.order !== null,
    /** The pressed button showed exactly the machine's quote: the order created is the one shown. */
    isQuotedOrder: ({ context, event }) =>
      event.type === 'payment.submit' &&
      event.draft !== undefined &&
      event.due !== undefined &&
      sameQuote(context.quote, { draft: event.draft, due: event.due }),
    couponsSettled: ({ context }) => context.couponsSettled,
    /** Nothing is left to settle: the coupons were, or an order exists (its amount is the server's). */
    isSettled: ({ context }) => context.couponsSettled || context.order !== null,
    /** Every part of the price is known: the sheet's quote, or an existing order. */
    isQuoted: ({ context }) => context.quote !== null || context.order !== null,
    hasDraft: ({ context }) => context.draft !== null,
    isUnpaidOrder: (_, params: { status: OrderStatus }) => params.status === 'unpaid',
    isPaid: (_, params: { status: OrderStatus }) => PAID.includes(params.status),
    isFailed: (_, params: { status: OrderStatus }) => params.status === 'failed',
    closesPayModal: ({ event }) =>
      event.type === 'modal.closeAll' || (event.type === 'modal.close' && event.name === 'pay'),
    /** The rules of machines/account-change.ts, for the account the modal was opened for: the same guards as the pay gate's. */
    ...accountChangeGuards,
    canResume: ({ context }) => suspendedOf(context) !== null,
    isOffline: ({ context }) => !context.online,
  },
  delays: {
    statusPollInterval: 2000,
  },
}).createMachine({
  id: 'payment',
  context: { ...NO_PAYMENT, online: true },

  initial: 'idle',
  on: {
    'app.offline': { actions: 'assignOffline' },
    'app.online': { actions: 'assignOnline' },
  },
  states: {
    idle: {
      entry: 'reset',
      on: {
        'payment.open': [
          {
            guard: 'hasOrderId',
            target: 'active.loadingOrder',
            actions: {
              type: 'assignOpen',
              params: ({ event }) => ({
                requestId: event.requestId,
                orderId: event.orderId ?? null,
                owner: event.userId,
                resuming: event.resume === true,
                fromCart: event.fromCart,
              }),
            },
          },
          {
            target: 'active.editing',
            actions: {
              type: 'assignOpen',
              params: ({ event }) => ({
                requestId: event.requestId,
                orderId: null,
                owner: event.userId,
                fromCart: event.fromCart,
              }),
            },
          },
        ],
      },
    },
    active: {
      tags: ['payment:active'],
      initial: 'editing',
      on: {
        // × / 关闭 / 暂不支付 / 知道了: the dialog closes, whatever it showed. Mid-payment the leave region takes
        // it instead (it asks first), and XState prefers a descendant's transition to this one.
        'payment.close': { target: 'idle', actions: 'closePayModal' },
        'modal.close': { guard: 'closesPayModal', target: 'idle' },
        'modal.closeAll': { target: 'idle' },
        // docs/buying.md, "Account changes": an expiry suspends the purchase for the next login of its
        // account; another tab's switch or logout cancels it with a warning; this tab's logout just closes.
        'session.changed': [
          {
            guard: and(['isExpiry', 'canResume']),
            target: 'idle',
            actions: [
              'closePayModal',
              { type: 'suspendPurchase', params: ({ context }) => ({ purchase: requireSuspended(context) }) },
            ],
          },
          { guard: 'isExpiry', target: 'idle', actions: 'closePayModal' },
          {
            guard: 'isCancelledByAccountChange',
            target: 'idle',
            actions: [
              'closePayModal',
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  kind: 'warning',
                  text: cancelledPurchaseMessage(
                    accountChange(context, event) === 'switched' ? 'switched' : 'signedOutElsewhere',
                    hasUnpaidOrder(context),
                  ),
                }),
              },
            ],
          },
          { guard: 'isOwnLogout', target: 'idle', actions: 'closePayModal' },
        ],
      },
      states: {
        loadingOrder: {
          tags: ['payment:loading'],
          invoke: {
            id: 'fetchOrder',
            src: 'fetchOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: [
              // Back from a pay app: paid there, the success dialog with the key; not yet, the status is awaited again.
              {
                guard: { type: 'isResumedAndPaid', params: ({ event }) => ({ status: event.output.status }) },
                target: '#payment.idle',
                actions: [
                  'forgetHandOff',
                  'closePayModal',
                  { type: 'openPaySuccessModal', params: ({ event }) => ({ orderId: event.output.orderId }) },
                ],
              },
              {
                guard: { type: 'isResumedAndUnpaid', params: ({ event }) => ({ status: event.output.status }) },
                target: 'paying.flow.awaitingPayment',
                actions: { type: 'assignResumed', params: ({ event }) => ({ order: event.output }) },
              },
              {
                guard: { type: 'isUnpaidOrder', params: ({ event }) => ({ status: event.output.status }) },
                target: 'editing',
                actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
              },
              {
                target: 'orderClosed',
                actions: ['forgetHandOff', { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) }],
              },
            ],
            onError: {
              target: 'loadFailed',
              actions: [
                'forgetHandOff',
                {
                  type: 'assignError',
                  params: ({ event }) => ({ message: readFailure(event.error, PAYMENT_MESSAGES.loadFailed).message }),
                },
              ],
            },
          },
        },
        loadFailed: {
          tags: ['payment:loadFailed'],
        },
        editing: {
          tags: ['payment:editing'],
          initial: 'pricing',
          on: {
            'payment.choose': {
              actions: { type: 'assignChoices', params: ({ event }) => ({ request: event.request }) },
            },
            // A price worked out before the coupons were settled may lack the coupon a login earned: not taken.
            'payment.quote': {
              guard: 'couponsSettled',
              actions: { type: 'assignQuote', params: ({ event }) => ({ quote: event.quote }) },
            },
          },
          states: {
            pricing: {
              tags: ['payment:pricing'],
              initial: 'checking',
              states: {
                checking: {
                  always: [{ guard: 'isSettled', target: 'quoting' }, { target: 'settlingCoupons' }],
                },
                settlingCoupons: {
                  invoke: {
                    id: 'settleCoupons',
                    src: 'settleCoupons',
                    input: ({ context }) => ({ owner: context.owner }),
                    onDone: {
                      target: 'quoting',
                      actions: { type: 'markCouponsSettled', params: ({ event }) => ({ claimed: event.output }) },
                    },
                    // The coupon list is then what the server holds: a failed grant call does not keep the shopper from paying.
                    onError: { target: 'quoting', actions: { type: 'markCouponsSettled', params: { claimed: [] } } },
                  },
                },
                quoting: {
                  always: { guard: 'isQuoted', target: '#payment.active.editing.priced' },
                },
              },
            },
            priced: {
              tags: ['payment:priced'],
              // Something the price depends on changed (a quantity, a coupon list being read again).
              always: { guard: not('isQuoted'), target: 'pricing' },
              on: {
                'payment.submit': [
                  {
                    guard: 'hasOrder',
                    target: '#payment.active.paying.flow.requestingPayment',
                    actions: {
                      type: 'assignChannel',
                      params: ({ event }) => ({ channel: event.channel, h5: event.h5 === true }),
                    },
                  },
                  {
                    guard: 'isQuotedOrder',
                    target: '#payment.active.paying',
                    actions: {
                      type: 'assignSubmit',
                      params: ({ event }) => ({
                        channel: event.channel,
                        draft: event.draft ?? null,
                        h5: event.h5 === true,
                      }),
                    },
                  },
                ],
              },
            },
          },
        },
        paying: {
          type: 'parallel',
          tags: ['payment:paying'],
          entry: 'announcePaymentStarted',
          exit: ['announcePaymentEnded', 'forgetHandOff'],
          states: {
            flow: {
              initial: 'creatingOrder',
              states: {
                creatingOrder: {
                  tags: ['payment:creatingOrder'],
                  invoke: {
                    id: 'createOrder',
                    src: 'createOrder',
                    input: ({ context }) => createInput(context),
                    onDone: {
                      target: 'requestingPayment',
                      actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
                    },
                    onError: {
                      target: '#payment.active.editing',
                      actions: [
                        {
                          type: 'assignError',
                          params: ({ event }) => ({
                            message: readFailure(event.error, PAYMENT_MESSAGES.createFailed).message,
                          }),
                        },
                        'refreshCartIfPriceChanged',
                      ],
                    },
                  },
                },
                requestingPayment: {
                  tags: ['payment:requestingPayment'],
                  invoke: {
                    id: 'payOrder',
                    src: 'payOrder',
                    input: ({ context }) => ({
                      orderId: requireOrder(context).orderId,
                      channel: channelOrDefault(context.channel),
                      h5: context.h5,
                    }),
                    onDone: [
                      {
                        guard: { type: 'isHandOff', params: ({ event }) => ({ payment: event.output }) },
                        target: 'awaitingPayment',
                        actions: [
                          { type: 'assignPayment', params: ({ event }) => ({ payment: event.output }) },
                          {
                            type: 'handOffToPayApp',
                            params: ({ context, event }) => ({
                              orderId: requireOrder(context).orderId,
                              owner: context.owner,
                              h5Url: event.output.h5Url ?? '',
                            }),
                          },
                        ],
                      },
                      {
                        target: 'awaitingPayment',
                        actions: { type: 'assignPayment', params: ({ event }) => ({ payment: event.output }) },
                      },
                    ],
                    onError: {
                      target: '#payment.active.editing',
                      actions: {
                        type: 'assignError',
                        params: ({ event }) => ({
                          message: readFailure(event.error, PAYMENT_MESSAGES.payFailed).message,
                        }),
                      },
                    },
                  },
                },
                awaitingPayment: {
                  tags: ['payment:awaiting'],
                  // On a phone: open the pay app again, or the other one, for the same order.
                  on: {
                    'payment.submit': {
                      target: 'requestingPayment',
                      actions: {
                        type: 'assignChannel',
                        params: ({ event }) => ({ channel: event.channel, h5: event.h5 === true }),
                      },
                    },
                  },
                  initial: 'waiting',
                  states: {
                    waiting: {
                      // Offline: no request is sent until the browser is back online.
                      after: {
                        statusPollInterval: [{ guard: 'isOffline', target: 'offline' }, { target: 'checking' }],
                      },
                    },
                    offline: {
                      tags: ['payment:offline'],
                      on: { 'app.online': { target: 'checking', actions: 'assignOnline' } },
                    },
                    checking: {
                      invoke: {
                        id: 'checkStatus',
                        src: 'checkStatus',
                        input: ({ context }) => ({ orderId: requireOrder(context).orderId }),
                        onDone: [
                          {
                            guard: { type: 'isPaid', params: ({ event }) => ({ status: event.output.status }) },
                            target: '#payment.idle',
                            actions: [
                              'closePayModal',
                              'leaveCart',
                              {
                                type: 'openPaySuccessModal',
                                params: ({ context }) => ({ orderId: requireOrder(context).orderId }),
                              },
                            ],
                          },
                          {
                            guard: { type: 'isFailed', params: ({ event }) => ({ status: event.output.status }) },
                            target: '#payment.active.failed',
                            actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output.status }) },
                          },
                          {
                            guard: { type: 'isUnpaidOrder', params: ({ event }) => ({ status: event.output.status }) },
                            target: 'waiting',
                          },
                          {
                            target: '#payment.active.orderClosed',
                            actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output.status }) },
                          },
                        ],
                        // A failed check is retried at the next interval (docs/api.md: polling continues).
                        onError: { target: 'waiting' },
                      },
                    },
                  },
                },
              },
            },
            leave: {
              initial: 'quiet',
              // Closing mid-payment asks first (and, asked already, still asks: the dialog's × then sends
              // payment.stay). On the region, not on `quiet`: a transition here leaves the region's state,
              // so it overrides the parent's close for the whole of `paying`, asking or not.
              on: { 'payment.close': '.confirming' },
              states: {
                quiet: {},
                confirming: {
                  tags: ['payment:confirmingLeave'],
                  on: {
                    'payment.stay': 'quiet',
                    'payment.leave': { target: '#payment.idle', actions: 'closePayModal' },
                  },
                },
              },
            },
          },
        },
        failed: {
          tags: ['payment:failed'],
          on: {
            'payment.retry': {
              guard: 'hasDraft',
              target: 'paying',
              actions: { type: 'assignRetry', params: ({ event }) => ({ requestId: event.requestId }) },
            },
          },
        },
        orderClosed: {
          tags: ['payment:orderClosed'],
        },
      },
    },
  },
});

type Tagged = { hasTag(tag: PaymentTag): boolean };

/** A payment is in progress: the pay modal asks before closing. */
export function isPaying(snapshot: Tagged): boolean {
  return snapshot.hasTag('payment:paying');
}

/**
 * The sheet's price is being worked out: 立即支付 is disabled and the sheet says 优惠计算中… (the UI replay reads it).
 * @internal
 */
export function isPricing(snapshot: { hasTag(tag: PaymentTag): boolean }): boolean {
  return snapshot.hasTag('payment:pricing');
}

/** An order or pay request is in flight: 立即支付 is disabled. */
export function isSubmitting(snapshot: Tagged): boolean {
  return snapshot.hasTag('payment:creatingOrder') || snapshot.hasTag('payment:requestingPayment');
}

/** The order cannot be paid here: it failed to load, or the server closed it. The dialog says why. */
export function isUnpayable(snapshot: Tagged): boolean {
  return snapshot.hasTag('payment:loadFailed') || snapshot.hasTag('payment:orderClosed');
}
