/**
 * The /cart route's page (docs/cart.md): the cart's page with what it takes from buying, which the cart may not
 * import itself (FEATURE_LAYERS in eslint.config.js): the quantity stepper and cap, and the pay sheet's price rules.
 */
import { bestCoupon, couponSaving, goodsOrderTotal } from '../features/buying/pricing';
import { quantityCap } from '../features/buying/quantity';
import { QuantityStepper } from '../features/buying/quantity-stepper';
import { CartPage, type CartBuying } from '../features/cart/cart-page';

const BUYING: CartBuying = { QuantityStepper, quantityCap, bestCoupon, couponSaving, goodsOrderTotal };

export function CartRoute() {
  return <CartPage buying={BUYING} />;
}
