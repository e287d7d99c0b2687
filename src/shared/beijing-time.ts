/**
 * The store's one clock: durations, and Beijing time (Asia/Shanghai), the zone every date the store shows or
 * counts in is read in — the shopper's calendar day, the order number's date, the price history's days, the
 * daily popup's "today". The simulated backend uses the same functions, so both sides agree on a day's edge
 * whatever zone the device or the server runs in (docs/decisions/0037-one-beijing-clock.md).
 */

const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const STORE_TIME_ZONE = 'Asia/Shanghai';

/** The fields of an instant on Beijing's wall clock; `month` 1–12, `hour` 0–23. */
export interface BeijingParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * From 1992 on, Beijing time is UTC+8 all year (China's last daylight-saving time ended on 1991-09-15): there the
 * fields are UTC's, 8 hours on. That is what the zone database says too, at a fraction of the cost of asking
 * `Intl` (the simulated backend's price histories ask for thousands of days at each start of a mock page: 28 ms of
 * a home page's start-up, 2026-12-06). Earlier times are read from the zone database.
 */
const BEIJING_UTC_OFFSET_MS = 8 * HOUR_MS;
const FIXED_OFFSET_FROM = Date.UTC(1991, 11, 31, 16);

/** The Beijing wall-clock fields of an epoch-ms time. */
export function beijingParts(time: number): BeijingParts {
  if (time < FIXED_OFFSET_FROM) return zoneParts(time);
  const wall = new Date(time + BEIJING_UTC_OFFSET_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

let formatter: Intl.DateTimeFormat | undefined;

/**
 * The Beijing wall-clock fields of an epoch-ms time, as the zone database has them (`beijingParts` for a time before
 * 1992; its tests compare the two).
 * @internal
 */
export function zoneParts(time: number): BeijingParts {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: STORE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(time)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Beijing's calendar day of an epoch-ms time, `YYYY-MM-DD`. */
export function beijingDay(time: number): string {
  const { year, month, day } = beijingParts(time);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** 00:00 Beijing time of the calendar day holding `time`, epoch ms. */
export function beijingDayStart(time: number): number {
  const { hour, minute, second } = beijingParts(time);
  const millis = ((time % SECOND_MS) + SECOND_MS) % SECOND_MS;
  return time - hour * HOUR_MS - minute * MINUTE_MS - second * SECOND_MS - millis;
}

/** Beijing's calendar day of `time` as a whole number of days since 1970-01-01, for counting days apart. */
export function beijingDayNumber(time: number): number {
  const { year, month, day } = beijingParts(time);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The `YYYY-MM-DD` of a day number of `beijingDayNumber`. */
export function dayNumberToDate(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` → `2026年11月20日`. */
export function chineseDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${year}年${month}月${day}日`;
}
