/**
 * A redeploy the open pages notice (docs/deploy.md, "Publish a build"): two live builds with two build ids and
 * a build poll of 1 s (scripts/e2e.sh), published with deploy/publish.sh into a site folder of this test and
 * served by nginx with deploy/nginx/storefront.conf. A shopper has the first build open and is paying when the
 * second is published: the page hears of it (builds/latest.json) and does not reload during the payment; the
 * first navigation after it loads the second build (machines/build-poll.machine.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/free-port';
import { startNginx, type RunningNginx } from '../../scripts/lib/nginx';
import { expect, test } from './support/fixtures';
import { E2E_BUILD_DIRS, E2E_PORTS } from './support/env';
import { completeRealName, dialog, loginWithSms, payAndKeepUnpaid } from './support/flows';

const PUBLISH = path.join(import.meta.dirname, '../../deploy/publish.sh');
const SECOND_ID = 'e2e-redeploy-2';

/** The build's app entry (`/assets/….js`), as its shell names it. */
const entryOf = (build: string) =>
  /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(path.join(build, '200.html'), 'utf8'))?.[1];

const publish = (build: string, site: string, reload: string) =>
  execFileSync('bash', [PUBLISH, build, site], {
    env: { ...process.env, STOREFRONT_RELOAD: reload },
    stdio: 'pipe',
  }).toString();

test.describe('a redeploy', () => {
  let site: string;
  let nginx: RunningNginx | undefined;

  test.beforeEach(({ apiMode }) => {
    test.skip(apiMode !== 'live', 'about the production server, which serves live builds');
    site = mkdtempSync(path.join(tmpdir(), 'storefront-site-'));
  });

  test.afterEach(async () => {
    await nginx?.stop();
    nginx = undefined;
    if (site) rmSync(site, { recursive: true, force: true });
  });

  test('the open page moves to the new build at its next navigation, not during a payment', { tag: ['@live'] }, async ({
    page,
    phone,
    backend,
  }) => {
    const first = E2E_BUILD_DIRS.redeployFirst;
    const second = E2E_BUILD_DIRS.redeploySecond;
    const [firstEntry, secondEntry] = [entryOf(first), entryOf(second)];
    expect(firstEntry).toBeTruthy();
    expect(secondEntry).not.toBe(firstEntry);

    // The first publish: nginx is not running yet, so there is nothing to reload.
    publish(first, site, 'true');
    nginx = await startNginx({
      port: await freePort(),
      root: path.join(site, 'current'),
      api: `127.0.0.1:${E2E_PORTS.api}`,
    });
    const origin = nginx.url;

    await page.goto(`${origin}/gameDetail/1?goods=1`);
    await expect(page.locator(`script[src="${firstEntry}"]`)).toHaveCount(1);
    await page.getByRole('button', { name: '立即购买' }).click();
    await loginWithSms(page, phone);
    await completeRealName(page);
    await expect(dialog(page, '支付订单')).toBeVisible();
    const { orderId } = await payAndKeepUnpaid(page);
    // This document, marked: a full page load would lose the mark.
    await page.evaluate(() => Object.assign(window, { __firstDocument: true }));

    // The second build is published the way docs/deploy.md says, while the shopper is paying.
    const heard = page.waitForResponse(async (response) => {
      if (!response.url().startsWith(`${origin}/builds/latest.json`)) return false;
      return ((await response.json()) as { id: string }).id === SECOND_ID;
    });
    expect(publish(second, site, nginx.reloadCommand)).toContain(`is build ${SECOND_ID}`);
    await heard;

    // The page knows it is stale; the payment goes on in the same document and ends there.
    await expect(page.getByText('等待支付结果…')).toBeVisible();
    await backend.control('completePayment', { orderId });
    await expect(dialog(page, '支付成功')).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as { __firstDocument?: boolean }).__firstDocument)).toBe(true);

    // The next navigation is a full page load of the second build.
    const loaded = page.waitForEvent('load');
    await dialog(page, '支付成功').getByRole('link', { name: '继续购物' }).click();
    await loaded;
    await expect(page).toHaveURL(`${origin}/`);
    expect(await page.evaluate(() => (window as { __firstDocument?: boolean }).__firstDocument)).toBeUndefined();
    await expect(page.locator(`script[src="${secondEntry}"]`)).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    // Off this nginx before it stops (afterEach): the page's next build check would fail against a closed port.
    await page.goto('about:blank');
  });
});
