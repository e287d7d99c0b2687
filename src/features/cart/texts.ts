/** The cart's words (购物车, docs/cart.md), in one place. */

/** A visitor's write this browser's storage refused (full or blocked): the cart stays as stored. */
export const CART_NOT_SAVED = '浏览器存储空间不足，购物车未能保存';
/** A visitor's new line beyond CART_LINES_MAX (src/api/cart.ts). */
export const cartFull = (max: number) => `购物车最多保存 ${max} 件商品，请先移除一些再加入`;
/** The cart's code failed to load (it loads on demand) while a write waited for it: the write is not made. */
export const CART_LOAD_FAILED = '购物车加载失败，请检查网络后重试';

/**
 * 去结算 on a server without the cart extension (plan `orderPerGoods`, docs/cart.md): said on the pay sheet before
 * paying. `first`: the goods this sheet pays; `rest`: how many other goods stay in the cart for the next 去结算.
 */
export const orderPerGoodsNotice = (first: string, rest: number) =>
  `当前不支持合并下单，每件商品需单独下单支付：本次支付「${first}」，其余 ${rest} 件商品保留在购物车中，可稍后继续结算`;
/** A visitor's 去结算 after the login: the account's cart could not be read. */
export const CHECKOUT_CART_FAILED = '购物车暂未同步，无法结算';
/** A visitor's 去结算 after the login: none of the chosen goods is in the account's cart any more. */
export const CHECKOUT_NOTHING_LEFT = '所选商品已不在购物车中';
