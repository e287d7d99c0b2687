/**
 * Shapes shared by several resources. Money is always an integer number of
 * fen (1/100 yuan); times are epoch milliseconds unless a field says otherwise.
 */
import * as z from 'zod/mini';

export const FenSchema = z.int().check(z.nonnegative());
export const EpochMsSchema = z.number();
export const IdSchema = z.int();

export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.int(),
    pageNum: z.int(),
    pageSize: z.int(),
  });
}
export const PlatformSchema = z.enum(['PC', 'Steam', 'Epic', 'Switch', 'PS5', 'Xbox', 'iOS', 'Android']);
export type Platform = z.infer<typeof PlatformSchema>;

export const CouponStatusSchema = z.enum(['available', 'used', 'expired']);

/** A coupon as the user holds it (also the shape of popup and matching answers). */
export const CouponSchema = z.object({
  couponId: z.string(),
  title: z.string(),
  /** amount taken off, fen */
  amount: FenSchema,
  /** minimum order amount, fen; 0 means no threshold */
  threshold: FenSchema,
  startTime: EpochMsSchema,
  expireTime: EpochMsSchema,
  status: CouponStatusSchema,
  /** game ids it applies to; empty means every game */
  gameIds: z.array(IdSchema),
  description: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;
