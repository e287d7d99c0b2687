/**
 * A phone's home page shows games: at 375×667 the first screen holds a row of deal tiles (今日特惠), each with its
 * price and discount, without a layout shift; a first visit shows no empty 最近浏览 box.
 */
import { expect, test } from './support/fixtures';
import { expectLittleShift, recordLayoutShifts } from './support/layout-shifts';

test.use({ viewport: { width: 375, height: 667 } });

test('the first screen of a phone’s home shows a game with its price and discount, and no empty 最近浏览', {
  tag: ['@live', '@phone'],
}, async ({ page }) => {
  await recordLayoutShifts(page);
  await page.goto('/');
  const deals = page.getByRole('region', { name: '今日特惠' });
  const first = deals.getByRole('listitem').first();
  await expect(first).toBeInViewport({ ratio: 1 });
  await expect(first.getByRole('link')).toHaveAccessibleName(/-\d+%.*¥\d+\.\d{2}/);
  await expect(first.getByText(/^-\d+%$/)).toBeVisible();
  await expect(first.getByRole('deletion')).toBeVisible(); // the struck original price

  // The side column is there, with nothing of 最近浏览 for a first visit.
  await expect(page.getByRole('region', { name: '排行榜' })).toBeAttached();
  await expect(page.getByRole('region', { name: '最近浏览' })).toHaveCount(0);
  await expectLittleShift(page);

  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/gameDetail\/\d+/);
  await expect(page.getByRole('button', { name: '立即购买' }).first()).toBeVisible();
});
