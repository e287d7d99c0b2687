/**
 * The payment's texts. Their own module, without XState, so that buying's pages can title a failed order
 * load with the same words the payment flow uses (src/features/buying/load-failed.ts) without loading the
 * machine.
 */
export const ORDER_LOAD_FAILED = '订单加载失败';

export const PAYMENT_MESSAGES = {
  createFailed: '下单失败，请稍后重试',
  payFailed: '发起支付失败，请稍后重试',
  loadFailed: `${ORDER_LOAD_FAILED}，请稍后重试`,
} as const;

/**
 * What the pay sheet says about its price (docs/buying.md, "The price is final before 立即支付"): while it is
 * being worked out, and when the coupons change under a choice the shopper made.
 */
export const PRICING_MESSAGES = {
  /** Until the coupons, packages and amount are known: the pay button is disabled meanwhile. */
  pricing: '优惠计算中…',
  /** The name of the list the notices below are in. */
  noticesLabel: '优惠提示',
  /** A better coupon came after the shopper chose one: named, the choice kept. */
  betterCoupon: (title: string, saving: string) =>
    `有更优惠的优惠券「${title}」可用（省 ${saving}），当前仍使用您选择的优惠`,
  /** The coupon the shopper chose (or a resumed purchase had) is no longer offered: the best one replaces it. */
  chosenCouponGone: '之前选择的优惠券已不可用，已为您重新选择',
} as const;
