/**
 * Journeys (a) and (b) again with the keyboard alone: Tab / Shift+Tab to move,
 * Enter and Space to act, arrow keys inside widgets, Escape to close dialogs.
 * No mouse, no programmatic clicks. (Runs on the desktop projects.) The coupon
 * popup that can open over any page is closed by the fixture with the keyboard.
 */
import { COUPON_POPUP_TITLE, expect, test } from './support/fixtures';
import { SMS_CODE, dialog, shownOrderId, waitForHome } from './support/flows';
import { TEST_REAL_NAME, testIdCard } from './support/id-card';
import { activate, tabTo } from './support/keyboard';

test('keyboard only: browse, buy while logged out, log in, verify, pay and ask for a refund', async ({ page, backend, phone }) => {
  // The coupon popup of a first visit is closed from the keyboard by the fixture (its 关闭 button, Enter).
  await page.goto('/');
  await waitForHome(page);
  await expect(dialog(page, COUPON_POPUP_TITLE)).toHaveCount(0);

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
  const login = dialog(page, '登录');
  const phoneField = login.getByRole('textbox', { name: '手机号', exact: true });
  await expect(phoneField).toBeFocused();
  await page.keyboard.type(phone);
  await activate(page, login.getByRole('button', { name: '获取验证码' }));
  const codeField = login.getByRole('textbox', { name: '验证码', exact: true });
  await expect(codeField).toBeFocused();
  await page.keyboard.type(SMS_CODE);
  await activate(page, login.getByRole('checkbox', { name: /我已阅读并同意/ }), 'Space');
  await expect(login.getByRole('checkbox', { name: /我已阅读并同意/ })).toBeChecked();
  await activate(page, login.getByRole('button', { name: '登录', exact: true }));
  await expect(login).toBeHidden();

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
  await activate(page, page.getByRole('list', { name: '订单列表' }).getByRole('link', { name: new RegExp(orderId) }));
  await expect(page).toHaveURL(new RegExp(`/orderDateil\\?id=${orderId}`));
  await activate(page, page.getByRole('button', { name: '申请退款' }));
  const refund = dialog(page, '申请退款');
  const reason = refund.getByRole('combobox', { name: '退款原因' });
  await expect(reason).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(reason).toHaveValue('拍错了/多拍了');
  await activate(page, refund.getByRole('button', { name: '提交申请' }));
  await expect(refund.getByText('退款原因：拍错了/多拍了')).toBeVisible();
  await activate(page, refund.getByRole('button', { name: '确认退款' }));
  await expect(refund).toBeHidden();
  await expect(page.getByRole('status').getByText('退款申请已提交')).toBeVisible();
});

test.describe('keyboard only', () => {
  test.use({ dismissCouponPopup: false });

  test('search, open a result and come back to the same results', async ({ page }) => {
    await page.goto('/');
    // The first visit's coupon popup has the focus: Escape closes it.
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
    await expect(results.getByRole('status')).toHaveText(/共找到 \d+ 款游戏/);
    expect(await results.getByRole('link').allTextContents()).toEqual(sorted);
  });
});
