import { describe, expect, it } from 'vitest';
import { getGameGoods, getStorage } from '../../src/api/goods';
import {
  createCombinedOrder,
  createOrder,
  getOrder,
  getOrderAccount,
  getOrderStatus,
  getOrders,
  getPackages,
  getPayChannels,
  payOrder,
  postOrderSms,
  postRefund,
  receiveGiftCdk,
} from '../../src/api/orders';
import { http } from '../../src/api/http';
import {
  backend,
  catalogue,
  failure,
  giftGoods,
  nextRequestId,
  paidOrder,
  placeOrder,
  plainGoods,
  signUp,
  soldOutGoods,
  useSession,
} from './helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function stockOf(goodsId: number): Promise<number> {
  const goods = catalogue.goods.find((g) => g.goodsId === goodsId)!;
  const { goods: list } = await getGameGoods(goods.gameId);
  return list.find((g) => g.goodsId === goodsId)!.stock;
}

describe('creating orders', () => {
  it('creates an unpaid order that expires in 15 minutes and takes the units from stock', async () => {
    await signUp();
    const before = await stockOf(plainGoods.goodsId);
    const order = await placeOrder(plainGoods.goodsId, 2);
    expect(order).toMatchObject({
      status: 'unpaid',
      totalAmount: plainGoods.price * 2,
      discountAmount: 0,
      payAmount: plainGoods.price * 2,
      payTime: null,
      cdks: [],
      refundable: false,
    });
    expect(order.items).toEqual([
      expect.objectContaining({ goodsId: plainGoods.goodsId, buyNum: 2, price: plainGoods.price }),
    ]);
    expect(order.expireTime - order.createTime).toBe(15 * MINUTE);
    expect(order.timeline).toEqual([{ status: 'unpaid', time: order.createTime }]);
    expect(await stockOf(plainGoods.goodsId)).toBe(before - 2);
  });

  it('returns the same order for the same requestId instead of creating another', async () => {
    await signUp();
    const before = await stockOf(plainGoods.goodsId);
    const request = { goodsId: plainGoods.goodsId, buyNum: 1, requestId: 'retry-me' };
    const first = await createOrder(request);
    const second = await createOrder(request);
    expect(second.orderId).toBe(first.orderId);
    expect((await getOrders({})).total).toBe(1);
    expect(await stockOf(plainGoods.goodsId)).toBe(before - 1);
  });

  it('keeps requestIds per user', async () => {
    await signUp();
    const mine = await createOrder({ goodsId: plainGoods.goodsId, buyNum: 1, requestId: 'shared-id' });
    await signUp();
    const theirs = await createOrder({ goodsId: plainGoods.goodsId, buyNum: 1, requestId: 'shared-id' });
    expect(theirs.orderId).not.toBe(mine.orderId);
  });

  it('answers stock_40901 with the spec wording when stock is short', async () => {
    await signUp();
    expect(await getStorage({ goodsId: soldOutGoods.goodsId })).toBe(false);
    expect(await failure(placeOrder(soldOutGoods.goodsId, 1))).toMatchObject({
      kind: 'business',
      code: 'stock_40901',
      message: '库存不足，请联系客服',
    });
  });

  it('refuses more units than the per-order limit', async () => {
    await signUp();
    const error = await failure(placeOrder(plainGoods.goodsId, plainGoods.limitPerOrder + 1));
    expect(error).toMatchObject({ kind: 'business', code: 'order_40002' });
    expect(error.message).toContain(`限购${plainGoods.limitPerOrder}件`);
  });

  it('refuses a quantity below one and unknown goods', async () => {
    await signUp();
    expect(await failure(placeOrder(plainGoods.goodsId, 0))).toMatchObject({ code: 'order_40001' });
    expect(await failure(placeOrder(999_999, 1))).toMatchObject({ code: 'goods_40404' });
  });

  it('checks stock against the quantity asked for', async () => {
    expect(await getStorage({ goodsId: plainGoods.goodsId, buyNum: plainGoods.stock })).toBe(true);
    expect(await getStorage({ goodsId: plainGoods.goodsId, buyNum: plainGoods.stock + 1 })).toBe(false);
  });

  it('requires login', async () => {
    expect(await failure(placeOrder())).toMatchObject({ kind: 'auth', code: 'auth_40001' });
  });

  it('combines several goods and applies a package price', async () => {
    await signUp();
    const bundle = catalogue.packages[0]!;
    expect((await getPackages([bundle.goodsIds[0]!])).map((p) => p.packageId)).toContain(bundle.packageId);
    const order = await createCombinedOrder({
      items: bundle.goodsIds.map((goodsId) => ({ goodsId, buyNum: 1 })),
      packageId: bundle.packageId,
      requestId: nextRequestId(),
    });
    expect(order.items).toHaveLength(bundle.goodsIds.length);
    expect(order.totalAmount).toBe(bundle.originalPrice);
    expect(order.payAmount).toBe(bundle.price);
    expect(order.discountAmount).toBe(bundle.originalPrice - bundle.price);
  });

  it('refuses a package whose goods are not all in the order', async () => {
    await signUp();
    const bundle = catalogue.packages[0]!;
    const error = await failure(
      createCombinedOrder({
        items: [{ goodsId: bundle.goodsIds[0]!, buyNum: 1 }],
        packageId: bundle.packageId,
        requestId: nextRequestId(),
      }),
    );
    expect(error).toMatchObject({ code: 'package_40001' });
  });
});

