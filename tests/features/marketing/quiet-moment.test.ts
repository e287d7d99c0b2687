import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quietMoment } from '../../../src/features/marketing/quiet-moment';

describe('quietMoment (when the daily popup may come)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settledAfter = async (promise: Promise<void>, ms: number) => {
    let settled = false;
    void promise.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  };

  it('comes once the page has been left alone for the whole quiet period', async () => {
    const moment = quietMoment(new AbortController().signal, 2500);
    expect(await settledAfter(moment, 2499)).toBe(false);
    expect(await settledAfter(moment, 1)).toBe(true);
  });

  it('starts the quiet period again with every gesture, so a shopper who acts is not interrupted', async () => {
    const moment = quietMoment(new AbortController().signal, 2500);
    await vi.advanceTimersByTimeAsync(2000);
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(2000);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(await settledAfter(moment, 2499)).toBe(false);
    expect(await settledAfter(moment, 1)).toBe(true);
  });

  it('gives up when the popup is no longer wanted (its request was cancelled)', async () => {
    const controller = new AbortController();
    const moment = quietMoment(controller.signal, 2500);
    controller.abort(new Error('logged out'));
    await expect(moment).rejects.toThrow('logged out');
  });
});
