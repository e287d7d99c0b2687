/**
 * Coupons the user holds and the offers on the coupon landing page.
 * These two paths are not in the spec's call list; the personal centre's coupon
 * tab and the /coupon landing need them, so the contract adds them (docs/api.md).
 */
import * as z from 'zod/mini';
import type { CouponStatusSchema } from './common';
import { CouponSchema, FenSchema, IdSchema } from './common';
import { defineEndpoint, http } from './http';

/** @internal */
export const CouponOfferSchema = z.object({
  templateId: IdSchema,
  title: z.string(),
  amount: FenSchema,
  threshold: FenSchema,
  /** days valid after receiving */
  validDays: z.int(),
  gameIds: z.array(IdSchema),
  remaining: z.int(),
  /** the current user already holds one */
  received: z.boolean(),
});
export type CouponOffer = z.infer<typeof CouponOfferSchema>;

type Opts = { signal?: AbortSignal | undefined };

export const myCoupons = defineEndpoint({
  id: 'coupons.mine',
  method: 'POST',
  path: '/nn-activity/client/coupon/list',
  data: z.array(CouponSchema),
  request: '`{ status? }` (added)',
  response: '`Coupon[]` of the user',
  uiOnFailure: 'Error with retry',
});
export const couponOffers = defineEndpoint({
  id: 'coupons.offers',
  method: 'GET',
  path: '/nn-activity/client/coupon/offers',
  data: z.array(CouponOfferSchema),
  request: 'none (added)',
  response: '`CouponOffer[]` (`received` per user)',
  uiOnFailure: 'Error with retry',
});
export const couponReceive = defineEndpoint({
  id: 'coupons.receive',
  method: 'POST',
  path: '/nn-activity/client/coupon/receive',
  data: CouponSchema,
  request: '`{ templateId }` (added)',
  response: '`Coupon`; `coupon_40901`, `coupon_41001`',
  uiOnFailure: 'retMsg toast',
});

export const getMyCoupons = (status?: z.infer<typeof CouponStatusSchema>, o: Opts = {}) =>
  http.call(myCoupons, { body: status ? { status } : {}, signal: o.signal });
export const getCouponOffers = (o: Opts = {}) => http.call(couponOffers, { signal: o.signal });
export const postReceiveCoupon = (templateId: number, o: Opts = {}) =>
  http.call(couponReceive, { body: { templateId }, signal: o.signal });
