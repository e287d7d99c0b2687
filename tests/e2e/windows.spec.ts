/**
 * The timing sweep (docs/timing-sweep.md): each shopper's action of tests/e2e/windows/actions.ts made at an
 * offset through its window (start-up, login), at 1× and 4× CPU, one test per offset, each in a fresh browser
 * context (a new visitor, a new phone), with its invariants checked afterwards.
 *
 * In the normal suite (`npm run test:e2e`) only a few offsets run, tagged `@windows-smoke` (mock-desktop; the
 * ones tagged `@live` also in live-desktop). `npm run test:windows` (playwright.windows.config.ts, which sets
 * WINDOWS_SWEEP=full) runs every offset of every window × action × CPU rate, in mock and live mode.
 *
 * The daily coupon popup is recorded as already shown today, as first-tap.spec.ts does and for its reason: it
 * opens after a 2.5 s quiet moment (a wall-clock timer), and a raw mouse press at an offset is no locator
 * action, so the popup-closing fixture could not step in before it. The new account's popup after a login is
 * left as it comes: a press the popup covers waits for it to be closed (tapAt).
 */
import { test } from './support/fixtures';
import { ACTIONS } from './windows/actions';
import { popupRecordedToday } from './support/flows';
import {
  loginWindow,
  markLoginToast,
  Run,
  smokeOffset,
  startupWindow,
  sweepOffsets,
  type WindowName,
} from './windows/sweep';
import { RATES, type Rate } from './support/cpu';

const FULL = process.env.WINDOWS_SWEEP === 'full';

/** The normal suite's few offsets: window, action, CPU rate, where in the window, and whether live runs it too. */
const SMOKE: { window: WindowName; action: string; rate: Rate; where: 'start' | 'middle' | 'end'; live: boolean }[] = [
  { window: 'startup', action: 'a game card', rate: 1, where: 'start', live: true },
  { window: 'startup', action: 'a game card', rate: 4, where: 'middle', live: false },
  { window: 'startup', action: '加入愿望单', rate: 4, where: 'start', live: false },
  { window: 'login', action: 'a reload', rate: 1, where: 'middle', live: false },
  { window: 'login', action: 'the pay button', rate: 1, where: 'start', live: true },
];

test.beforeEach(async ({ context }) => {
  // Not on a date held still (holdToday, as first-tap.spec.ts): Playwright's clock fakes the page's
  // `performance` too, and the sweep times its offsets from the page's paint and marks. A run that crosses
  // midnight China time could meet the popup: it would be closed like any covering dialog (tapAt).
  await popupRecordedToday(context);
  await context.addInitScript(markLoginToast);
});

for (const action of ACTIONS) {
  for (const rate of RATES) {
    const offsets = FULL
      ? sweepOffsets(action.window, rate).map((offset) => ({ offset, tag: ['@windows'] }))
      : SMOKE.filter((s) => s.window === action.window && s.action === action.name && s.rate === rate).map((s) => ({
          offset: smokeOffset(s.window, s.rate, s.where),
          tag: s.live ? ['@windows-smoke', '@live', '@mock'] : ['@windows-smoke'],
        }));
    for (const { offset, tag } of offsets) {
      test(
        `${action.window} window · ${action.name} · CPU ${rate}× · offset ${offset} ms`,
        { tag },
        async ({ page, backend, phone, browser, apiMode }, testInfo) => {
          const run = new Run(action.window, action.name, rate, offset, apiMode);
          try {
            await action.act({ page, backend, phone, browser, testInfo, run });
          } finally {
            // What the run measured, for the results table (scripts/windows-results.ts) and a failure's reader.
            const measured = action.window === 'startup' ? await startupWindow(page) : await loginWindow(page);
            testInfo.annotations.push(
              { type: 'acted at', description: run.actedAt === null ? 'never' : `${Math.round(run.actedAt)} ms` },
              { type: 'window', description: measured === null ? 'not measured' : `${measured} ms` },
              ...run.notes.map((note) => ({ type: 'note', description: note })),
            );
          }
        },
      );
    }
  }
}
