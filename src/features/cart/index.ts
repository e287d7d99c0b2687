/**
 * The cart's door (购物车, docs/cart.md): 加入购物车 for the buy row (buying) and for a wishlist row (session), the
 * 购物车 count for the header and the sidebar (shell), and what the pay sheet of 去结算 reads of it
 * (src/features/buying/cart-pay-editor.tsx). The /cart page is the router's (src/app/cart-route.tsx).
 */
export { AddToCartButton, CartCount } from './lazy';
export { useAddToCartById } from './add-to-cart';
export { useAccountCheckout } from './checkout';
export { CHECKOUT_CART_FAILED, CHECKOUT_NOTHING_LEFT, orderPerGoodsNotice } from './texts';
