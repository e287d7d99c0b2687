/**
 * Every journey again with the keyboard alone: Tab / Shift+Tab to move, Enter
 * and Space to act, arrow keys inside widgets, Escape to close dialogs. No
 * mouse, no programmatic clicks. The coupon popup that can open over any page
 * is closed by the fixture with the keyboard. What a shopper does elsewhere
 * (a scan in the messaging app, a payment on the phone, the login expiring on
 * the server, a link with a login token) is done through the simulated
 * backend's controls, as in the other journeys, or, for the QR scan in mock
 * mode, from the /demo console in a second tab, itself with the keyboard.
 *
 * These journeys study keyboard operation, not start-up (startup.spec.ts): a
 * journey that begins on a first visit waits for that visit's coupon popup
 * and closes it with Escape before its first key (`visitAndClosePopup`). A
 * popup opening between the focus reaching a control and the key press would
 * take the key (the fixture runs before actions and expectations, not before
 * raw key presses), and the journey would fail for a reason it does not study.
 */
import type { Page, Request } from '@playwright/test';
import { COUPON_POPUP_TITLE, expect, test, watchAnnouncement, type Backend } from './support/fixtures';
import {
  AGREEMENT,
  SMS_CODE,
  STORE_NAME,
  dialog,
  expectCodeSent,
  shownOrderId,
  shownQrId,
  visitAndClosePopup,
  waitForHome,
} from './support/flows';
import { TEST_REAL_NAME, testIdCard } from './support/id-card';
import { activate, tabTo } from './support/keyboard';

test('keyboard only: browse, buy while logged out, log in, verify, pay and ask for a refund', async ({
  page,
  backend,
  phone,
}) => {
  // The first visit's coupon popup has the focus: Escape closes it (why it is waited for: above).
  await visitAndClosePopup(page, '/', { keyboard: true });
  await waitForHome(page);

  // A game of the first plate.
  const game = page.getByRole('region', { name: '热门推荐' }).getByRole('link').first();
  await activate(page, game);
  await expect(page).toHaveURL(/\/gameDetail\/\d+/);
  const buy = page.getByRole('button', { name: '立即购买' });
  await expect(buy).toBeEnabled();

  // Two of the chosen goods: the arrow key steps the quantity.
  const quantity = page.getByRole('spinbutton', { name: '购买数量' });
  await tabTo(page, quantity);
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('2');
  await activate(page, buy);

  // Login: the phone field has the focus when the dialog opens.
  const phoneField = dialog(page, '登录').getByRole('textbox', { name: '手机号', exact: true });
  await expect(phoneField).toBeFocused();
  await keyboardSmsLogin(page, phone);

  // Real name: type both fields, Enter submits.
  const realName = dialog(page, '实名认证');
  await expect(realName.getByRole('textbox', { name: '姓名', exact: true })).toBeFocused();
  await page.keyboard.type(TEST_REAL_NAME);
  await tabTo(page, realName.getByRole('textbox', { name: '身份证号', exact: true }));
  await page.keyboard.type(testIdCard());
  await page.keyboard.press('Enter');
  await expect(realName).toBeHidden();

  // Pay: the order keeps the quantity chosen on the page.
  const pay = dialog(page, '支付订单');
  await expect(pay.getByRole('spinbutton', { name: '购买数量' })).toHaveValue('2');
  await activate(page, pay.getByRole('button', { name: '立即支付' }));
  await expect(pay.getByText('等待支付结果…')).toBeVisible();
  const orderId = await shownOrderId(pay);
  await backend.control('completePayment', { orderId });
  const success = dialog(page, '支付成功');
  await expect(success).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(success).toBeHidden();

  // 订单 in the sidebar, then the order, then a refund.
  await activate(page, page.getByRole('complementary', { name: '快捷入口' }).getByRole('button', { name: '订单' }));
  await expect(page).toHaveURL(/\/setting\?type=0/);
  await activate(
    page,
    page
      .getByRole('list', { name: '订单列表' })
      .getByRole('listitem')
      .filter({ hasText: `订单号 ${orderId}` })
      .getByRole('link')
      .first(),
  );
  await expect(page).toHaveURL(new RegExp(`/orderDateil\\?id=${orderId}`));
  await activate(page, page.getByRole('button', { name: '申请退款' }));
  const refund = dialog(page, '申请退款');
  const reason = refund.getByRole('combobox', { name: '退款原因' });
  await expect(reason).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(reason).toHaveValue('拍错了/多拍了');
  await activate(page, refund.getByRole('button', { name: '提交申请' }));
  await expect(refund.getByText('退款原因：拍错了/多拍了')).toBeVisible();
  const submitted = watchAnnouncement(page, '退款申请已提交');
  await activate(page, refund.getByRole('button', { name: '确认退款' }));
  await expect(refund).toBeHidden();
  await submitted();
});

