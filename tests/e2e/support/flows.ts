/**
 * Steps several journeys share, written as a shopper does them: by role,
 * accessible name, label or text, never by CSS.
 */
import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import { COUPON_POPUP_TITLE, dismissCouponPopups, expect, keepCouponPopups, type Backend } from './fixtures';
import { TEST_REAL_NAME, testIdCard } from './id-card';
import { POPUP_RECORD_KEY } from '../../../src/features/marketing/popup-record';

export const SMS_CODE = '123456';
export const STORE_NAME = '星游商城';

export const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name, exact: true });

/**
 * A call the app makes to the API: a fetch or XHR under /webapi. Images under /webapi/static are plain `<img>` loads,
 * which carry no headers and may come from the memory cache.
 */
export const isApiCall = (request: Request): boolean =>
  new URL(request.url()).pathname.startsWith('/webapi/') && ['fetch', 'xhr'].includes(request.resourceType());

/** The agreement checkbox's name carries the two document links' text. */
export const AGREEMENT = /我已阅读并同意/;

/** The QR code's id is the name of its image (`/webapi/static/qr/<id>.svg`). */
export async function shownQrId(page: Page): Promise<string> {
  const image = dialog(page, '登录').getByRole('img', { name: '微信扫码登录二维码' });
  await expect(image).toBeVisible();
  const src = (await image.getAttribute('src')) ?? '';
  const id = /\/qr\/([^/.]+)\.svg/.exec(src)?.[1];
  if (!id) throw new Error(`No QR id in ${src}`);
  return id;
}

/**
 * The code 获取验证码 asked for has been sent: 重新发送 counts down. A shopper types the code the SMS brings, so
 * only then; typed sooner, the login can reach the backend before the code exists (验证码已失效, docs/e2e.md,
 * "Races found by CI").
 */
export async function expectCodeSent(login: Locator): Promise<void> {
  await expect(login.getByRole('button', { name: /重新发送/ })).toBeVisible();
}

/** Fills the open login dialog and logs in with an SMS code. */
export async function loginWithSms(page: Page, phone: string): Promise<void> {
  const login = dialog(page, '登录');
  await expect(login).toBeVisible();
  await login.getByRole('textbox', { name: '手机号', exact: true }).fill(phone);
  await login.getByRole('button', { name: '获取验证码' }).click();
  await expectCodeSent(login);
  await login.getByRole('textbox', { name: '验证码', exact: true }).fill(SMS_CODE);
  await login.getByRole('checkbox', { name: AGREEMENT }).check();
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await expect(login).toBeHidden();
}

/** Opens the login dialog from the header and logs in. */
export async function loginFromHeader(page: Page, phone: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await loginWithSms(page, phone);
  await expect(page.getByRole('button', { name: /^个人中心/ })).toBeVisible();
}

/** Fills the open real-name dialog with a valid identity. */
export async function completeRealName(page: Page): Promise<void> {
  const realName = dialog(page, '实名认证');
  await expect(realName).toBeVisible();
  await realName.getByRole('textbox', { name: '姓名', exact: true }).fill(TEST_REAL_NAME);
  await realName.getByRole('textbox', { name: '身份证号', exact: true }).fill(testIdCard());
  await realName.getByRole('button', { name: '提交' }).click();
  await expect(realName).toBeHidden();
}

/** The order id shown by the pay dialog once the order exists (`订单号 <id>`). */
export async function shownOrderId(scope: Locator): Promise<string> {
  const line = scope.getByText(/^订单号\s*\S+$/).first();
  await expect(line).toBeVisible();
  const text = (await line.textContent()) ?? '';
  const id = /订单号\s*(\S+)/.exec(text)?.[1];
  if (!id) throw new Error(`No order id in "${text}"`);
  return id;
}

/**
 * 立即支付 in the open pay dialog; the order stays unpaid, whatever the timing, because the end-to-end world's
 * simulated backend pays only when told (`API_AUTO_EVENTS=off`, `VITE_MOCK_AUTO_EVENTS=off`; docs/testing.md,
 * "Time"). Returns the dialog and the order id it shows.
 */
