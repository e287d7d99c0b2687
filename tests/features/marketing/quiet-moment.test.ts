import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inQuietMoment, quietMoment } from '../../../src/features/marketing/quiet-moment';

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

describe('inQuietMoment (the popup’s call and its answer)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A call that answers when told to. */
  function pendingCall() {
    let answer: (value: string) => void = () => undefined;
    const work = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    return { work, answer: (value: string) => answer(value) };
  }

  it('makes the call in a quiet moment and answers at once when the page stayed quiet', async () => {
    const call = pendingCall();
    let result: string | undefined;
    void inQuietMoment(new AbortController().signal, call.work, 2500).then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(2499);
    expect(call.work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(call.work).toHaveBeenCalledTimes(1);
    call.answer('coupons');
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toBe('coupons');
  });

  it('holds an answer that arrives after a gesture until the next quiet moment, so the popup never opens over a key press', async () => {
    const call = pendingCall();
    let result: string | undefined;
    void inQuietMoment(new AbortController().signal, call.work, 2500).then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(2500);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    call.answer('coupons');
    await vi.advanceTimersByTimeAsync(2499);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('coupons');
    expect(call.work).toHaveBeenCalledTimes(1);
  });
});
