/**
 * The audit pass: every route and every dialog, logged out and logged in,
 * checked with axe (WCAG 2 A/AA; serious and critical violations fail) and
 * photographed at both viewports (docs/screens.md). Mock mode only: the
 * screens are the same build in both modes, and mock mode's data is the
 * seed's, so screenshots are comparable from run to run.
 */
import { COUPON_POPUP_TITLE, expect, test } from './support/fixtures';
import { Audit } from './support/audit';
import { completeRealName, dialog, loginFromHeader, waitForHome } from './support/flows';
import { uniquePhone } from './support/phones';

test.use({ dismissCouponPopup: false });

test.beforeEach(({ apiMode }) => {
  test.skip(apiMode === 'live', 'the audit runs on the mock-mode build (the same screens as live mode)');
});

test('every route and dialog a visitor sees passes axe', { tag: '@screens' }, async ({ page, viewportName }, testInfo) => {
  const audit = new Audit(page, testInfo, viewportName);

  await page.goto('/');
  const popup = dialog(page, COUPON_POPUP_TITLE);
  await expect(popup.getByRole('list', { name: '优惠券列表' })).toBeVisible();
  await audit.check('coupon-popup');
  await popup.getByRole('button', { name: '关闭' }).click();
  await waitForHome(page);
  await audit.check('home');

  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  const login = dialog(page, '登录');
  await expect(login.getByRole('textbox', { name: '手机号', exact: true })).toBeFocused();
  await audit.check('login');
  await login.getByRole('tab', { name: '扫码登录' }).click();
  await expect(login.getByRole('img', { name: '微信扫码登录二维码' })).toBeVisible();
  await audit.check('login-qr');
  await login.getByRole('button', { name: '关闭' }).click();

  await page.goto('/new');
  await expect(page.getByRole('heading', { name: '最近上架' })).toBeVisible();
  await audit.check('new');

  await page.goto('/search?keyword=%E6%98%9F');
  await expect(page.getByRole('region', { name: '搜索结果' }).getByRole('status')).toHaveText(/共找到/);
  await audit.check('search');

  await page.goto('/gameDetail/1');
  await expect(page.getByRole('button', { name: '立即购买' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: '用户评价' })).toBeVisible();
  await audit.check('game-detail');

  await page.goto('/notice?id=1');
  await expect(page.getByRole('article', { name: '公告' }).getByRole('region')).toBeVisible();
  await audit.check('notice');

  await page.goto('/help');
  const categories = page.getByRole('navigation', { name: '帮助分类' });
  await expect(categories).toBeVisible();
  await audit.check('help');
  await page.getByRole('main').getByRole('list').last().getByRole('link').first().click();
  await expect(page).toHaveURL(/article=\d+/);
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible();
  await audit.check('help-article');

  await page.goto('/agreement');
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toBeVisible();
  await audit.check('agreement');

  await page.goto('/coupon');
  await expect(page.getByRole('button', { name: /立即领取/ }).first()).toBeVisible();
  await audit.check('coupon');

  await page.goto('/sem/activity');
  await expect(page.getByRole('region', { name: '今日爆款' })).toBeVisible();
  await expect(page.getByRole('region', { name: '活动商品' }).getByRole('list')).toBeVisible();
  await audit.check('sem-activity');

  await page.goto('/setting');
  await expect(page.getByText('登录后即可查看订单、优惠券和账号信息')).toBeVisible();
  await audit.check('setting-logged-out');

  await page.goto('/orderDateil?id=XY0');
  await expect(page.getByText('登录后查看订单详情。')).toBeVisible();
  await audit.check('order-detail-logged-out', { screenshot: false });

  await page.goto('/demo');
  await expect(page.getByRole('region', { name: '扫码登录' })).toBeVisible();
  await audit.check('demo');

  await page.goto('/nope');
  await expect(page.getByRole('heading', { name: 'Page not found: /nope' })).toBeVisible();
  await audit.check('not-found');

  const summary = await audit.report();
  expect(summary, 'serious or critical axe violations').toBe('');
});

