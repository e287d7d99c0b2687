import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postReceiveCoupon } from '../../../src/api/coupons';
import { resetToasts } from '../../../src/shared/toast';
import {
  backend,
  listOrders,
  PLAIN,
  payDialog,
  preloadBuyingChunks,
  renderLoggedIn,
  startPurchase,
  FLOW_TIMEOUT,
} from './helpers';

beforeAll(preloadBuyingChunks);

afterEach(() => {
  resetToasts();
});

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
const due = (dialog: HTMLElement) => within(dialog).getByText('应付金额').nextElementSibling;

async function payButton(dialog: HTMLElement) {
  const button = await within(dialog).findByRole('button', { name: '立即支付' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('choices in the pay dialog', FLOW_TIMEOUT, () => {
  it('preselects the best matching coupon, shows the saving, orders with the coupon chosen, and the order detail shows it', async () => {
    const { user, actor, router } = await renderLoggedIn('/');
    await postReceiveCoupon(1); // 新人专享 5 元无门槛券
    await postReceiveCoupon(2); // 满 100 减 10 元
    startPurchase(actor, PLAIN, 3); // 3 × ¥40.80 = ¥122.40
    const dialog = await payDialog();
    const pay = within(dialog);

    const best = await pay.findByRole('radio', { name: '满 100 减 10 元（省 ¥10.00）' });
    expect(best).toBeChecked();
    expect(pay.getByText('已优惠 ¥10.00')).toBeInTheDocument();
    expect(due(dialog)).toHaveTextContent('¥112.40');

    await user.click(pay.getByRole('radio', { name: '不使用优惠券' }));
    expect(due(dialog)).toHaveTextContent('¥122.40');
    await user.click(pay.getByRole('radio', { name: '新人专享 5 元无门槛券（省 ¥5.00）' }));
    expect(due(dialog)).toHaveTextContent('¥117.40');

    await user.click(await payButton(dialog));
    await pay.findByRole('img', { name: '支付二维码' });
    const [order] = await listOrders();
    expect(order).toMatchObject({
      payAmount: 11740,
      coupon: { title: '新人专享 5 元无门槛券' },
      items: [{ goodsId: PLAIN.goodsId, buyNum: 3 }],
    });

    // once paid, the order detail names the coupon and what it took off
    backend.control.completePayment(order!.orderId);
    await screen.findByRole('dialog', { name: '支付成功' });
    await router.navigate({ to: '/orderDateil', search: { id: order!.orderId } });
    expect(await screen.findByRole('heading', { name: '订单详情' })).toBeInTheDocument();
    expect(fact('商品金额')).toHaveTextContent('¥122.40');
    expect(fact('优惠券')).toHaveTextContent('新人专享 5 元无门槛券（-¥5.00）');
    expect(fact('优惠金额')).toHaveTextContent('-¥5.00');
    expect(fact('实付金额')).toHaveTextContent('¥117.40');
  });

  it('offers the package that contains the goods and orders it with combine/order/create', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();
    const pay = within(dialog);

    // one edition with its DLC (a package never holds two editions of a game): 标准版 ¥40.80 + 数字美术设定集 ¥28.00
    const bundle = await pay.findByRole('radio', { name: /套餐：星砂回响 完整内容套装 ¥58\.00（省 ¥10\.80）/ });
    await user.click(bundle);
    expect(pay.queryByRole('spinbutton', { name: '购买数量' })).not.toBeInTheDocument();
    expect(pay.getByText('套餐价已含优惠，不能与优惠券同时使用。')).toBeInTheDocument();
    expect(due(dialog)).toHaveTextContent('¥58.00');

    await user.click(await payButton(dialog));
    await pay.findByRole('img', { name: '支付二维码' });
    const [order] = await listOrders();
    expect(order?.items.map((item) => item.goodsId)).toEqual([1, 3]);
    expect(order).toMatchObject({ totalAmount: 6880, discountAmount: 1080, payAmount: 5800 });
  });

  it('keeps the quantity between 1 and min(stock, limit per order)', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN, 2);
    const dialog = await payDialog();
    const pay = within(dialog);
    await pay.findByText(PLAIN.name);

    await user.click(pay.getByRole('button', { name: '增加数量' }));
    expect(pay.getByRole('spinbutton', { name: '购买数量' })).toHaveValue(3);
    expect(pay.getByRole('button', { name: '增加数量' })).toBeDisabled();
    expect(due(dialog)).toHaveTextContent('¥122.40');
  });

  it('caps a quantity typed above the limit at once and says so next to it, before paying', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN, 1);
    const dialog = await payDialog();
    const pay = within(dialog);
    await pay.findByText(PLAIN.name);
    const quantity = pay.getByRole('spinbutton', { name: '购买数量' });

    await user.clear(quantity);
    await user.type(quantity, '9');

    expect(quantity).toHaveValue(3);
    expect(pay.getByText('每单最多购买 3 件，已改为 3 件')).toBeVisible();
    expect(quantity).toHaveAccessibleDescription('每单最多购买 3 件，已改为 3 件');
    expect(due(dialog)).toHaveTextContent('¥122.40');

    await user.click(await payButton(dialog));
    await pay.findByRole('img', { name: '支付二维码' });
    expect((await listOrders())[0]?.items[0]?.buyNum).toBe(3);
  });

  it('says so when the quantity the purchase started with is above the limit, until the shopper changes it', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN, 5);
    const dialog = await payDialog();
    const pay = within(dialog);
    await pay.findByText(PLAIN.name);

    expect(pay.getByRole('spinbutton', { name: '购买数量' })).toHaveValue(3);
    expect(pay.getByText('每单最多购买 3 件，已改为 3 件')).toBeVisible();

    await user.click(pay.getByRole('button', { name: '减少数量' }));
    expect(pay.getByRole('spinbutton', { name: '购买数量' })).toHaveValue(2);
    expect(pay.queryByText('每单最多购买 3 件，已改为 3 件')).not.toBeInTheDocument();
  });

  it('opens the simulated backend’s 支付宝 page from the pay link, in mock mode too (a plain form that pays the order)', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();
    const pay = within(dialog);

    await user.click(await pay.findByRole('radio', { name: '支付宝' }));
    await user.click(await payButton(dialog));

    const link = await pay.findByRole('link', { name: '前往支付宝支付' });
    expect(link.getAttribute('href')).toMatch(/^\/webapi\/static\/pay\/XY\d+\?sign=\w+$/);
    expect(link).toHaveAttribute('target', '_blank');
    expect(pay.queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
    // The link's page is the shopper's to pay: no promise of an automatic payment (docs/simulated-backend.md).
    expect(pay.getByText('模拟环境：在打开的支付宝页面点「确认支付」，或在 /demo 页面完成支付')).toBeInTheDocument();
    expect(pay.queryByText(/自动支付成功/)).not.toBeInTheDocument();
    const page = await (await fetch(new URL(link.getAttribute('href')!, window.location.href))).text();
    expect(page).toContain('确认支付');
    expect(page).not.toContain('<script');
    expect((await listOrders())[0]?.payChannel).toBe('alipay');
  });

  it('shows the server message when the order cannot be created, and lets the shopper try again', async () => {
    const { user, actor } = await renderLoggedIn('/');
    backend.control.setFault('/nnorder/unified/order/create', {
      kind: 'business',
      code: 'stock_40901',
      message: '库存不足，请联系客服',
      times: 1,
    });
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();

    await user.click(await payButton(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('库存不足，请联系客服');
    await user.click(await payButton(dialog));
    expect(await within(dialog).findByRole('img', { name: '支付二维码' })).toBeInTheDocument();
    expect(await listOrders()).toHaveLength(1);
  });

  it('closes at once when nothing is being paid yet', async () => {
    const { user, actor } = await renderLoggedIn('/');
    startPurchase(actor, PLAIN);
    const dialog = await payDialog();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument());
    expect(await listOrders()).toEqual([]);
  });
});
