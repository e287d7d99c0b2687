import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DEMO_CLOCK_OFFSET_KEY,
  POPUP_RECORD_KEY,
  createPopupClock,
  createPopupGate,
  localDay,
  readPopupRecord,
} from '../../../src/features/marketing/popup-record';

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('the coupon popup record', () => {
  it('names days by the LOCAL calendar date of the clock', () => {
    expect(localDay(at(2026, 1, 31, 23, 59))).toBe('2026-01-31');
    expect(localDay(at(2026, 2, 1, 0, 0))).toBe('2026-02-01');
  });

  it('is due for an audience until it is recorded for that audience on that day', () => {
    let now = at(2026, 1, 31, 9);
    const gate = createPopupGate({ storage: localStorage, now: () => now });
    expect(gate.check(null)).toEqual({ due: true, day: '2026-01-31' });
    gate.record(null, '2026-01-31');
    expect(gate.check(null)).toEqual({ due: false, day: '2026-01-31' });
    // a user has their own record
    expect(gate.check(10001).due).toBe(true);
    now = at(2026, 1, 31, 23, 59);
    expect(gate.check(null).due).toBe(false);
    now = at(2026, 2, 1, 0, 1);
    expect(gate.check(null)).toEqual({ due: true, day: '2026-02-01' });
  });

  it('stores { audience: day } as JSON under couponPopup:shown and drops other days on write', () => {
    const gate = createPopupGate({ storage: localStorage, now: () => at(2026, 2, 1) });
    localStorage.setItem(POPUP_RECORD_KEY, JSON.stringify({ browser: '2026-01-31', 'user:7': '2026-02-01' }));
    gate.record(10001, '2026-02-01');
    expect(JSON.parse(localStorage.getItem(POPUP_RECORD_KEY) ?? '')).toEqual({ 'user:7': '2026-02-01', 'user:10001': '2026-02-01' });
  });

  it('treats a damaged record as never shown (validated with zod)', () => {
    localStorage.setItem(POPUP_RECORD_KEY, JSON.stringify({ browser: 'yesterday' }));
    expect(readPopupRecord(localStorage)).toEqual({});
    localStorage.setItem(POPUP_RECORD_KEY, '{');
    expect(readPopupRecord(localStorage)).toEqual({});
    localStorage.setItem(POPUP_RECORD_KEY, JSON.stringify({ someone: '2026-01-31' }));
    expect(readPopupRecord(localStorage)).toEqual({});
  });

  it('is never due when the popup is turned off', () => {
    expect(createPopupGate({ storage: localStorage, now: () => 0, enabled: false }).check(null).due).toBe(false);
  });

  it('runs on a clock the demo console can move by whole days in mock mode only', () => {
    const wallClock = () => at(2026, 1, 31);
    localStorage.setItem(DEMO_CLOCK_OFFSET_KEY, '2');
    expect(createPopupClock({ mock: true, storage: localStorage, wallClock })()).toBe(at(2026, 1, 31) + 2 * DAY_MS);
    expect(createPopupClock({ mock: false, storage: localStorage, wallClock })()).toBe(at(2026, 1, 31));
    localStorage.setItem(DEMO_CLOCK_OFFSET_KEY, '-5');
    expect(createPopupClock({ mock: true, storage: localStorage, wallClock })()).toBe(at(2026, 1, 31));
  });
});
