/** Titles of the error states where an order or a goods list failed to load (no imports: the game detail takes one). */
export const ORDER_LOAD_FAILED = '订单加载失败';
export const GOODS_LOAD_FAILED = '商品加载失败';
