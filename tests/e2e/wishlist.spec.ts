/**
 * The wishlist (愿望单, docs/following-wishlist.md), as a shopper meets it, from a real first visit (nothing seeded): a visitor wishlists
 * two games on their pages, logs in, and finds both in the account's 愿望单 tab; a price drops through the
 * simulated backend's control (what /demo's 降价 button calls), and the next page's header says 愿望单 1 款降价,
 * quietly, and the tab marks the game 降价. On desktop (mock and live: the node server implements the
 * extension too) and on a phone, where the toggle sits in the sticky buy bar.
 */
import type { Page } from '@playwright/test';
import { expect, test, watchAnnouncement } from './support/fixtures';
import { completeRealName, dialog, loginFromHeader, loginWithSms, payAndComplete } from './support/flows';

const GAMES = [1, 2] as const;

/** Opens a game's page and wishlists it with the buy row's toggle; its name, as the page's heading says it. */
async function wishlistGame(page: Page, gameId: number): Promise<string> {
  await page.goto(`/gameDetail/${gameId}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  await page.getByRole('button', { name: '加入愿望单', exact: true }).click();
  await expect(page.getByRole('button', { name: '已加入愿望单', exact: true })).toHaveAttribute('aria-pressed', 'true');
  return name;
}

const wishlist = (page: Page) => page.getByRole('list', { name: '愿望单游戏' });

test('a visitor wishlists two games, logs in and finds them merged; a price drop shows in the header and the list', {
  tag: ['@live', '@phone'],
}, async ({ page, backend, phone }) => {
  const names: string[] = [];
  for (const gameId of GAMES) names.push(await wishlistGame(page, gameId));
  // Back on the first game, its toggle remembers (the visitor's list in this browser).
  await page.goto(`/gameDetail/${GAMES[0]}`);
  await expect(page.getByRole('button', { name: '已加入愿望单', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await loginFromHeader(page, phone);
  // To the tab through the account chip's menu, as a shopper goes: no reload while the merge is on its way.
  await page.getByRole('button', { name: /^个人中心/ }).click();
  await page.getByRole('menuitem', { name: '愿望单' }).click();
  await expect(page).toHaveURL(/\/setting\?type=4/);
  for (const name of names) await expect(wishlist(page).getByRole('heading', { level: 3, name })).toBeVisible();

  // A sale: the backend lowers the second game's price.
  const price = await backend.control<number>('lowerPrice', { gameId: GAMES[1] });
  await page.goto('/');
  const count = page.getByRole('banner').getByRole('link', { name: '愿望单 1 款降价' });
  await expect(count).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await count.click();
  await expect(page).toHaveURL(/\/setting\?type=4/);
  const row = wishlist(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: names[1] }) });
  await expect(row.getByText(/^降价 ¥\d+\.\d{2}$/)).toBeVisible();
  await expect(row.getByText(`¥${(price / 100).toFixed(2)}`, { exact: true }).first()).toBeAttached();
});

test('a visitor buys from a wishlist row: the add is said, the header’s ♥ leads to the list, 立即购买 goes through login and real name to the pay dialog', {
  tag: ['@live', '@phone'],
}, async ({ page, backend, phone, isMobile }) => {
  await page.goto(`/gameDetail/${GAMES[0]}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  const said = watchAnnouncement(page, '已加入愿望单，登录后同步到账号');
  await page.getByRole('button', { name: '加入愿望单', exact: true }).click();
  await said();

  // The header's ♥, for a visitor too, counts the list and leads to it.
  await page.getByRole('banner').getByRole('link', { name: '愿望单 1 款' }).click();
  await expect(page).toHaveURL(/\/setting\?type=4/);
  await expect(page.getByRole('button', { name: '登录后同步到账号' })).toBeVisible();
  const row = wishlist(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name }) });
  await expect(row.getByText('到手价')).toBeVisible();
  await expect(row.getByRole('img')).toHaveCount(0); // the cover is decorative (alt=""), the name says it

  // 立即购买 is the store's one purchase gate: a visitor logs in, verifies the real name, and pays.
  await row.getByRole('button', { name: `立即购买 ${name}` }).click();
  await loginWithSms(page, phone);
  await completeRealName(page);
  const pay = dialog(page, '支付订单');
  await expect(pay).toBeVisible();
  await expect(pay.getByText(name).first()).toBeVisible();
  // A phone pays on the channel's H5 page (phone-purchase.spec.ts); the gate's part is what this journey is about.
  if (isMobile) return;
  await payAndComplete(page, backend);

  // After the login the row is the account's (handed over), still there to buy from.
  await dialog(page, '支付成功').getByRole('button', { name: '关闭' }).click();
  await expect(wishlist(page).getByRole('button', { name: `立即购买 ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录后同步到账号' })).toHaveCount(0);
});
