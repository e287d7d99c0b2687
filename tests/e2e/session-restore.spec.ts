/**
 * Start-up in order (docs/decisions/0017-flows-after-hydration.md): a logged-in shopper reloads the page. Every `/webapi` call the start-up makes — the
 * catalogue's, the popup's and the token ping — carries the restored session's token, because the
 * app machine's start-up restores the session before anything calls the API (docs/architecture.md,
 * "Start-up").
 */
import type { Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { isApiCall, loginFromHeader } from './support/flows';

const SESSION_KEY = 'userInfo'; // SESSION_STORAGE_KEY of src/features/session/persisted-session.ts

test.describe('a restored session at start-up', () => {
  test('sends its token with every start-up call after a reload', { tag: ['@live'] }, async ({
    page,
    phone,
    apiMode,
    viewportName,
  }) => {
    test.skip(
      apiMode === 'mock',
      'the calls are proven in mock mode by tests/integration/shell/start-up.test.tsx; live mode sends them over real HTTP',
    );
    test.skip(viewportName === 'mobile', 'request headers do not depend on the viewport');
    await page.goto('/');
    await loginFromHeader(page, phone);
    const stored = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
    const token = (JSON.parse(stored ?? '{}') as { user?: { token?: string } }).user?.token;
    expect(token).toBeTruthy();

    const calls: Request[] = [];
    page.on('request', (request) => {
      if (isApiCall(request)) calls.push(request);
    });
    // The token ping is the last start-up call (1 s after the restore): once it has gone, start-up is over.
    const ping = page.waitForRequest((request) => new URL(request.url()).pathname === '/webapi/u-nnpc/hello');
    await page.reload();
    await ping;
    await expect(page.getByRole('button', { name: /^个人中心/ })).toBeVisible();

    expect(calls.length).toBeGreaterThan(3);
    const withoutToken = calls
      .filter((request) => request.headers()['token'] !== token)
      .map((request) => new URL(request.url()).pathname);
    expect(withoutToken).toEqual([]);
  });
});
