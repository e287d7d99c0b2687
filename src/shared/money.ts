/**
 * Splits a price in fen into yuan integer and decimal parts, e.g. 9900 →
 * { int: '99', dec: '00' }. Integer arithmetic: fen never pass through a
 * binary fraction. Fractions of a fen round to the nearest fen; non-finite → 0.
 */
export function splitPrice(fen: number): { int: string; dec: string } {
  const whole = Number.isFinite(fen) ? Math.round(fen) : 0;
  const abs = Math.abs(whole);
  const sign = whole < 0 ? '-' : '';
  return { int: `${sign}${Math.floor(abs / 100)}`, dec: String(abs % 100).padStart(2, '0') };
}

/** Yuan without needless zeros, for a coupon's face: `1000` → `10`, `1050` → `10.5`, `1005` → `10.05`; below zero → `0`. */
export function shortYuan(fen: number): string {
  const { int, dec } = splitPrice(Math.max(0, fen));
  return dec === '00' ? int : `${int}.${dec.replace(/0$/, '')}`;
}

/** Yuan as a plain decimal string, `9900` → `'99.00'`, for inputs and calculations shown as text. */
export function fenToYuan(fen: number): string {
  const { int, dec } = splitPrice(fen);
  return `${int}.${dec}`;
}

/** Discounts below this get no `-N%` badge: a 2 % top-up rebate is a rounding, not a sale to announce. */
const BADGE_MIN_PERCENT = 5;

/**
 * The N of a `-N%` badge for `price` against `original` (`7000` of `10000` → 30), or 0 when no badge is due:
 * no discount, or under 5 % before rounding (4.6 % is not shown as -5 %). Every card, ranking row, suggestion
 * and goods shows its badge through this one rule (`DiscountBadge` in ./ui/price.tsx).
 */
export function discountBadge(price: number, original: number): number {
  return original > 0 && (original - price) * 100 >= BADGE_MIN_PERCENT * original
    ? Math.round(((original - price) / original) * 100)
    : 0;
}

/** `¥99.00` */
export function formatYuan(fen: number): string {
  const { int, dec } = splitPrice(fen);
  return `¥${int}.${dec}`;
}
