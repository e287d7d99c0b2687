/**
 * The coupon rules both the game detail's hint and the pay dialog apply, owned here once: which coupon the
 * server recommends, and what a coupon takes off.
 */
import type { Coupon } from '../../api/common';

/** The coupon the server recommends (`bestCouponId`), when it is among those offered. */
export function bestCoupon<C extends Pick<Coupon, 'couponId'>>(coupons: readonly C[], bestCouponId: string | null | undefined): C | undefined {
  return coupons.find((coupon) => coupon.couponId === bestCouponId);
}

/** What a coupon takes off `subtotal` (the server caps it at the order amount). */
export const couponSaving = (coupon: Pick<Coupon, 'amount'> | null | undefined, subtotal: number): number => (coupon ? Math.min(coupon.amount, subtotal) : 0);