test.describe('keyboard only', () => {
  test.use({ dismissCouponPopup: false });

  test('search, open a result and come back to the same results', async ({ page }) => {
    await page.goto('/');
    // The first visit's coupon popup has the focus: Escape closes it (why it is waited for: above).
    const popup = dialog(page, COUPON_POPUP_TITLE);
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await waitForHome(page);
    const box = page.getByRole('searchbox', { name: '搜索' });
    await tabTo(page, box);
    await page.keyboard.type('星');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?keyword=/);
    const results = page.getByRole('region', { name: '搜索结果' });
    await expect(results.getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);
    const before = await results.getByRole('link').allTextContents();

    // The sort links are a list of links: Tab to one, Enter.
    await activate(page, page.getByRole('navigation', { name: '排序方式' }).getByRole('link', { name: '评分' }));
    await expect(page).toHaveURL(/sort=score/);
    // Until the sorted answer arrives the previous results stay on screen, marked busy.
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await expect(results.getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);
    const sorted = await results.getByRole('link').allTextContents();
    expect([...sorted].sort()).toEqual([...before].sort());

    await activate(page, results.getByRole('link').nth(1));
    await expect(page).toHaveURL(/\/gameDetail\/\d+/);
    await expect(page.getByRole('button', { name: '立即购买' })).toBeVisible();
    // 返回 comes right after the header.
    await activate(page, page.getByRole('button', { name: '返回' }));
    await expect(page).toHaveURL(/\/search\?.*sort=score/);
    await expect(page.getByRole('searchbox', { name: '搜索' })).toHaveValue('星');
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await expect(results.getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);
    expect(await results.getByRole('link').allTextContents()).toEqual(sorted);
  });
});

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** The login dialog is open with the focus in it: log in with an SMS code, keys only. */
async function keyboardSmsLogin(page: Page, phone: string): Promise<void> {
  const login = dialog(page, '登录');
  const phoneField = login.getByRole('textbox', { name: '手机号', exact: true });
  await tabTo(page, phoneField);
  await page.keyboard.type(phone);
  await activate(page, login.getByRole('button', { name: '获取验证码' }));
  await expect(login.getByRole('textbox', { name: '验证码', exact: true })).toBeFocused();
  await expectCodeSent(login);
  await page.keyboard.type(SMS_CODE);
  const agreement = login.getByRole('checkbox', { name: AGREEMENT });
  await activate(page, agreement, 'Space');
  await expect(agreement).toBeChecked();
  await activate(page, login.getByRole('button', { name: '登录', exact: true }));
  await expect(login).toBeHidden();
}

/**
 * Real name, keys only: the name field has the focus when the dialog opens; Enter submits. A new
 * account's coupon popup can open over the form at any moment: each field is reached with `tabTo`
 * (which lets the fixture close the popup) and checked after typing.
 */
async function keyboardRealName(page: Page): Promise<void> {
  const realName = dialog(page, '实名认证');
  const name = realName.getByRole('textbox', { name: '姓名', exact: true });
  const idCard = realName.getByRole('textbox', { name: '身份证号', exact: true });
  await expect(name).toBeFocused();
  await tabTo(page, name, { backwards: true });
  await page.keyboard.type(TEST_REAL_NAME);
  await expect(name).toHaveValue(TEST_REAL_NAME);
  await tabTo(page, idCard);
  await page.keyboard.type(testIdCard());
  await expect(idCard).toHaveValue(testIdCard());
  await page.keyboard.press('Enter');
  await expect(realName).toBeHidden();
}

/** 立即支付 from the keyboard; the payment is then completed on the server. Returns the order id. */
async function keyboardPay(page: Page, backend: Backend): Promise<string> {
  const pay = dialog(page, '支付订单');
  await activate(page, pay.getByRole('button', { name: '立即支付' }));
  await expect(pay.getByText('等待支付结果…')).toBeVisible();
  const orderId = await shownOrderId(pay);
  await backend.control('completePayment', { orderId });
  const success = dialog(page, '支付成功');
  await expect(success).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(success).toBeHidden();
  return orderId;
}

