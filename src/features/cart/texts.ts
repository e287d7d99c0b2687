/** The cart's words (购物车, docs/cart.md), in one place. */

/** A visitor's write this browser's storage refused (full or blocked): the cart stays as stored. */
export const CART_NOT_SAVED = '浏览器存储空间不足，购物车未能保存';
/** A visitor's new line beyond CART_LINES_MAX (src/api/cart.ts). */
export const cartFull = (max: number) => `购物车最多保存 ${max} 件商品，请先移除一些再加入`;
