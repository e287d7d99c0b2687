/**
 * The app side of the daily coupon popup (machines/coupon-popup.machine.ts):
 * which calendar day it is, and whether the popup was already shown today to
 * this audience — a logged-in user (by user id) or, when anonymous, this
 * browser.
 *
 * localStorage `couponPopup:shown` holds one JSON object: audience key →
 * the Beijing calendar day (`YYYY-MM-DD`) it was last shown on, e.g.
 * `{ "browser": "2026-01-31", "user:10001": "2026-01-31" }`. It is validated
 * with zod when read (anything else counts as "never shown"); a write drops
 * the entries of other days, so the object never grows past today's audiences.
 *
 * The clock is injected. In mock mode it is shifted by whole days by the
 * /demo page (localStorage `demo:clockOffsetDays`) so a demo can show the
 * popup of "tomorrow" without waiting.
 */
import * as z from 'zod/mini';
import { readJson, readText, writeJson } from '../../shared/storage';
import { DAY_MS, beijingDay } from '../../shared/beijing-time';

export const POPUP_RECORD_KEY = 'couponPopup:shown';
/** localStorage key of the demo clock offset (whole days, mock mode only). */
export const DEMO_CLOCK_OFFSET_KEY = 'demo:clockOffsetDays';

const DaySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const PopupRecordSchema = z.record(z.string().check(z.regex(/^(browser|user:\d+)$/)), DaySchema);
type PopupRecord = z.infer<typeof PopupRecordSchema>;

const DemoClockOffsetSchema = z.int().check(z.gte(0), z.lte(3650));

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** @internal */
export const audienceKey = (userId: number | null): string => (userId === null ? 'browser' : `user:${userId}`);

/** @internal */
export function readPopupRecord(storage: Pick<Storage, 'getItem'> | undefined): PopupRecord {
  return readJson(storage, POPUP_RECORD_KEY, PopupRecordSchema, {});
}

interface PopupDecision {
  /** true when the popup has not been shown to this audience on `day` */
  due: boolean;
  /** today, `YYYY-MM-DD` (Beijing time, like every date of the store) */
  day: string;
}

export interface PopupGate {
  check(userId: number | null): PopupDecision;
  record(userId: number | null, day: string): void;
}

export interface PopupGateOptions {
  storage: Store | undefined;
  now: () => number;
  /** false turns the popup off (e.g. on /demo, or in tests that are about something else) */
  enabled?: boolean;
}

export function createPopupGate({ storage, now, enabled = true }: PopupGateOptions): PopupGate {
  return {
    check(userId) {
      const day = beijingDay(now());
      if (!enabled) return { due: false, day };
      return { due: readPopupRecord(storage)[audienceKey(userId)] !== day, day };
    },
    record(userId, day) {
      const today = Object.entries(readPopupRecord(storage)).filter(([, shownOn]) => shownOn === day);
      const next: PopupRecord = { ...Object.fromEntries(today), [audienceKey(userId)]: day };
      // storage unavailable: the popup may show again on the next start
      writeJson(storage, POPUP_RECORD_KEY, next);
    },
  };
}

export function readDemoClockOffsetDays(storage: Pick<Storage, 'getItem'> | undefined): number {
  const parsed = DemoClockOffsetSchema.safeParse(Number(readText(storage, DEMO_CLOCK_OFFSET_KEY) ?? 0));
  return parsed.success ? parsed.data : 0;
}

/** The popup's clock: the wall clock, plus the demo offset in mock mode. */
export function createPopupClock(options: {
  mock: boolean;
  storage: Pick<Storage, 'getItem'> | undefined;
  wallClock?: () => number;
}): () => number {
  const wallClock = options.wallClock ?? (() => Date.now());
  return () => wallClock() + (options.mock ? readDemoClockOffsetDays(options.storage) * DAY_MS : 0);
}
