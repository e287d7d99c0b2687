import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameGoodsQueryOptions, getGameGoods } from '../../../src/api/goods';
import { getOrders } from '../../../src/api/orders';
import { resetToasts } from '../../../src/shared/toast';
import { maskPhone } from '../../../src/shared/format';
import {
  backend,
  listOrders,
  orderRow,
  PLAIN,
  TOP_UP,
  WITH_GIFT,
  payDialog,
  payWithQr,
  preloadBuyingChunks,
  renderLoggedIn,
  startPurchase,
  FLOW_TIMEOUT,
} from './helpers';

beforeAll(preloadBuyingChunks);

afterEach(() => {
  resetToasts();
});

describe('paying in the pay dialog', FLOW_TIMEOUT, () => {
  it('shows the goods, the quantity, the channels and the total, then a QR code, a countdown and the mock note', async () => {
    const { user } = await renderLoggedIn(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}&num=2`);
    await user.click(await screen.findByRole('button', { name: '立即购买' }));
    const dialog = await payDialog();
    const pay = within(dialog);

    expect(await pay.findByText(PLAIN.name)).toBeInTheDocument();
    expect(pay.getByRole('spinbutton', { name: '购买数量' })).toHaveValue(2);
    expect(await pay.findByRole('radio', { name: '微信支付' })).toBeChecked();
    expect(pay.getByRole('radio', { name: '支付宝' })).not.toBeChecked();
    expect(pay.getByText('应付金额').nextElementSibling).toHaveTextContent('¥81.60');

    await payWithQr(user, dialog);
    expect(pay.getByRole('timer', { name: '剩余支付时间' })).toHaveTextContent(/^\d\d:\d\d$/);
    expect(pay.getByText('模拟环境：默认几秒后自动支付成功，或在 /demo 页面完成支付')).toBeInTheDocument();
    expect(pay.getByRole('status')).toHaveTextContent('等待支付结果…');
  });

  it("shows the goods' price from a fresh call, never from a prerendered page's copy of them (docs/prerendering.md)", async () => {
    const { actor, queryClient } = await renderLoggedIn('/');
    // What a prerendered detail's data block brings: the goods as the build saw them, at another price.
    const current = await getGameGoods(PLAIN.gameId);
    const built = {
      ...current,
      goods: current.goods.map((g) => (g.goodsId === PLAIN.goodsId ? { ...g, price: 1 } : g)),
    };
    queryClient.setQueryData(gameGoodsQueryOptions(PLAIN.gameId).queryKey, built, {
      updatedAt: performance.timeOrigin - 3_600_000,
    });
    startPurchase(actor, PLAIN);
    const pay = within(await payDialog());
    expect(await pay.findByText('应付金额')).toBeInTheDocument();
    expect(pay.getByText('应付金额').nextElementSibling).toHaveTextContent('¥40.80');
    expect(pay.queryByText('¥0.01')).not.toBeInTheDocument();
  });

  it('opens the 支付成功 dialog with the codes to copy once the backend completes the payment', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const order = await payWithQr(user, await payDialog());

    backend.control.completePayment(order.orderId);

    const success = await screen.findByRole('dialog', { name: '支付成功' });
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
    const done = within(success);
    expect(await done.findByText(/标准版（Steam 激活码） × 1/)).toBeInTheDocument();
    expect(done.getByText('¥40.80')).toBeInTheDocument();
    const card = done.getByRole('region', { name: '激活码' });
    const [code] = (await getOrders({})).list[0]!.cdks;
    expect(within(card).getByText(code!.code)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: '复制激活码' }));
    expect(await navigator.clipboard.readText()).toBe(code!.code);
    expect(within(card).getByRole('button', { name: '已复制' })).toBeInTheDocument();
    expect(done.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', `/orderDateil?id=${order.orderId}`);
    expect(done.getByRole('link', { name: '继续购物' })).toHaveAttribute('href', '/');
  });

  it('hands out the gift code from the 支付成功 dialog when the goods come with one', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, WITH_GIFT);
    const order = await payWithQr(user, await payDialog());
    backend.control.completePayment(order.orderId);
    const success = within(await screen.findByRole('dialog', { name: '支付成功' }));

    await user.click(await success.findByRole('button', { name: '领取赠品' }));

    const gift = success.getByRole('region', { name: '赠品' });
    expect(await within(gift).findByText(/全民加速器 7 天会员：/)).toBeInTheDocument();
    expect(within(gift).getByRole('button', { name: '复制' })).toBeInTheDocument();
  });

  it('names the account a top-up was credited to in the 支付成功 dialog', async () => {
    const { user, actor, account } = await renderLoggedIn('/');
    startPurchase(actor, TOP_UP);
    const order = await payWithQr(user, await payDialog());
    backend.control.completePayment(order.orderId);
    const success = within(await screen.findByRole('dialog', { name: '支付成功' }));
    expect(await success.findByText(maskPhone(account.telNum))).toBeInTheDocument();
    expect(success.getByText(/已充值到账号/)).toBeInTheDocument();
    expect(success.queryByRole('region', { name: '激活码' })).not.toBeInTheDocument();
  });

  it('is paid automatically by the simulated backend 8 s after the pay request', async () => {
    backend.control.setAutoPay(8_000); // the tests' backend has it off (tests/support/server.ts)
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    await payWithQr(user, await payDialog());

    backend.control.advanceClock(8_000);

    expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
    expect((await listOrders())[0]?.status).toBe('delivered');
  });

  it('shows a failed payment with 重新支付, which pays a new order', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();
    const first = await payWithQr(user, dialog);

    backend.control.failPayment(first.orderId);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('支付失败');
    await user.click(within(dialog).getByRole('button', { name: '重新支付' }));
    expect(await within(dialog).findByRole('img', { name: '支付二维码' })).toBeInTheDocument();
    const orders = await listOrders();
    expect(orders.map((o) => o.status)).toEqual(['unpaid', 'failed']);
    expect(orders[0]?.orderId).not.toBe(first.orderId);
  });

  it('tells the shopper when the order expired unpaid, and leaves it in the order list', async () => {
    const { user, actor, router } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();
    const order = await payWithQr(user, dialog);

    backend.control.advanceClock(16 * 60_000);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('订单已超时未支付，已自动关闭。');
    await user.click(within(dialog).getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument());
    await router.navigate({ to: '/setting', search: { type: 0 } });
    const row = await orderRow(order.orderId);
    expect(row).toHaveTextContent('已过期');
  });

  it('tells the shopper when the payment was cancelled in the pay app, gives the stock back and lists the order as cancelled', async () => {
    const { user, actor, router } = await renderLoggedIn('/');
    const stockOf = async () =>
      (await getGameGoods(PLAIN.gameId)).goods.find((g) => g.goodsId === PLAIN.goodsId)?.stock;
    const stockBefore = await stockOf();
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();
    const order = await payWithQr(user, dialog);

    backend.control.cancelPayment(order.orderId);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('订单已取消。');
    expect(await stockOf()).toBe(stockBefore);
    await user.click(within(dialog).getByRole('link', { name: '查看订单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orderDateil'));
    await screen.findByRole('heading', { name: '订单详情' });
    expect(screen.getByText('订单状态', { selector: 'dt' }).nextElementSibling).toHaveTextContent('已取消');
  });

  it('asks before closing mid-payment; 确认离开 keeps the order unpaid in the list', async () => {
    const { user, actor, router } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();
    const order = await payWithQr(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: '离开支付' }));
    const confirm = within(dialog).getByRole('alertdialog', { name: '确认离开支付？' });
    await user.click(within(confirm).getByRole('button', { name: '继续支付' }));
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '支付二维码' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: '确认离开' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument());

    expect((await listOrders()).map((o) => [o.orderId, o.status])).toEqual([[order.orderId, 'unpaid']]);
    await router.navigate({ to: '/setting', search: { type: 0 } });
    expect(await orderRow(order.orderId)).toHaveTextContent('待支付');
  });

  it('creates one order for a double click on 立即支付', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();
    const pay = await within(dialog).findByRole('button', { name: '立即支付' });
    await waitFor(() => expect(pay).toBeEnabled());

    await user.dblClick(pay);

    expect(await within(dialog).findByRole('img', { name: '支付二维码' })).toBeInTheDocument();
    expect((await getOrders({})).total).toBe(1);
  });

  it('tells the build poll a payment is in progress until it ends', async () => {
    const { user, actor } = await renderLoggedIn('/');
    const buildPoll = () => actor.getSnapshot().children.buildPoll!.getSnapshot();
    startPurchase(actor, PLAIN);
    const order = await payWithQr(user, await payDialog());
    expect(buildPoll().hasTag('payment:inProgress')).toBe(true);

    backend.control.completePayment(order.orderId);
    await screen.findByRole('dialog', { name: '支付成功' });
    expect(buildPoll().hasTag('payment:inProgress')).toBe(false);
  });
});
