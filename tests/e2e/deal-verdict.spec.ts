/**
 * The deal verdict by the price (docs/following-prices.md): on the game detail the chosen goods' low with its date, or 史低,
 * sits beside the price on the first screen of a phone, and 价格走势 takes the shopper to the chart in one
 * tap; the chart shows the price of a day on hover (desktop), on a tap (phone) and from the keyboard; the
 * page passes axe with both in view, and nothing moves when they come after hydration.
 */
import { expect, test } from './support/fixtures';
import { Audit } from './support/audit';
import { expectLittleShift, recordLayoutShifts } from './support/layout-shifts';

/** 星砂回响: a discounted game out for less than the window (its history starts at its release). */
const GAME_PATH = '/gameDetail/1';
const VERDICT = /(近180天|发售以来)最低 ¥\d+\.\d\d（\d{1,2}月\d{1,2}日）|当前为(近180天|发售以来)最低价/;

test.describe('the deal verdict and the chart', () => {
  test(
    'the verdict by the price on a phone: on the first screen, and the chart one tap away, its value on a tap',
    { tag: ['@phone'] },
    async ({ page, viewportName }, testInfo) => {
      await recordLayoutShifts(page);
      await page.goto(GAME_PATH);
      const price = page.getByRole('group', { name: '价格' });
      await expect(price).toContainText(VERDICT);
      // On the first screen, beside the price (the viewport's height is the fold).
      const box = (await price.getByText(VERDICT).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      if (viewportName === 'mobile') {
        // The phone's buy bar stays as it was: 到手价 and 立即购买 (史低 beside 到手价 only at the low).
        await expect(page.getByRole('button', { name: '立即购买' })).toBeVisible();
      }

      await price.getByRole('button', { name: '价格走势' }).click();
      const history = page.getByRole('region', { name: '价格走势' });
      await expect(history).toBeFocused();
      await expect(history.getByRole('heading', { name: '价格走势' })).toBeInViewport();
      const chart = history.getByRole('slider', { name: /^价格走势图：/ });
      await expect(chart).toHaveAttribute('aria-valuetext', /^今天 ¥\d+\.\d\d$/);
      // The axis: the highest and the lowest price; the markers: the low and today.
      await expect(history.getByText(/^最低 ¥\d+\.\d\d$/)).toBeVisible();

      // A tap (phone) or a hover (desktop) near the chart's start shows that day's price.
      const plot = (await chart.boundingBox())!;
      if (viewportName === 'mobile') await chart.tap({ position: { x: 4, y: plot.height / 2 } });
      else await chart.hover({ position: { x: 4, y: plot.height / 2 } });
      await expect(chart).toHaveAttribute('aria-valuetext', /^\d{4}年\d{1,2}月\d{1,2}日 ¥\d+\.\d\d$/);
      await expect(history.getByText(/^\d{4}年\d{1,2}月\d{1,2}日 ¥\d+\.\d\d$/)).toBeVisible();

      // The keyboard: End is today, Home the first day, → the next change.
      await chart.focus();
      await page.keyboard.press('End');
      await expect(chart).toHaveAttribute('aria-valuetext', /^今天 /);
      await page.keyboard.press('Home');
      await expect(chart).toHaveAttribute('aria-valuenow', '0');
      await page.keyboard.press('ArrowRight');
      await expect(chart).not.toHaveAttribute('aria-valuenow', '0');

      const audit = new Audit(page, testInfo, viewportName);
      await audit.check('game-detail-verdict', { screenshot: false });
      expect(await audit.report(), 'serious or critical axe violations').toBe('');
      await expectLittleShift(page);
    },
  );

  test('the chart’s value on hover, from a prerendered detail whose verdict and chart come in kept space', {
    tag: ['@phone'],
  }, async ({ page, viewportName }) => {
    // The whole page in view, so that any shift below the verdict or the chart is counted.
    await page.setViewportSize(
      viewportName === 'mobile' ? { width: 375, height: 6000 } : { width: 1440, height: 4000 },
    );
    await recordLayoutShifts(page);
    const response = await page.goto(GAME_PATH);
    expect(await response!.text()).toContain('<h1 id="game-title">');
    await expect(page.getByRole('group', { name: '价格' })).toContainText(VERDICT);
    const history = page.getByRole('region', { name: '价格走势' });
    const chart = history.getByRole('slider', { name: /^价格走势图：/ });
    await expect(chart).toBeVisible();
    const [height, kept] = await history.evaluate((el) => [
      el.getBoundingClientRect().height,
      parseFloat(getComputedStyle(el.parentElement!).minHeight),
    ]);
    expect(height).toBeLessThanOrEqual(kept!);
    await expectLittleShift(page);
  });
});