export async function payAndKeepUnpaid(page: Page): Promise<{ pay: Locator; orderId: string }> {
  const pay = dialog(page, '支付订单');
  await pay.getByRole('button', { name: '立即支付' }).click();
  await expect(pay.getByText('等待支付结果…')).toBeVisible();
  return { pay, orderId: await shownOrderId(pay) };
}

/**
 * 立即支付 in the open pay dialog, then the payment is completed the way a
 * real backend would on its own (the simulated backend's `completePayment`),
 * and the success dialog shows. Returns the order id.
 */
export async function payAndComplete(
  page: Page,
  backend: Backend,
  press: (button: Locator) => Promise<void> = (b) => b.click(),
): Promise<string> {
  const pay = dialog(page, '支付订单');
  await expect(pay).toBeVisible();
  await press(pay.getByRole('button', { name: '立即支付' }));
  await expect(pay.getByText('等待支付结果…')).toBeVisible();
  const orderId = await shownOrderId(pay);
  await backend.control('completePayment', { orderId });
  await expect(dialog(page, '支付成功')).toBeVisible({ timeout: 15_000 });
  return orderId;
}

/**
 * Holds the browser's date at noon, China time, of today, for every page of `context` (Playwright's clock:
 * `Date` stands still, timers still run). For the journeys that say "the same day" of the daily popup, which a
 * run across midnight would fail otherwise (docs/testing.md, "Time"). Call before the first page opens.
 */
export async function holdToday(context: BrowserContext): Promise<void> {
  const china = new Date(Date.now() + 8 * 3600_000);
  await context.clock.setFixedTime(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate(), 12 - 8));
}

/**
 * Records today's daily coupon popup as already shown in this browser, in every document the context opens: a state
 * a journey seeds only where the popup's wall-clock quiet moment would race its taps (each caller says why).
 */
export async function popupRecordedToday(context: BrowserContext): Promise<void> {
  await context.addInitScript((key: string) => {
    // about:blank has no storage of its own.
    if (!location.protocol.startsWith('http')) return;
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ browser: day }));
  }, POPUP_RECORD_KEY);
}

/** Waits for the home page's content (not its skeletons). */
export async function waitForHome(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: '为你推荐' })).toBeVisible();
}

/**
 * A new visitor's first page, and a wait for the daily coupon popup to open over it before anything else;
 * the shopper then closes it (its 关闭 button, or Escape with `keyboard`). The fixture's automatic closing
 * is paused meanwhile.
 *
 * Not how a journey starts: a shopper does not wait for start-up to settle, and the popup waits for any
 * dialog they open (startup.spec.ts); open the page with `page.goto` and let the `dismissCouponPopup`
 * fixture close the popup whenever it comes on top. Only for a journey that studies something the popup
 * arriving mid-way would spoil, and says why where it calls this: the keyboard-only journeys (a popup
 * that opens between the focus reaching a control and the key press takes the key; the fixture runs
 * before actions and expectations, not before raw key presses) and the hostile seed's new-account popup
 * (the popup checked must be the new account's, with the fixture off).
 */
export async function visitAndClosePopup(page: Page, url: string, options: { keyboard?: boolean } = {}): Promise<void> {
  const resume = await keepCouponPopups(page);
  await page.goto(url);
  const popup = dialog(page, COUPON_POPUP_TITLE);
  await expect(popup).toBeVisible();
  if (options.keyboard) await page.keyboard.press('Escape');
  else await popup.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(popup).toBeHidden();
  if (resume) await dismissCouponPopups(page);
}

/** Switches the open login dialog to 扫码登录 and marks its code scanned by `phone`'s messaging account. */
export async function loginByQr(page: Page, backend: Backend, phone: string): Promise<void> {
  const login = dialog(page, '登录');
  await login.getByRole('tab', { name: '扫码登录' }).click();
  await expect(login.getByText('请使用微信扫一扫，扫描二维码登录')).toBeVisible();
  const qrId = await shownQrId(page);
  await backend.control('markQrScanned', { qrId, phone });
  await expect(login).toBeHidden({ timeout: 15_000 });
}

/** The backend's id for `phone`'s account. */
export async function userIdOf(backend: Backend, phone: string): Promise<number> {
  const state = await backend.control<{ users: { userId: number; telNum: string }[] }>('state');
  const user = state.users.find((u) => u.telNum === phone);
  if (!user) throw new Error(`No user for ${phone}`);
  return user.userId;
}
