/** Orders, payment, refunds, gifts and packages under /nnorder and /nn-activity. */
import { PRICE_CHANGED_CODE, priceChangedText } from '../../api/cart';
import * as orders from '../../api/orders';
import type { OrderItem, OrderStatus, PayChannelCode, Payment } from '../../api/orders';
import { ORDER_PAY_WINDOW_MS, cdkCode, dateStamp, int, maskPhone, num, randomString, str } from './rules';
import { smsRateLimit } from './routes-user';
import { goodsNotFound } from './routes-goods';
import type { OrderRecord } from './state';
import type { Route, RouteContext, World } from './world';
import {
  BizError,
  couponFits,
  couponView,
  findGoods,
  imageUrl,
  orderGiftName,
  orderView,
  ownOrder,
  route,
} from './world';
import { GIFT_NAME } from '../seed/games';

const STATUSES: readonly OrderStatus[] = orders.OrderStatusSchema.options;
const CHANNELS: readonly PayChannelCode[] = ['wechat', 'alipay'];

interface Line {
  goodsId: number;
  buyNum: number;
  /** the unit prices the shopper saw for this goods (extension: each line's `price`), none when not said */
  seen: number[];
}

/** The lines of a combined order, one per goods (a goods named twice is bought once with both quantities). */
function readLines(raw: unknown): Line[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new BizError('order_40001', '请选择要购买的商品');
  const merged = new Map<number, Line>();
  for (const entry of raw) {
    const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const goodsId = num(record.goodsId);
    if (goodsId === undefined) throw goodsNotFound();
    const line = merged.get(goodsId) ?? { goodsId, buyNum: 0, seen: [] };
    line.buyNum += readBuyNum(record.buyNum);
    if (record.price !== undefined && record.price !== null) line.seen.push(num(record.price) ?? Number.NaN);
    merged.set(goodsId, line);
  }
  return [...merged.values()];
}

/** A quantity: a whole number from 1 (unset: 1); `code` answers anything else (the order's, or the cart's). */
export function readBuyNum(raw: unknown, code = 'order_40001'): number {
  const buyNum = num(raw ?? 1);
  if (buyNum === undefined || !Number.isInteger(buyNum) || buyNum < 1) throw new BizError(code, '购买数量不正确');
  return buyNum;
}

function orderId(world: World): string {
  const id = `XY${dateStamp(world.now())}${String(world.state.nextOrderSeq).padStart(6, '0')}`;
  world.state.nextOrderSeq += 1;
  return id;
}

/** Shared by unified (one goods) and combine (several) order creation. */
function createOrder(ctx: RouteContext, lines: Line[]): OrderRecord {
  const { world, body } = ctx;
  const account = ctx.requireUser();
  const requestId = str(body.requestId);
  if (requestId) {
    // Idempotency: a retried create (same user, same requestId) gets the first order back.
    const earlier = world.state.orders.find((o) => o.userId === account.userId && o.requestId === requestId);
    if (earlier) return earlier;
  }

  const items: OrderItem[] = lines.map(({ goodsId, buyNum, seen }) => {
    const item = findGoods(world, goodsId);
    if (!item) throw goodsNotFound();
    // Nothing is charged at a price the shopper did not see (docs/cart.md): the page shows today's and asks again.
    if (seen.some((price) => price !== item.price))
      throw new BizError(PRICE_CHANGED_CODE, priceChangedText(`${item.gameName} · ${item.name}`));
    if (buyNum > item.limitPerOrder)
      throw new BizError('order_40002', `「${item.name}」每单限购${item.limitPerOrder}件`);
    if (item.stock < buyNum) throw new BizError('stock_40901', '库存不足，请联系客服');
    return {
      goodsId: item.goodsId,
      gameId: item.gameId,
      gameName: item.gameName,
      goodsName: item.name,
      goodsType: item.type,
      cover: item.cover,
      price: item.price,
      buyNum,
      // The promise the shopper was shown (an unset field stays unset: the client's default applies); a later
      // change to the goods does not change what this order may do.
      activationRegion: item.activationRegion,
      activationPlatform: item.activationPlatform,
      refundDays: item.refundDays,
    };
  });
  const totalAmount = items.reduce((sum, i) => sum + i.price * i.buyNum, 0);

  const couponId = str(body.couponId);
  const packageId = num(body.packageId);
  if (couponId && packageId !== undefined) throw new BizError('order_40003', '优惠券与套餐优惠不能同时使用');

  let discountAmount = 0;
  let coupon: OrderRecord['coupon'] = null;
  const couponRecord = couponId
    ? world.state.coupons.find((c) => c.couponId === couponId && c.userId === account.userId)
    : undefined;
  if (couponId) {
    const view = couponRecord && couponView(world, couponRecord);
    if (!view || !couponFits(view, items)) throw new BizError('coupon_40001', '该优惠券不可用于当前订单');
    discountAmount = Math.min(view.amount, totalAmount);
    coupon = { couponId: view.couponId, title: view.title, amount: view.amount };
  }
  if (packageId !== undefined) {
    const bundle = world.seed.packages.find((p) => p.packageId === packageId);
    if (!bundle || !bundle.goodsIds.every((id) => items.some((i) => i.goodsId === id))) {
      throw new BizError('package_40001', '套餐不可用，请重新选择');
    }
    discountAmount = Math.min(Math.max(0, bundle.originalPrice - bundle.price), totalAmount);
  }

  const now = world.now();
  const order: OrderRecord = {
    orderId: orderId(world),
    userId: account.userId,
    requestId,
    status: 'unpaid',
    items,
    totalAmount,
    discountAmount,
    payAmount: totalAmount - discountAmount,
    coupon,
    packageId: packageId ?? null,
    payChannel: null,
    createTime: now,
    payTime: null,
    expireTime: now + ORDER_PAY_WINDOW_MS,
    qrShownAt: null,
    refundRequestedAt: null,
    ...(body.fromCart === true ? { fromCart: true } : {}),
    cdks: [],
    hasGift: items.some((i) => findGoods(world, i.goodsId)?.hasGift === true),
    gift: null,
    refundReason: null,
    timeline: [{ status: 'unpaid', time: now }],
  };
  for (const item of items) {
    const key = String(item.goodsId);
    world.state.stock[key] = (findGoods(world, item.goodsId)?.stock ?? 0) - item.buyNum;
  }
  if (couponRecord) {
    couponRecord.used = true;
    couponRecord.usedOrderId = order.orderId;
  }
  world.state.orders.push(order);
  return order;
}

