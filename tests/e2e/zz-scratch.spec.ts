import { test } from './support/fixtures';
test('scratch', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  const login = page.getByRole('dialog', { name: '登录' });
  await login.getByRole('tab', { name: '扫码登录' }).click();
  const img = login.getByRole('img', { name: '微信扫码登录二维码' });
  const src = await img.getAttribute('src');
  console.log('src', src);
  const qrId = /qr\/([^/.]+)\.svg/.exec(src ?? '')?.[1] ?? '';
  const demo = await context.newPage();
  await demo.goto('/demo');
  await demo.getByLabel('二维码 ID').fill(qrId);
  await demo.getByRole('button', { name: '标记已扫码' }).click();
  await demo.waitForTimeout(1000);
  console.log(await demo.getByRole('status').allTextContents());
  console.log(await login.textContent());
});
