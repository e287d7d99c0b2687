/**
 * The price rules both the game detail (its coupon hint and 到手价) and the pay dialog apply, owned here once:
 * which coupon the server recommends, what a coupon or a package takes off, and what an order comes to. The
 * server computes the amount it charges; these only say beforehand what it will be.
 */
import type { Coupon } from '../../api/common';
import type { Package } from '../../api/orders';

/** What an order comes to, in fen: before any saving, the saving, and what is due (到手价). */
export interface OrderTotal {
  subtotal: number;
  saving: number;
  due: number;
}

/** The coupon the server recommends (`bestCouponId`), when it is among those offered. */
export function bestCoupon<C extends Pick<Coupon, 'couponId'>>(
  coupons: readonly C[],
  bestCouponId: string | null | undefined,
): C | undefined {
  return coupons.find((coupon) => coupon.couponId === bestCouponId);
}

/** What a coupon takes off `subtotal` (the server caps it at the order amount). */
export const couponSaving = (coupon: Pick<Coupon, 'amount'> | null | undefined, subtotal: number): number =>
  coupon ? Math.min(coupon.amount, subtotal) : 0;

/** `buyNum` of a goods at `unitPrice`, less what `coupon` (if any) takes off. */
export function goodsOrderTotal(unitPrice: number, buyNum: number, coupon?: Pick<Coupon, 'amount'> | null): OrderTotal {
  return linesOrderTotal([{ price: unitPrice, buyNum }], coupon);
}

/** Several lines (a cart's, one order) at their unit prices, less what the one `coupon` (if any) takes off. */
export function linesOrderTotal(
  lines: readonly { price: number; buyNum: number }[],
  coupon?: Pick<Coupon, 'amount'> | null,
): OrderTotal {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.buyNum, 0);
  const saving = couponSaving(coupon, subtotal);
  return { subtotal, saving, due: subtotal - saving };
}

/** What a package takes off its goods' original prices (never less than nothing). */
export const packageSaving = (item: Pick<Package, 'price' | 'originalPrice'>): number =>
  Math.max(0, item.originalPrice - item.price);

/** A package, bought instead of the goods alone: its goods' original prices, less the package's saving. */
export function packageOrderTotal(item: Pick<Package, 'price' | 'originalPrice'>): OrderTotal {
  const saving = packageSaving(item);
  return { subtotal: item.originalPrice, saving, due: item.originalPrice - saving };
}
