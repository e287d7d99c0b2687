/**
 * Buying's door: how other features start a purchase and show quantities, the store's promise beside a
 * price (TrustStrip), and the order and key lists of the personal centre. The dialogs (pay, success,
 * refund) and the order page are loaded by src/app.
 */
export { GOODS_LOAD_FAILED } from './load-failed';
export { KeysPanel } from './keys-panel';
export { OrdersPanel } from './orders-panel';
export { bestCoupon, goodsOrderTotal } from './pricing';
export { capQuantity, quantityCap } from './quantity';
export { QuantityStepper } from './quantity-stepper';
export { startPurchase } from './start-purchase';
export { TrustStrip } from './trust-strip';
