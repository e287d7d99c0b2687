/**
 * How a coupon reads wherever it is shown (popup, /coupon landing): amount
 * `¥10`, threshold `满100可用` / `无门槛`, expiry `有效期至 yyyy.MM.dd`.
 * Amounts are integer fen.
 */
import { formatDate } from '../../shared/format';
import { shortYuan } from '../../shared/money';

/** `1000` → `¥10`, `1050` → `¥10.5`, `1005` → `¥10.05`. */
export const couponAmount = (fen: number): string => `¥${shortYuan(fen)}`;

export const couponThreshold = (fen: number): string => (fen > 0 ? `满${shortYuan(fen)}可用` : '无门槛');

export const couponExpiry = (expireTime: number): string => `有效期至 ${formatDate(expireTime, 'yyyy.MM.dd')}`;

/** Where a coupon is used: the game's page for a single-game coupon, otherwise the search page. */
export type CouponTarget = { to: '/gameDetail/$id'; params: { id: string } } | { to: '/search' };

export function couponTarget(gameIds: readonly number[]): CouponTarget {
  const [only] = gameIds;
  return gameIds.length === 1 && only !== undefined
    ? { to: '/gameDetail/$id', params: { id: String(only) } }
    : { to: '/search' };
}
