/**
 * The wishlist (愿望单, docs/following-wishlist.md): an extension, not in the spec. Four calls in the spec's style (envelope,
 * headers, `token`, errors), each answering the account's whole list, so that the store never keeps a stale
 * copy after a change. Every call names the account it is meant for (`userId`): the backend refuses one
 * whose token speaks for another account (`wishlist_40901`), so an add that races a login or a logout never
 * lands on the wrong list (docs/following-wishlist.md).
 *
 * A server without the extension answers as for any unknown call; `isUnsupported` reads that answer, and the
 * store then keeps the list in this browser (src/features/wishlist/wishlist-effects.ts).
 */
import * as z from 'zod/mini';
import { EpochMsSchema, FenSchema, IdSchema } from './common';
import { defineEndpoint, http } from './http';

/**
 * What the store keeps of a wishlisted game: which, the from price when it was added, and when. On an account's
 * list both are the server's (an add takes its price and time, not the page's); a visitor's list in this browser
 * keeps the page's until its login hands it over, when the server keeps only a price the game could have had.
 */
export const WishEntrySchema = z.object({
  gameId: IdSchema,
  /** the game's from price (`fromPrice`) when it was added, fen */
  addedPrice: FenSchema,
  addedAt: EpochMsSchema,
});
export type WishEntry = z.infer<typeof WishEntrySchema>;

/**
 * A wishlisted game as the 愿望单 tab shows it.
 * @internal
 */
export const WishItemSchema = z.extend(WishEntrySchema, {
  name: z.string(),
  cover: z.string(),
  /** today's from price (`fromPrice`, ./from-price.ts), fen */
  price: FenSchema,
  /** the original price of that same goods, fen */
  originalPrice: FenSchema,
  /** the lowest from price of the last 180 days, fen (the 史低 rule: `isAtHistoricalLow`); null when unknown */
  lowPrice: z.nullable(FenSchema),
  /** not released yet (即将发售) */
  upcoming: z.boolean(),
  /** every goods of the game is sold out (已售罄) */
  soldOut: z.boolean(),
  /** the goods whose price is `price` (the from-price goods), which the tab's 立即购买 buys; null or absent: none known */
  goodsId: z.optional(z.nullable(IdSchema)),
});
export type WishItem = z.infer<typeof WishItemSchema>;

/**
 * The most a wishlisted game's price may say, in fen (¥100 000): no goods of the store costs more, so a price
 * above it is a server's mistake, never a price to show or to compare with (extension, not in the spec).
 * @internal
 */
export const WISH_PRICE_MAX = 10_000_000;

/**
 * One item as the tab may show it, or undefined: an item that does not parse, or whose prices are beyond
 * WISH_PRICE_MAX, is left out; a price when added above the game's original price is bounded by it (a game is
 * never sold above its original price, so 降价 never claims more than the whole discount).
 */
function shownItem(raw: unknown): WishItem | undefined {
  const parsed = WishItemSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const item = parsed.data;
  if (item.price > WISH_PRICE_MAX || item.originalPrice > WISH_PRICE_MAX || item.addedPrice > WISH_PRICE_MAX)
    return undefined;
  if (item.lowPrice !== null && item.lowPrice > item.price) return { ...boundedAdded(item), lowPrice: item.price };
  return boundedAdded(item);
}
const boundedAdded = (item: WishItem): WishItem => ({
  ...item,
  addedPrice: Math.min(item.addedPrice, Math.max(item.originalPrice, item.price)),
});

/**
 * A list answer, read item by item: one bad item (a server's mistake, an absurd price, a game twice) is dropped
 * and the rest shown, so one entry never empties the list nor makes every toggle read 加入愿望单. Not a list at all is a
 * contract error, as for any call.
 */
const ListSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((list) => {
    const shown: WishItem[] = [];
    for (const item of list.map(shownItem)) if (item && !shown.some((i) => i.gameId === item.gameId)) shown.push(item);
    return shown;
  }),
);

export const wishlistList = defineEndpoint({
  id: 'wishlist.list',
  method: 'POST',
  path: '/nn-activity/client/wishlist/list',
  data: ListSchema,
  request: '`{ userId }`; `token` (extension)',
  response:
    '`WishItem[]`, newest first, with `goodsId`; `wishlist_40901`; the client drops items unparsable or above `WISH_PRICE_MAX`',
  uiOnFailure: '愿望单暂未同步 with 重试; without the call: kept in this browser, said quietly',
});
export const wishlistAdd = defineEndpoint({
  id: 'wishlist.add',
  method: 'POST',
  path: '/nn-activity/client/wishlist/add',
  data: ListSchema,
  request: '`{ userId, gameId, addedPrice, addedAt }` (the server keeps its own); `token` (extension)',
  response: '`WishItem[]`; already listed: unchanged; `wishlist_40901`; `wishlist_40401` no such game',
  uiOnFailure: "Choice kept, 愿望单暂未同步 with 重试; on expiry it waits for its account's next login",
});
export const wishlistRemove = defineEndpoint({
  id: 'wishlist.remove',
  method: 'POST',
  path: '/nn-activity/client/wishlist/remove',
  data: ListSchema,
  request: '`{ userId, gameId }`; `token` (extension)',
  response: '`WishItem[]`; `wishlist_40901`',
  uiOnFailure: 'As for an add',
});
export const wishlistMerge = defineEndpoint({
  id: 'wishlist.merge',
  method: 'POST',
  path: '/nn-activity/client/wishlist/merge',
  data: ListSchema,
  request: "`{ userId, entries }` (a visitor's list at login, `WISHLIST_MERGE_MAX` = 50 a call); `token` (extension)",
  response:
    "`WishItem[]`, the union, earlier added price kept; an implausible price or time becomes the server's now; `wishlist_40901`; `wishlist_41301` over 50",
  uiOnFailure:
    'The rest stays set aside in this browser, merged at the next opening; the parts already merged are not sent again',
});

/**
 * The most entries one merge takes (extension, not in the spec): a longer list goes in parts, and the backend
 * refuses a longer call with `wishlist_41301`.
 */
export const WISHLIST_MERGE_MAX = 50;

/** The answer the backend gives a write whose token speaks for another account than the one named. */
export const WRONG_ACCOUNT_CODE = 'wishlist_40901';

type Opts = { signal?: AbortSignal | undefined };

export const getWishlist = (userId: number, o: Opts = {}) =>
  http.call(wishlistList, { body: { userId }, signal: o.signal });
export const postWishlistAdd = (userId: number, entry: WishEntry, o: Opts = {}) =>
  http.call(wishlistAdd, { body: { userId, ...entry }, signal: o.signal });
export const postWishlistRemove = (userId: number, gameId: number, o: Opts = {}) =>
  http.call(wishlistRemove, { body: { userId, gameId }, signal: o.signal });
export const postWishlistMerge = (userId: number, entries: readonly WishEntry[], o: Opts = {}) =>
  http.call(wishlistMerge, { body: { userId, entries }, signal: o.signal });

/** The union of two lists of entries, no duplicates, each game's earlier added price (and time) kept. */
export function mergeEntries(first: readonly WishEntry[], second: readonly WishEntry[]): WishEntry[] {
  const byGame = new Map<number, WishEntry>();
  for (const entry of [...first, ...second]) {
    const kept = byGame.get(entry.gameId);
    if (!kept || entry.addedAt < kept.addedAt) byGame.set(entry.gameId, entry);
  }
  return [...byGame.values()].sort((a, b) => b.addedAt - a.addedAt);
}
