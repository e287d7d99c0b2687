/**
 * How many units of a goods one order may hold: the one owner of the cap,
 * used by the game detail's stepper and the pay dialog's (the server refuses
 * more, `order_40002`). The quantity shown is always the capped one, and a
 * wish above the cap is said next to the quantity (`quantityCapNotice`),
 * never dropped silently.
 */
export interface QuantityCap {
  /** the most one order may hold, at least 1 */
  max: number;
  /** what sets it: the goods' limit per order, or the stock when less is left */
  by: 'limit' | 'stock';
}

export function quantityCap(goods: { stock: number; limitPerOrder: number }): QuantityCap {
  const by = goods.stock < goods.limitPerOrder ? 'stock' : 'limit';
  return { max: Math.max(1, Math.min(goods.stock, goods.limitPerOrder)), by };
}

/** A wanted quantity within 1..cap.max (whole units; anything unreadable is 1). */
export function capQuantity(wanted: number, cap: QuantityCap): number {
  if (!Number.isFinite(wanted)) return 1;
  return Math.min(cap.max, Math.max(1, Math.trunc(wanted)));
}

/** What the shopper is told when a quantity above the cap was changed to the cap. */
export function quantityCapNotice(cap: QuantityCap): string {
  return cap.by === 'stock'
    ? `库存仅剩 ${cap.max} 件，已改为 ${cap.max} 件`
    : `每单最多购买 ${cap.max} 件，已改为 ${cap.max} 件`;
}
