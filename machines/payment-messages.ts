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
