/**
 * The one 史低 rule (docs/following-prices.md): a price is at its historical low when it is not above the lowest price of the
 * last 180 days. A free goods is never "at its low" (there is nothing to wait for). Its own module so that a
 * game card can use the rule without the price-history call's code: ./price-history.ts re-exports it.
 */
export function isAtHistoricalLow(price: number, low: number): boolean {
  return price > 0 && price <= low;
}
