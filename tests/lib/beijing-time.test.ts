import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  DAY_MS,
  beijingDay,
  beijingDayNumber,
  beijingDayStart,
  beijingParts,
  chineseDate,
  dayNumberToDate,
  zoneParts,
} from '../../src/shared/beijing-time';
import { dateStamp } from '../../src/mock/handlers/rules';
import { chineseMonthDay } from '../../src/mock/seed/random';

const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati'];

describe("the store's clock (Beijing time)", () => {
  it.each(ZONES)("reads the same day's edge on a device in %s", (zone) => {
    vi.stubEnv('TZ', zone);
    const lastMinute = Date.parse('2026-01-31T23:59:59.999+08:00');
    const firstMinute = Date.parse('2026-02-01T00:00:00+08:00');
    expect(beijingDay(lastMinute)).toBe('2026-01-31');
    expect(beijingDay(firstMinute)).toBe('2026-02-01');
    expect(beijingParts(lastMinute)).toEqual({ year: 2026, month: 1, day: 31, hour: 23, minute: 59, second: 59 });
    expect(beijingDayStart(lastMinute)).toBe(Date.parse('2026-01-31T00:00:00+08:00'));
    expect(beijingDayStart(firstMinute)).toBe(firstMinute);
    expect(beijingDayNumber(firstMinute) - beijingDayNumber(lastMinute)).toBe(1);
    // the simulated backend's dates come from the same clock
    expect(dateStamp(firstMinute)).toBe('20260201');
    expect(chineseMonthDay(lastMinute)).toBe('1月31日');
  });

  it('counts days and writes them back', () => {
    const day = beijingDayNumber(Date.parse('2026-11-20T08:00:00+08:00'));
    expect(dayNumberToDate(day)).toBe('2026-11-20');
    expect(dayNumberToDate(day + 11)).toBe('2026-12-01');
    expect(beijingDayStart(Date.parse('2026-11-20T08:00:00+08:00')) + DAY_MS).toBe(
      Date.parse('2026-11-21T00:00:00+08:00'),
    );
    expect(chineseDate('2026-11-20')).toBe('2026年11月20日');
  });

  it('reads a time from 1992 on as the zone database does, and an earlier one from it', () => {
    // From 1992 on, UTC+8 by arithmetic; a few centuries of random instants, each compared with Intl's answer.
    const from = Date.parse('1992-01-01T00:00:00+08:00');
    fc.assert(
      fc.property(fc.integer({ min: from, max: Date.parse('2200-01-01T00:00:00Z') }), (time) => {
        expect(beijingParts(time)).toEqual(zoneParts(time));
      }),
      { numRuns: 2000 },
    );
    expect(beijingParts(from)).toEqual({ year: 1992, month: 1, day: 1, hour: 0, minute: 0, second: 0 });
    expect(beijingParts(from - 1)).toEqual({ year: 1991, month: 12, day: 31, hour: 23, minute: 59, second: 59 });
    // China's daylight-saving time (1986-1991): UTC+9 in summer, which only the zone database knows.
    expect(beijingParts(Date.parse('1988-07-01T12:00:00Z')).hour).toBe(21);
  });
});