function payment(world: World, order: OrderRecord, channel: PayChannelCode): Payment {
  const base = world.publicBase;
  if (channel === 'wechat') {
    return {
      orderId: order.orderId,
      channelCode: channel,
      payType: 'qrcode',
      qrContent: payQrContent(order.orderId),
      qrImage: `${base}/static/qr/pay-${order.orderId}.svg`,
      payUrl: null,
      expireTime: order.expireTime,
    };
  }
  return {
    orderId: order.orderId,
    channelCode: channel,
    payType: 'link',
    qrContent: null,
    qrImage: null,
    payUrl: `${base}/static/pay/${order.orderId}?sign=${order.payToken ?? ''}`,
    expireTime: order.expireTime,
  };
}

export const payQrContent = (id: string) => `weixin://wxpay/bizpayurl?pr=${id}`;

/** Stands for the store's own origin while a return path is parsed: a path that leaves it names another site. */
const STORE_ORIGIN = 'https://store.invalid';
// Control characters (a browser drops tab and newline from a URL, so `/\t/evil.test` reads as `//evil.test`;
// a newline in a Location header breaks the answer) and backslashes (read as `/`).
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;

/**
 * Where the H5 page sends the shopper back to: a path of the store that asked for the payment, so the page is
 * no open redirect. The raw value must be a path (`/…`) with no control character or backslash; parsed as a
 * browser would against the store's origin, it must stay on that origin, and it is answered as parsed (path,
 * query, hash), never as given. Anything else goes to the store's home page.
 */
export function h5ReturnPath(raw: string | undefined): string {
  if (!raw || !raw.startsWith('/') || UNSAFE_IN_PATH.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, STORE_ORIGIN);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === STORE_ORIGIN && !path.startsWith('//') ? path : '/';
}

/** The URL the pay call hands a phone (docs/api.md, "Paying on a phone"): the H5 page (src/mock/handlers/static.ts), with the way back. */
const h5PayUrl = (publicBase: string, order: OrderRecord, channel: string, returnPath: string) =>
  `${publicBase}/static/h5pay/${encodeURIComponent(order.orderId)}?channel=${channel}&sign=${order.payToken ?? ''}&redirect_url=${encodeURIComponent(h5ReturnPath(returnPath))}`;

/** The order a pay page names, when the page was asked for with that order's secret (`payToken`, the `sign` parameter); else none. */
export function payableByPage(world: World, orderId: string, token: string | undefined): OrderRecord | undefined {
  const order = world.state.orders.find((o) => o.orderId === orderId);
  return order?.payToken && token === order.payToken ? order : undefined;
}

const queryOrBody = (ctx: RouteContext, name: string) => ctx.request.query[name] ?? str(ctx.body[name]);

