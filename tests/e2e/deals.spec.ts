/**
 * Issue 34's deal journey: a filtered search (仅看折扣 + a price range + sort by price) lists only matching games,
 * cheapest first, and survives opening a game and coming back; the game shows 价格走势 with its summary. On a
 * phone the filters are in the 筛选 sheet.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectLittleShift, recordLayoutShifts } from './support/layout-shifts';

/** The result cards: name, price (the first ¥ amount), whether a struck original price is there. */
async function resultCards(page: Page): Promise<{ name: string; price: number; discounted: boolean }[]> {
  const results = page.getByRole('region', { name: '搜索结果' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(results.getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);
  const names = await results.locator('a[href^="/gameDetail/"]').evaluateAll((links) => links.map((a) => a.textContent ?? ''));
  return names.map((name) => ({ name, price: Number(/¥(\d+\.\d\d)/.exec(name)?.[1]), discounted: name.includes('原价') }));
}

async function filterControls(page: Page, phone: boolean): Promise<{ group: Locator; done: () => Promise<void> }> {
  if (!phone) return { group: page.getByRole('group', { name: '筛选' }), done: async () => undefined };
  const open = page.getByRole('button', { name: /^筛选/ });
  await open.click();
  const sheet = page.getByRole('dialog', { name: '筛选' });
  await expect(sheet).toBeVisible();
  return {
    group: sheet.getByRole('group', { name: '筛选' }),
    done: async () => {
      await sheet.getByRole('button', { name: '查看结果' }).click();
      await expect(sheet).toBeHidden();
      // The dialog gives the focus back to the button that opened it.
      await expect(open).toBeFocused();
    },
  };
}

test.describe('search that finds a deal', () => {
  test('仅看折扣 + a price range + sort by price lists only matching games in order, and survives a game and 返回', { tag: ['@live', '@phone'] }, async ({ page, viewportName }) => {
    await page.goto('/search');
    await expect(page.getByRole('region', { name: '搜索结果' }).getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);

    const { group, done } = await filterControls(page, viewportName === 'mobile');
    await group.getByRole('button', { name: '仅看折扣' }).click();
    await expect(group.getByRole('button', { name: '仅看折扣' })).toHaveAttribute('aria-pressed', 'true');
    await group.getByRole('button', { name: '¥50–100' }).click();
    await expect(group.getByRole('button', { name: '¥50–100' })).toHaveAttribute('aria-pressed', 'true');
    await done();
    await page.getByRole('navigation', { name: '排序方式' }).getByRole('link', { name: '价格从低到高' }).click();
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
    await expect(page.getByText(/^已应用：.*最低¥50，最高¥100，仅看折扣/)).toBeVisible();
    const url = page.url();

    // Open the first game: its price history, with the summary.
    await page.getByRole('region', { name: '搜索结果' }).locator('a[href^="/gameDetail/"]').first().click();
    await expect(page).toHaveURL(/\/gameDetail\/\d+/);
    const history = page.getByRole('region', { name: '价格走势' });
    await expect(history).toContainText(/近180天最低 ¥\d+\.\d\d（\d{4}年\d{1,2}月\d{1,2}日），当前 ¥\d+\.\d\d/);
    await expect(history.getByRole('img', { name: /^价格走势图：/ })).toBeVisible();

    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(url);
    expect(await resultCards(page)).toEqual(cards);
  });

  test('a prerendered game detail gets 价格走势 after hydration, in the space kept for it (nothing moves)', { tag: ['@phone'] }, async ({ page, viewportName }) => {
    // The whole page in view, so that any shift the section causes anywhere below it is counted.
    await page.setViewportSize(viewportName === 'mobile' ? { width: 375, height: 6000 } : { width: 1440, height: 4000 });
    await recordLayoutShifts(page);
    await page.goto('/');
    const href = await page.getByRole('main').locator('a[href^="/gameDetail/"]').first().getAttribute('href');
    const response = await page.goto(href!);
    // Prerendered: the game's name is in the HTML the server sent.
    expect(await response!.text()).toContain('<h1 id="game-title">');
    const history = page.getByRole('region', { name: '价格走势' });
    await expect(history).toContainText(/近180天最低 ¥\d+\.\d\d（\d{4}年\d{1,2}月\d{1,2}日），当前 ¥\d+\.\d\d/);
    await expect(history.getByRole('img', { name: /^价格走势图：/ })).toBeVisible();
    // The section fits the space its slot kept in the prerendered page (a taller one would push what follows).
    const [height, kept] = await history.evaluate((el) => [el.getBoundingClientRect().height, parseFloat(getComputedStyle(el.parentElement!).minHeight)]);
    expect(height).toBeLessThanOrEqual(kept!);
    await expectLittleShift(page);
  });
});
