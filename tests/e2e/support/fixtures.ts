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
 * - `pageGuard`: fails the test on an uncaught page error, a console error or
 *   any Content-Security-Policy violation (the `securitypolicyviolation` DOM
 *   event, reported through a binding, and Chromium's console message), in
 *   every page of the test's browser context;
 * - `sanitizerCspReports` (default `'fail'`): `'attach'` turns the reports
 *   Chromium makes while the app's sanitiser parses attack markup (below)
 *   into an attachment instead of a failure; only the hostile-content
 *   journeys set it;
 * - `expectedConsoleErrors` (default none): console errors a journey causes
 *   on purpose (a chunk it makes fail), each named, with a text the line or
 *   its location contains (strings: Playwright does not keep a RegExp
 *   option); each must be met at least once, so the journey proves the
 *   failure happened;
 * - `liveRegions` (always on): records, in the page, every message its live regions (`role="status"`,
 *   `role="alert"`, `aria-live`) show, as a screen reader hears them; `watchAnnouncement(page, text)`, called before a step, waits after
 *   it for the message.
 *   A toast lasts 3 s: a look at the screen after the step that shows it passes only while the test runner
 *   looks within those 3 s, which a busy machine does not promise (docs/testing.md, "Time");
 * - `dismissCouponPopup` (default on): the daily coupon popup opens over a
 *   first visit and again after a new user's login; a shopper closes it, and
 *   so does this handler, whenever the popup is the top dialog (Escape when
 *   the popup holds the focus, else its 关闭 button). The popup's own journeys turn it off and check the popup
 *   themselves.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
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

/** What the init script passes on from a `securitypolicyviolation` event. */
interface CspViolation {
  directive: string;
  disposition: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
}

const CSP_BINDING = '__e2eCspViolation';
const CSP_CONSOLE = /Content[- ]Security[- ]Policy/i;

/**
 * Chromium checks the page's policy whenever an inline handler or style is merely parsed into any
 * document the page creates (DOMParser, `<template>`, createHTMLDocument alike), and reports a violation
 * although nothing runs. `sanitizeHtml` (src/shared/sanitize.ts, DOMPurify, in the `html-content` chunk)
 * parses server HTML that way before it strips handlers and styles, so attack markup from the server
 * (the hostile seed) makes these reports on its own, with that chunk as their source. Anything else —
 * another directive, another source (React putting unsanitised markup into the page would report from
 * its own chunk), a blocked load — still fails.
 */
const SANITIZER_DIRECTIVES = new Set(['script-src-attr', 'style-src-attr', 'style-src-elem']);
const SANITIZER_CHUNK = /\/assets\/html-content-[\w-]+\.js$/;
/** Chromium's console lines for the same reports (they do not say where from; the event above does). */
const SANITIZER_CONSOLE =
  /^(Executing inline event handler|Applying inline style) violates the following Content Security Policy directive/;

function fromSanitizerParse(violation: CspViolation): boolean {
  return (
    violation.disposition === 'enforce' &&
    SANITIZER_DIRECTIVES.has(violation.directive) &&
    SANITIZER_CHUNK.test(violation.sourceFile)
  );
}

interface Fixtures {
  apiMode: ApiMode;
  viewportName: ViewportName;
  backend: Backend;
  phone: string;
  dismissCouponPopup: boolean;
  sanitizerCspReports: 'fail' | 'attach';
  expectedConsoleErrors: Record<string, string>;
  pageGuard: void;
  liveRegions: void;
}

export const COUPON_POPUP_TITLE = '领取优惠券';

async function controlThroughPage(page: Page, name: string, body: Record<string, unknown>): Promise<ControlAnswer> {
  // The page must be a store page whose simulated backend runs: its service worker controls the page (a
  // prerendered page shows its content before that).
  await expect(page.getByRole('main').first()).toBeVisible();
  // Not the worker's control of the page, which comes before msw has taken the page as its client (a call made
  // in between goes to the network: seen once in CI), but the app's mark once the backend has started.
  await page.waitForFunction(() => performance.getEntriesByName('store:mock-backend-ready').length > 0);
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

const ANNOUNCE_BINDING = '__e2eAnnounced';
/** What each page's live regions have shown, oldest first (the `liveRegions` fixture). */
const announcements = new WeakMap<Page, string[]>();

/**
 * In the page, before any of the app's code: each time a live region shows a message (a toast added to
 * 消息提示 or 错误提示, a status line whose text changes), its text goes to the test, at once and from the
 * page itself, so no message is missed however briefly it stays or however late the test looks.
 */
function recordLiveRegions(binding: string): void {
  const REGION = '[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])';
  const last = new WeakMap<Node, string>();
  const report = (node: Element) => {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (last.get(node) === text) return;
    // An emptied region is remembered too, so the same message shown again in it counts again.
    last.set(node, text);
    if (text) void (window as unknown as Record<string, (text: string) => Promise<void>>)[binding]?.(text);
  };
  /** The message a change inside `region` belongs to: the region's child that holds it, or the region. */
  const messageOf = (region: Element, node: Node): Element => {
    let at: Node | null = node;
    while (at && at.parentNode !== region) at = at.parentNode;
    return at instanceof Element ? at : region;
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      const region = target?.closest(REGION);
      if (region) {
        if (record.type === 'childList' && record.target === region) {
          record.addedNodes.forEach((node) => report(node instanceof Element ? node : region));
        } else {
          report(messageOf(region, record.target));
        }
      }
      // A live region inserted with its message already in it.
      record.addedNodes.forEach((node) => {
        if (!(node instanceof Element)) return;
        const regions = node.matches(REGION) ? [node] : [...node.querySelectorAll(REGION)];
        regions.forEach(report);
      });
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** How many messages holding `text` the page's live regions have shown since it opened. */
export const timesAnnounced = (page: Page, text: string): number =>
  (announcements.get(page) ?? []).filter((message) => message.includes(text)).length;

/**
 * Call before the step that shows a message, await what it returns after: it waits until `page` has shown
 * `text` in a live region once more than when the watch began, so a toast is found however short-lived and
 * however late the test looks, and an earlier one with the same text does not count.
 */
export function watchAnnouncement(page: Page, text: string): (options?: { timeout?: number }) => Promise<void> {
  const before = timesAnnounced(page, text);
  return async ({ timeout = 15_000 } = {}) => {
    await expect
      .poll(() => timesAnnounced(page, text), { message: `the page announces "${text}"`, timeout })
      .toBeGreaterThan(before);
  };
}

const popupHandlers = new WeakMap<Page, Locator>();

/**
 * From now on, closes the coupon popup whenever it is the top dialog, as a keyboard user does: Escape.
 * Dialogs stack in document order (each is portalled to <body> as it opens), so the last one is on top,
 * and only the top dialog listens to the keyboard (src/shared/ui/dialog.tsx), wherever the focus is.
 *
 * Another dialog (the real-name or pay dialog right after a login, say) can open over the popup at any
 * moment, also between the look at the screen and the key press, and that Escape would close it instead.
 * A person would not press Escape at a dialog they have not seen yet; here, every dialog takes the focus
 * as it opens, so the key is meant for the popup only while the popup holds the focus. The handler
 * checks that, and sets a one-shot listener (capture phase, before the app's own) that lets the Escape
 * through only if the popup still holds the focus when the key arrives; otherwise the key is dropped and
 * the handler runs again before the next action or expectation. When nothing has the focus (a click on a
 * blank spot), Tab brings it into the popup first: everything behind the top dialog is inert. When the
 * focus is still elsewhere (the popup has only just opened), the handler clicks the popup's 关闭 button
 * instead, because a key would reach the page behind it (it once pressed Enter into the popup's 去使用).
 */
export async function dismissCouponPopups(page: Page): Promise<void> {
  if (popupHandlers.has(page)) return;
  const popupOnTop = page
    .getByRole('dialog')
    .last()
    .and(page.getByRole('dialog', { name: COUPON_POPUP_TITLE }));
  popupHandlers.set(page, popupOnTop);
  /** Where the focus is; when it is in the popup, the next Escape is guarded as above. */
  const focusAndGuard = () =>
    popupOnTop
      .evaluate(
        (popup) => {
          if (!popup.contains(document.activeElement))
            return document.activeElement === document.body ? 'nowhere' : 'elsewhere';
          const guard = (event: KeyboardEvent) => {
            if (event.key !== 'Escape') return;
            window.removeEventListener('keydown', guard, true);
            if (popup.contains(document.activeElement)) return;
            event.preventDefault();
            event.stopImmediatePropagation();
          };
          window.addEventListener('keydown', guard, true);
          return 'popup';
        },
        undefined,
        { timeout: 1_000 },
      )
      .catch(() => 'elsewhere' as const);
  await page.addLocatorHandler(
    popupOnTop,
    async () => {
      if (!(await popupOnTop.isVisible())) return;
      let at = await focusAndGuard();
      if (at === 'nowhere') {
        await page.keyboard.press('Tab');
        at = await focusAndGuard();
      }
      if (at === 'popup') {
        await page.keyboard.press('Escape');
      } else {
        // The popup is on top but the focus has not reached it yet (it moves in on the popup's first
        // effect): a key now would go to the page behind, so close it as a pointer user does, by its
        // 关闭 button. If another dialog covers the popup meanwhile, the click cannot land on the button
        // (Playwright waits for it to be the hit target) and times out harmlessly; the handler runs again.
        await popupOnTop
          .getByRole('button', { name: '关闭' })
          .click({ timeout: 1_000 })
          .catch(() => undefined);
      }
      await expect(popupOnTop)
        .toBeHidden({ timeout: 2_000 })
        .catch(() => undefined);
    },
    { noWaitAfter: true },
  );
}

/** Stops `dismissCouponPopups` (a step that waits for the popup itself); returns whether it was on. */
export async function keepCouponPopups(page: Page): Promise<boolean> {
  const handler = popupHandlers.get(page);
  if (!handler) return false;
  popupHandlers.delete(page);
  await page.removeLocatorHandler(handler);
  return true;
}

export const test = base.extend<Fixtures>({
  apiMode: [
    async ({}, use, testInfo) => use((testInfo.project.metadata.apiMode as ApiMode | undefined) ?? 'mock'),
    { option: false },
  ],
  viewportName: [
    async ({}, use, testInfo) => use((testInfo.project.metadata.viewportName as ViewportName | undefined) ?? 'desktop'),
    { option: false },
  ],
  dismissCouponPopup: [true, { option: true }],
  sanitizerCspReports: ['fail', { option: true }],
  expectedConsoleErrors: [{}, { option: true }],

  backend: async ({ apiMode, page, request }, use) => {
    await use({
      async control<T>(name: string, body: Record<string, unknown> = {}) {
        let answer: ControlAnswer;
        if (apiMode === 'mock') {
          answer = await controlThroughPage(page, name, body);
        } else {
          const response = await request.post(`http://127.0.0.1:${E2E_PORTS.api}/webapi/__mock/${name}`, {
            data: body,
          });
          answer = (await response.json()) as ControlAnswer;
        }
        expect(answer.success, `control ${name}: ${answer.retMsg ?? ''}`).toBe(true);
        return answer.retData as T;
      },
    });
  },

  phone: async ({}, use, testInfo) => use(uniquePhone(testInfo.workerIndex)),

  context: async ({ context }, use) => {
    await use(context);
    // Once, a journey ending on the click that opens a page spent its 120 s in the context's teardown, most likely
    // because the context was closed while that page was still loading (not reproduced since). So each page finishes
    // its load first; a page that never does is closed all the same.
    await Promise.all(
      context.pages().map((page) => page.waitForLoadState('load', { timeout: 15_000 }).catch(() => undefined)),
    );
  },

  page: async ({ page, dismissCouponPopup }, use) => {
    if (dismissCouponPopup) await dismissCouponPopups(page);
    await use(page);
  },

  liveRegions: [
    async ({ context }, use) => {
      await context.exposeBinding(ANNOUNCE_BINDING, ({ page }, text: string) => {
        const list = announcements.get(page) ?? [];
        list.push(text);
        announcements.set(page, list);
      });
      await context.addInitScript(recordLiveRegions, ANNOUNCE_BINDING);
      await use();
    },
    { auto: true },
  ],

  pageGuard: [
    async ({ context, apiMode, sanitizerCspReports, expectedConsoleErrors }, use, testInfo) => {
      const problems: string[] = [];
      /** The console errors the journey causes on purpose (`expectedConsoleErrors`), each expected at least once. */
      const expectedSeen = new Set<string>();
      /** Reports of the sanitiser's parse (`sanitizerCspReports: 'attach'`), attached to the test. */
      const sanitizerReports: string[] = [];
      // Mock mode: msw's worker stops answering for a page once that page starts to unload, so a call
      // the page sends on its way out reaches the preview server, which answers 404 to the closing page.
      // Such answers (an API 404 without the simulated backend's JSON body) are noted, and their console
      // errors left out; a 404 of the simulated backend itself still fails the test.
      const passedThrough = new Set<string>();
      const resourceErrors: { text: string; resource: string }[] = [];
      // Content-Security-Policy: the browser fires `securitypolicyviolation` at the document for every
      // blocked (or, report-only, would-be-blocked) load or inline script; the init script hands each
      // one to the test before any of the app's code runs.
      await context.exposeBinding(CSP_BINDING, ({ page }, violation: CspViolation) => {
        const line =
          `CSP violation on ${page.url()}: ${violation.directive} (${violation.disposition}) blocked ${violation.blockedURI || 'inline'}` +
          `${violation.sourceFile ? ` at ${violation.sourceFile}:${violation.lineNumber}` : ''}${violation.sample ? ` "${violation.sample}"` : ''}`;
        if (sanitizerCspReports === 'attach' && fromSanitizerParse(violation)) sanitizerReports.push(line);
        else problems.push(line);
      });
      await context.addInitScript((binding) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as Record<string, (v: unknown) => Promise<void>>)[binding];
          void report?.({
            directive: event.effectiveDirective || event.violatedDirective,
            disposition: event.disposition,
            blockedURI: event.blockedURI,
            sourceFile: event.sourceFile,
            lineNumber: event.lineNumber,
            sample: event.sample,
          });
        });
      }, CSP_BINDING);

      const watch = (page: Page) => {
        if (apiMode === 'mock') {
          page.on('response', (response) => {
            // The simulated backend answers its own 404s in JSON; the preview server's have no body.
            const json = (response.headers()['content-type'] ?? '').includes('json');
            if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/webapi/') && !json) {
              passedThrough.add(response.url());
            }
          });
        }
        page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
        page.on('console', (message) => {
          const text = message.text();
          // Chromium reports a blocked load in the console too ("Refused to … because it violates the
          // following Content Security Policy directive"), whatever the message's level.
          if (CSP_CONSOLE.test(text)) {
            const line = `CSP console ${message.type()} on ${page.url()}: ${text}`;
            if (sanitizerCspReports === 'attach' && SANITIZER_CONSOLE.test(text)) sanitizerReports.push(line);
            else problems.push(line);
            return;
          }
          if (message.type() !== 'error') return;
          if (IGNORED_CONSOLE_ERRORS.some((pattern) => pattern.test(text))) return;
          // "Failed to load resource" names the resource only in its location.
          const where = message.location().url;
          const expected = Object.entries(expectedConsoleErrors).filter(([, part]) =>
            `${text} ${where}`.includes(part),
          );
          if (expected.length > 0) {
            for (const [name] of expected) expectedSeen.add(name);
            return;
          }
          const line = `console.error on ${page.url()}: ${text}${where && where !== page.url() ? ` (${where})` : ''}`;
          if (text.startsWith('Failed to load resource') && where) resourceErrors.push({ text: line, resource: where });
          else problems.push(line);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);

      await use();
      if (sanitizerReports.length > 0) {
        await testInfo.attach('csp-reports-of-the-sanitizer-parse.txt', {
          body: sanitizerReports.join('\n'),
          contentType: 'text/plain',
        });
      }
      problems.push(...resourceErrors.filter((error) => !passedThrough.has(error.resource)).map((error) => error.text));
      if (testInfo.status === testInfo.expectedStatus && testInfo.expectedStatus === 'passed') {
        expect(problems, 'the page logged errors or broke its Content-Security-Policy').toEqual([]);
        expect(
          Object.keys(expectedConsoleErrors).filter((name) => !expectedSeen.has(name)),
          'console errors the journey expected but never saw',
        ).toEqual([]);
      } else if (problems.length > 0) {
        await testInfo.attach('page-problems.txt', { body: problems.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export { expect };
