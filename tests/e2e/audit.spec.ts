/**
 * The audit pass: every route and every dialog, logged out and logged in,
 * checked with axe (WCAG 2 A/AA; any serious or critical violation fails, and
 * there is no allow-list) and photographed at both viewports
 * (docs/screens.md). Mock mode only: the screens are the same build in both
 * modes, and mock mode's data is the seed's, so screenshots are comparable
 * from run to run.
 *
 * The pass is split into a few tests so that the two workers share it.
 */
import type { Page } from '@playwright/test';
import { COUPON_POPUP_TITLE, expect, test, type Backend } from './support/fixtures';
import { Audit } from './support/audit';
import { completeRealName, dialog, loginFromHeader, shownOrderId, waitForHome } from './support/flows';
import { uniquePhone } from './support/phones';

// The audit checks and photographs the popup itself, so the fixture is off. The pass studies screens, not
// start-up (startup.spec.ts): each test lets the first visit's popup open and closes it
// (`closeCouponPopup`) before anything else, so that no popup comes over a screen in the middle of its
// check or screenshot.
test.use({ dismissCouponPopup: false });

// axe costs about 2 s per screen on this two-core machine (measured: 1.9 s for the home page's 1,800
// elements with nothing else running, more with both workers busy), and a test here checks up to 17
// screens, so these tests get more time than a journey (2.5 times the journeys' 120 s, like the 150 s they had
// beside 60 s). The checks themselves are not timed.
test.describe.configure({ timeout: 300_000 });

test.beforeEach(({ apiMode }) => {
  test.skip(apiMode === 'live', 'the audit runs on the mock-mode build (the same screens as live mode)');
});

const SEARCH_URL = `/search?keyword=${encodeURIComponent('星')}`;

async function closeCouponPopup(page: Page): Promise<void> {
  const popup = dialog(page, COUPON_POPUP_TITLE);
  await popup.getByRole('button', { name: '关闭' }).click();
  await expect(popup).toBeHidden();
}

/** Logs a new shopper in from the home page and closes the new account's own coupon popup. */
async function logIn(page: Page, phone: string, audit?: Audit): Promise<void> {
  await page.goto('/');
  await closeCouponPopup(page);
  await loginFromHeader(page, phone);
  const popup = dialog(page, COUPON_POPUP_TITLE);
  await expect(popup.getByText('以下优惠券已放入您的账户，下单时自动抵扣。')).toBeVisible();
  if (audit) await audit.check('coupon-popup-user');
  await closeCouponPopup(page);
  await waitForHome(page);
}

