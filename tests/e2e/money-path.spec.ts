/**
 * The money path (docs/buying.md, docs/decisions/0019-money-path-trust-and-budget.md) on a phone, at 375×667 and 375×812. A new shopper closes the daily popup, taps
 * 立即购买, logs in and verifies the real name: the first pay dialog has the login's coupon applied, and
 * its total and pay button are in view without scrolling (a bottom sheet with a sticky footer) and under
 * no toast. The shopper pays in the H5 page and comes back: 正在确认支付结果 while the store confirms, then
 * 支付成功 with the key, each group of which is on one line. Also the footer's operator line.
 *
 * Runs in mock-mobile and, tagged @live, against the API server.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, watchAnnouncement } from './support/fixtures';
import { completeRealName, dialog, loginWithSms } from './support/flows';

/** Whether two boxes overlap. */
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectInViewUncovered(page: Page, target: Locator, height: number): Promise<void> {
  await expect(target).toBeInViewport({ ratio: 1 });
  const box = (await target.boundingBox())!;
  expect(box.y + box.height, 'inside the viewport without scrolling').toBeLessThanOrEqual(height);
  // No toast over it: every message of 消息提示 / 错误提示 shown now is elsewhere. The boxes are read in one go:
  // a toast leaves after a few seconds, and a locator read one by one would wait for one that has gone.
  const toastBoxes = await page
    .getByRole('status')
    .filter({ hasText: /实名认证成功|登录成功/ })
    .evaluateAll((toasts) =>
      toasts.map(
        (toast) => toast.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number },
      ),
    );
  for (const toastBox of toastBoxes) expect(overlaps(toastBox, box), 'a toast covers it').toBe(false);
}

for (const height of [667, 812]) {
  test.describe(`at 375×${height}`, () => {
    test.use({ viewport: { width: 375, height }, isMobile: true, hasTouch: true });

    test(`a new shopper's first order has the login's coupon, the pay button in view, a calm return and the key on one line (375×${height})`, {
      tag: ['@phone', '@live'],
    }, async ({ page, phone, apiMode, viewportName }) => {
      test.skip(apiMode === 'mock' && viewportName === 'desktop', 'mock-mobile walks it at this size');
      test.skip(apiMode === 'live' && height === 812, 'one live walk is enough');
      await page.goto('/gameDetail/1?goods=1');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // The footer names the operator, its licence and its hours (HTML from the build's variables).
      await expect(page.getByRole('complementary', { name: '经营信息' })).toContainText('ICP 备案号：');

      await page.getByRole('button', { name: '立即购买' }).click();
      await loginWithSms(page, phone);
      await completeRealName(page);

      const pay = dialog(page, '支付订单');
      const total = pay.getByRole('group', { name: '结算' });
      // The coupons the login earned arrive with the popup's answer; the dialog offers the best one.
      await expect(total).toContainText(/已优惠 ¥\d+\.\d{2}/, { timeout: 15_000 });
      const payButton = pay.getByRole('button', { name: '打开微信支付' });
      await expect(payButton).toBeEnabled();
      await expectInViewUncovered(page, payButton, height);
      await expectInViewUncovered(page, total.getByText('应付金额'), height);

      // Pay in the H5 page and come back: 正在确认支付结果 until the order's status is known, then the key.
      await payButton.click();
      await expect(page).toHaveURL(/\/webapi\/static\/h5pay\//);
      const confirming = watchAnnouncement(page, '正在确认支付结果');
      await page.getByRole('button', { name: '确认支付' }).click();
      await confirming();
      const success = dialog(page, '支付成功');
      const card = success.getByRole('region', { name: '激活码' });
      await expect(card).toBeVisible({ timeout: 15_000 });

      // The key: each group of it on one line (it breaks only at a "-", if at all).
      const key = card.getByRole('code').first();
      const groups = await key.evaluate((element) => {
        const range = document.createRange();
        const lines: number[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          range.selectNodeContents(node);
          lines.push(new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
        }
        return lines;
      });
      expect(groups.length).toBeGreaterThan(1);
      for (const lines of groups) expect(lines, 'a group of the key broken over lines').toBe(1);
      await expect(card.getByRole('link', { name: '在 Steam 中激活' })).toHaveAttribute(
        'href',
        /store\.steampowered\.com\/account\/registerkey\?key=/,
      );
    });
  });
}
