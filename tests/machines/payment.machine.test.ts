// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  paymentMachine,
  type CreateOrderInput,
  type OrderDraft,
  type PayOrderInput,
  type PaymentEvent,
  type StatusAnswer,
  type SettledCoupons,
} from '../../machines/payment.machine';
import type { Order, OrderStatus, Payment } from '../../src/api/orders';
import { withoutParent } from '../support/model';

const DRAFT: OrderDraft = { kind: 'goods', goodsId: 7, buyNum: 2, couponId: 'c-1' };
/** What the sheet shows for DRAFT once priced. */
const DUE = 7600;
const QUOTE = { draft: DRAFT, due: DUE };

function order(status: OrderStatus = 'unpaid', orderId = 'XY1'): Order {
  return {
    orderId,
    status,
    items: [
      {
        goodsId: 7,
        gameId: 3,
        gameName: '星际远征',
        goodsName: '标准版',
        goodsType: 'key',
        cover: '/c.svg',
        price: 9900,
        buyNum: 2,
      },
    ],
    totalAmount: 19800,
    discountAmount: 1000,
    payAmount: 18800,
    coupon: null,
    payChannel: null,
    createTime: 0,
    payTime: null,
    expireTime: 900_000,
    cdks: [],
    hasGift: false,
    giftClaimed: false,
    refundable: false,
    refundReason: null,
    timeline: [{ status, time: 0 }],
  };
}

const payment = (orderId = 'XY1'): Payment => ({
  orderId,
  channelCode: 'wechat',
  payType: 'qrcode',
  qrContent: `weixin://wxpay/bizpayurl?pr=${orderId}`,
  qrImage: `/webapi/static/qr/pay-${orderId}.svg`,
  payUrl: null,
  expireTime: 900_000,
});

function startPayment() {
  const server = {
    status: 'unpaid' as OrderStatus,
    loaded: order(),
    createError: null as Error | null,
    orders: 0,
    settle: null as Promise<void> | null,
  };
  const calls = {
    createOrder: [] as CreateOrderInput[],
    payOrder: [] as PayOrderInput[],
    checkStatus: 0,
    fetchOrder: [] as string[],
    settleCoupons: [] as (number | null)[],
  };
  const effects = {
    started: 0,
    ended: 0,
    closePayModal: vi.fn(),
    openPaySuccessModal: vi.fn<(p: { orderId: string }) => void>(),
  };
  const machine = paymentMachine.provide({
    actors: {
      fetchOrder: fromPromise<Order, { orderId: string }>(async ({ input }) => {
        calls.fetchOrder.push(input.orderId);
        return server.loaded;
      }),
      createOrder: fromPromise<Order, CreateOrderInput>(async ({ input }) => {
        calls.createOrder.push(input);
        if (server.createError) throw server.createError;
        server.orders += 1;
        return order('unpaid', `XY${server.orders}`);
      }),
      payOrder: fromPromise<Payment, PayOrderInput>(async ({ input }) => {
        calls.payOrder.push(input);
        return payment(input.orderId);
      }),
      checkStatus: fromPromise<StatusAnswer, { orderId: string }>(async ({ input }) => {
        calls.checkStatus += 1;
        return { orderId: input.orderId, status: server.status };
      }),
      settleCoupons: fromPromise<SettledCoupons, { owner: number | null }>(async ({ input }) => {
        calls.settleCoupons.push(input.owner);
        if (server.settle) await server.settle;
        return undefined;
      }),
    },
    actions: {
      announcePaymentStarted: () => {
        effects.started += 1;
      },
      announcePaymentEnded: () => {
        effects.ended += 1;
      },
      closePayModal: () => effects.closePayModal(),
      openPaySuccessModal: (_, params) => effects.openPaySuccessModal(params),
    },
  });
  const actor = createActor(machine).start();
  return { actor, server, calls, effects };
}

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

/** As the pay dialog does for a new order: opened, the coupons settled, the sheet's price reported. */
async function openPriced(actor: { send(event: PaymentEvent): void }) {
  actor.send({ type: 'payment.open', requestId: 'req-1', userId: 1 });
  await tick();
  actor.send({ type: 'payment.quote', quote: QUOTE });
}

