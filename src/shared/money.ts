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

/** Yuan as a plain decimal string, `9900` → `'99.00'`, for inputs and calculations shown as text. */
export function fenToYuan(fen: number): string {
  const { int, dec } = splitPrice(fen);
  return `${int}.${dec}`;
}

/** Whole-percent discount of `price` against `original` (`7000` of `10000` → 30); 0 when not discounted. */
export function discountPercent(price: number, original: number): number {
  if (!(original > 0) || !(price < original)) return 0;
  return Math.max(1, Math.round(((original - price) / original) * 100));
}

/** `¥99.00` */
export function formatYuan(fen: number): string {
  const { int, dec } = splitPrice(fen);
  return `¥${int}.${dec}`;
}
