/**
 * Stand-in for the price-history helper's seam (issue 34): the exact exports it commits, with simple bodies.
 * The price-history branch's version replaces this file at merge.
 */
export interface PricePoint {
  /** YYYY-MM-DD, Asia/Shanghai */
  date: string;
  /** fen */
  price: number;
}

type Priced = { goodsId: number; price: number; originalPrice: number };

const DAY_MS = 24 * 3600_000;
const dayOf = (time: number) => new Date(time + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * The last 180 days as change points, ending with today's price (stand-in: the original price, then today's).
 * @internal
 */
export function priceHistoryOf(goods: Priced, today: Date): PricePoint[] {
  const start = { date: dayOf(today.getTime() - 179 * DAY_MS), price: Math.max(goods.originalPrice, goods.price) };
  return start.price === goods.price ? [{ ...start }, { date: dayOf(today.getTime()), price: goods.price }] : [start, { date: dayOf(today.getTime()), price: goods.price }];
}

/** The lowest price of that history; on ties the latest date. */
export function historicalLowOf(goods: Priced, today: Date): PricePoint {
  return priceHistoryOf(goods, today).reduce((low, point) => (point.price <= low.price ? point : low));
}
