/**
 * Stand-in for the price-history helper's seam (issue 34): the one owner of the 史低 rule. The price-history
 * branch's version (with its endpoint and schema) replaces this file at merge.
 */

/** Whether `price` is at the historical low `low` (both in fen). */
export function isAtHistoricalLow(price: number, low: number): boolean {
  return price <= low;
}