test('keyboard only: QR login, then the login expires while paying and the purchase resumes', async ({
  page,
  backend,
  phone,
}) => {
  await visitAndClosePopup(page, '/gameDetail/1', { keyboard: true });
  await activate(page, page.getByRole('button', { name: '立即购买' }));

  // 扫码登录: the tabs are one stop; the arrow key moves to the second.
  const login = dialog(page, '登录');
  await tabTo(page, login.getByRole('tab', { name: '验证码登录' }), { backwards: true });
  await page.keyboard.press('ArrowRight');
  const qrTab = login.getByRole('tab', { name: '扫码登录' });
  await expect(qrTab).toBeFocused();
  await expect(qrTab).toHaveAttribute('aria-selected', 'true');
  const image = login.getByRole('img', { name: '微信扫码登录二维码' });
  const qrId = /\/qr\/([^/.]+)\.svg/.exec((await image.getAttribute('src')) ?? '')?.[1];
  expect(qrId).toBeTruthy();
  await backend.control('markQrScanned', { qrId, phone });
  await expect(login).toBeHidden({ timeout: 15_000 });
  await keyboardRealName(page);

  const pay = dialog(page, '支付订单');
  await activate(page, pay.getByRole('button', { name: '立即支付' }));
  await expect(pay.getByText('等待支付结果…')).toBeVisible();
  const orderId = await shownOrderId(pay);
  const state = await backend.control<{ users: { userId: number; telNum: string }[] }>('state');
  const userId = state.users.find((u) => u.telNum === phone)?.userId;
  const warned = watchAnnouncement(page, '登录信息已失效,请重新登录');
  expect(await backend.control('expireSessions', { userId })).toBe(1);

  // The login dialog opens by itself with the focus inside.
  await warned();
  await expect(dialog(page, '登录')).toBeVisible();
  await keyboardSmsLogin(page, phone);
  await expect(page.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();

  // The purchase resumes by itself on the same order (docs/buying.md, "Account changes").
  expect(await shownOrderId(dialog(page, '支付订单'))).toBe(orderId);
  expect(await keyboardPay(page, backend)).toBe(orderId);
});

test('keyboard only: confirm an auto-login link', async ({ page, backend, phone }) => {
  // No key is pressed before the auto-login dialog, which takes the focus and which the popup never opens
  // over: nothing to wait for. (In mock mode the control needs a store page.)
  await page.goto('/');
  const token = await backend.control<string>('issueAutoLoginToken', { phone });
  await page.goto(`/?token=${encodeURIComponent(token)}&appId=nn_mall_web`);
  const ask = dialog(page, '自动登录');
  await activate(page, ask.getByRole('button', { name: '确认登录' }));
  await expect(ask).toBeHidden();
  await expect(page.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();
});

test('keyboard only: notices, help articles, and the 404 page back home', async ({ page }) => {
  await visitAndClosePopup(page, '/', { keyboard: true });
  await waitForHome(page);
  await activate(page, page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '公告' }));
  await expect(page).toHaveURL(/\/notice$/);
  const second = page
    .getByRole('article', { name: '公告' })
    .getByRole('heading', { level: 2 })
    .getByRole('button')
    .nth(1);
  await activate(page, second);
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(page).toHaveURL(/\/notice\?id=2$/);

  await activate(page, page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '帮助' }), 'Enter', {
    backwards: true,
  });
  await expect(page).toHaveURL(/\/help$/);
  await activate(page, page.getByRole('navigation', { name: '帮助分类' }).getByRole('link', { name: /^购买与支付/ }));
  const article = page.getByRole('region', { name: '购买与支付' }).getByRole('link').first();
  const title = ((await article.textContent()) ?? '').trim();
  await activate(page, article);
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(page).toHaveTitle(`${title} - ${STORE_NAME}`);

  await page.goto('/nope');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found: /nope');
  await activate(page, page.getByRole('link', { name: '返回首页' }));
  await expect(page).toHaveURL(/\/$/);
  await waitForHome(page);
});