/** The pages every visitor can open, checked and photographed as they are once their content has loaded. */
async function checkStorePages(page: Page, audit: Audit, viewportName: string): Promise<void> {
  await page.goto('/new');
  await expect(page.getByRole('heading', { name: '最近上架' })).toBeVisible();
  await audit.check('new');

  await page.goto(SEARCH_URL);
  await expect(page.getByRole('region', { name: '搜索结果' }).getByRole('status')).toHaveText(/共找到/);
  await audit.check('search');

  // The filters in force as removable chips; on a phone, the sheet of every sort and filter.
  await page.goto(`${SEARCH_URL}&min=50&max=100&discount=true`);
  await expect(page.getByRole('group', { name: '已应用的筛选' })).toBeVisible();
  await audit.check('search-filtered');
  if (viewportName === 'mobile') {
    await page.getByRole('button', { name: /^筛选/ }).click();
    await expect(
      page.getByRole('dialog', { name: '筛选' }).getByRole('button', { name: /^查看 \d+ 款$/ }),
    ).toBeVisible();
    await audit.check('search-filter-sheet');
    await page.keyboard.press('Escape');
  }

  // No keyword: 最近搜索 (the search just made) and 热门搜索 above every game.
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: '最近搜索', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '热门搜索', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: '搜索结果' }).getByRole('status')).toHaveText(/共找到/);
  await audit.check('search-start');

  await page.goto('/gameDetail/1');
  await expect(page.getByRole('button', { name: '立即购买' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: '用户评价' })).toBeVisible();
  await audit.check('game-detail');

  await page.goto('/notice?id=1');
  await expect(page.getByRole('article', { name: '公告' }).getByRole('region')).toBeVisible();
  await audit.check('notice');

  await page.goto('/help');
  await expect(page.getByRole('navigation', { name: '帮助分类' })).toBeVisible();
  await audit.check('help');
  await page.getByRole('main').getByRole('list').last().getByRole('link').first().click();
  await expect(page).toHaveURL(/article=\d+/);
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible();
  await audit.check('help-article');

  await page.goto('/agreement');
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toBeVisible();
  await audit.check('agreement');

  await page.goto('/agreement?doc=privacy');
  await expect(page.getByRole('tab', { name: '隐私政策' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toBeVisible();
  await audit.check('agreement-privacy');

  await page.goto('/coupon');
  await expect(page.getByRole('button', { name: /立即领取/ }).first()).toBeVisible();
  await audit.check('coupon');

  await page.goto('/sem/activity');
  await expect(page.getByRole('region', { name: '今日爆款' })).toBeVisible();
  await expect(page.getByRole('region', { name: '活动商品' }).getByRole('list')).toBeVisible();
  await audit.check('sem-activity');

  await page.goto('/demo');
  await expect(page.getByRole('region', { name: '扫码登录' })).toBeVisible();
  await audit.check('demo');

  await page.goto('/nope');
  await expect(page.getByRole('heading', { name: 'Page not found: /nope' })).toBeVisible();
  await audit.check('not-found');

  await page.goto('/gameDetail/abc');
  await expect(page.getByRole('heading', { name: 'Page Not Found: /gameDetail/abc' })).toBeVisible();
  await audit.check('invalid-page', { screenshot: false });
}

async function expectNoFindings(audit: Audit): Promise<void> {
  expect(await audit.report(), 'serious or critical axe violations').toBe('');
}

test.describe('a visitor (logged out)', () => {
  test(
    'the coupon popup, the home page, the login dialog and an auto-login link pass axe',
    { tag: '@screens' },
    async ({ page, viewportName, backend, phone }, testInfo) => {
      const audit = new Audit(page, testInfo, viewportName);
      await page.goto('/');
      const popup = dialog(page, COUPON_POPUP_TITLE);
      await expect(popup.getByRole('list', { name: '优惠券列表' })).toBeVisible();
      await audit.check('coupon-popup');
      await closeCouponPopup(page);
      await waitForHome(page);
      await audit.check('home');

      // The header's search suggestions: 最近搜索/热门搜索 while the box is empty, matches once typing.
      const box = page.getByRole('banner').getByRole('searchbox', { name: '搜索' });
      const suggestions = page.getByRole('region', { name: '搜索建议' });
      await box.click();
      await expect(suggestions.getByRole('heading', { name: '热门搜索' })).toBeVisible();
      await audit.check('search-suggestions-empty', { screenshot: false });
      await box.fill('星');
      await expect(suggestions.getByRole('link', { name: /星/ }).first()).toBeVisible();
      await audit.check('search-suggestions');
      await box.press('Escape');
      await expect(suggestions).toBeHidden();

      await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
      const login = dialog(page, '登录');
      await expect(login.getByRole('textbox', { name: '手机号', exact: true })).toBeFocused();
      await audit.check('login');
      // The form's own errors: an invalid phone and no agreement ticked.
      await login.getByRole('textbox', { name: '手机号', exact: true }).fill('123');
      await login.getByRole('button', { name: '登录', exact: true }).click();
      await expect(login.getByRole('textbox', { name: '手机号', exact: true })).toHaveAttribute('aria-invalid', 'true');
      await audit.check('login-errors', { screenshot: false });
      await login.getByRole('tab', { name: '扫码登录' }).click();
      await expect(login.getByRole('img', { name: '微信扫码登录二维码' })).toBeVisible();
      await audit.check('login-qr');
      await login.getByRole('button', { name: '关闭' }).click();
      await expect(login).toBeHidden();

      await page.goto('/setting');
      await expect(page.getByText('登录后即可查看订单、优惠券和账号信息')).toBeVisible();
      await audit.check('setting-logged-out');

      await page.goto('/orderDateil?id=XY0');
      await expect(page.getByText('登录后查看订单详情。')).toBeVisible();
      await audit.check('order-detail-logged-out', { screenshot: false });

      // A link carrying a login token, opened by a visitor who is not logged in.
      await page.goto('/');
      await waitForHome(page);
      await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
      const token = await issueToken(backend, phone);
      await page.goto(`/?token=${encodeURIComponent(token)}&appId=nn_mall_web`);
      const ask = dialog(page, '自动登录');
      await expect(ask.getByRole('button', { name: '确认登录' })).toBeVisible();
      await audit.check('auto-login-visitor');

      await expectNoFindings(audit);
    },
  );

  test('every store page passes axe', { tag: '@screens' }, async ({ page, viewportName }, testInfo) => {
    const audit = new Audit(page, testInfo, viewportName);
    await page.goto('/');
    await closeCouponPopup(page);
    await checkStorePages(page, audit, viewportName);
    await expectNoFindings(audit);
  });
});

test.describe('a shopper (logged in)', () => {
  test(
    'buying: the account menu, real name, pay, the leave question, pay success, order detail, refund, the account tabs and an auto-login link pass axe',
    { tag: '@screens' },
    async ({ page, viewportName, backend, phone }, testInfo) => {
      const audit = new Audit(page, testInfo, viewportName);
      await logIn(page, phone, audit);
      await audit.check('home-logged-in', { screenshot: false });
      // The account chip's menu (docs/decisions/0019-money-path-trust-and-budget.md): where orders and keys are, one tap away.
      await page
        .getByRole('banner')
        .getByRole('button', { name: /个人中心/ })
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
      await audit.check('account-menu');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();

      await page.goto('/gameDetail/1');
      await page.getByRole('button', { name: '立即购买' }).click();
      const realName = dialog(page, '实名认证');
      await expect(realName.getByRole('textbox', { name: '姓名', exact: true })).toBeFocused();
      await audit.check('real-name');
      await completeRealName(page);

      const pay = dialog(page, '支付订单');
      await expect(pay.getByRole('group', { name: '支付方式' })).toBeVisible();
      await audit.check('pay');
      // The end-to-end world pays only when told (docs/testing.md, "Time"): the payment waits while the dialogs are checked.
      if (viewportName === 'mobile') {
        // A phone pays in the pay app: the channel's H5 page (the simulated backend's), then back without paying.
        await pay.getByRole('button', { name: '打开微信支付' }).click();
        await expect(page.getByRole('button', { name: '确认支付' })).toBeVisible();
        await audit.check('h5-pay');
        await page.getByRole('button', { name: '取消支付' }).click();
        await expect(pay.getByText(/微信中的支付尚未完成/)).toBeVisible();
      } else {
        await pay.getByRole('button', { name: '立即支付' }).click();
        await expect(pay.getByRole('img', { name: '支付二维码' })).toBeVisible();
      }
      await audit.check('pay-waiting');
      // Closing while paying (the × is then named 离开支付) asks first.
      await pay.getByRole('button', { name: '离开支付' }).click();
      const leave = page.getByRole('alertdialog', { name: '确认离开支付？' });
      await expect(leave).toBeVisible();
      await audit.check('pay-leave');
      await leave.getByRole('button', { name: '继续支付' }).click();
      await expect(leave).toBeHidden();

      const orderId = await shownOrderId(pay);
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

      // In the wishlist, so that the centre's 愿望单 tab below shows a row (最近浏览 has this view too). Added here,
      // after the pay screens, so that its toast is not in their pictures.
      await page.goto('/gameDetail/1');
      // Its answer is waited for: the next step is a full page load, and a write still on its way then is lost (a
      // known limit: writes not yet answered live in memory, docs/following-wishlist.md). This screen is about
      // the tab's looks, not that race.
      const saved = page.waitForResponse((response) => response.url().includes('/wishlist/add') && response.ok());
      await page.getByRole('button', { name: '加入愿望单', exact: true }).click();
      await expect(page.getByRole('button', { name: '已加入愿望单', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await saved;

      for (const [type, screen] of [
        [0, 'setting-orders'],
        [1, 'setting-coupons'],
        [2, 'setting-account'],
        [3, 'setting-keys'],
        [4, 'setting-wishlist'],
        [5, 'setting-recent'],
      ] as const) {
        await page.goto(`/setting?type=${type}`);
        await expect(page.getByRole('tab', { selected: true })).toBeVisible();
        if (type === 0) await expect(page.getByRole('list', { name: '订单列表' })).toBeVisible();
        if (type === 1) await expect(page.getByRole('heading', { name: /^可使用/ })).toBeVisible();
        if (type === 2) await expect(page.getByRole('heading', { name: '实名认证' })).toBeVisible();
        // The key just bought, the game wishlisted and viewed above: 星砂回响 in each.
        if (type >= 3)
          await expect(
            page
              .getByRole('tabpanel')
              .getByText(/星砂回响/)
              .first(),
          ).toBeVisible();
        await audit.check(screen);
      }

      // A link carrying another account's login token, opened over this session.
      const token = await issueToken(backend, uniquePhone(testInfo.workerIndex));
      await page.goto(`/?token=${encodeURIComponent(token)}&appId=nn_mall_web`);
      const ask = dialog(page, '自动登录');
      await expect(ask.getByRole('button', { name: '确认登录' })).toBeVisible();
      await audit.check('auto-login');

      await expectNoFindings(audit);
    },
  );

  // Desktop only, and only the pages a login changes beyond the header (the header itself is one component,
  // checked logged in on the home page above and at 375 px in the buying test): the detail's coupon line, the
  // coupon landing's claim states, and one content page for the header over a long page. The other store
  // pages show the same content either way (docs/e2e.md, "Projects").
  test('the store pages a login changes pass axe once logged in', async ({ page, viewportName, phone }, testInfo) => {
    const audit = new Audit(page, testInfo, viewportName);
    await logIn(page, phone);

    await page.goto('/gameDetail/1');
    await expect(page.getByRole('button', { name: '立即购买' })).toBeEnabled();
    await expect(page.getByText(/可用优惠券：/)).toBeVisible();
    await audit.check('game-detail-logged-in', { screenshot: false });

    await page.goto('/coupon');
    await expect(page.getByRole('button', { name: /立即领取|已领取|去使用/ }).first()).toBeVisible();
    await audit.check('coupon-logged-in', { screenshot: false });

    await page.goto('/help');
    await expect(page.getByRole('navigation', { name: '帮助分类' })).toBeVisible();
    await audit.check('help-logged-in', { screenshot: false });

    await expectNoFindings(audit);
  });
});

function issueToken(backend: Backend, phone: string): Promise<string> {
  return backend.control<string>('issueAutoLoginToken', { phone });
}