test('every route and dialog a logged-in shopper sees passes axe', { tag: '@screens' }, async ({ page, viewportName, backend, phone }, testInfo) => {
  const audit = new Audit(page, testInfo, viewportName);

  await page.goto('/');
  const popup = dialog(page, COUPON_POPUP_TITLE);
  await popup.getByRole('button', { name: '关闭' }).click();
  await loginFromHeader(page, phone);
  // A new account's own popup, with the coupons now in its account.
  await expect(popup.getByText('以下优惠券已放入您的账户，下单时自动抵扣。')).toBeVisible();
  await audit.check('coupon-popup-user');
  await popup.getByRole('button', { name: '关闭' }).click();
  await waitForHome(page);
  await audit.check('home-logged-in', { screenshot: false });

  await page.goto('/gameDetail/1');
  await expect(page.getByText(/可用优惠券：/)).toBeVisible();
  await audit.check('game-detail-logged-in', { screenshot: false });
  await page.getByRole('button', { name: '立即购买' }).click();
  const realName = dialog(page, '实名认证');
  await expect(realName.getByRole('textbox', { name: '姓名', exact: true })).toBeFocused();
  await audit.check('real-name');
  await completeRealName(page);

  const pay = dialog(page, '支付订单');
  await expect(pay.getByRole('group', { name: '支付方式' })).toBeVisible();
  await audit.check('pay');
  await pay.getByRole('button', { name: '立即支付' }).click();
  await expect(pay.getByRole('img', { name: '支付二维码' })).toBeVisible();
  await audit.check('pay-waiting');
  const orderLine = pay.getByText(/^订单号\s*\S+$/);
  const orderId = /订单号\s*(\S+)/.exec((await orderLine.textContent()) ?? '')?.[1] ?? '';
  await backend.control('completePayment', { orderId });
  const success = dialog(page, '支付成功');
  await expect(success.getByRole('region', { name: '激活码' })).toBeVisible({ timeout: 15_000 });
  await audit.check('pay-success');

  await success.getByRole('link', { name: '查看订单' }).click();
  await expect(page.getByRole('heading', { name: '订单详情', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '申请退款' })).toBeVisible();
  await audit.check('order-detail');
  await page.getByRole('button', { name: '申请退款' }).click();
  const refund = dialog(page, '申请退款');
  await expect(refund.getByRole('combobox', { name: '退款原因' })).toBeFocused();
  await audit.check('refund');
  await refund.getByRole('button', { name: '提交申请' }).click();
  await expect(refund.getByRole('button', { name: '确认退款' })).toBeVisible();
  await audit.check('refund-confirm');
  await refund.getByRole('button', { name: '关闭' }).click();

  for (const [type, screen] of [
    [0, 'setting-orders'],
    [1, 'setting-coupons'],
    [2, 'setting-account'],
  ] as const) {
    await page.goto(`/setting?type=${type}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    if (type === 0) await expect(page.getByRole('list', { name: '订单列表' })).toBeVisible();
    if (type === 1) await expect(page.getByRole('heading', { name: /^可使用/ })).toBeVisible();
    if (type === 2) await expect(page.getByRole('heading', { name: '实名认证' })).toBeVisible();
    await audit.check(screen);
  }

  // A link carrying another account's login token.
  const token = await backend.control<string>('issueAutoLoginToken', { phone: uniquePhone(testInfo.workerIndex) });
  await page.goto(`/?token=${encodeURIComponent(token)}&appId=nn_mall_web`);
  const ask = dialog(page, '自动登录');
  await expect(ask.getByRole('button', { name: '确认登录' })).toBeVisible();
  await audit.check('auto-login');

  const summary = await audit.report();
  expect(summary, 'serious or critical axe violations').toBe('');
});
