import { describe, expect, it, vi } from 'vitest';
import {
  DEMO_CLOCK_OFFSET_KEY,
  POPUP_RECORD_KEY,
  createPopupClock,
  createPopupGate,
  readPopupRecord,
} from '../../../src/features/marketing/popup-record';
import { DAY_MS } from '../../../src/shared/beijing-time';

/** An instant given on Beijing's wall clock. */
const at = (y: number, m: number, d: number, h = 12, min = 0) =>
  Date.parse(
    `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}:00+08:00`,
  );

describe('the coupon popup record', () => {
  it("counts Beijing's calendar day at the day's edge, on a device in another time zone", () => {
    // Los Angeles is 16 hours behind Beijing in January: 00:01 on 1 February in Beijing is still 31 January there.
    vi.stubEnv('TZ', 'America/Los_Angeles');
    let now = at(2026, 1, 31, 23, 59);
    const gate = createPopupGate({ storage: localStorage, now: () => now });
    expect(new Date(now).getDate()).toBe(31);
    expect(gate.check(null).day).toBe('2026-01-31');
    now = at(2026, 2, 1, 0, 1);
    expect(new Date(now).getDate()).toBe(31);
    expect(gate.check(null)).toEqual({ due: true, day: '2026-02-01' });
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
    expect(JSON.parse(localStorage.getItem(POPUP_RECORD_KEY) ?? '')).toEqual({
      'user:7': '2026-02-01',
      'user:10001': '2026-02-01',
    });
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
