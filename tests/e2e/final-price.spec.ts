/**
 * A price is final before it can be paid (docs/buying.md, "The price is final before 立即支付"): a new shopper
 * taps 立即购买 on a game's page, logs in, verifies the real name, and presses 立即支付 the moment it can be
 * pressed — a locator click, which acts as soon as the button is enabled, with nothing awaited before it. The
 * login earns the new account a 新人券 (¥5, no threshold); the order created must carry it: ¥40.80 less ¥5.
 *
 * Before the pay sheet knew when its price was final, the button worked for about 1.5 s while the sheet
 * said 暂无可用优惠券 (the coupon list was read before the login's coupon was handed out), and this tap
 * created the order at ¥40.80. The phone's variant (the H5 page) is in phone-purchase.spec.ts.
 *
 * Desktop, in the mock build (`@mock`) and the live one (`@live`).
 */
import { expect, test } from './support/fixtures';
import { completeRealName, dialog, loginWithSms, shownOrderId } from './support/flows';

test('a new shopper who pays the moment 立即支付 works gets the login’s coupon (¥35.80, not ¥40.80)', {
  tag: ['@live', '@mock'],
}, async ({ page, phone }) => {
  await page.goto('/gameDetail/1');
  await page.getByRole('button', { name: '立即购买' }).click();
  await loginWithSms(page, phone);
  await completeRealName(page);

  const pay = dialog(page, '支付订单');
  // The moment it is enabled: no look at the coupons, the total or anything else first.
  await pay.getByRole('button', { name: '立即支付' }).click();

  // The order the server made: its amount is the couponed one, and it says what the coupon took off.
  await expect(pay.getByText('等待支付结果…')).toBeVisible();
  await shownOrderId(pay);
  const due = pay.getByText(/^应付金额\s*¥/);
  await expect(due).toContainText('¥35.80');
  await expect(due).toContainText('已优惠 ¥5.00');
});
