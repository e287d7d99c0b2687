/**
 * Buying's door: how other features start a purchase and cap quantities, the game detail's purchase panel,
 * the store's promise beside a price (TrustStrip), and the order and key lists of the personal centre with their
 * counts for its overview. The
 * dialogs (pay, success, refund) and the order page are loaded by src/app.
 */
export { useKeyCount, usePendingOrderCount } from './account-counts';
export { KeysPanel } from './keys-panel';
export { OrdersPanel } from './orders-panel';
export { PurchasePanel, type GoodsChoice } from './purchase-panel';
export { capQuantity, quantityCap } from './quantity';
export { startPurchase } from './start-purchase';
export { TrustStrip } from './trust-strip';
