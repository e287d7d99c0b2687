/**
 * A journey's press log (docs/e2e.md, "Races found by CI"): every press its pages hear, what the start-up had done
 * by then, and what went wrong meanwhile, attached to a journey that fails and printed in the run's output. For the
 * journeys that tap while the store starts, where a tap that did nothing must say where it landed: the first tap
 * (first-tap.spec.ts) and the 404 pages' 返回首页 (catalog.spec.ts, which lost one once).
 */
import type { Page } from '@playwright/test';
import { test } from './fixtures';

/**
 * Notes every press the page hears, before src/app/boot.js does (an init script's listener is the first on
 * `window`): when, on what, and how far the start-up had come. Read only when a journey fails, so that a tap
 * that did nothing says where it landed and what the page was doing.
 */
function recordPresses(): void {
  // Kept in sessionStorage, so that a page that reloads or navigates (a kept tap lost with it) still tells what
  // came before: each document adds to the tab's log, starting with where and how it was opened.
  const KEY = 'e2e:press-log';
  let earlier: string[] = [];
  try {
    earlier = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
  } catch {
    // an unreadable log starts again
  }
  const log: string[] = [];
  const push = log.push.bind(log);
  log.push = (...lines: string[]) => {
    const length = push(...lines);
    try {
      sessionStorage.setItem(KEY, JSON.stringify([...earlier, ...log].slice(-300)));
    } catch {
      // storage full or blocked: the in-page log still has it
    }
    return length;
  };
  (window as { __pressLog?: string[] }).__pressLog = log;
  (window as { __pressLogEarlier?: string[] }).__pressLogEarlier = earlier;
  log.push(`0 ms, document started: ${location.href}`);
  for (const type of ['pointerdown', 'click']) {
    addEventListener(
      type,
      (event) => {
        const target = event.target instanceof Element ? event.target : null;
        const control = target?.closest('a, button, input, label, [role]') ?? target;
        const marks = performance.getEntriesByType('mark').map((mark) => mark.name);
        // Whether the page had its stylesheet (without it the header's icons fill the width and take the press).
        const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')].map(
          (link) => `${link.getAttribute('href')}: ${(link as HTMLLinkElement).sheet ? 'applied' : 'not applied'}`,
        );
        log.push(
          `${Math.round(performance.now())} ms, ${type} at ${Math.round((event as MouseEvent).clientX)},${Math.round((event as MouseEvent).clientY)}: ${control?.outerHTML.slice(0, 160) ?? 'nothing'}; boot.js ${'__storeReady' in window ? 'running' : 'not run yet'}; marks: ${marks.join(', ')}; stylesheets: ${sheets.join(', ') || 'none'}; header ${Math.round(document.querySelector('header')?.getBoundingClientRect().height ?? 0)} px tall`,
        );
      },
      true,
    );
  }
  // What went wrong meanwhile (a chunk that failed, a flow that threw), and whether the page is leaving.
  const note = (what: string) => log.push(`${Math.round(performance.now())} ms, ${what}`);
  addEventListener('error', (event) => note(`error: ${event.message}`));
  addEventListener('unhandledrejection', (event) => note(`unhandled rejection: ${String(event.reason)}`));
  addEventListener('pagehide', () => note('pagehide'));
  // The simulated backend's worker (mock builds) taking or changing control of the page.
  navigator.serviceWorker?.addEventListener('controllerchange', () => note('service worker: controller changed'));
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    note(`console.error: ${args.map(String).join(' ').slice(0, 300)}`);
    error(...args);
  };
}

/** Attaches the tab's press log (the earlier documents' last lines, then this one's), the page's marks, dialogs and toasts to a failed journey. */
async function attachPressLog(
  page: Page,
  testInfo: { attach(name: string, options: { body: string; contentType: string }): Promise<void> },
): Promise<void> {
  const body = await page
    .evaluate(() => {
      const lines = [
        ...((window as { __pressLogEarlier?: string[] }).__pressLogEarlier ?? []).slice(-120),
        '--- this document:',
        ...((window as { __pressLog?: string[] }).__pressLog ?? ['no press log']),
      ];
      const marks = performance.getEntriesByType('mark').map((mark) => `${mark.name}@${Math.round(mark.startTime)}`);
      const kept = [...document.querySelectorAll('[data-tap-kept]')].map((element) => element.outerHTML.slice(0, 120));
      const dialogs = [...document.querySelectorAll('[role="dialog"]')].map(
        (element) => element.getAttribute('aria-label') ?? element.id,
      );
      const toasts = [...document.querySelectorAll('[role="status"], [role="alert"]')].map(
        (element) => element.textContent,
      );
      const navigation = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        ?.type;
      return [
        `url: ${location.href} (${navigation ?? 'unknown'})`,
        ...lines,
        `marks now: ${marks.join(', ')}`,
        `still kept: ${kept.join(' | ') || 'none'}`,
        `dialogs: ${dialogs.join(', ') || 'none'}`,
        `live regions: ${toasts.join(' | ')}`,
      ].join('\n');
    })
    .catch((error: unknown) => `the page could not be read: ${String(error)}`);
  await testInfo.attach('press log', { body, contentType: 'text/plain' });
  // The reporter prints only a text attachment's first 300 characters: the whole log goes to the run's output too
  // (CI keeps only that), so a failure seen once in CI can be read there.
  process.stderr.write(`\n--- press log of the failed journey ---\n${body}\n--- end of the press log ---\n`);
}

/** Records the presses of every page of each journey of the file or group it is called in, and attaches the log of one that fails. */
export function usePressLog(): void {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(recordPresses);
  });
  test.afterEach(async ({ page }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) await attachPressLog(page, testInfo);
  });
}