describe('expiry', () => {
  it('expires an unpaid order after 15 minutes and puts its units back', async () => {
    await signUp();
    const before = await stockOf(plainGoods.goodsId);
    const order = await placeOrder(plainGoods.goodsId, 2);
    backend.control.advanceClock(14 * MINUTE);
    expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
    backend.control.advanceClock(MINUTE + 1_000);
    expect((await getOrderStatus(order.orderId)).status).toBe('expired');
    expect(await stockOf(plainGoods.goodsId)).toBe(before);
    const detail = await getOrder(order.orderId);
    expect(detail.timeline.map((t) => t.status)).toEqual(['unpaid', 'expired']);
    expect(detail.timeline[1]!.time).toBe(order.expireTime);
  });

  it('cannot pay an expired order', async () => {
    await signUp();
    const order = await placeOrder();
    backend.control.advanceClock(16 * MINUTE);
    expect(await failure(payOrder({ orderId: order.orderId, channelCode: 'wechat' }))).toMatchObject({
      code: 'order_40902',
    });
  });
});

describe('payment', () => {
  it('lists WeChat (QR code) and Alipay (link) as pay channels', async () => {
    const channels = await getPayChannels(100);
    expect(channels.map((c) => [c.channelCode, c.payType])).toEqual([
      ['wechat', 'qrcode'],
      ['alipay', 'link'],
    ]);
  });

  it('gives a WeChat QR code whose image is served as SVG', async () => {
    await signUp();
    const order = await placeOrder();
    const payment = await payOrder({ orderId: order.orderId, channelCode: 'wechat' });
    expect(payment).toMatchObject({
      orderId: order.orderId,
      payType: 'qrcode',
      qrImage: `/webapi/static/qr/pay-${order.orderId}.svg`,
      payUrl: null,
      expireTime: order.expireTime,
    });
    expect(payment.qrContent).toContain(order.orderId);
    const image = await (await http.axios()).get<string>(`/static/qr/pay-${order.orderId}.svg`, {
      responseType: 'text',
    });
    expect(image.data).toContain('<svg');
  });

  it('gives an Alipay link to the simulated pay page', async () => {
    await signUp();
    const order = await placeOrder();
    const payment = await payOrder({ orderId: order.orderId, channelCode: 'alipay' });
    expect(payment).toMatchObject({ payType: 'link', qrContent: null, qrImage: null });
    expect(payment.payUrl).toMatch(new RegExp(`^/webapi/static/pay/${order.orderId}\\?sign=\\w{24}$`));
    const page = await (await http.axios()).get<string>(payment.payUrl!.replace('/webapi', ''), {
      responseType: 'text',
    });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.data).toContain('模拟支付页');
    expect(page.data).toContain(order.orderId);
  });

  // Found by probing the money path (docs/decisions/0019-money-path-trust-and-budget.md): the pay pages showed any order to whoever guessed its sequential id, and let them pay it.
  it.each([
    ['the 支付宝 link’s page', 'alipay', undefined],
    ['the H5 page', 'wechat', 'h5'],
  ] as const)(
    'shows %s only with the order’s own secret from the pay call: a guessed id shows no order and pays none',
    async (_, channelCode, client) => {
      await signUp();
      const order = await placeOrder();
      const payment = await payOrder({
        orderId: order.orderId,
        channelCode,
        ...(client ? { client, returnUrl: '/' } : {}),
      });
      const handedOut = new URL((client ? payment.h5Url : payment.payUrl)!, 'http://store.test');
      expect(handedOut.searchParams.get('sign')).toMatch(/^\w{24}$/);
      const page = (token: string | null) => {
        const url = new URL(handedOut);
        if (token === null) url.searchParams.delete('sign');
        else url.searchParams.set('sign', token);
        return `${url.pathname.replace('/webapi', '')}${url.search}`;
      };
      for (const guess of [page(null), page(''), page('x'.repeat(24))]) {
        const shown = await (await http.axios()).get<string>(guess, {
          responseType: 'text',
          validateStatus: () => true,
        });
        expect(shown.status).toBe(404);
        expect(shown.data).toContain('订单不存在');
        expect(shown.data).not.toContain(order.orderId);
        const posted = new URL(guess, 'http://store.test');
        posted.searchParams.set('do', 'pay');
        await (await http.axios()).post(`${posted.pathname}${posted.search}`, undefined, {
          validateStatus: () => true,
          maxRedirects: 0,
        });
      }
      expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
      const own = await (await http.axios()).get<string>(page(handedOut.searchParams.get('sign')), {
        responseType: 'text',
      });
      expect(own.data).toContain(order.orderId);
    },
  );

  it('completes a payment by control: paid, then delivered with one CDK per unit', async () => {
    await signUp();
    const order = await placeOrder(plainGoods.goodsId, 2);
    await payOrder({ orderId: order.orderId, channelCode: 'alipay' });
    expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
    backend.control.completePayment(order.orderId);
    const status = await getOrderStatus(order.orderId);
    expect(status.status).toBe('delivered');
    expect(status.payTime).toEqual(expect.any(Number));
    const detail = await getOrder(order.orderId);
    expect(detail.payChannel).toBe('alipay');
    expect(detail.timeline.map((t) => t.status)).toEqual(['unpaid', 'paid', 'delivered']);
    expect(detail.cdks).toHaveLength(2);
    for (const cdk of detail.cdks) expect(cdk.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(detail.refundable).toBe(true);
  });

  it('pays automatically 8 seconds after pay was called', async () => {
    backend.control.setAutoPay(8_000); // the tests' backend has it off (tests/support/server.ts)
    await signUp();
    const order = await placeOrder();
    backend.control.advanceClock(60_000);
    expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
    await payOrder({ orderId: order.orderId, channelCode: 'wechat' });
    backend.control.advanceClock(7_000);
    expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
    backend.control.advanceClock(1_500);
    expect((await getOrderStatus(order.orderId)).status).toBe('delivered');
  });

  it('never pays by itself an order handed to a phone’s H5 page: the shopper pays there, or it expires', async () => {
    await signUp();
    const order = await placeOrder();
    const answer = await payOrder({ orderId: order.orderId, channelCode: 'wechat', client: 'h5', returnUrl: '/' });
    expect(answer.h5Url).toEqual(expect.stringContaining('/static/h5pay/'));
    backend.control.advanceClock(14 * MINUTE);
    expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
    backend.control.advanceClock(MINUTE);
    expect((await getOrderStatus(order.orderId)).status).toBe('expired');
  });

  it('never pays by itself an order handed out as a pay link (the 支付宝 page has its own 确认支付)', async () => {
    await signUp();
    const order = await placeOrder();
    expect((await payOrder({ orderId: order.orderId, channelCode: 'alipay' })).payType).toBe('link');
    backend.control.advanceClock(10 * MINUTE);
    expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
  });

  it('stops the automatic payment when a QR code is followed by a pay page, and counts afresh from the next QR code', async () => {
    backend.control.setAutoPay(8_000); // the tests' backend has it off (tests/support/server.ts)
    await signUp();
    const order = await placeOrder();
    await payOrder({ orderId: order.orderId, channelCode: 'wechat' });
    backend.control.advanceClock(5_000);
    await payOrder({ orderId: order.orderId, channelCode: 'alipay' });
    backend.control.advanceClock(5_000);
    expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
    await payOrder({ orderId: order.orderId, channelCode: 'wechat' });
    backend.control.advanceClock(7_000);
    expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
    await payOrder({ orderId: order.orderId, channelCode: 'wechat' });
    backend.control.advanceClock(1_000);
    expect((await getOrderStatus(order.orderId)).status).toBe('delivered');
  });

  it('does not pay automatically when auto-pay is switched off', async () => {
    backend.control.setAutoPay(0);
    await signUp();
    const order = await placeOrder();
    await payOrder({ orderId: order.orderId, channelCode: 'wechat' });
    backend.control.advanceClock(10 * MINUTE);
    expect((await getOrderStatus(order.orderId)).status).toBe('unpaid');
  });

  it.each([
    ['a failed payment', 'failPayment', 'failed'],
    ['a payment the payer cancelled in the pay app', 'cancelPayment', 'cancelled'],
  ] as const)('marks %s and gives the stock back, for good', async (_, control, status) => {
    await signUp();
    const before = await stockOf(plainGoods.goodsId);
    const order = await placeOrder();
    expect(backend.control[control](order.orderId)).toBe(status);
    expect((await getOrderStatus(order.orderId)).status).toBe(status);
    expect(await stockOf(plainGoods.goodsId)).toBe(before);
    // a settled order stays as it is
    expect(backend.control.completePayment(order.orderId)).toBe(status);
  });

  it('charges the activity price for a goods of the running activity', async () => {
    await signUp();
    const entry = catalogue.activity.goods[0]!;
    const order = await placeOrder(entry.goodsId, 1);
    expect(order.totalAmount).toBe(entry.activityPrice);
    expect(order.items[0]?.price).toBe(entry.activityPrice);
  });

  it('sends the order codes by SMS at most once a minute', async () => {
    await signUp();
    const order = await paidOrder();
    expect(await postOrderSms(order.orderId)).toBe(true);
    expect(await failure(postOrderSms(order.orderId))).toMatchObject({ code: 'sms_42901' });
    backend.control.advanceClock(60_000);
    expect(await postOrderSms(order.orderId)).toBe(true);
  });

  it('shows the credited account as a masked phone', async () => {
    const user = await signUp();
    const order = await paidOrder();
    const account = await getOrderAccount(order.orderId);
    expect(account.account).toBe(`${user.telNum.slice(0, 3)}****${user.telNum.slice(7)}`);
  });
});

