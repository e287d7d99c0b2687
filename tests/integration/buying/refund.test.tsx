import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getOrder } from '../../../src/api/orders';
import { KEYS_VOID } from '../../../src/features/buying/key-card';
import { REFUND_DETAILS_CUT, REFUND_DETAILS_MAX, REFUND_REASONS } from '../../../src/features/buying/refund-modal';
import { resetToasts } from '../../../src/shared/toast';
import { countRequests } from '../catalog/helpers';
import {
  backend,
  listOrders,
  orderRow,
  placeOrder,
  placePaidOrder,
  preloadBuyingChunks,
  renderLoggedIn,
  toasts,
  FLOW_TIMEOUT,
} from './helpers';

beforeAll(preloadBuyingChunks);

afterEach(() => {
  resetToasts();
});

const REFUND = '/nnorder/unified/mall/quick/refund';
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('refunds', FLOW_TIMEOUT, () => {
  it('asks for a reason and a confirmation, sends one request for a double click, and shows 退款中 then 已退款', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder();
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    await user.click(await screen.findByRole('button', { name: '申请退款' }));

    const dialog = await screen.findByRole('dialog', { name: '申请退款' });
    const form = within(dialog);
    await user.selectOptions(form.getByRole('combobox', { name: '退款原因' }), '激活码无法使用');
    await user.type(form.getByRole('textbox', { name: '补充说明（选填）' }), '提示已被使用');
    await user.click(form.getByRole('button', { name: '提交申请' }));
    expect(await form.findByText(/确认申请退款？退款金额 ¥40\.80 将原路退回。/)).toBeInTheDocument();

    const requests = countRequests(REFUND);
    await user.dblClick(form.getByRole('button', { name: '确认退款' }));

    expect(await toasts().findByText('退款申请已提交')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '申请退款' })).not.toBeInTheDocument());
    expect(requests.count).toBe(1);
    await waitFor(() => expect(fact('订单状态')).toHaveTextContent('退款中'));
    expect(fact('退款原因')).toHaveTextContent('激活码无法使用：提示已被使用');
    expect(screen.queryByRole('button', { name: '申请退款' })).not.toBeInTheDocument();

    backend.control.advanceClock(3_000);
    await router.navigate({ to: '/setting', search: { type: 0 } });
    expect(await orderRow(order.orderId)).toHaveTextContent('已退款');
    expect((await listOrders())[0]?.status).toBe('refunded');
  });

  it('shows a refunded order’s keys as void in its detail: said so, struck through, nothing to copy, mark or follow', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder();
    const { code } = (await getOrder(order.orderId)).cdks[0]!;
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    const card = within(await screen.findByRole('region', { name: '激活码' }));
    expect(card.getByRole('button', { name: '复制激活码' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '申请退款' }));
    const dialog = within(await screen.findByRole('dialog', { name: '申请退款' }));
    await user.click(dialog.getByRole('button', { name: '提交申请' }));
    await user.click(dialog.getByRole('button', { name: '确认退款' }));
    await waitFor(() => expect(fact('订单状态')).toHaveTextContent('退款中'));
    // Until the refund is paid back the key still redeems: the card is as it was.
    expect(
      within(screen.getByRole('region', { name: '激活码' })).getByRole('button', { name: '复制激活码' }),
    ).toBeInTheDocument();

    backend.control.advanceClock(3_000);
    await router.navigate({ to: '/setting', search: { type: 0 } });
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    await waitFor(() => expect(fact('订单状态')).toHaveTextContent('已退款'));
    const voided = within(screen.getByRole('region', { name: '激活码' }));
    expect(voided.getByText(KEYS_VOID)).toBeInTheDocument();
    expect(voided.getByRole('list', { name: /的激活码（已失效）$/ })).toBeInTheDocument();
    expect(voided.getByRole('deletion')).toHaveTextContent(code);
    expect(voided.queryByRole('button', { name: '复制激活码' })).not.toBeInTheDocument();
    expect(voided.queryByRole('checkbox', { name: '标记为已兑换' })).not.toBeInTheDocument();
    expect(voided.queryByRole('heading', { name: /激活步骤$/ })).not.toBeInTheDocument();
  });

  // Found by probing the money path (docs/decisions/0019-money-path-trust-and-budget.md): a 250-character paste was cut to 200 by the browser's maxlength without a word.
  it('keeps 200 characters of a longer 补充说明, says so, counts them, and sends what it kept', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder();
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    await user.click(await screen.findByRole('button', { name: '申请退款' }));
    const form = within(await screen.findByRole('dialog', { name: '申请退款' }));
    const details = form.getByRole('textbox', { name: '补充说明（选填）' });
    expect(details).toHaveAccessibleDescription('0/200');

    await user.click(details);
    await user.paste('𠮷'.repeat(50) + '说'.repeat(200));
    expect(Array.from((details as HTMLTextAreaElement).value)).toHaveLength(REFUND_DETAILS_MAX);
    expect(form.getByRole('status')).toHaveTextContent(REFUND_DETAILS_CUT);
    expect(details).toHaveAccessibleDescription('200/200');

    await user.click(form.getByRole('button', { name: '提交申请' }));
    await user.click(form.getByRole('button', { name: '确认退款' }));
    await waitFor(() => expect(fact('订单状态')).toHaveTextContent('退款中'));
    expect((await getOrder(order.orderId)).refundReason).toBe(
      `${REFUND_REASONS[0]}：${'𠮷'.repeat(50)}${'说'.repeat(150)}`,
    );
  });

  it('shows the server message in the dialog when the refund is refused', async () => {
    const { user, router } = await renderLoggedIn('/');
    const order = await placePaidOrder();
    backend.control.setFault(REFUND, { kind: 'business', code: 'order_40901', message: '该订单不支持退款' });
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    await user.click(await screen.findByRole('button', { name: '申请退款' }));
    const dialog = await screen.findByRole('dialog', { name: '申请退款' });
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await user.click(within(dialog).getByRole('button', { name: '确认退款' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('该订单不支持退款');
    expect(within(dialog).getByRole('button', { name: '确认退款' })).toBeEnabled();
  });

  it('is not offered for an unpaid order', async () => {
    const { router } = await renderLoggedIn('/');
    const order = await placeOrder();
    await router.navigate({ to: '/orderDateil', search: { id: order.orderId } });
    expect(await screen.findByRole('button', { name: '继续支付' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '申请退款' })).not.toBeInTheDocument();
  });
});
