import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetToasts } from '../../../src/shared/toast';
import { formatDate, maskPhone } from '../../../src/shared/format';
import { http } from 'msw';
import { API, countRequests, gate, testServer } from '../catalog/helpers';
import {
  backend,
  payDialog,
  placeOrder,
  placePaidOrder,
  PLAIN,
  preloadBuyingChunks,
  renderLoggedIn,
  toasts,
  TOP_UP,
  WITH_GIFT,
  FLOW_TIMEOUT,
} from './helpers';

beforeAll(preloadBuyingChunks);

afterEach(() => {
  resetToasts();
});

const SEND_SMS = '/nnorder/mall/unified/order/sendSms';
const DATE_TIME = /^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}$/;
const orderList = () => screen.findByRole('list', { name: '订单列表' });
/** Each row's link to its order (a row with codes has a 查看激活码 link too). */
const rows = (list: HTMLElement) => within(list).getAllByRole('listitem');
/** A row's link to its order, named by its title (the order number is beside it, with 复制订单号). */
const rowLink = (row: HTMLElement) => within(row).getAllByRole('link')[0]!;
const filters = () => within(screen.getByRole('group', { name: '订单状态' }));
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('my orders (/setting?type=0)', FLOW_TIMEOUT, () => {
  it('lists the orders newest first, ten per page, with 上一页 and 下一页', async () => {
    const { user, router } = await renderLoggedIn('/');
    const placed = [];
    for (let i = 0; i < 12; i += 1) placed.push(await placeOrder());
    await router.navigate({ to: '/setting', search: { type: 0 } });

    let list = await orderList();
    expect(rows(list)).toHaveLength(10);
    expect(rows(list)[0]).toHaveTextContent(`订单号 ${placed[11]!.orderId}`);
    expect(screen.getByText('第 1 / 2 页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('第 2 / 2 页');
    list = await orderList();
    await waitFor(() => expect(rows(list)).toHaveLength(2));
    expect(rows(list)[1]).toHaveTextContent(`订单号 ${placed[0]!.orderId}`);
    expect(router.state.location.search).toMatchObject({ type: 0, page: 2 });

    await user.click(screen.getByRole('button', { name: '上一页' }));
    expect(await screen.findByText('第 1 / 2 页')).toBeInTheDocument();
  });

  it('shows game, goods, amount, status and time in each row, linking to the order detail', async () => {
    const { router } = await renderLoggedIn('/');
    const order = await placeOrder(PLAIN, 2);
    await router.navigate({ to: '/setting', search: { type: 0 } });

    const [row] = rows(await orderList());
    const link = rowLink(row!);
    expect(link).toHaveAttribute('href', `/orderDateil?id=${order.orderId}`);
    expect(link).toHaveTextContent('星砂回响 · 标准版（Steam 激活码） × 2');
    expect(link).toHaveTextContent('¥81.60');
    expect(link).toHaveTextContent('待支付');
    expect(link).toHaveTextContent(formatDate(order.createTime));
  });

  it('filters by status through the URL, the chosen filter shown pressed', async () => {
    const { user, router } = await renderLoggedIn('/');
    const unpaid = await placeOrder();
    const paid = await placePaidOrder();
    await router.navigate({ to: '/setting', search: { type: 0 } });
    expect(rows(await orderList())).toHaveLength(2);
    expect(filters().getByRole('button', { name: '全部' })).toHaveAttribute('aria-pressed', 'true');
    expect(filters().getByRole('button', { name: '待支付' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(filters().getByRole('button', { name: '待支付' }));

    await waitFor(() => expect(rows(screen.getByRole('list', { name: '订单列表' }))).toHaveLength(1));
    expect(rows(screen.getByRole('list', { name: '订单列表' }))[0]).toHaveTextContent(unpaid.orderId);
    expect(router.state.location.search).toMatchObject({ type: 0, status: 'unpaid' });
    expect(filters().getByRole('button', { name: '待支付' })).toHaveAttribute('aria-pressed', 'true');
    expect(filters().getByRole('button', { name: '全部' })).toHaveAttribute('aria-pressed', 'false');

    // The rarer states wait behind 更多, so the row fits a phone.
    expect(filters().queryByRole('button', { name: '已退款' })).not.toBeInTheDocument();
    await user.click(filters().getByRole('button', { name: '更多' }));
    expect(filters().getByRole('button', { name: '更多' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(filters().getByRole('button', { name: '已退款' }));
    expect(await screen.findByText('暂无已退款订单')).toBeInTheDocument();
    expect(paid.status).toBe('delivered');

    router.history.back();
    await waitFor(() =>
      expect(filters().getByRole('button', { name: '待支付' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it('keeps each order number on one line with 复制订单号, which copies it', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placeOrder();
    await router.navigate({ to: '/setting', search: { type: 0 } });
    const [row] = rows(await orderList());
    const copy = within(row!).getByRole('button', { name: '复制订单号' });
    expect(copy).toHaveAccessibleDescription(`订单号 ${order.orderId}`);
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(order.orderId);
    expect(await screen.findByText('已复制')).toBeInTheDocument();
  });

  it('shows a rarer status chosen through the URL open under 更多, pressed', async () => {
    const { router } = await renderLoggedIn('/');
    await placeOrder();
    await router.navigate({ to: '/setting', search: { type: 0, status: 'cancelled' } });
    expect(await screen.findByText('暂无已取消订单')).toBeInTheDocument();
    expect(filters().getByRole('button', { name: '已取消' })).toHaveAttribute('aria-pressed', 'true');
    expect(filters().getByRole('button', { name: '更多' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers 查看激活码 on orders with codes, which opens the order detail on its key card, focused', async () => {
    const { user, router } = await renderLoggedIn('/');
    const unpaid = await placeOrder();
    const paid = await placePaidOrder();
    await router.navigate({ to: '/setting', search: { type: 0 } });
    const list = await orderList();

    const toKeys = within(list).getAllByRole('link', { name: '查看激活码' });
    expect(toKeys).toHaveLength(1);
    expect(toKeys[0]).toHaveAttribute('href', `/orderDateil?id=${paid.orderId}#key`);
    expect(toKeys[0]).toHaveAccessibleDescription(new RegExp(PLAIN.name));
    const unpaidRow = rows(list).find((row) => row.textContent?.includes(unpaid.orderId));
    expect(within(unpaidRow!).queryByRole('link', { name: '查看激活码' })).not.toBeInTheDocument();

    await user.click(toKeys[0]!);

    const card = await screen.findByRole('region', { name: '激活码' });
    await waitFor(() => expect(card).toHaveFocus());
    expect(within(card).getByText(paid.cdks[0]!.code)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orderDateil');
  });
});

describe('the order detail (/orderDateil?id=)', FLOW_TIMEOUT, () => {
  it('opens with the key card, then items, amounts, channel, formatted times and the timeline', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder(PLAIN, 2);
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });

    expect(await screen.findByRole('heading', { name: '订单详情' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: '激活码' });
    // The key comes before the summary rows.
    expect(
      card.compareDocumentPosition(screen.getByText('订单号', { selector: 'dt' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(card).not.toHaveFocus();
    expect(fact('订单号')).toHaveTextContent(order.orderId);
    expect(fact('订单状态')).toHaveTextContent('已发货');
    expect(fact('支付方式')).toHaveTextContent('微信支付');
    expect(fact('商品金额')).toHaveTextContent('¥81.60');
    expect(fact('实付金额')).toHaveTextContent('¥81.60');
    expect(fact('优惠券')).toHaveTextContent('未使用');
    expect(fact('下单时间')?.textContent).toMatch(DATE_TIME);
    expect(fact('支付时间')?.textContent).toMatch(DATE_TIME);
    expect(screen.getByText(/标准版（Steam 激活码） × 2（单价 ¥40\.80）/)).toBeInTheDocument();

    const timeline = within(screen.getByRole('list', { name: '订单进度' })).getAllByRole('listitem');
    expect(timeline.map((item) => item.textContent?.slice(0, 3))).toEqual(['待支付', '已支付', '已发货']);

    const codes = within(card).getByRole('list', { name: `${PLAIN.name} 的激活码` });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(2);
    const copy = within(codes).getAllByRole('button', { name: '复制激活码' })[1]!;
    expect(copy).toHaveAccessibleDescription(order.cdks[1]!.code);
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(order.cdks[1]!.code);
    expect(copy).toHaveTextContent('已复制');
  });

  it('sends the codes by SMS, and shows the server message when asked again too soon', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder();
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const send = await screen.findByRole('button', { name: '短信发送激活码' });

    await user.click(send);
    expect(await toasts().findByText('激活码已发送至您的手机')).toBeInTheDocument();

    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(
      await within(screen.getByRole('alert', { name: '错误提示' })).findByText(/^短信发送过于频繁，请\d+秒后再试$/),
    ).toBeInTheDocument();
  });

  it('sends one SMS request for a double click on 短信发送激活码 and shows one toast', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder();
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const send = await screen.findByRole('button', { name: '短信发送激活码' });
    const requests = countRequests(SEND_SMS);

    // The answer comes before the second click of the double click (a fast network).
    await user.dblClick(send);

    expect(await toasts().findByText('激活码已发送至您的手机')).toBeInTheDocument();
    await waitFor(() => expect(send).toBeEnabled());
    expect(requests.count).toBe(1);
    expect(screen.getByRole('alert', { name: '错误提示' })).toBeEmptyDOMElement();
    expect(toasts().getAllByText('激活码已发送至您的手机')).toHaveLength(1);
  });

  it('sends one SMS request while one is in flight, however the clicks come', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder();
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const send = await screen.findByRole('button', { name: '短信发送激活码' });
    const requests = countRequests(SEND_SMS);
    const held = gate();
    testServer.use(http.post(`${API}${SEND_SMS}`, () => held.wait.then(() => undefined)));

    // Two single clicks in the same task, before React can re-render the button as disabled.
    act(() => {
      send.click();
      send.click();
    });
    await user.click(send);
    held.release();

    expect(await toasts().findByText('激活码已发送至您的手机')).toBeInTheDocument();
    await waitFor(() => expect(send).toBeEnabled());
    expect(requests.count).toBe(1);
    expect(screen.getByRole('alert', { name: '错误提示' })).toBeEmptyDOMElement();
  });

  it('shows the account a top-up was credited to', async () => {
    const { router, account } = await renderLoggedIn('/');
    const order = await placePaidOrder(TOP_UP);
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    await waitFor(() => expect(fact('充值账号')).toHaveTextContent(maskPhone(account.telNum)));
    expect(screen.queryByRole('list', { name: '激活码' })).not.toBeInTheDocument();
  });

  it('hands out the gift code, after which the order is no longer refundable', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder(WITH_GIFT);
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    expect(await screen.findByRole('button', { name: '申请退款' })).toBeInTheDocument();
    expect(screen.getByText('领取赠品后，本订单将不再支持退款。')).toBeInTheDocument();
    // What the gift is, said before the shopper trades the refund for it, and before the note.
    const what = within(screen.getByRole('region', { name: '赠品' })).getByText('赠品内容：全民加速器 7 天会员');
    expect(
      what.compareDocumentPosition(screen.getByText('领取赠品后，本订单将不再支持退款。')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '领取赠品' }));

    const gift = screen.getByRole('region', { name: '赠品' });
    expect(await within(gift).findByText(/全民加速器 7 天会员：/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '申请退款' })).not.toBeInTheDocument());
  });

  it('sends one gift claim for a double click on 领取赠品', async () => {
    const { router } = await renderLoggedIn('/');
    const order = await placePaidOrder(WITH_GIFT);
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const claim = await screen.findByRole('button', { name: '领取赠品' });
    const requests = countRequests('/nnorder/giftCdkGrant/qmSpeed/receive');

    // Two clicks in the same task, before React can re-render the button as disabled.
    act(() => {
      claim.click();
      claim.click();
    });

    const gift = screen.getByRole('region', { name: '赠品' });
    expect(await within(gift).findByText(/全民加速器 7 天会员：/)).toBeInTheDocument();
    expect(requests.count).toBe(1);
  });

  it('offers 继续支付 for an unpaid order: pay, poll, success', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placeOrder();
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });

    await user.click(await screen.findByRole('button', { name: '继续支付' }));
    const dialog = await payDialog();
    expect(await within(dialog).findByText(order.orderId)).toBeInTheDocument();
    expect(within(dialog).getByRole('timer', { name: '剩余支付时间' })).toBeInTheDocument();
    const pay = within(dialog).getByRole('button', { name: '立即支付' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await within(dialog).findByRole('img', { name: '支付二维码' });
    backend.control.completePayment(order.orderId);

    expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: '支付成功' })).getByRole('link', { name: '查看订单' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付成功' })).not.toBeInTheDocument());
    await waitFor(() => expect(fact('订单状态')).toHaveTextContent('已发货'));
    expect(screen.queryByRole('button', { name: '继续支付' })).not.toBeInTheDocument();
  });

  it('says so when the order does not exist', async () => {
    const { router } = await renderLoggedIn('/');
    await router.navigate({ to: '/orderDateil', search: { id: 'XY-nope' } });
    expect(await screen.findByText('订单不存在')).toBeInTheDocument();
    expect(screen.getByText('订单加载失败')).toBeInTheDocument();
  });
});
