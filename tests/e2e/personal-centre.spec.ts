/**
 * The personal centre's overview (/setting): 待支付, 可用券, 激活码 and 愿望单降价 with their counts, each leading to
 * its tab; on a phone every tab is in reach (a grid of three, nothing cut off or hidden sideways).
 */
import { expect, test } from './support/fixtures';
import { completeRealName, loginFromHeader, loginWithSms, payAndKeepUnpaid } from './support/flows';

test('the overview’s counts lead to their tabs, and every tab is in reach on a phone', {
  tag: ['@live', '@phone'],
}, async ({ page, phone, isMobile }) => {
  // An unpaid order: bought on a game's page, not paid (a phone pays on the channel's H5 page, phone-purchase.spec.ts:
  // there the shopper simply logs in, and 待支付 is 0).
  let orderId: string | null = null;
  if (isMobile) {
    await page.goto('/');
    await loginFromHeader(page, phone);
  } else {
    await page.goto('/gameDetail/4');
    await page.getByRole('button', { name: '立即购买' }).click();
    await loginWithSms(page, phone);
    await completeRealName(page);
    orderId = (await payAndKeepUnpaid(page)).orderId;
  }

  await page.goto('/setting');
  const overview = page.getByRole('navigation', { name: '账户概览' });
  await overview.getByRole('link', { name: orderId ? '待支付 1' : '待支付 0' }).click();
  await expect(page.getByRole('tab', { name: '我的订单', selected: true })).toBeVisible();
  await expect(page).toHaveURL(/status=unpaid/);
  if (orderId)
    await expect(
      page
        .getByRole('list', { name: '订单列表' })
        .getByRole('listitem')
        .filter({ hasText: orderId })
        .getByText('待支付'),
    ).toBeVisible();

  await overview.getByRole('link', { name: /^可用券 \d+$/ }).click();
  await expect(page.getByRole('tab', { name: '我的优惠券', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^可使用/ })).toBeVisible();

  await overview.getByRole('link', { name: '激活码 0' }).click();
  await expect(page.getByRole('tab', { name: '我的激活码', selected: true })).toBeVisible();

  await overview.getByRole('link', { name: /^愿望单降价/ }).click();
  await expect(page.getByRole('tab', { name: '愿望单', selected: true })).toBeVisible();
  await expect(page).toHaveURL(/type=4/);

  // Every tab whole on screen (the width the page has: no strip that cuts 愿望单 or hides 最近浏览).
  const width = page.viewportSize()!.width;
  for (const name of ['我的订单', '我的优惠券', '账号与实名', '我的激活码', '愿望单', '最近浏览']) {
    const box = (await page.getByRole('tab', { name, exact: true }).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(width);
  }
  await page.getByRole('tab', { name: '最近浏览' }).click();
  await expect(page).toHaveURL(/type=5/);
});
