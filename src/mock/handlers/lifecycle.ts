/**
 * Order status changes. There are no timers: every request first "sweeps"
 * the orders against now(), applying what would have happened meanwhile
 * (auto-payment, expiry, refund settlement) at the time it would have happened.
 *
 *   unpaid ─pay (control, the pay page's 确认支付, or autoPayMs after a QR code was handed out)→ paid → delivered
 *     (a `fromCart` order's quantities leave the account's cart: docs/cart.md)
 *   delivered ─refund→ refunding ─REFUND_SETTLE_MS (world.refundSettleMs), or the settleRefund control→ refunded
 *   unpaid ─past expireTime→ expired (stock and coupon restored)
 *   unpaid ─failPayment→ failed (stock and coupon restored)
 *   unpaid ─cancelPayment (the payer cancels in the pay app)→ cancelled (stock and coupon restored)
 */
import type { OrderStatus } from '../../api/orders';
import { takePaidLines } from './routes-cart';
import { cdkCode } from './rules';
import type { OrderRecord } from './state';
import type { World } from './world';

function move(order: OrderRecord, status: OrderStatus, time: number): void {
  order.status = status;
  order.timeline.push({ status, time });
}

/** Gives back what an order that will never be paid was holding. */
function release(world: World, order: OrderRecord): void {
  for (const item of order.items) {
    const key = String(item.goodsId);
    const goods = world.seed.goods.find((g) => g.goodsId === item.goodsId);
    world.state.stock[key] = (world.state.stock[key] ?? goods?.stock ?? 0) + item.buyNum;
  }
  if (order.coupon) {
    const coupon = world.state.coupons.find((c) => c.couponId === order.coupon?.couponId);
    if (coupon && coupon.usedOrderId === order.orderId) {
      coupon.used = false;
      coupon.usedOrderId = null;
    }
  }
}

/** Paid, then at once delivered: one CDK per unit of `cdk` goods. */
export function payOrder(world: World, order: OrderRecord, time: number): void {
  order.payTime = time;
  if (!order.payChannel) order.payChannel = 'wechat';
  move(order, 'paid', time);
  for (const item of order.items) {
    const goods = world.seed.goods.find((g) => g.goodsId === item.goodsId);
    if (goods?.deliveryType !== 'cdk') continue;
    for (let i = 0; i < item.buyNum; i += 1)
      order.cdks.push({ goodsName: item.goodsName, goodsId: item.goodsId, code: cdkCode(world.random) });
  }
  takePaidLines(world, order);
  move(order, 'delivered', time);
}

/** An unpaid order that will never be paid: `failed` (the payment failed) or `cancelled` (the payer cancelled it). */
export function endUnpaidOrder(world: World, order: OrderRecord, status: 'failed' | 'cancelled', time: number): void {
  release(world, order);
  move(order, status, time);
}

function refreshOrder(world: World, order: OrderRecord): void {
  const now = world.now();
  if (order.status === 'unpaid') {
    const autoPayMs = world.state.autoPayMs;
    const qrShownAt = order.qrShownAt ?? null;
    const autoPayAt = qrShownAt !== null && autoPayMs > 0 ? qrShownAt + autoPayMs : null;
    if (autoPayAt !== null && autoPayAt <= now && autoPayAt <= order.expireTime) {
      payOrder(world, order, autoPayAt);
    } else if (now >= order.expireTime) {
      release(world, order);
      move(order, 'expired', order.expireTime);
    }
  }
  const settleMs = world.refundSettleMs;
  if (
    order.status === 'refunding' &&
    order.refundRequestedAt !== null &&
    settleMs > 0 &&
    now >= order.refundRequestedAt + settleMs
  ) {
    settleRefund(order, order.refundRequestedAt + settleMs);
  }
}

/** The channel has paid the refund back: `refunded`. */
export function settleRefund(order: OrderRecord, time: number): void {
  if (order.status === 'refunding') move(order, 'refunded', time);
}

export function sweepOrders(world: World): void {
  for (const order of world.state.orders) refreshOrder(world, order);
}
