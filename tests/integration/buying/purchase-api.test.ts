/** The real calls behind the buying flows (src/features/buying/purchase-effects.ts), against the simulated backend. */
import { describe, expect, it } from 'vitest';
import { browserPurchaseApi } from '../../../src/features/buying/purchase-effects';
import { FlowError } from '../../../src/shared/flow-effects';
import { signUp } from '../../mock/helpers';
import { backend } from './helpers';

const signal = new AbortController().signal;

describe('the buying flows\u2019 API', () => {
  it('creates a single goods order with unified/order/create, and the same request id returns the same order', async () => {
    await signUp('13600000001');
    const draft = { kind: 'goods', goodsId: 1, buyNum: 2, couponId: null } as const;
    const first = await browserPurchaseApi.createOrder({ draft, requestId: 'r-1' }, signal);
    const again = await browserPurchaseApi.createOrder({ draft, requestId: 'r-1' }, signal);
    expect(again.orderId).toBe(first.orderId);
    expect(first.items).toMatchObject([{ goodsId: 1, buyNum: 2 }]);
  });

  it('creates a package order with combine/order/create and the package id', async () => {
    await signUp('13600000002');
    const order = await browserPurchaseApi.createOrder(
      {
        draft: {
          kind: 'package',
          packageId: 1,
          // 星砂回响 完整内容套装: 标准版 ¥40.80 and 数字美术设定集 ¥28.00 for ¥58.00
          items: [
            { goodsId: 1, buyNum: 1 },
            { goodsId: 3, buyNum: 1 },
          ],
        },
        requestId: 'r-2',
      },
      signal,
    );
    expect(order.items.map((item) => item.goodsId)).toEqual([1, 3]);
    expect(order.discountAmount).toBe(1080);
  });

  it('fails with the server code and message a shopper can read', async () => {
    await signUp('13600000003');
    const error = await browserPurchaseApi
      .createOrder({ draft: { kind: 'goods', goodsId: 4, buyNum: 1, couponId: null }, requestId: 'r-3' }, signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowError);
    expect(error).toMatchObject({ code: 'stock_40901', message: '库存不足，请联系客服' });
  });

  it('pays, reads the status, and answers the stock check', async () => {
    await signUp('13600000004');
    const order = await browserPurchaseApi.createOrder(
      { draft: { kind: 'goods', goodsId: 1, buyNum: 1, couponId: null }, requestId: 'r-4' },
      signal,
    );
    const payment = await browserPurchaseApi.payOrder({ orderId: order.orderId, channel: 'alipay', h5: false }, signal);
    expect(payment).toMatchObject({
      payType: 'link',
      payUrl: expect.stringMatching(new RegExp(`^/webapi/static/pay/${order.orderId}\\?sign=\\w+$`)),
    });
    expect(await browserPurchaseApi.checkStatus(order.orderId, signal)).toMatchObject({ status: 'unpaid' });
    expect(await browserPurchaseApi.checkStorage({ goodsId: 4, buyNum: 1, gameId: 1 }, signal)).toBe(false);
    expect(await browserPurchaseApi.checkStorage({ goodsId: 1, buyNum: 1, gameId: 1 }, signal)).toBe(true);
  });

  it('leaves a failed stock check to the pay gate: the call fails instead of answering for it', async () => {
    // The pay gate (machines/pay-gate.machine.ts) owns "a failed check counts as available"; a fallback
    // here would decide it a second time and leave the machine's branch for it unreachable.
    backend.control.setFault('/goods/mall/storage/checkStorage', { kind: 'network' });
    const error = await browserPurchaseApi
      .checkStorage({ goodsId: 1, buyNum: 1, gameId: 1 }, signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowError);
  });
});
