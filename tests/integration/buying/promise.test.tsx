/**
 * One refund and delivery promise, from one source: the goods data (with the contract's defaults in
 * src/api/goods-promise.ts) through one function (src/features/buying/promise.ts). Every surface — the trust
 * strip beside a price, the order detail, the refund dialog — renders that function's output, the order
 * snapshots the goods' facts, the agreement and the server's refund rule use the same constants, and a
 * change of the facts in the data reaches every surface.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getGameGoods, type Goods } from '../../../src/api/goods';
import { DEFAULT_KEY_REGION, KEY_REFUND_DAYS, goodsPromise } from '../../../src/api/goods-promise';
import { postRefund, type Order, type OrderItem } from '../../../src/api/orders';
import { isApiError } from '../../../src/api/errors';
import { TrustStrip } from '../../../src/features/buying';
import { orderFacts, promiseFacts, refundState } from '../../../src/features/buying/promise';
import { formatDate } from '../../../src/shared/format';
import { resetToasts } from '../../../src/shared/toast';
import { createSeed } from '../../../src/mock/seed';
import { KEY_REGIONS, seedPromise } from '../../../src/mock/seed/promise';
import { renderApp } from '../../support/render-app';
import { API, backend, ok, testServer } from '../../support/server';
import { placePaidOrder, PLAIN, preloadBuyingChunks, renderLoggedIn, TOP_UP, FLOW_TIMEOUT } from './helpers';

beforeAll(preloadBuyingChunks);

afterEach(() => {
  resetToasts();
});

const DAY = 24 * 3600_000;
const ORDER_DETAIL = '/nnorder/mall/unified/order/detail';
const strip = (within_: HTMLElement) => within(within_).getByRole('list', { name: '购买保障' });
const factsIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function goodsOf(ref: { goodsId: number; gameId: number }): Promise<Goods> {
  const goods = (await getGameGoods(ref.gameId)).goods.find((g) => g.goodsId === ref.goodsId);
  if (!goods) throw new Error(`no goods ${ref.goodsId}`);
  return goods;
}

/** The simulated backend's order detail with the items' promise changed: the facts as a server would send them. */
function answerOrdersWith(patch: Partial<OrderItem>) {
  testServer.use(
    http.get(`${API}${ORDER_DETAIL}`, async ({ request }) => {
      const url = new URL(request.url);
      const answer = await backend.handle({
        method: 'GET',
        path: ORDER_DETAIL,
        query: Object.fromEntries(url.searchParams),
        headers: { token: request.headers.get('token') ?? '' },
        body: undefined,
      });
      const envelope = answer.body as { success: boolean; retData: Order };
      if (!envelope.success) return HttpResponse.json(envelope);
      return ok({ ...envelope.retData, items: envelope.retData.items.map((item) => ({ ...item, ...patch })) });
    }),
  );
}

describe('the promise of a goods', () => {
  it('is said by one function: 官方正版 · the key’s region · 付款后秒发 · 未兑换 7 天可退, or what account goods allow', () => {
    const key = { type: 'key', deliveryType: 'cdk' } as const;
    expect(promiseFacts({ ...key } as Goods)).toEqual([
      '官方正版',
      `${DEFAULT_KEY_REGION}激活`,
      '付款后秒发',
      `未兑换 ${KEY_REFUND_DAYS} 天可退`,
    ]);
    expect(promiseFacts({ ...key, activationRegion: '港区', refundDays: 3 } as Goods)).toEqual([
      '官方正版',
      '港区激活',
      '付款后秒发',
      '未兑换 3 天可退',
    ]);
    expect(promiseFacts({ type: 'topup', deliveryType: 'account' } as Goods)).toEqual([
      '官方正版',
      '充值秒到账',
      '到账后不可退',
    ]);
    expect(promiseFacts({ type: 'accelerator', deliveryType: 'account' } as Goods)).toEqual([
      '官方正版',
      '会员秒开通',
      '到账后不可退',
    ]);
    // An order item (no deliveryType) reads as its goods would.
    expect(promiseFacts({ goodsType: 'dlc' } as OrderItem)).toEqual(promiseFacts({ ...key } as Goods));
  });

  it('is seeded from the game’s store: Steam and Epic keys in 国区, console codes in 港区, top-ups not refundable', () => {
    expect(seedPromise('key', ['PC', 'Steam'])).toEqual({
      activationRegion: KEY_REGIONS.steam,
      activationPlatform: 'steam',
      refundDays: KEY_REFUND_DAYS,
    });
    expect(seedPromise('key', ['PC', 'Epic'])).toMatchObject({
      activationPlatform: 'epic',
      activationRegion: DEFAULT_KEY_REGION,
    });
    expect(seedPromise('dlc', ['Switch', 'PC', 'Steam'])).toMatchObject({
      activationPlatform: 'nintendo',
      activationRegion: '港区',
    });
    expect(seedPromise('key', ['PS5', 'Xbox', 'PC', 'Steam'])).toMatchObject({
      activationPlatform: 'playstation',
      activationRegion: '港区',
    });
    expect(seedPromise('topup', ['iOS', 'Android'])).toEqual({ refundDays: 0 });
    expect(seedPromise('accelerator', ['PC', 'Steam'])).toEqual({ refundDays: 0 });
    // Whatever the seed sets agrees with the store its goods name.
    const stores = { steam: /Steam/, epic: /PC 激活码/, nintendo: /Switch/, playstation: /主机/, xbox: /主机/ };
    for (const goods of createSeed(0).goods) {
      const { platform } = goodsPromise(goods);
      if (platform && goods.type === 'key') expect(goods.name, `goods ${goods.goodsId}`).toMatch(stores[platform]);
    }
  });

  it('shows beside a price as the trust strip', async () => {
    const goods = await goodsOf(PLAIN);
    render(<TrustStrip goods={goods} />);
    expect(factsIn(screen.getByRole('list', { name: '购买保障' }))).toEqual(promiseFacts(goods));
  });
});

