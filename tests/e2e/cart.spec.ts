/**
 * The cart (购物车, docs/cart.md), as a shopper meets it from a real first visit (nothing seeded): a visitor adds
 * two editions of one game and a second game, a price drops while they wait in the cart, and 去结算 goes through
 * the login and 实名认证 to one pay sheet: one order, three keys, the new price charged. On desktop (mock, and
 * live through nginx: the node server implements the extension) and on a phone, which pays on the channel's H5
 * page.
 */
import type { Page } from '@playwright/test';
import { expect, test, watchAnnouncement } from './support/fixtures';
import { completeRealName, dialog, loginWithSms, shownOrderId } from './support/flows';

/** 星砂回响: two editions (the standard one and a dearer one) and a DLC. */
const TWO_EDITIONS = 1;
/** The game whose price drops while it waits in the cart (no other journey reads its price). */
const DROPPING = 3;

/** Adds the chosen goods of the game's page to the cart (the `edition`-th of 游戏版本), as the toast says. */
async function addToCart(page: Page, edition = 0): Promise<string> {
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  const editions = page.getByRole('group', { name: '游戏版本' }).getByRole('radio');
  await editions.nth(edition).check();
  const said = watchAnnouncement(page, '已加入购物车');
  await page.getByRole('button', { name: '加入购物车', exact: true }).click();
  await said();
  return name;
}

test('a visitor fills a cart with two games and a second edition, logs in at 去结算 and pays one order at the dropped price', {
  tag: ['@live', '@phone'],
}, async ({ page, backend, phone, isMobile }) => {
  await page.goto(`/gameDetail/${TWO_EDITIONS}`);
  const first = await addToCart(page, 0);
  await addToCart(page, 1);
  await page.goto(`/gameDetail/${DROPPING}`);
  const second = await addToCart(page, 0);

  // The header's 购物车 counts what the visitor's cart holds, and leads to it.
  const entry = page.getByRole('banner').getByRole('link', { name: /^购物车\s*3\s*件$/ });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByRole('list', { name: '购物车商品' }).getByRole('listitem');
  await expect(lines).toHaveCount(3);

  // A sale while the game waits in the cart: the line says today's price, at which it is paid (a visitor's cart,
  // kept in this browser, keeps the price at the add beside it).
  const dropped = await backend.control<number>('lowerPrice', { gameId: DROPPING });
  const newPrice = `¥${(dropped / 100).toFixed(2)}`;
  await page.reload();
  const droppedLine = lines.filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(second) }) });
  await expect(droppedLine.getByRole('list', { name: /的变动$/ })).toContainText(newPrice);

  // 去结算: the store's one gate (login with the hand-over, real name), then one pay sheet with every line.
  await page.getByRole('button', { name: /^去结算\s*\(3\)$/ }).click();
  await loginWithSms(page, phone);
  await completeRealName(page);
  const pay = dialog(page, '支付订单');
  await expect(pay).toBeVisible();
  const payLines = pay.getByRole('list', { name: '结算商品' }).getByRole('listitem');
  await expect(payLines).toHaveCount(3);
  await expect(payLines.filter({ hasText: second }).getByText(newPrice).first()).toBeVisible();
  await expect(payLines.filter({ hasText: first })).toHaveCount(2);

  if (isMobile) {
    // A phone pays on the channel's H5 page, and is back in the store to the result.
    await pay.getByRole('button', { name: '打开微信支付' }).click();
    await expect(page).toHaveURL(/\/webapi\/static\/h5pay\//);
    await page.getByRole('button', { name: '确认支付' }).click();
  } else {
    await pay.getByRole('button', { name: '立即支付' }).click();
    await expect(pay.getByText('等待支付结果…')).toBeVisible();
    await backend.control('completePayment', { orderId: await shownOrderId(pay) });
  }

  // One order, three keys, grouped by game.
  const success = dialog(page, '支付成功');
  await expect(success).toBeVisible({ timeout: 15_000 });
  const keys = success.getByRole('region', { name: '激活码', exact: true });
  await expect(keys).toBeVisible({ timeout: 15_000 });
  await expect(
    keys.getByRole('region', { name: first, exact: true }).getByRole('list', { name: /的激活码$/ }),
  ).toHaveCount(2);
  await expect(
    keys.getByRole('region', { name: second, exact: true }).getByRole('list', { name: /的激活码$/ }),
  ).toHaveCount(1);
  await expect(keys.getByRole('button', { name: '复制激活码' })).toHaveCount(3);
  await success.getByRole('button', { name: '关闭' }).click();

  // The account's orders: that one order, whose detail lists both games.
  await page.goto('/setting?type=0');
  const orders = page.getByRole('list', { name: '订单列表' }).getByRole('listitem');
  await expect(orders).toHaveCount(1);
  await orders.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: '订单详情', level: 1 })).toBeVisible();
  for (const name of [first, second]) await expect(page.getByText(name).first()).toBeVisible();
  // Charged at the price the sheet showed: today's.
  await expect(page.getByText(newPrice).first()).toBeVisible();

  // Paid lines leave the cart.
  await page.goto('/cart');
  await expect(page.getByText('购物车是空的')).toBeVisible();
});
