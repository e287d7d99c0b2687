/** Pure business rules of the simulated backend: validation, masking, codes, the refund window. */
import { refundDeadline } from '../../api/goods-promise';
import type { OrderRecord } from './state';
import type { LatencyOption } from './types';
import { idCardCheckChar } from '../../features/session/id-card';
import { DAY_MS, MINUTE_MS, beijingDay } from '../../shared/beijing-time';

export const SMS_CODE = '123456';
export const SMS_INTERVAL_MS = MINUTE_MS;
/** a sent login code stays usable this long */
export const SMS_VALID_MS = 5 * MINUTE_MS;
export const QR_EXPIRE_SECONDS = 120;
export const ORDER_PAY_WINDOW_MS = 15 * MINUTE_MS;
export const REFUND_SETTLE_MS = 3_000;
export const NEW_USER_MS = DAY_MS;
export const DEFAULT_AUTO_PAY_MS = 8_000;

/**
 * `VITE_MOCK_AUTO_EVENTS` / `API_AUTO_EVENTS`: `off` turns the backend's own timed events off (the automatic
 * payment, a refund's settlement: `BackendOptions.autoEvents`); anything else, or unset, leaves them on.
 */
export const parseAutoEvents = (raw: string | undefined): boolean => raw?.trim().toLowerCase() !== 'off';

/**
 * A paid order may be refunded until its deadline and before its gift was claimed. The deadline comes from the
 * items' `refundDays` (src/api/goods-promise.ts): an unredeemed key KEY_REFUND_DAYS after payment, a top-up or
 * an accelerator membership never once credited, a bundle by its strictest item. The help centre and the
 * agreement (../seed/help.ts) state the same terms from the same constants.
 */
export function isRefundOpen(order: Pick<OrderRecord, 'status' | 'payTime' | 'items' | 'gift'>, now: number): boolean {
  if (order.status !== 'paid' && order.status !== 'delivered') return false;
  const deadline = refundDeadline(order);
  return deadline !== null && now <= deadline && order.gift === null;
}

export const isPhone = (value: unknown): value is string => typeof value === 'string' && /^1\d{10}$/.test(value);

/** One Han ideograph: the basic block and extension A, and extensions B–J (e.g. 𠮷, U+20BB7). */
const HAN = String.raw`[\u3400-\u4DBF\u4E00-\u9FFF\u{20000}-\u{2A6DF}\u{2A700}-\u{2EE5F}\u{30000}-\u{3347F}]`;
const CHINESE_NAME = new RegExp(`^${HAN}+(?:·${HAN}+)*$`, 'u');

/**
 * 2–20 Chinese characters counted as code points (dots included); parts may be joined by the middle
 * dot U+00B7 (e.g. 阿卜杜拉·买买提). Other dots are refused: clients send the name normalised.
 */
export function isChineseName(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const chars = [...value];
  if (chars.length < 2 || chars.length > 20) return false;
  return CHINESE_NAME.test(value);
}

/** 18 characters, 17 digits then a digit or X, with a valid GB 11643-1999 checksum (the store's own rule, `idCardCheckChar`). */
export function isIdCardNo(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{17}[\dXx]$/.test(value)) return false;
  return idCardCheckChar(value.slice(0, 17)) === value[17]!.toUpperCase();
}

/** 13812345678 → 138****5678 */
export const maskPhone = (phone: string): string =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
/** 张三丰 → 张** */
export const maskName = (name: string): string => {
  const chars = [...name];
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
};
/** 110101199003074477 → 1101**********4477 */
export const maskIdCard = (id: string): string => `${id.slice(0, 4)}${'*'.repeat(10)}${id.slice(-4)}`;

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function randomString(random: () => number, length: number, alphabet = TOKEN_CHARS): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(random() * alphabet.length) % alphabet.length];
  return out;
}

/** XXXX-XXXX-XXXX-XXXX */
export function cdkCode(random: () => number): string {
  return [0, 1, 2, 3].map(() => randomString(random, 4, CODE_CHARS)).join('-');
}

/** yyyyMMdd in Beijing time, for order numbers */
export function dateStamp(time: number): string {
  return beijingDay(time).replaceAll('-', '');
}

/** `API_LATENCY` / `VITE_MOCK_LATENCY`: `0`, a number of ms or a `min-max` range; unset or unreadable: 80–250 ms. */
export function parseLatency(raw: string | undefined): LatencyOption {
  if (raw === undefined || raw.trim() === '') return { min: 80, max: 250 };
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(raw.trim());
  if (range) return { min: Number(range[1]), max: Number(range[2]) };
  const fixed = Number(raw);
  return Number.isFinite(fixed) && fixed >= 0 ? fixed : { min: 80, max: 250 };
}

export function latency(option: LatencyOption | undefined, random: () => number): number {
  if (option === undefined) return 0;
  if (typeof option === 'number') return Math.max(0, option);
  const min = Math.max(0, option.min);
  const max = Math.max(min, option.max);
  return Math.round(min + random() * (max - min));
}

/** Body fields arrive untyped; these read them without trusting them. */
export const asRecord = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
export const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
export function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}
export function int(value: unknown, fallback: number, min = 1, max = 100): number {
  const n = num(value);
  if (n === undefined || !Number.isInteger(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/**
 * What a visitor's list handed over at login may keep of the page's word (the wishlist's and the cart's merges):
 * the price when added, when it is one the goods could have had (whole fen, from 0 to `most`, the most it has been
 * sold for), and the time, when it is not to come; otherwise the server's price and time now take their place.
 */
export function handedOver(raw: { price: unknown; at: unknown }, most: number, now: { price: number; at: number }) {
  const price = num(raw.price);
  const at = num(raw.at);
  return {
    price: price !== undefined && Number.isSafeInteger(price) && price >= 0 && price <= most ? price : now.price,
    at: at !== undefined && Number.isFinite(at) && at > 0 && at <= now.at ? at : now.at,
  };
}
