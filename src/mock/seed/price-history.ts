/**
 * Every goods' price history (docs/following-prices.md, an extension the spec does not have): the last 180 calendar days
 * (Beijing time) as change points, deterministic from the goods' id and the calendar, and always ending with the
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
 * - Nothing is sold before the game's release: a history starts on the release day when that is in the window
 *   (its first three days a launch sale of 10–20 % off), and a price a control set at run time holds from the
 *   day it was set (`HistoryFacts`).
 *
 * Pure: no clock, no Math.random. The backend answers the price-history call from it, cards carry
 * `isAtHistoricalLow(price, historicalLowOf(goods, now).price)` (src/api/price-history.ts), and the
 * wishlist reads the same two functions.
 */
import { dateOfDay, lowestPoint, storeDayOf, type PricePoint } from '../../api/price-history-rules';
import { hashString, Random } from './random';

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
/** A launch sale's length (days from the release) and depth. */
const LAUNCH_DAYS = 3;
const LAUNCH_DEPTHS = [0.1, 0.15, 0.2] as const;
const DEPTHS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.33, 0.4, 0.5, 0.6, 0.67, 0.75] as const;

/** Beijing's calendar day number of `time` (src/shared/beijing-time.ts). */
const dayNumber = storeDayOf;

const salePrice = (base: number, depth: number) =>
  Math.max(10, Math.min(base - 10, Math.round((base * (1 - depth)) / 10) * 10));

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
function pastPrices(goods: PricedGoods, today: number, released: number | undefined): number[] {
  const base = Math.max(goods.originalPrice, goods.price);
  const first = today - (HISTORY_DAYS - 1);
  const prices = Array.from({ length: HISTORY_DAYS - 1 }, () => base);
  if (base <= 10) return prices;
  const firstBlock = Math.floor(first / BLOCK_DAYS);
  const lastBlock = Math.floor((today - 1) / BLOCK_DAYS);
  const paint = (sale: Sale) => {
    for (let day = Math.max(sale.from, first); day <= Math.min(sale.to, today - 1); day++)
      prices[day - first] = sale.price;
  };
  for (let block = firstBlock; block <= lastBlock; block++) {
    const { held, sale } = blockSale(goods.goodsId, block, base);
    if (held) paint(sale);
  }
  // The launch sale: a game's first days on sale, so a game out for a while is not "at its low" at full price.
  if (released !== undefined && released >= first) {
    const depth = new Random(hashString(`price-history:${goods.goodsId}:launch`)).pick(LAUNCH_DEPTHS);
    paint({ from: released, to: released + LAUNCH_DAYS - 1, price: salePrice(base, depth) });
  }
  // The current run: a discounted goods has been at today's price for a few days.
  if (goods.price < base) {
    const run = new Random(hashString(`price-history:${goods.goodsId}:current`)).int(1, 10);
    for (let day = today - run; day < today; day++) prices[day - first] = goods.price;
  }
  return prices;
}

/**
 * What a history is drawn from besides the goods and the day: when the game came out (nothing was sold before,
 * so a history starts at the release, and a game not out yet has only today's price), and the prices a
 * control set at run time (each from the day it was set, so a drop made today shows from today, never earlier).
 * With `changes`, `goods.price` is the price before them (the seed's).
 */
export interface HistoryFacts {
  /** the game's release time (ms) */
  releasedAt?: number | undefined;
  /** run-time prices, oldest first: each holds from the Beijing day of `at` on */
  changes?: readonly { price: number; at: number }[] | undefined;
}

/**
 * The last 180 days of a goods' price as change points, oldest first: the window's first day (or the release
 * day, when later), then each day the price changed; the last point's price is always today's price (the last
 * change's, else `goods.price`).
 */
export function priceHistoryOf(goods: PricedGoods, today: Date, facts: HistoryFacts = {}): PricePoint[] {
  const day = dayNumber(today.getTime());
  const windowStart = day - (HISTORY_DAYS - 1);
  const released = facts.releasedAt === undefined ? undefined : dayNumber(facts.releasedAt);
  const prices = [...pastPrices(goods, day, released), goods.price];
  for (const change of facts.changes ?? []) {
    for (let d = Math.max(windowStart, dayNumber(change.at)); d <= day; d++) prices[d - windowStart] = change.price;
  }
  const start = Math.min(day, Math.max(windowStart, released ?? windowStart));
  const points: PricePoint[] = [];
  for (let d = start; d <= day; d++) {
    const price = prices[d - windowStart]!;
    if (d === start || price !== prices[d - windowStart - 1]) points.push({ date: dateOfDay(d), price });
  }
  return points;
}

/** The lowest price of that history; on ties the latest date (the start of the latest run at the low). */
export function historicalLowOf(goods: PricedGoods, today: Date, facts: HistoryFacts = {}): PricePoint {
  return lowestPoint(priceHistoryOf(goods, today, facts));
}
