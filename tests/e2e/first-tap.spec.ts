/**
 * A prerendered page answers the first tap (issue 31): the page looks ready from its first paint, before
 * React holds it and before the store's flows run, and a shopper taps then. Each journey opens a fresh
 * page, waits only until the control is visible, and presses the mouse at the middle of its box (not a
 * locator click, which would wait for the control to be stable and enabled, that is for the page), then
 * checks the control did what it says. public/boot.js keeps such a tap, marks it, and replays it once the
 * app holds the page (docs/prerendering.md, "No tap is lost").
 *
 * Each runs at full speed and with the CPU slowed four times (CDP `Emulation.setCPUThrottlingRate`, a
 * mid-range phone), in the mock build and (`@live`) the live one. The first visit's daily coupon popup is
 * not seeded away: it opens when it would, and the `dismissCouponPopup` fixture closes it as a shopper would.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const RATES = [1, 4] as const;

/** Slows the page's CPU `rate` times (1: not at all) before anything loads. */
async function throttle(page: Page, rate: number): Promise<void> {
  if (rate === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Opens `url` and returns as soon as the browser has the response: the page is not waited for. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
}

/** A real mouse press at the middle of `control`'s box the moment it is visible (scrolled to first, as a shopper would). */
async function tapWhenVisible(page: Page, control: Locator): Promise<void> {
  await control.waitFor({ state: 'visible' });
  await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await control.boundingBox();
  if (!box) throw new Error('the control has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The first game card of 为你推荐 on the prerendered home, and its game's detail path. */
async function firstGame(page: Page): Promise<{ card: Locator; href: string }> {
  const card = page.getByRole('region', { name: '为你推荐' }).locator('a[href^="/gameDetail/"]').first();
  await card.waitFor({ state: 'visible' });
  const href = await card.getAttribute('href');
  if (!href) throw new Error('no game card on the home page');
  return { card, href };
}

for (const rate of RATES) {
  test.describe(`the first tap on a prerendered page, CPU ${rate}×`, () => {
    test.beforeEach(async ({ page }) => {
      await throttle(page, rate);
    });

    test(`on the home page: 订单 in the side bar, a ranking tab, a game card and a keyword typed in the header's search all do what they say @live`, async ({ page }) => {
      // 订单, for a visitor nobody has logged in: the login dialog.
      await open(page, '/');
      await tapWhenVisible(page, page.getByRole('button', { name: '订单', exact: true }));
      await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();

      // A ranking tab in the side column (its own chunk, which the home route waits for before it hydrates).
      await open(page, '/');
      const tabs = page.getByRole('tablist').first();
      await tabs.waitFor({ state: 'visible' });
      const second = tabs.getByRole('tab').nth(1);
      await tapWhenVisible(page, second);
      await expect(second).toHaveAttribute('aria-selected', 'true');

      // A game card: its detail.
      await open(page, '/');
      const { card, href } = await firstGame(page);
      await tapWhenVisible(page, card);
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();

      // The header's search: what is typed before the app holds the page is kept, and Enter searches for it.
      await open(page, '/');
      const search = page.getByRole('banner').getByRole('searchbox', { name: '搜索' });
      await tapWhenVisible(page, search);
      await page.keyboard.type('星');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search\?keyword=%E6%98%9F$/);
      await expect(page.getByRole('banner').getByRole('searchbox', { name: '搜索' })).toHaveValue('星');
    });

    test(`on a game's detail: 返回, the quantity and 立即购买 all do what they say @live`, async ({ page }) => {
      // Game 1 of the simulated backend's seed: its first goods may be bought several at a time.
      const href = '/gameDetail/1';

      // 返回 on a detail opened directly: the store's home.
      await open(page, href);
      await tapWhenVisible(page, page.getByRole('button', { name: '返回' }));
      await expect(page).toHaveURL(/\/$/);

      // The quantity: one more.
      await open(page, href);
      const more = page.getByRole('button', { name: '增加数量' });
      await more.waitFor({ state: 'visible' });
      const quantity = page.getByRole('spinbutton', { name: '购买数量' });
      const before = Number(await quantity.inputValue());
      await tapWhenVisible(page, more);
      await expect(quantity).toHaveValue(String(before + 1));

      // 立即购买, for a visitor: the login dialog (the purchase resumes after the login, as elsewhere).
      await open(page, href);
      await tapWhenVisible(page, page.getByRole('button', { name: '立即购买' }));
      await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
    });
  });
}