describe('the same promise on every surface', FLOW_TIMEOUT, () => {
  it('the order snapshots the goods’ facts; its detail and the refund dialog say them, with the window', async () => {
    const { user, router } = await renderLoggedIn('/');
    const goods = await goodsOf(PLAIN);
    const order = await placePaidOrder(PLAIN);
    expect(orderFacts(order)).toEqual(promiseFacts(goods));
    const deadline = formatDate(order.payTime! + KEY_REFUND_DAYS * DAY, 'yyyy.MM.dd hh:mm');
    expect(refundState(order)).toBe(`可在 ${deadline} 前申请退款`);

    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: '订单详情' });
    expect(factsIn(strip(main))).toEqual(promiseFacts(goods));
    expect(within(main).getByText(`可在 ${deadline} 前申请退款`)).toBeInTheDocument();

    await user.click(within(main).getByRole('button', { name: '申请退款' }));
    const dialog = await screen.findByRole('dialog', { name: '申请退款' });
    await waitFor(() => expect(factsIn(strip(dialog))).toEqual(promiseFacts(goods)));
    expect(within(dialog).getByText(`可在 ${deadline} 前申请退款`)).toBeInTheDocument();
  });

  it('the agreement and the help centre state the same window and regions', async () => {
    await renderApp('/agreement');
    const agreement = await within(await screen.findByRole('tabpanel')).findByRole('article', { name: '用户协议' });
    expect(agreement).toHaveTextContent(`支付后 ${KEY_REFUND_DAYS} 天内`);
    expect(agreement).toHaveTextContent(`未标注的为${DEFAULT_KEY_REGION}激活`);
    for (const region of new Set(Object.values(KEY_REGIONS))) expect(agreement).toHaveTextContent(`${region}激活`);
    expect(agreement).toHaveTextContent('充值类商品与加速器会员到账后不支持退款');
  });

  it('follows the data: other days, region and store in the order reach the detail, the key card and the refund dialog', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder(PLAIN);
    answerOrdersWith({ refundDays: 3, activationRegion: '港区', activationPlatform: 'epic' });
    const facts = ['官方正版', '港区激活', '付款后秒发', '未兑换 3 天可退'];
    const refundWindow = `可在 ${formatDate(order.payTime! + 3 * DAY, 'yyyy.MM.dd hh:mm')} 前申请退款`;

    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: '订单详情' });
    expect(factsIn(strip(main))).toEqual(facts);
    expect(within(main).getByText(refundWindow)).toBeInTheDocument();
    const card = within(main).getByRole('region', { name: '激活码' });
    expect(within(card).getByRole('heading', { name: 'Epic Games 激活步骤' })).toBeInTheDocument();
    expect(within(card).getByText(/Epic Games 港区激活/)).toBeInTheDocument();

    await user.click(within(main).getByRole('button', { name: '申请退款' }));
    const dialog = await screen.findByRole('dialog', { name: '申请退款' });
    await waitFor(() => expect(factsIn(strip(dialog))).toEqual(facts));
    expect(within(dialog).getByText(refundWindow)).toBeInTheDocument();
  });

  it('a top-up is not refundable once credited, and its order says so', async () => {
    const { router } = await renderLoggedIn('/');
    const order = await placePaidOrder(TOP_UP);
    expect(order.refundable).toBe(false);
    const refused = await postRefund({ orderId: order.orderId, reason: '不想要了' }).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.code).toBe('order_40901');

    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: '订单详情' });
    expect(factsIn(strip(main))).toEqual(orderFacts(order));
    expect(factsIn(strip(main))).toContain('到账后不可退');
    expect(within(main).getByText('本订单商品到账后不支持退款')).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: '申请退款' })).not.toBeInTheDocument();
  });

  it('after the window the order says until when it could have been refunded', async () => {
    const { router } = await renderLoggedIn('/');
    const order = await placePaidOrder(PLAIN);
    backend.control.advanceClock(KEY_REFUND_DAYS * DAY + 60_000);
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const main = await screen.findByRole('main');
    const until = formatDate(order.payTime! + KEY_REFUND_DAYS * DAY, 'yyyy.MM.dd hh:mm');
    expect(await within(main).findByText(`本订单已不支持退款（退款期限至 ${until}）`)).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: '申请退款' })).not.toBeInTheDocument();
  });
});