describe('refunds', () => {
  it('refunds a delivered order: refunding, then refunded 3 seconds later', async () => {
    await signUp();
    const order = await paidOrder();
    const refunding = await postRefund({ orderId: order.orderId, reason: '买错了' });
    expect(refunding).toMatchObject({ status: 'refunding', refundReason: '买错了', refundable: false });
    backend.control.advanceClock(3_000);
    const detail = await getOrder(order.orderId);
    expect(detail.status).toBe('refunded');
    expect(detail.timeline.map((t) => t.status)).toEqual(['unpaid', 'paid', 'delivered', 'refunding', 'refunded']);
  });

  it('refuses to refund an unpaid order with order_40901', async () => {
    await signUp();
    const order = await placeOrder();
    expect(await failure(postRefund({ orderId: order.orderId, reason: '' }))).toMatchObject({
      kind: 'business',
      code: 'order_40901',
      message: '该订单不支持退款',
    });
  });

  it('refuses a refund more than 7 days after payment', async () => {
    await signUp();
    const order = await paidOrder();
    backend.control.advanceClock(7 * DAY + 1_000);
    expect((await getOrder(order.orderId)).refundable).toBe(false);
    expect(await failure(postRefund({ orderId: order.orderId, reason: '' }))).toMatchObject({ code: 'order_40901' });
  });

  it('refuses a refund once the gift has been claimed', async () => {
    await signUp();
    const order = await paidOrder(giftGoods.goodsId);
    expect(order.hasGift).toBe(true);
    await receiveGiftCdk(order.orderId);
    expect((await getOrder(order.orderId)).refundable).toBe(false);
    expect(await failure(postRefund({ orderId: order.orderId, reason: '' }))).toMatchObject({ code: 'order_40901' });
  });
});

