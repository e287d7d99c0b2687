/**
 * The 愿望单 tab's rules, one owner each: 降价 (today's from price below the price when added), 史低 (the price
 * history's rule, `isAtHistoricalLow`), the sorts, and the header's count of games cheaper than at the
 * shopper's last visit to the tab (the prices seen then are kept per account in this browser).
 */
import * as z from 'zod/mini';
import { isAtHistoricalLow } from '../../api/price-history';
import type { WishItem } from '../../api/wishlist';
import { readJson, removeStored, writeJson, type StorageLike } from '../../shared/storage';

/** How much cheaper the game is than when it was added, in fen; 0 when it is not. */
export const priceDrop = (item: Pick<WishItem, 'price' | 'addedPrice'>): number =>
  Math.max(0, item.addedPrice - item.price);

/** Whether the game is at its historical low (史低); unknown lows never are. */
export const atLow = (item: Pick<WishItem, 'price' | 'lowPrice'>): boolean =>
  item.lowPrice !== null && isAtHistoricalLow(item.price, item.lowPrice);

export const WISHLIST_SORTS = [
  { key: 'added', label: '加入时间' },
  { key: 'drop', label: '降价幅度' },
  { key: 'price', label: '价格' },
] as const;
export type WishlistSort = (typeof WISHLIST_SORTS)[number]['key'];

/** 加入时间: newest first; 降价幅度: the biggest drop first; 价格: the cheapest first. Ties: newest first. */
export function sortWishlist<T extends Pick<WishItem, 'price' | 'addedPrice' | 'addedAt'>>(
  items: readonly T[],
  sort: WishlistSort,
): T[] {
  const by: Record<WishlistSort, (a: T, b: T) => number> = {
    added: () => 0,
    drop: (a, b) => priceDrop(b) - priceDrop(a),
    price: (a, b) => a.price - b.price,
  };
  return [...items].sort((a, b) => by[sort](a, b) || b.addedAt - a.addedAt);
}

const SeenSchema = z.record(z.string(), z.number());
const SEEN_KEY_PREFIX = 'wishlist:seen:';
const seenKey = (userId: number) => `${SEEN_KEY_PREFIX}${userId}`;

/** The prices the account saw at its last visit to the tab, by game id. */
export const readSeenPrices = (storage: StorageLike | undefined, userId: number): Record<string, number> =>
  readJson(storage, seenKey(userId), SeenSchema, {});

/** The tab was shown: these prices are what the account has seen. */
export function writeSeenPrices(
  storage: StorageLike | undefined,
  userId: number,
  items: readonly Pick<WishItem, 'gameId' | 'price'>[],
): void {
  writeJson(storage, seenKey(userId), Object.fromEntries(items.map((i) => [String(i.gameId), i.price])));
}

/** The account logged out: its marks leave this browser. */
export const forgetSeenPrices = (storage: StorageLike | undefined, userId: number): void =>
  void removeStored(storage, seenKey(userId));

/** Games cheaper now than at the last visit (a game not seen yet: than when it was added). */
export function dropsSinceLastVisit(
  items: readonly Pick<WishItem, 'gameId' | 'price' | 'addedPrice'>[],
  seen: Readonly<Record<string, number>>,
): number {
  return items.filter((i) => i.price < (seen[String(i.gameId)] ?? i.addedPrice)).length;
}

/** What the tab says when the lists are kept in this browser (a server without the extension). */
export const BROWSER_ONLY_NOTE = '愿望单仅保存在本浏览器';
