/**
 * A phone's CPU for a page: CDP's `Emulation.setCPUThrottlingRate`, which the first-tap journeys and the timing
 * sweep use for a start-up on a mid-range phone (4×).
 *
 * How Chromium slows the page: a thread of the page's renderer signals the renderer's main thread every 200 µs,
 * and the main thread then busy-waits for three times as long as it last ran (Blink's thread_cpu_throttler.cc).
 * So a throttled page keeps most of a core busy while it is open, idle or not: 4.4 CPU s in 5 s for an idle
 * page here, none at 1× (measured 2026-12-05). Beside a browser loading pages it makes each load some 40 % slower;
 * a lower priority for the throttled browser gives most of that back but slows its own start-up some 70 %, and the 4×
 * journeys mostly run beside each other anyway, so they keep the usual priority (docs/testing.md, "Where the time
 * goes").
 */
import type { Page } from '@playwright/test';

/** The CPU rates the journeys run at: full speed, and a mid-range phone. */
export type Rate = 1 | 4;
export const RATES: readonly Rate[] = [1, 4];

/**
 * Slows `page`'s CPU `rate` times (1: not at all) from now on, new documents included; returns what sets it back
 * to full speed (a journey whose window is over need not crawl through its checks).
 */
export async function slowCpu(page: Page, rate: Rate): Promise<() => Promise<void>> {
  if (rate === 1) return async () => undefined;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  };
}
