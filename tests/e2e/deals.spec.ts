/**
 * The deal journey (docs/following-prices.md): a filtered search (仅看折扣 + a price range + sort by price) lists only matching games,
 * cheapest first, and survives opening a game and coming back; the game shows 价格走势 with its summary. On a
 * phone the filters are in the 筛选 sheet (查看 N 款), and the filters in force are chips removed one by one.
 * A price lowered by the backend's control is what the deal tools read (the browser's msw mount in mock mode,
 * the real HTTP server in live mode; msw/node in tests/mock/deals.test.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectLittleShift, recordLayoutShifts } from './support/layout-shifts';

/** The result cards: name, price (the first ¥ amount), whether a struck original price is there. */
async function resultCards(page: Page): Promise<{ name: string; price: number; discounted: boolean }[]> {
  const results = page.getByRole('region', { name: '搜索结果' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(results.getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);
  const names = await results
    .locator('a[href^="/gameDetail/"]')
    .evaluateAll((links) => links.map((a) => a.textContent ?? ''));
  return names.map((name) => ({
    name,
    price: Number(/¥(\d+\.\d\d)/.exec(name)?.[1]),
    discounted: name.includes('原价'),
  }));
}

async function filterControls(page: Page, phone: boolean): Promise<{ group: Locator; done: () => Promise<void> }> {
  if (!phone) return { group: page.getByRole('group', { name: '筛选', exact: true }), done: async () => undefined };
  const open = page.getByRole('button', { name: /^筛选/ });
  await open.click();
  const sheet = page.getByRole('dialog', { name: '筛选' });
  await expect(sheet).toBeVisible();
  return {
    group: sheet.getByRole('group', { name: '筛选' }),
    done: async () => {
      await sheet.getByRole('button', { name: /^查看 \d+ 款$/ }).click();
      await expect(sheet).toBeHidden();
      // The dialog gives the focus back to the button that opened it.
      await expect(open).toBeFocused();
    },
  };
}

test.describe('search that finds a deal', () => {
  test('仅看折扣 + a price range + sort by price lists only matching games in order, and survives a game and 返回', {
    tag: ['@live', '@phone'],
  }, async ({ page, viewportName }) => {
    await page.goto('/search');
    await expect(page.getByRole('region', { name: '搜索结果' }).getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);

    const { group, done } = await filterControls(page, viewportName === 'mobile');
    await group.getByRole('button', { name: '仅看折扣' }).click();
    await expect(group.getByRole('button', { name: '仅看折扣' })).toHaveAttribute('aria-pressed', 'true');
    await group.getByRole('button', { name: '¥50–100' }).click();
    await expect(group.getByRole('button', { name: '¥50–100' })).toHaveAttribute('aria-pressed', 'true');
    await done();
    // The phone's bar has one 价格 link that turns the order; the desktop row names each order.
    await page
      .getByRole('navigation', { name: '排序方式' })
      .getByRole('link', { name: viewportName === 'mobile' ? '按价格排序' : '价格从低到高' })
      .click();
    await expect(page).toHaveURL(/[?&]sort=priceAsc/);
    for (const part of [/[?&]discount=true/, /[?&]min=50/, /[?&]max=100/]) await expect(page).toHaveURL(part);

    const cards = await resultCards(page);
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) {
      expect(card.discounted, card.name).toBe(true);
      expect(card.price, card.name).toBeGreaterThanOrEqual(50);
      expect(card.price, card.name).toBeLessThanOrEqual(100);
    }
    const prices = cards.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const chips = page.getByRole('group', { name: '已应用的筛选' });
    await expect(chips.getByRole('button', { name: '移除筛选：¥50–100' })).toBeVisible();
    await expect(chips.getByRole('button', { name: '移除筛选：仅看折扣' })).toBeVisible();
    const url = page.url();

    // Open the first game: its price history, with the summary.
    await page.getByRole('region', { name: '搜索结果' }).locator('a[href^="/gameDetail/"]').first().click();
    await expect(page).toHaveURL(/\/gameDetail\/\d+/);
    const history = page.getByRole('region', { name: '价格走势' });
    await expect(history).toContainText(
      /(近180天|发售以来)最低 ¥\d+\.\d\d（\d{4}年\d{1,2}月\d{1,2}日），当前 ¥\d+\.\d\d/,
    );
    await expect(history.getByRole('slider', { name: /^价格走势图：/ })).toBeVisible();

    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(url);
    expect(await resultCards(page)).toEqual(cards);
  });

  test('a prerendered game detail gets 价格走势 after hydration, in the space kept for it (nothing moves)', {
    tag: ['@phone'],
  }, async ({ page, viewportName }) => {
    // The whole page in view, so that any shift the section causes anywhere below it is counted.
    await page.setViewportSize(
      viewportName === 'mobile' ? { width: 375, height: 6000 } : { width: 1440, height: 4000 },
    );
    await recordLayoutShifts(page);
    await page.goto('/');
    const href = await page.getByRole('main').locator('a[href^="/gameDetail/"]').first().getAttribute('href');
    const response = await page.goto(href!);
    // Prerendered: the game's name is in the HTML the server sent.
    expect(await response!.text()).toContain('<h1 id="game-title">');
    const history = page.getByRole('region', { name: '价格走势' });
    await expect(history).toContainText(
      /(近180天|发售以来)最低 ¥\d+\.\d\d（\d{4}年\d{1,2}月\d{1,2}日），当前 ¥\d+\.\d\d/,
    );
    await expect(history.getByRole('slider', { name: /^价格走势图：/ })).toBeVisible();
    // The section fits the space its slot kept in the prerendered page (a taller one would push what follows).
    const [height, kept] = await history.evaluate((el) => [
      el.getBoundingClientRect().height,
      parseFloat(getComputedStyle(el.parentElement!).minHeight),
    ]);
    expect(height).toBeLessThanOrEqual(kept!);
    await expectLittleShift(page);
  });

  test('on a phone: filters through the sheet (查看 N 款), the first result on the first screen, chips removed one by one', {
    tag: ['@phone'],
  }, async ({ page, viewportName }) => {
    test.skip(viewportName !== 'mobile', 'the phone’s bar and sheet');
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/search');
    const results = page.getByRole('region', { name: '搜索结果' });
    await expect(results.getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);
    // The first result's name and price are on the first screen.
    const first = results.locator('a[href^="/gameDetail/"]').first();
    const box = await first.boundingBox();
    expect(box!.y + box!.height, 'the first card’s bottom').toBeLessThanOrEqual(667);

    const open = page.getByRole('button', { name: /^筛选/ });
    await open.click();
    const sheet = page.getByRole('dialog', { name: '筛选' });
    const group = sheet.getByRole('group', { name: '筛选' });
    await group.getByRole('combobox', { name: '平台' }).selectOption('PC');
    await group.getByRole('button', { name: '仅看折扣' }).click();
    await expect(group.getByRole('button', { name: '仅看折扣' })).toHaveAttribute('aria-pressed', 'true');
    await group.getByRole('textbox', { name: '最低价（元）' }).fill('30');
    await group.getByRole('textbox', { name: '最高价（元）' }).fill('200');
    await group.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/[?&]min=30/);
    // The sheet counts what the chosen filters find, and closes on it.
    const see = sheet.getByRole('button', { name: /^查看 \d+ 款$/ });
    await expect(see).toBeVisible();
    const n = Number(/\d+/.exec((await see.textContent()) ?? '')?.[0]);
    await see.click();
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveText('筛选（3）');
    await expect(results.getByRole('status')).toHaveText(`共找到 ${n} 款游戏`);

    // The bar stays under the header while the results scroll.
    await page.mouse.wheel(0, 1200);
    await expect(async () => {
      const bar = await page.getByRole('navigation', { name: '排序方式' }).boundingBox();
      const header = await page.getByRole('banner').boundingBox();
      expect(bar!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
      expect(bar!.y).toBeLessThan(header!.y + header!.height + 8);
    }).toPass();

    // Each chip removes its own filter, one by one, and the count follows.
    const chips = page.getByRole('group', { name: '已应用的筛选' });
    for (const [chip, gone] of [
      ['移除筛选：¥30–200', /[?&]min=/],
      ['移除筛选：PC', /[?&]platform=/],
      ['移除筛选：仅看折扣', /[?&]discount=/],
    ] as const) {
      await chips.getByRole('button', { name: chip }).click();
      await expect(page).not.toHaveURL(gone);
    }
    await expect(chips).toBeHidden();
    await expect(open).toHaveText('筛选');
  });

  test(
    'a price the backend lowers is what the price filter, 价格 sort and 折扣最大 read',
    { tag: ['@live'] },
    async ({ page, backend }, testInfo) => {
      // 星火前哨 (id 19, ¥198.00, no other journey's game) drops to ¥1.00 (¥0.99 on the retry: a price only goes down,
      // and live mode's server is shared by the run).
      const price = 100 - testInfo.retry;
      await page.goto('/search?keyword=%E6%98%9F%E7%81%AB%E5%89%8D%E5%93%A8');
      await expect(page.getByRole('region', { name: '搜索结果' }).getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);
      expect(await backend.control<number>('lowerPrice', { gameId: 19, price })).toBe(price);

      await page.goto('/search?max=1&sort=priceAsc');
      const cards = await resultCards(page);
      expect(cards.some((c) => c.name.startsWith('星火前哨') && c.price === price / 100)).toBe(true);
      expect(cards.every((c) => c.price <= 1)).toBe(true);
      await page.goto('/search?discount=true&sort=discount');
      expect((await resultCards(page))[0]!.name).toMatch(new RegExp(`^星火前哨.*¥${(price / 100).toFixed(2)}`));
      await page.goto('/search?min=150');
      expect((await resultCards(page)).some((c) => c.name.startsWith('星火前哨'))).toBe(false);
    },
  );
});
