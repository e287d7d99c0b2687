/**
 * The journeys' `test`: Playwright's, plus
 *
 * - `apiMode` / `viewportName` from the project (playwright.config.ts);
 * - `backend`: the simulated backend's controls (`POST /webapi/__mock/<name>`,
 *   docs/simulated-backend.md). In mock mode the backend lives in the page
 *   (msw), so a control goes through the page's own fetch and reaches that
 *   page's backend; in live mode it goes straight to the API server;
 * - `phone`: a phone number no other test of the run uses (live mode shares
 *   one server between parallel tests, so nobody resets it under another);
 * - a guard that fails the test on an uncaught page error or a console error;
 * - `dismissCouponPopup` (default on): the daily coupon popup opens over a
 *   first visit and again after a new user's login; a shopper closes it.
 *   Journey (e) turns this off and checks the popup itself.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_PORTS } from './env';
import { uniquePhone } from './phones';

export type ApiMode = 'mock' | 'live';
export type ViewportName = 'desktop' | 'mobile';

export interface Backend {
  /** Runs one control and returns its `retData`; a refused control fails the test. */
  control<T = unknown>(name: string, body?: Record<string, unknown>): Promise<T>;
}

interface ControlAnswer {
  success: boolean;
  retMsg?: string | null;
  retData?: unknown;
}

/** Console errors that are not the app's fault. */
const IGNORED_CONSOLE_ERRORS: RegExp[] = [];

interface Fixtures {
  apiMode: ApiMode;
  viewportName: ViewportName;
  backend: Backend;
  phone: string;
  dismissCouponPopup: boolean;
  consoleGuard: void;
}

export const COUPON_POPUP_TITLE = '领取优惠券';

async function controlThroughPage(page: Page, name: string, body: Record<string, unknown>): Promise<ControlAnswer> {
  // The page must be a store page that has rendered: the app renders only once its mock worker runs.
  await expect(page.getByRole('main').first()).toBeVisible();
  return page.evaluate(
    async ({ name, body }) => {
      const response = await fetch(`/webapi/__mock/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as ControlAnswer;
    },
    { name, body },
  );
}

export const test = base.extend<Fixtures>({
  apiMode: [async ({}, use, testInfo) => use((testInfo.project.metadata.apiMode as ApiMode | undefined) ?? 'mock'), { option: false }],
  viewportName: [async ({}, use, testInfo) => use((testInfo.project.metadata.viewportName as ViewportName | undefined) ?? 'desktop'), { option: false }],
  dismissCouponPopup: [true, { option: true }],

  backend: async ({ apiMode, page, request }, use) => {
    await use({
      async control<T>(name: string, body: Record<string, unknown> = {}) {
        let answer: ControlAnswer;
        if (apiMode === 'mock') {
          answer = await controlThroughPage(page, name, body);
        } else {
          const response = await request.post(`http://127.0.0.1:${E2E_PORTS.api}/webapi/__mock/${name}`, { data: body });
          answer = (await response.json()) as ControlAnswer;
        }
        expect(answer.success, `control ${name}: ${answer.retMsg ?? ''}`).toBe(true);
        return answer.retData as T;
      },
    });
  },

  phone: async ({}, use, testInfo) => use(uniquePhone(testInfo.workerIndex)),

  page: async ({ page, dismissCouponPopup }, use) => {
    if (dismissCouponPopup) {
      // Dialogs stack in document order (each is portalled to <body> as it opens), so the last one is on
      // top. A popup that opened under another dialog (it can, right after a login) waits, inert, until it
      // comes to the top. Its own 关闭 button is pressed with the keyboard (Escape would close whatever
      // dialog is on top, and another one can open in the same instant); when the popup turns inert under
      // a newer dialog before that, the focus does not land and nothing is pressed.
      const popupOnTop = page.getByRole('dialog').last().and(page.getByRole('dialog', { name: COUPON_POPUP_TITLE }));
      await page.addLocatorHandler(
        popupOnTop,
        async () => {
          const close = page.getByRole('dialog', { name: COUPON_POPUP_TITLE }).getByRole('button', { name: '关闭', exact: true });
          await close.focus({ timeout: 2_000 }).catch(() => undefined);
          const focused = await close.evaluate((element) => element === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false);
          if (focused) await page.keyboard.press('Enter');
        },
        { noWaitAfter: true },
      );
    }
    await use(page);
  },

  consoleGuard: [
    async ({ page }, use, testInfo) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (IGNORED_CONSOLE_ERRORS.some((pattern) => pattern.test(text))) return;
        problems.push(`console.error: ${text}`);
      });
      await use();
      if (testInfo.status === testInfo.expectedStatus && testInfo.expectedStatus === 'passed') {
        expect(problems, 'the page logged errors').toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };
