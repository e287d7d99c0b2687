/**
 * The one owner of what a price history may be (an extension, docs/following-prices.md): the store reads every
 * answer through `saneHistory`, and the simulated backend checks its own answers with it before sending them,
 * so a bad value is refused at the source and, from any other server, dropped or bounded with the rest shown.
 *
 * A sane history is the asked goods', its change points are real calendar days, oldest first, one per day, no
 * later than today (a day of grace for a clock behind the server's), within the window of `days` (at most
 * `MAX_HISTORY_DAYS`), each a price the store can show (`MAX_POINT_FEN`), ending with today's price; its low is
 * the lowest of those points (on ties the latest), so it is never above today's price.
 */
import { beijingDayNumber, DAY_MS, dayNumberToDate } from '../shared/beijing-time';

export interface PricePoint {
  /** YYYY-MM-DD, the calendar day in Asia/Shanghai */
  date: string;
  /** fen */
  price: number;
}

export interface PriceHistory {
  goodsId: number;
  /** how many days the history's window covers, today included */
  days: number;
  /** change points, oldest first: the first day shown, then each change; the last one is today's price */
  points: PricePoint[];
  /** the lowest point, on ties the latest */
  low: PricePoint;
  /** today's price, fen */
  price: number;
}

/** @internal The longest window a history may cover: a server's longer `days` is bounded to it. */
export const MAX_HISTORY_DAYS = 366;
/** The highest price a point may have (¥100,000): above it a point is a server's mistake, not a price. */
const MAX_POINT_FEN = 10_000_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number (days since 1970-01-01) of a real `YYYY-MM-DD` calendar day, or null (2026-02-30, 2026-13-01…). */
export function dayOfDate(date: unknown): number | null {
  if (typeof date !== 'string') return null;
  const match = DATE.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  if (y < 1970 || back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return time / DAY_MS;
}

/** The store's calendar day (Beijing time, src/shared/beijing-time.ts) of a time, as a day number: a history's days. */
export const storeDayOf = beijingDayNumber;

/** `YYYY-MM-DD` of a day number. */
export const dateOfDay = dayNumberToDate;

/** The lowest point of a history; on ties the latest (the start of the latest run at that price). */
export function lowestPoint(points: readonly PricePoint[]): PricePoint {
  return points.reduce((low, point) => (point.price <= low.price ? point : low));
}

const isPointPrice = (price: unknown): price is number =>
  Number.isInteger(price) && (price as number) >= 0 && (price as number) <= MAX_POINT_FEN;

/** What an answer brings before it is read: its shape checked (src/api/price-history.ts), its values not yet. */
export interface RawHistory {
  goodsId: number;
  days: number;
  points: readonly unknown[];
  price: number;
}

/**
 * The history to show from a server's answer for `goodsId` on the store's day `today` (`YYYY-MM-DD`): null when
 * it is another goods' (nothing of it can be trusted) or today's price is not a price; otherwise the answer
 * with each bad point dropped (not an object, an impossible or future date, a price out of bounds), the rest
 * put in order (a day given twice keeps its last), bounded to the window, ending with today's price, and the
 * low read from those points (a server's own low is not trusted: one above today's price would be a lie).
 */
export function saneHistory(raw: RawHistory, expected: { goodsId: number; today: string }): PriceHistory | null {
  if (raw.goodsId !== expected.goodsId || !isPointPrice(raw.price)) return null;
  const today = dayOfDate(expected.today);
  if (today === null) return null;
  const days = Math.min(MAX_HISTORY_DAYS, Math.max(1, Math.trunc(raw.days) || 1));
  const byDay = new Map<number, number>();
  for (const point of raw.points) {
    if (typeof point !== 'object' || point === null) continue;
    const { date, price } = point as { date?: unknown; price?: unknown };
    const day = dayOfDate(date);
    if (day === null || day > today + 1 || !isPointPrice(price)) continue;
    byDay.set(day, price);
  }
  const ordered = [...byDay.entries()].sort((a, b) => a[0] - b[0]);
  const end = Math.max(today, ordered.at(-1)?.[0] ?? today);
  if (ordered.at(-1)?.[0] === end) ordered[ordered.length - 1] = [end, raw.price];
  else ordered.push([end, raw.price]);
  // The window: the last change before it holds on its first day.
  const start = end - (days - 1);
  const before = ordered.filter(([day]) => day <= start).at(-1);
  const inWindow = ordered.filter(([day]) => day > start);
  const kept = before ? [[start, before[1]] as [number, number], ...inWindow] : inWindow;
  const points: PricePoint[] = [];
  for (const [day, price] of kept) if (points.at(-1)?.price !== price) points.push({ date: dateOfDay(day), price });
  return { goodsId: raw.goodsId, days, points, low: lowestPoint(points), price: raw.price };
}
