import { describe, expect, it, vi } from 'vitest';
import {
  DAY_MS,
  beijingDay,
  beijingDayNumber,
  beijingDayStart,
  beijingParts,
  chineseDate,
  dayNumberToDate,
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
});
