/**
 * The real effects of the buying flows (machines/pay-gate and
 * machines/payment): the API calls, with failures turned into text a shopper
 * can read, the session facts read from the system, and toasts. The events
 * both flows send to the root are named in the machines themselves.
 *
 * `createPurchaseActors()` returns the two machines with these effects
 * provided; src/app/root-actor.ts hands them to the app machine. Tests pass
 * fakes for any part (api, effects, delays). Nothing here runs at import.
 */
import { fromPromise } from 'xstate';
import { payGateMachine, type PurchaseRequest, type SessionFacts } from '../../../machines/pay-gate.machine';
import {
  paymentMachine,
  type CreateOrderInput,
  type HandOff,
  type PayOrderInput,
  type SettledCoupons,
  type StatusAnswer,
} from '../../../machines/payment.machine';
import { PRICE_CHANGED_CODE } from '../../api/cart';
import { getStorage } from '../../api/goods';
import type { Order, Payment } from '../../api/orders';
import type { RealNameConfig } from '../../api/user';
import { sessionSnapshotOf } from '../../shared/app-actor';
import { delayOverride, delaysOf, fetchRealNameConfig, shopperErrors } from '../../shared/flow-effects';
import { toast } from '../../shared/toast';
import { forgetHandOff, rememberHandOff, returnPathFor } from './pay-return';
import { settleLoginCoupons, type PopupActorLike } from './popup-coupons';

/**
 * The calls the buying flows make; each rejects with `{ code, message }` where message is shopper-readable.
 * @internal
 */
export interface PurchaseApi {
  fetchRealNameConfig(signal: AbortSignal): Promise<RealNameConfig>;
  checkStorage(request: PurchaseRequest, signal: AbortSignal): Promise<boolean>;
  fetchOrder(orderId: string, signal: AbortSignal): Promise<Order>;
  createOrder(input: CreateOrderInput, signal: AbortSignal): Promise<Order>;
  payOrder(input: PayOrderInput, signal: AbortSignal): Promise<Payment>;
  checkStatus(orderId: string, signal: AbortSignal): Promise<StatusAnswer>;
  /** GET home/popup: the call with whose answer the server hands a new account the coupons its login earned. */
  claimLoginCoupons(signal: AbortSignal): Promise<{ couponList: readonly { couponId: string }[] }>;
}

interface PurchaseEffects {
  notify(kind: 'warning' | 'error', text: string): void;
  /** Keeps the hand-off for the return (./pay-return.ts) and leaves for the pay channel's H5 page. */
  handOffToPayApp(handOff: HandOff): void;
  /** The awaited payment ended in this page: nothing resumes at the next start. */
  forgetHandOff(): void;
}

/** Delay overrides in ms (tests); the machines' defaults otherwise. */
interface PurchaseDelays {
  /** Order status polling interval (default 2000). */
  statusPollMs?: number;
}

export interface PurchaseFlowOptions {
  api?: Partial<PurchaseApi>;
  effects?: Partial<PurchaseEffects>;
  delays?: PurchaseDelays;
  /**
   * Reads the session facts for the pay gate; `invokeId` is `readSession`, `confirmLogin` or
   * `confirmRealName`. Default: `readSessionFacts(system)`. Tests route it to a fake.
   */
  readSession?: (
    system: { get(systemId: string): unknown },
    invokeId: string,
    signal: AbortSignal,
  ) => Promise<SessionFacts>;
  /** Makes sure of the coupons `owner` is owed before the pay sheet prices. Default: `settleLoginCoupons` (./popup-coupons.ts). Tests route it to a fake. */
  settleCoupons?: (
    system: { get(systemId: string): unknown },
    owner: number | null,
    signal: AbortSignal,
  ) => Promise<SettledCoupons>;
}

/**
 * The order endpoints are loaded on first use: none is needed to paint a page, and their schemas would
 * otherwise sit in the entry chunk (docs/performance.md).
 */
const ordersApi = () => import('../../api/orders');

/**
 * Whether the request's units are in stock: the goods', or every line's of a cart (asked at once; a short line answers
 * no). A cart paid order by order (`orderPerGoods`) pays its first line now, which is the request's goods.
 */
async function inStock(request: PurchaseRequest, signal: AbortSignal): Promise<boolean> {
  const lines = request.cart && request.cart.plan !== 'orderPerGoods' ? request.cart.lines : [request];
  const answers = await Promise.all(lines.map(({ goodsId, buyNum }) => getStorage({ goodsId, buyNum }, { signal })));
  return answers.every(Boolean);
}

/** A create refused for a price not shown (`order_40004`), marked for the payment flow (machines/failure.ts). */
const priceChanges = <T>(call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => {
    throw (error as { code?: unknown } | null)?.code === PRICE_CHANGED_CODE
      ? Object.assign(error as object, { priceChanged: true })
      : error;
  });

