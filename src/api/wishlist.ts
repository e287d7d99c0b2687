/**
 * The wishlist (愿望单, issue 34): an extension, not in the spec. Four calls in the spec's style (envelope,
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
import { isApiError } from './errors';
import { defineEndpoint, http } from './http';

/** What the store keeps of a wishlisted game: which, the from price when it was added, and when. */
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
});
export type WishItem = z.infer<typeof WishItemSchema>;

const ListSchema = z.array(WishItemSchema);

export const wishlistList = defineEndpoint({
  id: 'wishlist.list', method: 'POST', path: '/nn-activity/client/wishlist/list',
  data: ListSchema,
  request: '`{ userId }`; `token` (extension, not in the spec)', response: '`WishItem[]` of the account, newest first; `wishlist_40901` the token is another account\'s', uiOnFailure: 'The tab says 愿望单暂未同步 with 重试 (no toast); a server without the call: the list is kept in this browser, said quietly',
});
export const wishlistAdd = defineEndpoint({
  id: 'wishlist.add', method: 'POST', path: '/nn-activity/client/wishlist/add',
  data: ListSchema,
  request: '`{ userId, gameId, addedPrice, addedAt }`; `token` (extension, not in the spec)', response: '`WishItem[]`; already listed: unchanged (the earlier added price kept); `wishlist_40901` the token is another account\'s; `wishlist_40401` no such game', uiOnFailure: 'The toggle keeps the choice and the tab says 愿望单暂未同步 with 重试; an expiry or another account: the add waits for its account\'s next login',
});
export const wishlistRemove = defineEndpoint({
  id: 'wishlist.remove', method: 'POST', path: '/nn-activity/client/wishlist/remove',
  data: ListSchema,
  request: '`{ userId, gameId }`; `token` (extension, not in the spec)', response: '`WishItem[]`; not listed: unchanged; `wishlist_40901` the token is another account\'s', uiOnFailure: 'As for an add',
});
export const wishlistMerge = defineEndpoint({
  id: 'wishlist.merge', method: 'POST', path: '/nn-activity/client/wishlist/merge',
  data: ListSchema,
  request: '`{ userId, entries: WishEntry[] }` (a visitor\'s list at login, at most `WISHLIST_MERGE_MAX` = 50 entries a call: a longer list goes in parts); `token` (extension, not in the spec)', response: '`WishItem[]`: the union, no duplicates, the earlier added price kept; `wishlist_40901` the token is another account\'s; `wishlist_41301` more than 50 entries', uiOnFailure: 'What was not merged stays set aside for the account in this browser and is merged at its next opening (the parts already merged are not sent again)',
});

/**
 * The most entries one merge takes (extension, not in the spec): a longer list goes in parts, and the backend
 * refuses a longer call with `wishlist_41301`.
 */
export const WISHLIST_MERGE_MAX = 50;

/** The answer the backend gives a write whose token speaks for another account than the one named. */
export const WRONG_ACCOUNT_CODE = 'wishlist_40901';

type Opts = { signal?: AbortSignal | undefined };

export const getWishlist = (userId: number, o: Opts = {}) => http.call(wishlistList, { body: { userId }, signal: o.signal });
export const postWishlistAdd = (userId: number, entry: WishEntry, o: Opts = {}) => http.call(wishlistAdd, { body: { userId, ...entry }, signal: o.signal });
export const postWishlistRemove = (userId: number, gameId: number, o: Opts = {}) => http.call(wishlistRemove, { body: { userId, gameId }, signal: o.signal });
export const postWishlistMerge = (userId: number, entries: readonly WishEntry[], o: Opts = {}) =>
  http.call(wishlistMerge, { body: { userId, entries }, signal: o.signal });

/** Whether a failure says the server does not know the call (a live server without the extension). */
export function isUnsupported(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (error.kind === 'http' && (error.status === 404 || error.status === 405)) || (error.kind === 'business' && (error.code === '404' || error.code === '405'));
}

/** The union of two lists of entries, no duplicates, each game's earlier added price (and time) kept. */
export function mergeEntries(first: readonly WishEntry[], second: readonly WishEntry[]): WishEntry[] {
  const byGame = new Map<number, WishEntry>();
  for (const entry of [...first, ...second]) {
    const kept = byGame.get(entry.gameId);
    if (!kept || entry.addedAt < kept.addedAt) byGame.set(entry.gameId, entry);
  }
  return [...byGame.values()].sort((a, b) => b.addedAt - a.addedAt);
}
