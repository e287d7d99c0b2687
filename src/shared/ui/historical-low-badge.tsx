import { isAtHistoricalLow } from '../../api/historical-low';

/**
 * The 史低 mark (docs/following-prices.md): a price at its historical low (the last 180 days). One component for the cards, the
 * game detail and the wishlist, on the one rule (`isAtHistoricalLow`); without a known low (a server without the
 * extension) there is no mark.
 */
export function HistoricalLowBadge({ price, low }: { price: number; low: number | undefined }) {
  return low !== undefined && isAtHistoricalLow(price, low) ? <span className="badge badge-low">史低</span> : null;
}