/** @internal */
export const browserPurchaseApi: PurchaseApi = {
  fetchRealNameConfig,
  checkStorage: (request, signal) => shopperErrors(inStock(request, signal)),
  fetchOrder: (orderId, signal) => shopperErrors(ordersApi().then((api) => api.getOrder(orderId, { signal }))),
  createOrder: ({ draft, requestId }, signal) =>
    priceChanges(
      shopperErrors(
        ordersApi().then((api) =>
          draft.kind === 'goods'
            ? api.createOrder(
                { goodsId: draft.goodsId, buyNum: draft.buyNum, couponId: draft.couponId ?? undefined, requestId },
                { signal },
              )
            : draft.kind === 'cart'
              ? api.createCombinedOrder(
                  { items: draft.items, couponId: draft.couponId ?? undefined, requestId, fromCart: true },
                  { signal },
                )
              : api.createCombinedOrder({ items: draft.items, packageId: draft.packageId, requestId }, { signal }),
        ),
      ),
    ),
  payOrder: ({ orderId, channel, h5 }, signal) =>
    shopperErrors(
      ordersApi().then((api) =>
        api.payOrder(
          h5
            ? { orderId, channelCode: channel, client: 'h5', returnUrl: returnPathFor(orderId) }
            : { orderId, channelCode: channel },
          { signal },
        ),
      ),
    ),
  checkStatus: (orderId, signal) => shopperErrors(ordersApi().then((api) => api.getOrderStatus(orderId, { signal }))),
  claimLoginCoupons: (signal) => import('../../api/user').then((api) => api.getHomePopup({ signal })),
};

/**
 * What the pay gate needs of the `session` child; anonymous when there is none.
 * @internal
 */
export function readSessionFacts(system: { get(systemId: string): unknown }): SessionFacts {
  const snapshot = sessionSnapshotOf(system);
  if (!snapshot) return { status: 'anonymous', userId: null, hasRealName: false };
  const hasRealName = snapshot.context.realName !== null;
  const userId = snapshot.context.user?.userId ?? null;
  if (snapshot.hasTag('session:signingIn')) return { status: 'signingIn', userId, hasRealName };
  if (snapshot.hasTag('session:loggedIn')) return { status: 'loggedIn', userId, hasRealName };
  return { status: 'anonymous', userId: null, hasRealName: false };
}

const browserEffects: PurchaseEffects = {
  notify: (kind, text) => {
    toast[kind](text);
  },
  handOffToPayApp: ({ orderId, owner, h5Url }) => {
    rememberHandOff({ orderId, owner });
    window.location.assign(h5Url);
  },
  forgetHandOff: () => forgetHandOff(),
};

/** The payGate and payment machines with the app's effects provided. */
export function createPurchaseActors(options: PurchaseFlowOptions = {}) {
  const api: PurchaseApi = { ...browserPurchaseApi, ...options.api };
  const effects: PurchaseEffects = { ...browserEffects, ...options.effects };

  const payGate = payGateMachine.provide({
    actors: {
      readSession: fromPromise<SessionFacts>(async ({ system, self, signal }) =>
        options.readSession ? options.readSession(system, self.id, signal) : readSessionFacts(system),
      ),
      fetchRealNameConfig: fromPromise<RealNameConfig>(({ signal }) => api.fetchRealNameConfig(signal)),
      checkStorage: fromPromise<boolean, PurchaseRequest>(({ input, signal }) => api.checkStorage(input, signal)),
    },
    actions: {
      notify: (_, { kind, text }) => effects.notify(kind, text),
    },
  });

  const payment = paymentMachine.provide({
    actors: {
      fetchOrder: fromPromise<Order, { orderId: string }>(({ input, signal }) => api.fetchOrder(input.orderId, signal)),
      createOrder: fromPromise<Order, CreateOrderInput>(({ input, signal }) => api.createOrder(input, signal)),
      payOrder: fromPromise<Payment, PayOrderInput>(({ input, signal }) => api.payOrder(input, signal)),
      checkStatus: fromPromise<StatusAnswer, { orderId: string }>(({ input, signal }) =>
        api.checkStatus(input.orderId, signal),
      ),
      settleCoupons: fromPromise<SettledCoupons, { owner: number | null }>(({ input, system, signal }) =>
        options.settleCoupons
          ? options.settleCoupons(system, input.owner, signal)
          : settleLoginCoupons(
              system.get('couponPopup') as PopupActorLike | undefined,
              input.owner,
              () => api.claimLoginCoupons(signal),
              signal,
            ),
      ),
    },
    actions: {
      notify: (_, { kind, text }) => effects.notify(kind, text),
      handOffToPayApp: (_, handOff) => effects.handOffToPayApp(handOff),
      forgetHandOff: () => effects.forgetHandOff(),
    },
    delays: delaysOf({ statusPollInterval: delayOverride(options.delays?.statusPollMs) }),
  });

  return { payGate, payment };
}
