/**
 * Titles of the error states where an order or a goods list failed to load (imports no machine code: the game
 * detail's purchase panel takes one). An order's is the payment flow's own words (machines/payment-messages.ts).
 */
export { ORDER_LOAD_FAILED } from '../../../machines/payment-messages';
export const GOODS_LOAD_FAILED = '商品加载失败';