test('keyboard only: QR login from the header, the scan marked from /demo in a second tab', async ({
  page,
  context,
  apiMode,
  phone,
}) => {
  test.skip(
    apiMode === 'live',
    '/demo is a mock-mode console; in live mode it only says 演示控制台仅在模拟后端模式下可用',
  );
  await visitAndClosePopup(page, '/', { keyboard: true });
  await waitForHome(page);

  // Tab A: 登录 in the header; the dialog opens with the focus on the phone field.
  await activate(page, page.getByRole('banner').getByRole('button', { name: '登录', exact: true }));
  const login = dialog(page, '登录');
  await expect(login.getByRole('textbox', { name: '手机号', exact: true })).toBeFocused();
  // 扫码登录: the tabs are one stop; the arrow key moves to the second.
  await tabTo(page, login.getByRole('tab', { name: '验证码登录' }), { backwards: true });
  await page.keyboard.press('ArrowRight');
  const qrTab = login.getByRole('tab', { name: '扫码登录' });
  await expect(qrTab).toBeFocused();
  await expect(qrTab).toHaveAttribute('aria-selected', 'true');
  await expect(login.getByText('请使用微信扫一扫，扫描二维码登录')).toBeVisible();
  const qrId = await shownQrId(page);

  // Tab B: the /demo console, typed into and submitted with the keyboard. In mock mode each tab runs its
  // own simulated backend over the same localStorage: /demo's takes tab A's QR code from there, and tab A
  // takes the scan back on its next status check.
  const demo = await context.newPage();
  await demo.goto('/demo');
  const panel = demo.getByRole('region', { name: '扫码登录' });
  const qrField = panel.getByRole('textbox', { name: '二维码 ID' });
  await tabTo(demo, qrField);
  await demo.keyboard.type(qrId);
  await expect(qrField).toHaveValue(qrId);
  const phoneField = panel.getByRole('textbox', { name: '扫码手机号（可选）' });
  await tabTo(demo, phoneField);
  await demo.keyboard.type(phone);
  await expect(phoneField).toHaveValue(phone);
  await activate(demo, panel.getByRole('button', { name: '标记已扫码' }));
  await expect(demo.getByRole('status').filter({ hasText: `二维码 ${qrId} 已标记为已扫码` })).toBeVisible();
  await demo.close();

  // Back in tab A: logged in.
  await expect(login).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();
});

test.describe('the daily coupon popup, keyboard only', () => {
  test.use({ dismissCouponPopup: false });

  test('the first visit shows the popup, 登录领取 opens the login dialog, and a second visit the same day shows nothing', async ({
    page,
    context,
    phone,
  }) => {
    await page.goto('/');
    const popup = dialog(page, COUPON_POPUP_TITLE);
    await expect(popup).toBeVisible();
    await expect(popup.getByText('今日专享优惠券，登录后即可领取使用。')).toBeVisible();
    // The popup takes the focus as it opens (登录领取, a visitor's one way on); Tab stays inside it.
    await expect(popup.getByRole('button', { name: '登录领取' })).toBeFocused();
    await activate(page, popup.getByRole('button', { name: '登录领取' }));
    await expect(popup).toBeHidden();

    // The login dialog takes its place, the focus on the phone field.
    const login = dialog(page, '登录');
    await expect(login.getByRole('textbox', { name: '手机号', exact: true })).toBeFocused();
    await keyboardSmsLogin(page, phone);
    // A new account gets its own popup once, with the coupons now in its account; Escape closes it.
    await expect(popup).toBeVisible();
    await expect(popup.getByText('以下优惠券已放入您的账户，下单时自动抵扣。')).toBeVisible();
    await expect(popup.getByRole('button', { name: '登录领取' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(page.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();

    // A second visit the same day (the address typed again, and another tab): the popup is not even asked for.
    const asked: Request[] = [];
    const watch = (request: Request) => {
      if (request.url().includes('/u-nnpc/mall/activity/home/popup')) asked.push(request);
    };
    page.on('request', watch);
    await page.goto('/');
    await waitForHome(page);
    await expect(page.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();
    const other = await context.newPage();
    other.on('request', watch);
    await other.goto('/new');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(other.getByRole('button', { name: `个人中心 ${masked(phone)}` })).toBeVisible();
    expect(asked).toEqual([]);
    await expect(dialog(page, COUPON_POPUP_TITLE)).toHaveCount(0);
    await expect(dialog(other, COUPON_POPUP_TITLE)).toHaveCount(0);
  });
});
