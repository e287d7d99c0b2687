/** The cart's door (购物车, docs/cart.md): what the pay sheet of 去结算 reads of it (src/features/buying/cart-pay-editor.tsx). */
export { useAccountCheckout } from './checkout';
export { CHECKOUT_CART_FAILED, CHECKOUT_NOTHING_LEFT, orderPerGoodsNotice } from './texts';
