/**
 * The timing sweep's harness (docs/timing-sweep.md): a shopper's action made at an offset through a window of
 * the store's life, in real Chromium, and what must hold afterwards, read from the simulated backend's own
 * state and the browser's storage rather than from the screen alone.
 *
 * Two windows:
 * - `startup`: from the page's first contentful paint until the store acts (the `store:ready` mark,
 *   src/app/main.tsx, when src/app/boot.js's `__storeReady()` replays the kept taps);
 * - `login`: from the login dialog's 登录 tap until the hand-over is done (the 登录成功 toast, and the
 *   visitor's wishlist in the account on the server). The pay button's window starts when the pay sheet
 *   shows, within the same hand-over (the login's coupon arrives meanwhile).
 *
 * The offsets are generated from a step and a window length per window and CPU rate (`sweepOffsets`). A run
 * acts at its offset and no earlier; if the control is not there yet, or is covered by a dialog, it acts the
 * moment it can, and the offset it really acted at is reported with the run.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import type { Rate } from '../support/cpu';
import { scrollToPress } from '../support/press';

export type WindowName = 'startup' | 'login';

/** About 150 ms, the step; `WINDOWS_STEP_MS` changes it. */
const STEP_MS = envNumber('WINDOWS_STEP_MS', 150);

/**
 * How long each window lasts, ms, measured on this machine with the sweep's own runs (the `window` lines the
 * runs attach, docs/timing-sweep.md): first paint → `store:ready`, and the 登录 tap → the hand-over done, the
 * longer mode's (mock's login at 4×: a median of 2.2–2.6 s over the actions that do not navigate; live's
 * 0.9–1.3 s). Each can be overridden, e.g. `WINDOWS_STARTUP_4X_MS=3000`.
 */
const WINDOW_MS: Record<WindowName, Record<Rate, number>> = {
  startup: { 1: envNumber('WINDOWS_STARTUP_1X_MS', 2400), 4: envNumber('WINDOWS_STARTUP_4X_MS', 4800) },
  login: { 1: envNumber('WINDOWS_LOGIN_1X_MS', 900), 4: envNumber('WINDOWS_LOGIN_4X_MS', 2700) },
};

function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Every offset of the window, a step apart, from 0 to one step past its end (the settled case). */
export function sweepOffsets(window: WindowName, rate: Rate): number[] {
  const length = WINDOW_MS[window][rate];
  const offsets: number[] = [];
  for (let at = 0; at <= length + STEP_MS; at += STEP_MS) offsets.push(Math.round(at));
  return offsets;
}

/** A few offsets of the window for the normal suite: its start, its middle, or its end. */
export function smokeOffset(window: WindowName, rate: Rate, where: 'start' | 'middle' | 'end'): number {
  const offsets = sweepOffsets(window, rate);
  const index = where === 'start' ? 0 : where === 'middle' ? Math.floor(offsets.length / 2) : offsets.length - 1;
  return offsets[index]!;
}

/** One run: where in which window which action is made, and how its failures are named. */
export class Run {
  /** The offset the action really happened at (later than asked when the control was not there yet). */
  actedAt: number | null = null;
  readonly notes: string[] = [];

  constructor(
    readonly window: WindowName,
    readonly action: string,
    readonly rate: Rate,
    readonly offset: number,
    readonly mode: string,
  ) {}

  /** What every failure message starts with: window, offset, CPU rate, action, mode. */
  say(what: string): string {
    const acted = this.actedAt === null ? 'not acted yet' : `acted at ${Math.round(this.actedAt)} ms`;
    return `[${this.window} window, offset ${this.offset} ms (${acted}), CPU ${this.rate}×, ${this.action}, ${this.mode}] ${what}`;
  }
}

/**
 * Where an offset counts from, in the page: the first contentful paint, or a mark the harness made
 * (`performance.mark`, e.g. at the 登录 tap).
 */
export type Origin = { paint: true } | { mark: string };

interface PressArgs {
  origin: Origin;
  offset: number;
  /** only wait for the offset (a reload), no control to press */
  waitOnly: boolean;
  /** the window property that notes whether the press reached the control as a click (`PRESS_NOTE`) */
  noteKey: string;
}

type PressPoint = { x: number; y: number; at: number } | { covered: string } | { waited: number };

/** Where the page notes whether the press about to be made reached the control as a click (see `pressPoint`). */
const PRESS_NOTE = '__sweepPress';

/**
 * In the page: waits until `offset` ms after the origin (checked every 5 ms, on the page's own clock), then
 * finds where a finger pressing `element` (scrolled to by `tapAt` first) lands: the middle of its box, if that
 * hits the element. For up to 1 s it waits for it to be uncovered (a dialog or its backdrop on top takes the
 * press), then says what covers it.
 */
