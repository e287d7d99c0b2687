/**
 * Orders and payment under /nnorder, package matching under /nn-activity.
 *
 * Order status (see docs/api.md for the chart):
 *   unpaid → paid → delivered → refunding → refunded
 *   unpaid → cancelled | expired | failed
 * An order is refundable while `delivered` (or `paid`) within its items' `refundDays`
 * of payment (./goods-promise.ts) and its CDK has not been revealed by a gift claim;
 * the server says so in `refundable`.
 */
import * as z from 'zod/mini';
import { EpochMsSchema, FenSchema, IdSchema, pageOf } from './common';
import { GoodsTypeSchema, PromiseFields } from './goods';
import { defineEndpoint, emptyList, http } from './http';

export const OrderStatusSchema = z.enum([
  'unpaid',
  'paid',
  'delivered',
  'cancelled',
  'expired',
  'failed',
  'refunding',
  'refunded',
]);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const PayChannelCodeSchema = z.enum(['wechat', 'alipay']);
export type PayChannelCode = z.infer<typeof PayChannelCodeSchema>;

export const OrderItemSchema = z.object({
  goodsId: IdSchema,
  gameId: IdSchema,
  gameName: z.string(),
  goodsName: z.string(),
  goodsType: GoodsTypeSchema,
  cover: z.string(),
  /** unit price, fen */
  price: FenSchema,
  buyNum: z.int(),
  /** the goods' promise (region, platform, refund window) as it was when the order was made */
  ...PromiseFields,
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = z.object({
  orderId: z.string(),
  status: OrderStatusSchema,
  items: z.array(OrderItemSchema),
  /** sum of price × buyNum, fen */
  totalAmount: FenSchema,
  /** coupon or package saving, fen */
  discountAmount: FenSchema,
  /** what the user pays, fen */
  payAmount: FenSchema,
  coupon: z.nullable(z.object({ couponId: z.string(), title: z.string(), amount: FenSchema })),
  payChannel: z.nullable(PayChannelCodeSchema),
  createTime: EpochMsSchema,
  payTime: z.nullable(EpochMsSchema),
  /** an unpaid order expires at this time */
  expireTime: EpochMsSchema,
  /**
   * delivered codes, one per unit of `cdk` goods; `goodsId` (extension, docs/cart.md): the goods of the code, since
   * an order of several games may hold two goods of the same name (each game's 标准版)
   */
  cdks: z.array(z.object({ goodsName: z.string(), code: z.string(), goodsId: z.optional(IdSchema) })),
  hasGift: z.boolean(),
  /** what the gift is (added, docs/decisions/0019-money-path-trust-and-budget.md) */
  giftName: z.optional(z.string()),
  giftClaimed: z.boolean(),
  refundable: z.boolean(),
  refundReason: z.nullable(z.string()),
  timeline: z.array(z.object({ status: OrderStatusSchema, time: EpochMsSchema })),
});
export type Order = z.infer<typeof OrderSchema>;

export const PayChannelSchema = z.object({
  channelCode: PayChannelCodeSchema,
  name: z.string(),
  /** `qrcode`: scan with the phone; `link`: open the pay page */
  payType: z.enum(['qrcode', 'link']),
  icon: z.string(),
});
export type PayChannel = z.infer<typeof PayChannelSchema>;

export const PaymentSchema = z.object({
  orderId: z.string(),
  channelCode: PayChannelCodeSchema,
  payType: z.enum(['qrcode', 'link']),
  /** text to encode as a QR (qrcode) */
  qrContent: z.nullable(z.string()),
  /** image of that QR (an SVG under /webapi/static/qr/ in the simulated backend) */
  qrImage: z.nullable(z.string()),
  /** pay page (link) */
  payUrl: z.nullable(z.string()),
  /**
   * Only when asked with `client: 'h5'` (a phone): the pay channel's mobile web page (WeChat H5 pay, Alipay
   * wap pay), which sends the shopper back to `returnUrl` when done. A server without H5 pay leaves it out,
   * and the phone gets the QR code or link as a desktop does (docs/api.md, "Paying on a phone").
   */
  h5Url: z.optional(z.nullable(z.string())),
  expireTime: EpochMsSchema,
});
export type Payment = z.infer<typeof PaymentSchema>;

export const OrderStatusAnswerSchema = z.object({
  orderId: z.string(),
  status: OrderStatusSchema,
  payTime: z.nullable(EpochMsSchema),
});

export const PackageSchema = z.object({
  packageId: IdSchema,
  name: z.string(),
  goodsIds: z.array(IdSchema),
  /** package price, fen */
  price: FenSchema,
  /** sum of the goods' prices, fen */
  originalPrice: FenSchema,
});
export type Package = z.infer<typeof PackageSchema>;

export interface OrderLine {
  goodsId: number;
  buyNum: number;
  /**
   * The unit price the shopper saw, fen (extension, not in the spec: docs/cart.md): `combine/order/create` refuses
   * an order whose goods costs anything else today (`order_40004`), so no line is charged at a price not shown.
   */
  price?: number | undefined;
}

type Opts = { signal?: AbortSignal | undefined };
const retry = 'Error with retry';

export const orderList = defineEndpoint({
  id: 'orders.list',
  method: 'POST',
  path: '/nnorder/mall/unified/order/list',
  data: pageOf(OrderSchema),
  request: '`{ pageNum, pageSize, status? }`',
  response: '`Page<Order>` newest first',
  uiOnFailure: retry,
});
export const orderDetail = defineEndpoint({
  id: 'orders.detail',
  method: 'GET',
  path: '/nnorder/mall/unified/order/detail',
  data: OrderSchema,
  request: 'query `id`',
  response: "`Order`; extension: each code's `goodsId`; `order_40404`",
  uiOnFailure: 'Not found message or retry',
});
export const orderSendSms = defineEndpoint({
  id: 'orders.sendSms',
  method: 'POST',
  path: '/nnorder/mall/unified/order/sendSms',
  data: z.boolean(),
  request: '`{ orderId }`',
  response: '`true` (codes to the account phone); once per 60 s',
  uiOnFailure: 'retMsg toast',
});
export const orderBoheAccount = defineEndpoint({
  id: 'orders.boheAccount',
  method: 'GET',
  path: '/nnorder/mall/unified/order/boheAccount',
  data: z.object({ account: z.string(), nickname: z.string() }),
  request: 'query `orderId`',
  response: '`{ account (masked), nickname }` credited',
  uiOnFailure: 'Row hidden',
});
export const orderStatus = defineEndpoint({
  id: 'orders.status',
  method: 'GET',
  path: '/nnorder/mall/unified/order/status',
  data: OrderStatusAnswerSchema,
  request: 'query `orderId`',
  response: '`{ orderId, status, payTime }`',
  uiOnFailure: 'Polling continues',
});
export const quickRefund = defineEndpoint({
  id: 'orders.quickRefund',
  method: 'POST',
  path: '/nnorder/unified/mall/quick/refund',
  data: OrderSchema,
  request: '`{ orderId, reason }`',
  response: '`Order` now `refunding`; `order_40901`',
  uiOnFailure: 'retMsg in the refund dialog',
});
export const packageQueryV2 = defineEndpoint({
  id: 'orders.packageQueryV2',
  method: 'POST',
  path: '/nn-activity/client/matching/package/queryV2',
  data: z.array(PackageSchema),
  fallback: emptyList,
  request: '`{ goodsIds }`',
  response: '`Package[]` holding those goods',
  uiOnFailure: 'No package offered',
});
export const payChannels = defineEndpoint({
  id: 'orders.payChannels',
  method: 'POST',
  path: '/nnorder/api/order/channel/bohe/findAvailablePayChannels',
  data: z.array(PayChannelSchema),
  request: '`{ amount }`',
  response: '`PayChannel[]`',
  uiOnFailure: 'Error with retry in the pay dialog',
});
export const combineOrderCreate = defineEndpoint({
  id: 'orders.combineCreate',
  method: 'POST',
  path: '/nnorder/combine/order/create',
  data: OrderSchema,
  request:
    "`{ items: OrderLine[], couponId?, packageId?, requestId }`; extension: lines' `price` (as seen), `fromCart`",
  response:
    '`Order` (same `requestId`, same order); `stock_40901`, `order_40002`, `coupon_40001`, `order_40003`, `order_40004`; a paid `fromCart` order leaves the cart',
  uiOnFailure: 'retMsg in the pay dialog',
});
export const orderCreate = defineEndpoint({
  id: 'orders.create',
  method: 'POST',
  path: '/nnorder/unified/order/create',
  data: OrderSchema,
  request: '`{ goodsId, buyNum, couponId?, requestId }`',
  response: '`Order` (same `requestId`, same order); `stock_40901` sold out',
  uiOnFailure: 'retMsg in the pay dialog',
});
export const orderPay = defineEndpoint({
  id: 'orders.pay',
  method: 'POST',
  path: '/nnorder/unified/order/pay',
  data: PaymentSchema,
  request: "`{ orderId, channelCode, client?: 'h5', returnUrl? }`",
  response: "`Payment` (QR or link; `h5Url` for `client: 'h5'`)",
  uiOnFailure: 'retMsg in the pay dialog',
});
export const giftCdkReceive = defineEndpoint({
  id: 'orders.giftCdkReceive',
  method: 'POST',
  path: '/nnorder/giftCdkGrant/qmSpeed/receive',
  data: z.object({ name: z.string(), code: z.string() }),
  request: '`{ orderId }`',
  response: '`{ name, code }` gift CDK (same when asked again)',
  uiOnFailure: 'retMsg toast',
});

export const getOrders = (
  body: { pageNum?: number; pageSize?: number; status?: OrderStatus | undefined },
  o: Opts = {},
) => http.call(orderList, { body: { pageNum: 1, pageSize: 10, ...body }, signal: o.signal });
export const getOrder = (id: string, o: Opts = {}) => http.call(orderDetail, { query: { id }, signal: o.signal });
export const postOrderSms = (orderId: string, o: Opts = {}) =>
  http.call(orderSendSms, { body: { orderId }, signal: o.signal });
export const getOrderAccount = (orderId: string, o: Opts = {}) =>
  http.call(orderBoheAccount, { query: { orderId }, signal: o.signal });
export const getOrderStatus = (orderId: string, o: Opts = {}) =>
  http.call(orderStatus, { query: { orderId }, signal: o.signal });
export const postRefund = (body: { orderId: string; reason: string }, o: Opts = {}) =>
  http.call(quickRefund, { body, signal: o.signal });
export const getPackages = (goodsIds: number[], o: Opts = {}) =>
  http.call(packageQueryV2, { body: { goodsIds }, signal: o.signal });
export const getPayChannels = (amount: number, o: Opts = {}) =>
  http.call(payChannels, { body: { amount }, signal: o.signal });
export const createOrder = (
  body: { goodsId: number; buyNum: number; couponId?: string | undefined; requestId: string },
  o: Opts = {},
) => http.call(orderCreate, { body, signal: o.signal });
export const createCombinedOrder = (
  body: {
    items: OrderLine[];
    couponId?: string | undefined;
    packageId?: number | undefined;
    requestId: string;
    /** extension (docs/cart.md): the lines come from the account's cart, which they leave once paid */
    fromCart?: boolean | undefined;
  },
  o: Opts = {},
) => http.call(combineOrderCreate, { body, signal: o.signal });
/** `client: 'h5'` with a `returnUrl` (a path of the store) asks for the channel's mobile web page (`h5Url`). */
export const payOrder = (
  body: { orderId: string; channelCode: PayChannelCode; client?: 'h5' | undefined; returnUrl?: string | undefined },
  o: Opts = {},
) => http.call(orderPay, { body, signal: o.signal });
export const receiveGiftCdk = (orderId: string, o: Opts = {}) =>
  http.call(giftCdkReceive, { body: { orderId }, signal: o.signal });

// The order queries are account data: keyed by the user, in src/features/buying/queries.ts.