describe('gift CDKs', () => {
  it('gives the same gift when asked twice', async () => {
    await signUp();
    const order = await paidOrder(giftGoods.goodsId);
    const first = await receiveGiftCdk(order.orderId);
    expect(first.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(await receiveGiftCdk(order.orderId)).toEqual(first);
    expect((await getOrder(order.orderId)).giftClaimed).toBe(true);
  });

  it('refuses the gift of an unpaid order and of an order without one', async () => {
    await signUp();
    const unpaid = await placeOrder(giftGoods.goodsId);
    expect(await failure(receiveGiftCdk(unpaid.orderId))).toMatchObject({ code: 'order_40902' });
    const plain = await paidOrder();
    expect(await failure(receiveGiftCdk(plain.orderId))).toMatchObject({ code: 'gift_40401' });
  });
});

describe('orders are per user', () => {
  it('does not show one user the orders of another', async () => {
    await signUp();
    const mine = await placeOrder();
    const other = await signUp();
    expect((await getOrders({})).list).toEqual([]);
    expect(await failure(getOrder(mine.orderId))).toMatchObject({ kind: 'business', code: 'order_40404' });
    expect(await failure(getOrderStatus(mine.orderId))).toMatchObject({ code: 'order_40404' });
    expect(await failure(payOrder({ orderId: mine.orderId, channelCode: 'wechat' }))).toMatchObject({
      code: 'order_40404',
    });
    useSession(other);
    expect(await failure(postRefund({ orderId: mine.orderId, reason: '' }))).toMatchObject({ code: 'order_40404' });
  });

  it('lists orders newest first, page by page, with an optional status filter', async () => {
    await signUp();
    const first = await placeOrder();
    backend.control.advanceClock(1_000);
    const second = await paidOrder();
    backend.control.advanceClock(1_000);
    const third = await placeOrder();

    const all = await getOrders({ pageNum: 1, pageSize: 2 });
    expect(all.total).toBe(3);
    expect(all.list.map((o) => o.orderId)).toEqual([third.orderId, second.orderId]);
    expect((await getOrders({ pageNum: 2, pageSize: 2 })).list.map((o) => o.orderId)).toEqual([first.orderId]);

    const unpaid = await getOrders({ status: 'unpaid' });
    expect(unpaid.list.map((o) => o.orderId)).toEqual([third.orderId, first.orderId]);
    expect((await getOrders({ status: 'delivered' })).list.map((o) => o.orderId)).toEqual([second.orderId]);
  });
});