async function pressPoint(element: Element, { origin, offset, waitOnly, noteKey }: PressArgs): Promise<PressPoint> {
  const sleep = () => new Promise((resolve) => setTimeout(resolve, 5));
  const now = () => performance.now();
  const originTime = (): number | null => {
    const entries = performance.getEntriesByName('paint' in origin ? 'first-contentful-paint' : origin.mark);
    return entries.length > 0 ? entries[entries.length - 1]!.startTime : null;
  };
  for (let start = originTime(); start === null || now() < start + offset; start = originTime()) await sleep();
  const since = () => now() - (originTime() ?? 0);
  if (waitOnly) return { waited: since() };
  const deadline = now() + 1_000;
  for (;;) {
    const box = element.getBoundingClientRect();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const top = document.elementFromPoint(x, y);
    if (top && (element === top || element.contains(top))) {
      // Whether the press reaches the control as a click is noted when the click comes, not read now: a control
      // disabled now may be enabled by the time the press arrives (one round trip later), and a disabled button
      // gets no click at all (Chromium sends it pointer events only), so its handler cannot run.
      const note = { clicked: false };
      (window as unknown as Record<string, unknown>)[noteKey] = note;
      const onClick = (event: Event) => {
        if (event.target instanceof Node && element.contains(event.target)) note.clicked = true;
      };
      window.addEventListener('click', onClick, { capture: true });
      setTimeout(() => window.removeEventListener('click', onClick, { capture: true }), 10_000);
      return { x, y, at: since() };
    }
    if (now() > deadline)
      return { covered: top?.closest('[role="dialog"]')?.getAttribute('aria-label') ?? top?.tagName ?? 'nothing' };
    await sleep();
  }
}

/**
 * A real mouse press on `control` at `offset` ms after `origin`, or as soon after as the control is visible and
 * not covered (the press lands where a shopper's finger would). `run.actedAt` gets the offset the press really
 * had. Returns `clicked`, which asks the page whether the press reached the control as a click (false: it was
 * disabled when the press came, so its handler did not run); only for a press that leaves the page where it is.
 */
export async function tapAt(
  page: Page,
  run: Run,
  control: Locator,
  origin: Origin,
): Promise<{ clicked: () => Promise<boolean> }> {
  for (let attempt = 0; ; attempt += 1) {
    await control.waitFor({ state: 'visible' });
    await scrollToPress(page, control);
    const found = await control.evaluate(pressPoint, {
      origin,
      offset: run.offset,
      waitOnly: false,
      noteKey: PRESS_NOTE,
    });
    if ('x' in found) {
      await page.mouse.click(found.x, found.y);
      run.actedAt = found.at;
      // The press's events are handled by the time the click above resolves (CDP answers once the page has them).
      const clicked = () =>
        page.evaluate(
          (key) => (window as unknown as Record<string, { clicked: boolean } | undefined>)[key]?.clicked === true,
          PRESS_NOTE,
        );
      return { clicked };
    }
    const covered = 'covered' in found ? found.covered : 'nothing';
    run.notes.push(`covered by ${covered}, pressed later`);
    if (attempt >= 20) throw new Error(run.say(`the control stayed covered by ${covered} for 20 s`));
    // A locator look lets the coupon popup's handler (fixtures.ts) close the popup if it is the one on top.
    await expect(control, run.say(`the control is gone while covered by ${covered}`)).toBeVisible();
  }
}

/** Waits in the page until `offset` ms after `origin` (a reload is made then). */
export async function waitForOffset(page: Page, run: Run, origin: Origin): Promise<void> {
  const found = await page
    .locator(':root')
    .evaluate(pressPoint, { origin, offset: run.offset, waitOnly: true, noteKey: PRESS_NOTE });
  run.actedAt = 'waited' in found ? found.waited : null;
}

/** The time in the page between two of its entries (`performance` paint or mark), or null when either is missing. */
async function between(page: Page, from: string, to: string): Promise<number | null> {
  return page
    .evaluate(
      ([from, to]) => {
        const start = performance.getEntriesByName(from!)[0]?.startTime;
        const end = performance.getEntriesByName(to!)[0]?.startTime;
        return start === undefined || end === undefined ? null : Math.round(end - start);
      },
      [from, to],
    )
    .catch(() => null);
}

/** How long the page's start-up window was: first contentful paint → `store:ready`, or null if not reached. */
export const startupWindow = (page: Page): Promise<number | null> =>
  between(page, 'first-contentful-paint', 'store:ready');

/** In the page, before the app: marks `sweep:login-toast` when 登录成功 first shows in a live region. */
export function markLoginToast(): void {
  const observer = new MutationObserver(() => {
    const regions = document.querySelectorAll('[role="status"], [role="alert"]');
    for (const region of regions) {
      if (!(region.textContent ?? '').includes('登录成功')) continue;
      performance.mark('sweep:login-toast');
      observer.disconnect();
      return;
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** How long the login window was: the 登录 tap → the 登录成功 toast, or null (not measured, e.g. reloaded). */
export const loginWindow = (page: Page): Promise<number | null> =>
  between(page, 'sweep:login-tap', 'sweep:login-toast');

/** What this browser keeps under `wishlist:`: each key and its game ids (null for a value that is no list). */
export async function storedWishlists(page: Page): Promise<Record<string, number[] | null>> {
  return page.evaluate(() => {
    const kept: Record<string, number[] | null> = {};
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i)!;
      if (!key.startsWith('wishlist:')) continue;
      try {
        const value = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
        kept[key] = Array.isArray(value) ? value.map((entry) => Number((entry as { gameId?: unknown }).gameId)) : null;
      } catch {
        kept[key] = null;
      }
    }
    return kept;
  });
}

/** The store's own history of routes (src/features/shell/history-store.ts), for a failure's message. */
export async function storeHistory(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      // What src/app/navigation.ts reads at start (the arrival) beside what the history store kept.
      return JSON.stringify({
        stored: sessionStorage.getItem('route-history:v1'),
        shown: sessionStorage.getItem('route-history:shown'),
        arrival: { referrer: document.referrer, type: entry?.type, historyLength: history.length },
      });
    })
    .catch(() => 'unreadable');
}

/** How many times `id` is in `ids`. */
export const countOf = (ids: readonly number[] | null | undefined, id: number): number =>
  (ids ?? []).filter((x) => x === id).length;
