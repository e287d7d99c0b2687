/**
 * Layout shifts as Chromium reports them (CLS's parts): the page's own, not those right after an input. One
 * owner for the journeys that check a page does not move under the shopper while it renders (a search opened
 * directly, 价格走势 after hydration, 最近浏览 filling its box).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

interface Shift {
  value: number;
  /** what moved (tag.class of each source node), to say where a failing shift came from */
  nodes: string;
}

/** Records every layout shift of the pages `page` loads from now on (call before the `goto`). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName),
        );
        shifts.push({ value: entry.value, nodes: nodes.join(' ') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The current page's shifts so far add up to less than `limit` (CLS's "good" is 0.1; the store's goal 0.02). */
export async function expectLittleShift(page: Page, limit = 0.02): Promise<void> {
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, `shifts:\n${shifts.map((s) => `${s.value.toFixed(4)} ${s.nodes}`).join('\n')}`).toBeLessThan(limit);
}