async function toQrCode(run: ReturnType<typeof startPayment>) {
  await openPriced(run.actor);
  run.actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: DUE });
  await tick();
  expect(run.actor.getSnapshot().hasTag('payment:awaiting')).toBe(true);
}

describe('payment flow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates the order with the draft and the modal request id, then asks to pay it with the chosen channel', async () => {
    const run = startPayment();
    await openPriced(run.actor);
    expect(run.actor.getSnapshot().hasTag('payment:editing')).toBe(true);
    run.actor.send({ type: 'payment.submit', channel: 'alipay', draft: DRAFT, due: DUE });
    expect(run.actor.getSnapshot().hasTag('payment:creatingOrder')).toBe(true);
    await tick();
    expect(run.calls.createOrder).toEqual([{ draft: DRAFT, requestId: 'req-1' }]);
    expect(run.calls.payOrder).toEqual([{ orderId: 'XY1', channel: 'alipay', h5: false }]);
    expect(run.actor.getSnapshot().context.payment?.orderId).toBe('XY1');
    expect(run.effects.started).toBe(1);
    expect(run.effects.ended).toBe(0);
  });

  it('a price is final before it can be paid: no order while the coupons owed are settled or the sheet prices, nor for an amount it no longer shows', async () => {
    const run = startPayment();
    let settle = () => {};
    run.server.settle = new Promise<void>((resolve) => {
      settle = resolve;
    });
    run.actor.send({ type: 'payment.open', requestId: 'req-1', userId: 5 });
    expect(run.actor.getSnapshot().hasTag('payment:pricing')).toBe(true);
    // The quick tap, and a price worked out before the coupons were settled (it may lack the login's coupon).
    run.actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: DUE });
    run.actor.send({ type: 'payment.quote', quote: { draft: { ...DRAFT, couponId: null }, due: 9600 } });
    await tick();
    expect(run.calls.settleCoupons).toEqual([5]);
    expect(run.actor.getSnapshot().context.quote).toBeNull();
    expect(
      run.actor
        .getSnapshot()
        .can({ type: 'payment.submit', channel: 'wechat', draft: { ...DRAFT, couponId: null }, due: 9600 }),
    ).toBe(false);
    settle();
    await tick();
    // Settled: still pricing until the sheet reports the price read after it.
    expect(run.actor.getSnapshot().hasTag('payment:pricing')).toBe(true);
    run.actor.send({ type: 'payment.quote', quote: QUOTE });
    expect(run.actor.getSnapshot().hasTag('payment:priced')).toBe(true);
    // A button that showed another amount, or another coupon, orders nothing.
    run.actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: DUE + 500 });
    run.actor.send({ type: 'payment.submit', channel: 'wechat', draft: { ...DRAFT, couponId: null }, due: DUE });
    // The sheet works its price out again (a quantity changed): pricing, and nothing is ordered meanwhile.
    run.actor.send({ type: 'payment.quote', quote: null });
    expect(run.actor.getSnapshot().hasTag('payment:pricing')).toBe(true);
    run.actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: DUE });
    await tick();
    expect(run.calls.createOrder).toEqual([]);
    expect(run.calls.settleCoupons).toEqual([5]);
    run.actor.send({ type: 'payment.quote', quote: QUOTE });
    run.actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: DUE });
    await tick();
    expect(run.calls.createOrder).toEqual([{ draft: DRAFT, requestId: 'req-1' }]);
  });

  it('a failed call for the coupons owed does not keep the shopper from paying', async () => {
    const run = startPayment();
    run.server.settle = Promise.reject(new Error('网络连接失败'));
    run.server.settle.catch(() => {});
    await openPriced(run.actor);
    expect(run.actor.getSnapshot().hasTag('payment:priced')).toBe(true);
  });

  it('sends one create request for a double click on 立即支付', async () => {
    const run = startPayment();
    await openPriced(run.actor);
    run.actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: DUE });
    run.actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: DUE });
    await tick();
    expect(run.calls.createOrder).toHaveLength(1);
  });

  it('polls the status every 2 s (the named delay) until the order is paid, then opens the success modal', async () => {
    const run = startPayment();
    await toQrCode(run);
    await tick(1999);
    expect(run.calls.checkStatus).toBe(0);
    await tick(1);
    expect(run.calls.checkStatus).toBe(1);
    await tick(2000);
    expect(run.calls.checkStatus).toBe(2);
    run.server.status = 'delivered';
    await tick(2000);
    expect(run.effects.closePayModal).toHaveBeenCalledTimes(1);
    expect(run.effects.openPaySuccessModal).toHaveBeenCalledWith({ orderId: 'XY1' });
    expect(run.actor.getSnapshot().matches('idle')).toBe(true);
    expect(run.effects.ended).toBe(1);
    await tick(10_000);
    expect(run.calls.checkStatus).toBe(3);
  });

  it('shows a failed payment, and 重新支付 creates a new order with a new request id from the same draft', async () => {
    const run = startPayment();
    await toQrCode(run);
    run.server.status = 'failed';
    await tick(2000);
    const failed = run.actor.getSnapshot();
    expect(failed.hasTag('payment:failed')).toBe(true);
    expect(run.effects.ended).toBe(1);
    expect(failed.can({ type: 'payment.retry', requestId: 'x' })).toBe(true);
    run.server.status = 'unpaid';
    run.actor.send({ type: 'payment.retry', requestId: 'req-2' });
    await tick();
    expect(run.calls.createOrder).toEqual([
      { draft: DRAFT, requestId: 'req-1' },
      { draft: DRAFT, requestId: 'req-2' },
    ]);
    expect(run.calls.payOrder.at(-1)).toEqual({ orderId: 'XY2', channel: 'wechat', h5: false });
    expect(run.effects.started).toBe(2);
  });

  it('stops on an expired order with its status and stops polling', async () => {
    const run = startPayment();
    await toQrCode(run);
    run.server.status = 'expired';
    await tick(2000);
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.hasTag('payment:orderClosed')).toBe(true);
    expect(snapshot.context.status).toBe('expired');
    expect(run.effects.ended).toBe(1);
    await tick(10_000);
    expect(run.calls.checkStatus).toBe(1);
  });

  it('asks before leaving a payment in progress; 继续支付 keeps polling, 确认离开 closes without cancelling', async () => {
    const run = startPayment();
    await toQrCode(run);
    run.actor.send({ type: 'payment.close' });
    expect(run.actor.getSnapshot().hasTag('payment:confirmingLeave')).toBe(true);
    expect(run.effects.closePayModal).not.toHaveBeenCalled();
    // Asked already: closing again still asks, and the payment goes on.
    run.actor.send({ type: 'payment.close' });
    expect(run.actor.getSnapshot().hasTag('payment:confirmingLeave')).toBe(true);
    expect(run.actor.getSnapshot().hasTag('payment:awaiting')).toBe(true);
    expect(run.effects.closePayModal).not.toHaveBeenCalled();
    await tick(2000);
    expect(run.calls.checkStatus).toBe(1);
    run.actor.send({ type: 'payment.stay' });
    expect(run.actor.getSnapshot().hasTag('payment:confirmingLeave')).toBe(false);
    run.actor.send({ type: 'payment.close' });
    run.actor.send({ type: 'payment.leave' });
    expect(run.effects.closePayModal).toHaveBeenCalledTimes(1);
    expect(run.actor.getSnapshot().matches('idle')).toBe(true);
    expect(run.effects.ended).toBe(1);
    await tick(10_000);
    expect(run.calls.checkStatus).toBe(1);
  });

  it('pays even when the payment completes while the leave confirmation shows', async () => {
    const run = startPayment();
    await toQrCode(run);
    run.actor.send({ type: 'payment.close' });
    run.server.status = 'paid';
    await tick(2000);
    expect(run.effects.openPaySuccessModal).toHaveBeenCalledWith({ orderId: 'XY1' });
  });

  it('closes at once when nothing is being paid, without announcing a payment', () => {
    const run = startPayment();
    run.actor.send({ type: 'payment.open', requestId: 'req-1', userId: 1 });
    run.actor.send({ type: 'payment.close' });
    expect(run.effects.closePayModal).toHaveBeenCalledTimes(1);
    expect(run.effects.started).toBe(0);
    expect(run.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it.each([
    ['every modal closes (the session expired)', { type: 'modal.closeAll' } as const],
    ['the pay modal is closed by name', { type: 'modal.close', name: 'pay' } as const],
    ['the user logs out', { type: 'session.changed', user: null, reason: 'logout' } as const],
  ])('stops polling and ends the payment when %s', async (_name, event) => {
    const run = startPayment();
    await toQrCode(run);
    run.actor.send(event);
    expect(run.actor.getSnapshot().matches('idle')).toBe(true);
    expect(run.effects.ended).toBe(1);
    await tick(10_000);
    expect(run.calls.checkStatus).toBe(0);
  });

  it('keeps the pay modal when another modal closes', async () => {
    const run = startPayment();
    await toQrCode(run);
    run.actor.send({ type: 'modal.close', name: 'login' });
    expect(run.actor.getSnapshot().hasTag('payment:awaiting')).toBe(true);
  });

  it('shows the server message when the order cannot be created, and ends the payment', async () => {
    const run = startPayment();
    run.server.createError = Object.assign(new Error('库存不足，请联系客服'), { code: 'stock_40901' });
    await openPriced(run.actor);
    run.actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: DUE });
    await tick();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.hasTag('payment:editing')).toBe(true);
    expect(snapshot.context.error).toBe('库存不足，请联系客服');
    expect(run.effects.started).toBe(1);
    expect(run.effects.ended).toBe(1);
  });

  it('pays an existing unpaid order (继续支付) without creating a new one', async () => {
    const run = startPayment();
    run.server.loaded = order('unpaid', 'XY9');
    run.actor.send({ type: 'payment.open', requestId: 'req-1', orderId: 'XY9', userId: 1 });
    expect(run.actor.getSnapshot().hasTag('payment:loading')).toBe(true);
    await tick();
    expect(run.calls.fetchOrder).toEqual(['XY9']);
    expect(run.actor.getSnapshot().context.order?.orderId).toBe('XY9');
    run.actor.send({ type: 'payment.submit', channel: 'wechat' });
    await tick();
    expect(run.calls.createOrder).toEqual([]);
    expect(run.calls.payOrder).toEqual([{ orderId: 'XY9', channel: 'wechat', h5: false }]);
    run.server.status = 'failed';
    await tick(2000);
    expect(run.actor.getSnapshot().can({ type: 'payment.retry', requestId: 'x' })).toBe(false);
  });

  it('does not offer to pay an order that is no longer unpaid', async () => {
    const run = startPayment();
    run.server.loaded = order('delivered', 'XY9');
    run.actor.send({ type: 'payment.open', requestId: 'req-1', orderId: 'XY9', userId: 1 });
    await tick();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.hasTag('payment:orderClosed')).toBe(true);
    expect(snapshot.context.status).toBe('delivered');
  });

  it('ignores a second payment.open while the modal is open (React runs effects twice in development)', () => {
    const run = startPayment();
    run.actor.send({ type: 'payment.open', requestId: 'req-1', userId: 1 });
    run.actor.send({ type: 'payment.open', requestId: 'req-other', orderId: 'XY5', userId: 1 });
    expect(run.actor.getSnapshot().context.requestId).toBe('req-1');
    expect(run.actor.getSnapshot().hasTag('payment:editing')).toBe(true);
  });
  it('an expiry while the order is being created suspends the choices with the dialog’s requestId, so the resumed create cannot make a second order', async () => {
    const suspended: unknown[] = [];
    const actor = createActor(
      withoutParent(paymentMachine).provide({
        actors: {
          createOrder: fromPromise<Order, CreateOrderInput>(() => new Promise(() => {})),
          settleCoupons: fromPromise<SettledCoupons, { owner: number | null }>(async () => undefined),
        },
        actions: { closePayModal: () => {}, suspendPurchase: (_, { purchase }) => suspended.push(purchase) },
      }),
    ).start();
    const request = { goodsId: 7, buyNum: 2, gameId: 3 };
    await openPriced(actor);
    actor.send({ type: 'payment.choose', request });
    actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: DUE });
    actor.send({ type: 'session.changed', user: null, reason: 'expired' });
    expect(suspended).toEqual([{ kind: 'goods', owner: 1, request: { ...request, requestId: 'req-1' } }]);
  });
});
