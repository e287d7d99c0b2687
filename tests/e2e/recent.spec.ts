/**
 * 最近浏览 (docs/following-recent.md): a visitor's viewed games, newest first, in the prerendered home's aside
 * without moving it (and no box at all without views); they join the account at login; the personal centre's tab with 清空 and 撤销; nothing of
 * the account after logout. Desktop in mock and live mode, and a phone.
 */
import type { Page } from '@playwright/test';
import { expect, test, watchAnnouncement } from './support/fixtures';
import { expectLittleShift, recordLayoutShifts } from './support/layout-shifts';
import { loginFromHeader } from './support/flows';

/** The names of a 最近浏览 list, top to bottom, as each row's 移除 button names its game. */
async function listed(page: Page): Promise<string[]> {
  const buttons = page.getByRole('region', { name: '最近浏览' }).getByRole('button', { name: /^移除/ });
  return (await buttons.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''))).map((label) =>
    label.slice('移除'.length),
  );
}

/** Opens a game's detail page and waits until its view is recorded (the store's flows have started there). */
async function viewGame(page: Page, gameId: number): Promise<string> {
  await page.goto(`/gameDetail/${gameId}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  // At the top of the visitor's list (a game viewed again is already in it, lower down).
  await page.waitForFunction((id) => {
    try {
      return (
        (JSON.parse(localStorage.getItem('recent-views:v1:visitor') ?? '{}') as { views?: { gameId: number }[] })
          .views?.[0]?.gameId === id
      );
    } catch {
      return false;
    }
  }, gameId);
  return name;
}

test('a visitor’s recently viewed games show in the home aside without a shift, join the account at login, clear with 撤销, and leave with the logout', {
  tag: ['@live', '@phone'],
}, async ({ page, phone }) => {
  const one = await viewGame(page, 1);
  const two = await viewGame(page, 2);
  const three = await viewGame(page, 3);
  await viewGame(page, 1);

  // The prerendered home: the list comes after hydration, at the end of the side column; nothing on screen moves.
  await recordLayoutShifts(page);
  await page.goto('/');
  const aside = page.getByRole('region', { name: '最近浏览' });
  await expect.poll(() => listed(page)).toEqual([one, three, two]);
  await expect(aside.getByRole('listitem').first()).toContainText('起');
  await expectLittleShift(page);

  await aside.getByRole('button', { name: `移除${three}` }).click();
  await expect.poll(() => listed(page)).toEqual([one, two]);

  // Login: the visitor's list is the account's now.
  await loginFromHeader(page, phone);
  await page.goto('/setting?type=5');
  await expect(page.getByRole('tab', { name: '最近浏览', selected: true })).toBeVisible();
  await expect.poll(() => listed(page)).toEqual([one, two]);

  const panel = page.getByRole('region', { name: '最近浏览' });
  await panel.getByRole('button', { name: '清空' }).click();
  await expect(panel.getByRole('status')).toContainText('已清空');
  await expect(panel.getByText('还没有浏览过的游戏')).toBeVisible();
  await panel.getByRole('button', { name: '撤销' }).click();
  await expect.poll(() => listed(page)).toEqual([one, two]);

  // Logout: the next person at this computer sees no list, on the home page or in the tab.
  const loggedOut = watchAnnouncement(page, '退出成功！');
  await page.getByRole('button', { name: '退出登录' }).click();
  await loggedOut();
  await expect(panel.getByText('还没有浏览过的游戏')).toBeVisible();
  await page.goto('/');
  // No empty box either: the side column shows, without 最近浏览.
  await expect(page.getByRole('region', { name: '排行榜' })).toBeVisible();
  await expect(page.getByRole('region', { name: '最近浏览' })).toHaveCount(0);
  expect(await listed(page)).toEqual([]);
});
