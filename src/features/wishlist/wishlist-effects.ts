/**
 * Where the wishlist machine's lists are kept (machines/wishlist.machine.ts provides the flow): a visitor's in
 * this browser (`wishlist:visitor`), an account's on the server, and, when the server lacks the extension (it
 * answers as for any unknown call), an account's in this browser too (`wishlist:account:<userId>`), which the
 * 愿望单 tab then says quietly. At login the visitor's list moves at once to the account's hand-over slot
 * (`wishlist:handover:<userId>`, `takeVisitorList`, in the same step as the login is stored), merged by the
 * account's list opening (at the login, which the session waits for as its hand-over, or, when that failed or the
 * page was closed first, at the account's next opening); the visitor's copy is gone the moment the account holds the tab, and
 * never reaches another account. The merge goes in parts of WISHLIST_MERGE_MAX, each part removed from the slot
 * once merged, so a long list is never sent whole and a part merged is never sent again.
 *
 * What this browser keeps is read entry by entry (one damaged entry is skipped, the rest kept), a visitor's
 * list holds at most VISITOR_LIST_MAX games, and a write storage refuses (full, blocked) is reported, so the
 * page never says 已加入 for a game it did not keep.
 */
import { applyWishOp, type WishlistAnswer, type WishOp } from '../../../machines/wishlist.machine';
import {
  getWishlist,
  mergeEntries,
  postWishlistAdd,
  postWishlistMerge,
  postWishlistRemove,
  WishEntrySchema,
  WISHLIST_MERGE_MAX,
  WRONG_ACCOUNT_CODE,
  type WishEntry,
  type WishItem,
} from '../../api/wishlist';
import { createKeptList, keptListKeys } from '../../shared/kept-list';
import type { StorageLike } from '../../shared/storage';
import { wishlistCapped } from './texts';
import { forgetSeenPrices } from './wishlist-rules';

/** The calls the effects make; the app's are the extension's fetchers, tests give their own. */
export interface WishlistServer {
  list(userId: number): Promise<WishItem[]>;
  add(userId: number, entry: WishEntry): Promise<WishItem[]>;
  remove(userId: number, gameId: number): Promise<WishItem[]>;
  merge(userId: number, entries: readonly WishEntry[]): Promise<WishItem[]>;
}

export const apiWishlistServer: WishlistServer = {
  list: (userId) => getWishlist(userId),
  add: (userId, entry) => postWishlistAdd(userId, entry),
  remove: (userId, gameId) => postWishlistRemove(userId, gameId),
  merge: (userId, entries) => postWishlistMerge(userId, entries),
};

const KEYS = keptListKeys('wishlist');
export const VISITOR_KEY = KEYS.visitor;

/** The most games a visitor's list keeps in this browser (an account's list on the server has no such bound). */
export const VISITOR_LIST_MAX = 200;

/** What became of a visitor's add or remove: kept, refused by storage, or an add over VISITOR_LIST_MAX. */
type VisitorWrite = 'saved' | 'storageFull' | 'listFull';

const entryOf = (item: WishItem): WishEntry => ({
  gameId: item.gameId,
  addedPrice: item.addedPrice,
  addedAt: item.addedAt,
});

export interface WishlistEffects {
  /** `signal`: aborted once the machine stopped waiting (the owner changed): no more writes are made for it. */
  openList(input: { owner: number | null; parked: readonly WishOp[] }, signal?: AbortSignal): Promise<WishlistAnswer>;
  applyOp(input: { owner: number; op: WishOp }, signal?: AbortSignal): Promise<WishlistAnswer>;
  takeVisitorList(owner: number): void;
  /** An account's write reaches what is set aside for it in this browser: a removed game leaves it. */
  applySetAside(owner: number, op: WishOp): void;
  applyVisitorOp(op: WishOp): VisitorWrite;
  /** the visitor's list as stored (another tab may have written it) */
  visitorEntries(): WishEntry[];
  /** Removes every list and mark this browser keeps of the account (its logout). */
  forgetAccount(owner: number): void;
}

export function createWishlistEffects(options: {
  storage: StorageLike | undefined;
  server: WishlistServer;
  /** a warning for the shopper (the page's toast) */
  notify?: (text: string) => void;
}): WishlistEffects {
  const { storage, server, notify = () => {} } = options;
  const list = createKeptList({
    storage,
    keys: KEYS,
    entrySchema: WishEntrySchema,
    server,
    writeToServer: (owner, op: WishOp) =>
      op.kind === 'add' ? server.add(owner, op.entry) : server.remove(owner, op.gameId),
    union: mergeEntries,
    apply: applyWishOp,
    keyOf: (e) => e.gameId,
    partMax: WISHLIST_MERGE_MAX,
    visitorMax: VISITOR_LIST_MAX,
    wrongAccountCode: WRONG_ACCOUNT_CODE,
    served: (_owner, items: WishItem[]): WishlistAnswer => ({ entries: items.map(entryOf), items, where: 'server' }),
    kept: (entries): WishlistAnswer => ({ entries, items: null, where: 'browser' }),
  });
  const { read } = list;

  return {
    openList: list.openList,
    applyOp: list.applyOp,
    takeVisitorList(owner) {
      const stored = read(VISITOR_KEY);
      // Newest first: a list longer than a visitor may keep hands over its newest games, and says so.
      const visitor = mergeEntries(stored, []).slice(0, VISITOR_LIST_MAX);
      if (visitor.length < stored.length) notify(wishlistCapped(VISITOR_LIST_MAX, stored.length - visitor.length));
      list.handOver(owner, visitor);
    },
    applySetAside(owner, op) {
      if (op.kind === 'remove') list.applySetAside(owner, op.gameId, op);
    },
    applyVisitorOp(op) {
      const outcome = list.applyVisitorOps([op]);
      return outcome === 'full' ? 'listFull' : outcome;
    },
    visitorEntries: () => read(VISITOR_KEY),
    forgetAccount(owner) {
      list.forget(owner);
      forgetSeenPrices(storage, owner);
    },
  };
}