export const orderRoutes: Route[] = [
  route(orders.orderList, (ctx) => {
    const account = ctx.requireUser();
    const status = STATUSES.find((s) => s === ctx.body.status);
    const list = ctx.world.state.orders
      .filter((o) => o.userId === account.userId && (!status || o.status === status))
      .sort((a, b) => b.createTime - a.createTime || b.orderId.localeCompare(a.orderId));
    const pageNum = int(ctx.body.pageNum, 1, 1, 10_000);
    const pageSize = int(ctx.body.pageSize, 10, 1, 100);
    return {
      list: list.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((o) => orderView(ctx.world, o)),
      total: list.length,
      pageNum,
      pageSize,
    };
  }),
  route(orders.orderDetail, (ctx) =>
    orderView(ctx.world, ownOrder(ctx.world, ctx.requireUser(), queryOrBody(ctx, 'id'))),
  ),
  route(orders.orderSendSms, (ctx) => {
    const { world } = ctx;
    const order = ownOrder(world, ctx.requireUser(), ctx.body.orderId);
    if (order.status !== 'delivered') throw new BizError('order_40902', '订单尚未发货，暂无可发送的卡密');
    smsRateLimit(world, world.state.orderSmsSentAt[order.orderId], '短信');
    world.state.orderSmsSentAt[order.orderId] = world.now();
    return true;
  }),
  route(orders.orderBoheAccount, (ctx) => {
    const account = ctx.requireUser();
    ownOrder(ctx.world, account, queryOrBody(ctx, 'orderId'));
    return { account: maskPhone(account.phone), nickname: `星游玩家${account.phone.slice(-4)}` };
  }),
  route(orders.orderStatus, (ctx) => {
    const order = ownOrder(ctx.world, ctx.requireUser(), queryOrBody(ctx, 'orderId'));
    return { orderId: order.orderId, status: order.status, payTime: order.payTime };
  }),
  route(orders.quickRefund, (ctx) => {
    const { world } = ctx;
    const order = ownOrder(world, ctx.requireUser(), ctx.body.orderId);
    if (!orderView(world, order).refundable) throw new BizError('order_40901', '该订单不支持退款');
    const now = world.now();
    order.status = 'refunding';
    order.refundRequestedAt = now;
    // No reason given: the terms it was refunded under (the agreement's, not the statutory 七日无理由 it excludes).
    order.refundReason = str(ctx.body.reason).trim() || '未兑换激活码退款';
    order.timeline.push({ status: 'refunding', time: now });
    return orderView(world, order);
  }),
  route(orders.packageQueryV2, ({ world, body }) => {
    const ids = Array.isArray(body.goodsIds) ? body.goodsIds.map(Number) : [];
    return world.seed.packages.filter((p) => p.goodsIds.some((id) => ids.includes(id)));
  }),
  route(orders.payChannels, ({ world }) => [
    {
      channelCode: 'wechat' as const,
      name: '微信支付',
      payType: 'qrcode' as const,
      icon: imageUrl(world, 'pay', 'wechat'),
    },
    {
      channelCode: 'alipay' as const,
      name: '支付宝',
      payType: 'link' as const,
      icon: imageUrl(world, 'pay', 'alipay'),
    },
  ]),
  route(orders.combineOrderCreate, (ctx) => {
    ctx.requireUser();
    return orderView(ctx.world, createOrder(ctx, readLines(ctx.body.items)));
  }),
  route(orders.orderCreate, (ctx) => {
    ctx.requireUser();
    const line = { goodsId: num(ctx.body.goodsId) ?? -1, buyNum: readBuyNum(ctx.body.buyNum), seen: [] };
    return orderView(ctx.world, createOrder(ctx, [line]));
  }),
  route(orders.orderPay, (ctx) => {
    const { world } = ctx;
    const order = ownOrder(world, ctx.requireUser(), ctx.body.orderId);
    const channel = CHANNELS.find((c) => c === ctx.body.channelCode);
    if (!channel) throw new BizError('pay_40001', '不支持的支付方式');
    if (order.status !== 'unpaid') throw new BizError('order_40902', '订单状态已变更，无法支付');
    order.payChannel = channel;
    order.payToken ??= randomString(world.random, 24);
    const answer = payment(world, order, channel);
    const h5 = ctx.body.client === 'h5';
    // The automatic payment counts from the first QR code of a run of QR hand-outs; a pay page handed out
    // instead (a link, or a phone's H5 page) is the shopper's to pay, and stops it.
    order.qrShownAt = !h5 && answer.payType === 'qrcode' ? (order.qrShownAt ?? world.now()) : null;
    return h5 ? { ...answer, h5Url: h5PayUrl(world.publicBase, order, channel, str(ctx.body.returnUrl)) } : answer;
  }),
  route(orders.giftCdkReceive, (ctx) => {
    const { world } = ctx;
    const order = ownOrder(world, ctx.requireUser(), ctx.body.orderId);
    if (!order.hasGift) throw new BizError('gift_40401', '该订单没有可领取的赠品');
    if (order.gift) return order.gift;
    if (order.status !== 'paid' && order.status !== 'delivered')
      throw new BizError('order_40902', '订单未支付，暂不能领取赠品');
    order.gift = { name: orderGiftName(world, order) ?? GIFT_NAME, code: cdkCode(world.random) };
    return order.gift;
  }),
];
