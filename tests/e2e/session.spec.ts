/**
 * Journeys (c) QR login, (d) the login expiring in the middle of a payment,
 * (g) auto-login from a link's token, and logging out from /setting.
 */
import type { Page } from '@playwright/test';
import { expect, test, watchAnnouncement, type Backend } from './support/fixtures';
import {
  STORE_NAME,
  completeRealName,
  dialog,
  loginFromHeader,
  loginWithSms,
  payAndComplete,
  payAndKeepUnpaid,
  loginByQr,
  shownOrderId,
  userIdOf,
} from './support/flows';

const APP_ID = 'nn_mall_web';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

test.describe('QR login (c)', () => {
  test('a visitor logs in by scanning the QR code', { tag: ['@smoke', '@live'] }, async ({ page, backend, phone }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
    const loggedIn = watchAnnouncement(page, '登录成功');
    await loginByQr(page, backend, phone);
    await loggedIn();
    await expect(page.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();
  });

  // The scan marked from /demo in a second tab (mock mode): keyboard.spec.ts walks it, keyboard only.
});

test('when the login expires while paying, the shopper logs in again and the pay dialog reopens on the same order', {
  tag: ['@smoke', '@live'],
}, async ({ page, backend, phone, apiMode }) => {
  // In mock mode keyboard.spec.ts walks the same expiry ("QR login, then the login expires while paying");
  // this one runs where it adds something: real HTTP, the 401 answer and the token through the proxy.
  test.skip(apiMode === 'mock', 'walked in mock mode by keyboard.spec.ts');
  await page.goto('/gameDetail/1');
  await page.getByRole('button', { name: '立即购买' }).click();
  // First login by QR, so the SMS login after the expiry is this phone's first code (one per 60 s).
  await loginByQr(page, backend, phone);
  await completeRealName(page);

  const { pay, orderId } = await payAndKeepUnpaid(page);

  const userId = await userIdOf(backend, phone);
  const warned = watchAnnouncement(page, '登录信息已失效,请重新登录');
  expect(await backend.control('expireSessions', { userId })).toBe(1);

  // The next status check answers auth_40001: every dialog closes, a warning, and the login dialog.
  await warned();
  await expect(pay).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await loginWithSms(page, phone);
  await expect(page.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();

  // The pay dialog reopens by itself on the same order, which is paid: no new order is made.
  expect(await shownOrderId(pay)).toBe(orderId);
  expect(await payAndComplete(page, backend)).toBe(orderId);
  await dialog(page, '支付成功').getByRole('button', { name: '关闭' }).click();
  const { orders } = await backend.control<{ orders: { orderId: string; userId: number }[] }>('state');
  expect(orders.filter((o) => o.userId === userId).map((o) => o.orderId)).toEqual([orderId]);
});

test.describe('auto-login from a link (g)', () => {
  test.use({ dismissCouponPopup: false });

  async function followTokenLink(page: Page, backend: Backend, phone: string): Promise<void> {
    const token = await backend.control<string>('issueAutoLoginToken', { phone });
    await page.goto(`/?token=${encodeURIComponent(token)}&appId=${APP_ID}`);
  }

  async function confirmAutoLogin(page: Page, phone: string): Promise<void> {
    const ask = dialog(page, '自动登录');
    await expect(ask).toBeVisible();
    await expect(page).toHaveURL((url) => !url.searchParams.has('token') && !url.searchParams.has('appId'));
    await expect(ask.getByText(masked(phone))).toBeVisible();
    await ask.getByRole('button', { name: '确认登录' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();

    // The token was used once: a reload asks nothing.
    await page.reload();
    await expect(page.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();
    await expect(page).toHaveTitle(STORE_NAME);
    await expect(dialog(page, '自动登录')).toHaveCount(0);
  }

  test('a returning visitor follows a link with a login token and is asked to log in as that account', {
    tag: ['@smoke', '@live'],
  }, async ({ page, backend, phone }) => {
    // A returning visitor: an earlier visit today, where the coupon popup was seen and closed (what makes
    // this visitor a returning one, so waiting for the popup here is the journey, not a crutch; a first
    // visit through the link is the next test). In mock mode the control below also needs a store page.
    await page.goto('/');
    const popup = dialog(page, '领取优惠券');
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: '关闭' }).click();
    await expect(popup).toBeHidden();

    await followTokenLink(page, backend, phone);
    await confirmAutoLogin(page, phone);
  });

  test('a first visit through a link with a login token asks to log in as that account', async ({
    page,
    backend,
    phone,
    apiMode,
  }) => {
    // In mock mode the backend lives in the page: open the console first (it shows no popup).
    if (apiMode === 'mock') await page.goto('/demo');
    await followTokenLink(page, backend, phone);
    await confirmAutoLogin(page, phone);
  });
});

test('a logged-in shopper logs out from the personal centre', async ({ page, phone }) => {
  await page.goto('/');
  await loginFromHeader(page, phone);
  await page.getByRole('button', { name: `个人中心 ${masked(phone)}` }).click();
  await page.getByRole('menuitem', { name: '账号与实名' }).click();
  await expect(page).toHaveURL(/\/setting/);
  const loggedOut = watchAnnouncement(page, '退出成功！');
  await page.getByRole('button', { name: '退出登录' }).click();
  await loggedOut();
  await expect(page.getByText('登录后即可查看订单、优惠券和账号信息')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
});
