/**
 * Journey (a): a new visitor browses, buys while logged out, logs in with an
 * SMS code, verifies their real name, pays, and asks for a refund.
 */
import { expect, test, watchAnnouncement } from './support/fixtures';
import { completeRealName, dialog, loginWithSms, payAndComplete, payAndKeepUnpaid, waitForHome } from './support/flows';

test('a new visitor buys a game from a home plate, logs in, verifies, pays and asks for a refund', {
  tag: ['@smoke', '@live'],
}, async ({ page, backend, phone }) => {
  // A first visit: the daily coupon popup comes when it comes, and the fixture closes it.
  await page.goto('/');
  await waitForHome(page);

  const plate = page.getByRole('region', { name: '热门推荐' });
  const firstGame = plate.getByRole('link').first();
  const gameName = ((await firstGame.textContent()) ?? '').trim();
  await firstGame.click();
  await expect(page).toHaveURL(/\/gameDetail\/\d+/);
  await expect(page.getByRole('button', { name: '立即购买' })).toBeEnabled();
  const title = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
  expect(title.length).toBeGreaterThan(0);
  expect(gameName.startsWith(title)).toBe(true);

  await page.getByRole('button', { name: '立即购买' }).click();
  const askedForRealName = watchAnnouncement(page, '请先实名');
  await loginWithSms(page, phone);
  await askedForRealName();
  await completeRealName(page);

  const orderId = await payAndComplete(page, backend);
  const success = dialog(page, '支付成功');
  await expect(success.getByText('支付成功，感谢您的购买！')).toBeVisible();
  await success.getByRole('button', { name: '关闭' }).click();
  await expect(success).toBeHidden();

  await page.getByRole('complementary', { name: '快捷入口' }).getByRole('button', { name: '订单' }).click();
  await expect(page).toHaveURL(/\/setting\?type=0/);
  const orders = page.getByRole('list', { name: '订单列表' });
  const row = orders
    .getByRole('listitem')
    .filter({ hasText: `订单号 ${orderId}` })
    .getByRole('link')
    .first();
  await expect(row).toBeVisible();
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/orderDateil\\?id=${orderId}`));
  await expect(page.getByRole('heading', { name: '订单详情', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '申请退款' }).click();
  const refund = dialog(page, '申请退款');
  await refund.getByRole('combobox', { name: '退款原因' }).selectOption('不想要了');
  await refund.getByRole('button', { name: '提交申请' }).click();
  const submitted = watchAnnouncement(page, '退款申请已提交');
  await refund.getByRole('button', { name: '确认退款' }).click();
  await expect(refund).toBeHidden();
  await submitted();
  // The end-to-end world settles a refund only when told (docs/testing.md, "Time"): 退款中 until then.
  await expect(page.getByText('退款中').first()).toBeVisible();
  await backend.control('settleRefund', { orderId });
  await page.reload();
  await expect(page.getByText('已退款').first()).toBeVisible();
});

test('a payment completed from /demo in another tab shows 支付成功 in the store tab', async ({
  page,
  context,
  apiMode,
  phone,
}) => {
  test.skip(apiMode === 'live', '/demo is a mock-mode console');
  await page.goto('/gameDetail/1');
  await page.getByRole('button', { name: '立即购买' }).click();
  await loginWithSms(page, phone);
  await completeRealName(page);
  // Only /demo pays.
  const { orderId } = await payAndKeepUnpaid(page);

  // The console lists the unpaid orders of every tab's backend (they share the browser's storage).
  const demo = await context.newPage();
  await demo.goto('/demo');
  const panel = demo.getByRole('region', { name: '订单支付' });
  await panel.getByRole('textbox', { name: '订单号' }).fill(orderId);
  await panel.getByRole('button', { name: '完成支付' }).click();
  await expect(demo.getByRole('status').filter({ hasText: `订单 ${orderId} 当前状态：delivered` })).toBeVisible();
  await demo.close();

  await expect(dialog(page, '支付成功')).toBeVisible({ timeout: 15_000 });
});
