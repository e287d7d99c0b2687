/**
 * Every goods' price history (issue 34, an extension the spec does not have): the last 180 calendar days
 * (UTC+8) as change points, deterministic from the goods' id and the calendar, and always ending with the
 * price the goods has now, so a price changed at run time (the backend's control, /demo) is the last point.
 *
 * How a history is made, so it looks like a key store's:
 * - The calendar is cut into 28-day blocks counted from the epoch; a block has a sale with a chance drawn
 *   from `goodsId` and the block's number (never from "today"), so tomorrow's history is today's moved on
 *   by a day, not a new one. A sale lasts 3–12 days at 10–75 % off the original price, rounded to 10 fen.
 *   One block in four always holds its sale, so every history holds at least one past sale and a full-price
 *   goods is never "at its historical low".
 * - A goods on discount now has been at that price for the last 1–10 days (drawn from its id): the current
 *   run replaces whatever the blocks said for those days.
 * - Today is the current price. A free goods (original price 0) has one flat point.
 *
 * Pure: no clock, no Math.random. The backend answers the price-history call from it, cards carry
 * `isAtHistoricalLow(price, historicalLowOf(goods, now).price)` (src/api/price-history.ts), and the
 * wishlist reads the same two functions.
 */
import { DAY, hashString, Random } from './random';

export interface PricePoint {
  /** YYYY-MM-DD, the calendar day in Asia/Shanghai (UTC+8) */
  date: string;
  /** fen */
  price: number;
}

interface PricedGoods {
  goodsId: number;
  price: number;
  originalPrice: number;
}

/** How many calendar days a history covers, today included. */
export const HISTORY_DAYS = 180;
const BLOCK_DAYS = 28;
/** Every how many blocks a sale is sure (see blockSale). */
const GUARANTEED_EVERY = 4;
const CST = 8 * 60 * 60 * 1000;
const DEPTHS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.33, 0.4, 0.5, 0.6, 0.67, 0.75] as const;

/** The UTC+8 calendar day number (days since 1970-01-01 in UTC+8) of `time`. */
const dayNumber = (time: number) => Math.floor((time + CST) / DAY);

/** `YYYY-MM-DD` of a day number. */
const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

const salePrice = (base: number, depth: number) => Math.max(10, Math.min(base - 10, Math.round((base * (1 - depth)) / 10) * 10));

interface Sale {
  from: number;
  to: number;
  price: number;
}

/** The sale (first day, last day, price) a block would hold, and whether it holds it. */
function blockSale(goodsId: number, block: number, base: number): { held: boolean; sale: Sale } {
  const random = new Random(hashString(`price-history:${goodsId}:${block}`));
  // About 59 % of blocks hold a sale (45 % drawn, and one block in every four always): a window of 179 past days holds five whole blocks, so every
  // history has a past sale, whatever day it ends on (and a later window is this one moved on, nothing forced).
  const held = random.chance(0.45) || (block + goodsId) % GUARANTEED_EVERY === 0;
  const from = block * BLOCK_DAYS + random.int(0, 14);
  const length = random.int(3, 12);
  return { held, sale: { from, to: from + length - 1, price: salePrice(base, random.pick(DEPTHS)) } };
}

/** The price every day of the window before today, oldest first (index 0 = the window's first day). */
function pastPrices(goods: PricedGoods, today: number): number[] {
  const base = Math.max(goods.originalPrice, goods.price);
  const first = today - (HISTORY_DAYS - 1);
  const prices = Array.from({ length: HISTORY_DAYS - 1 }, () => base);
  if (base <= 10) return prices;
  const firstBlock = Math.floor(first / BLOCK_DAYS);
  const lastBlock = Math.floor((today - 1) / BLOCK_DAYS);
  const paint = (sale: Sale) => {
    for (let day = Math.max(sale.from, first); day <= Math.min(sale.to, today - 1); day++) prices[day - first] = sale.price;
  };
  for (let block = firstBlock; block <= lastBlock; block++) {
    const { held, sale } = blockSale(goods.goodsId, block, base);
    if (held) paint(sale);
  }
  // The current run: a discounted goods has been at today's price for a few days.
  if (goods.price < base) {
    const run = new Random(hashString(`price-history:${goods.goodsId}:current`)).int(1, 10);
    for (let day = today - run; day < today; day++) prices[day - first] = goods.price;
  }
  return prices;
}

/**
 * The last 180 days of a goods' price as change points, oldest first: the window's first day, then each day
 * the price changed; the last point's price is always `goods.price` (today's point when it changed today).
 */
export function priceHistoryOf(goods: PricedGoods, today: Date): PricePoint[] {
  const day = dayNumber(today.getTime());
  const first = day - (HISTORY_DAYS - 1);
  const prices = [...pastPrices(goods, day), goods.price];
  const points: PricePoint[] = [];
  prices.forEach((price, index) => {
    if (index === 0 || price !== prices[index - 1]) points.push({ date: isoDay(first + index), price });
  });
  return points;
}

/** The lowest price of that history; on ties the latest date (the start of the latest run at the low). */
export function historicalLowOf(goods: PricedGoods, today: Date): PricePoint {
  return priceHistoryOf(goods, today).reduce((low, point) => (point.price <= low.price ? point : low));
}
