/**
 * Words and small calculations shared by the buying screens: status and
 * channel names, the countdown format, which statuses allow what, and the
 * pay modal's props.
 */
import * as z from 'zod/mini';
import { PayChannelCodeSchema, type Order, type OrderStatus, type PayChannelCode } from '../../api/orders';

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  unpaid: '待支付',
  paid: '已支付',
  delivered: '已发货',
  cancelled: '已取消',
  expired: '已过期',
  failed: '支付失败',
  refunding: '退款中',
  refunded: '已退款',
};

/**
 * What a refund does to the order's coupon: a used coupon is not given back (the simulated backend gives a
 * coupon back only for an order that was never paid: expired, failed or cancelled; docs/buying.md, "Refunds").
 * Null for an order without one.
 */
export function refundCouponNote(order: Pick<Order, 'coupon'>): string | null {
  return order.coupon ? `本订单使用的优惠券「${order.coupon.title}」退款后不退还。` : null;
}

/**
 * What a refund covers, said before it is asked for (docs/cart.md, "Refunding a cart's order"): the spec's refund
 * names an order, so an order of several goods is refunded whole, every code void, including those this browser
 * marked as redeemed (`redeemed`: how many). Empty for an order of one goods without such a mark.
 */
export function refundScopeNotes(order: Pick<Order, 'items' | 'cdks'>, redeemed: number): string[] {
  const units = order.items.reduce((sum, item) => sum + item.buyNum, 0);
  return [
    order.items.length > 1
      ? `退款按整单处理：本订单 ${order.items.length} 种共 ${units} 件商品一并退款${order.cdks.length > 0 ? `，全部 ${order.cdks.length} 个激活码将失效` : ''}，不能只退其中一部分。`
      : null,
    redeemed > 0 ? `其中 ${redeemed} 个激活码已标记为已兑换：已兑换的激活码同样失效，对应游戏可能被平台收回。` : null,
  ].filter((note) => note !== null);
}

/** Where the gift stands for an order not (or no longer) paid: why 领取赠品 is not offered. */
export function giftUnavailableText(status: OrderStatus): string {
  if (status === 'refunding') return '订单退款中，赠品不可领取。';
  if (status === 'refunded') return '订单已退款，赠品不再发放。';
  if (status === 'unpaid') return '支付完成后可领取赠品。';
  return '订单未支付，赠品不发放。';
}

/** Toast after 短信发送激活码 succeeded. */
export const SMS_SENT = '激活码已发送至您的手机';

export const PAY_CHANNEL_TEXT: Record<PayChannelCode, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
};

/**
 * Statuses in which a refund may be asked for (docs/api.md): `paid` and
 * `delivered`, within 7 days of payment and before a gift code was claimed.
 * The server decides and says so in `order.refundable`; the UI offers
 * 申请退款 only when that flag is true.
 */
const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['paid', 'delivered'];

export function canRequestRefund(order: Pick<Order, 'status' | 'refundable'>): boolean {
  return order.refundable && REFUNDABLE_STATUSES.includes(order.status);
}

/** `65_000` → `01:05`; negative values show `00:00`. Minutes may exceed 59 (`75:00`). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Items credited to the buyer's account rather than delivered as codes (fewer codes than units). */
export function hasAccountDelivery(order: Pick<Order, 'items' | 'cdks' | 'status'>): boolean {
  if (order.status !== 'delivered' && order.status !== 'paid') return false;
  const ofItem = (item: Order['items'][number]) =>
    order.cdks.filter((cdk) =>
      cdk.goodsId === undefined ? cdk.goodsName === item.goodsName : cdk.goodsId === item.goodsId,
    );
  return order.items.some((item) => ofItem(item).length < item.buyNum);
}

/** The text of an order's goods, e.g. `原神 · 月卡 × 2，…`. */
export function orderTitle(order: Pick<Order, 'items' | 'orderId'>): string {
  return order.items.map((item) => `${item.gameName} · ${item.goodsName} × ${item.buyNum}`).join('，') || order.orderId;
}

const PositiveInt = z.coerce.number().check(z.int(), z.positive());

/** What the pay modal is opened with: goods from a buy button, or an existing unpaid order (继续支付). */
/** A purchase resumed after an expiry: the choices the pay dialog had (re-checked when it opens again). */
const PayChoicesSchema = z.object({
  packageId: z.nullable(PositiveInt),
  couponId: z.nullable(z.string()),
  channel: z.nullable(PayChannelCodeSchema),
});

/** 去结算's lines (machines/pay-gate.machine.ts `CartPurchase`): at the prices shown, with their names. */
const CartPurchaseSchema = z.object({
  plan: z.enum(['oneOrder', 'orderPerGoods', 'afterLogin']),
  lines: z
    .array(
      z.object({
        goodsId: PositiveInt,
        gameId: PositiveInt,
        buyNum: PositiveInt,
        price: z.int().check(z.gte(0)),
        gameName: z.string(),
        goodsName: z.string(),
        cover: z.string(),
      }),
    )
    .check(z.minLength(1)),
});

export const PayModalPropsSchema = z.union([
  // `resume`: back from a pay app, the order's payment is awaited again (docs/buying.md, "Paying on a phone").
  z.object({ orderId: z.string().check(z.minLength(1)), resume: z.optional(z.boolean()) }),
  z.object({
    goodsId: PositiveInt,
    buyNum: z._default(PositiveInt, 1),
    gameId: PositiveInt,
    choices: z.optional(PayChoicesSchema),
    // A purchase resumed after an expiry orders with its interrupted dialog's idempotency key.
    requestId: z.optional(z.string().check(z.minLength(1))),
    // 去结算: the cart's lines (the goods above is the first).
    cart: z.optional(CartPurchaseSchema),
  }),
]);

/** A fresh idempotency key for one order attempt. */
export function newRequestId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
