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
import * as z from 'zod/mini';
import { applyWishOp, type WishlistAnswer, type WishOp } from '../../../machines/wishlist.machine';
import { isApiError } from '../../api/errors';
import {
  getWishlist,
  isUnsupported,
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
import { parseEach, readJson, removeStored, writeJson, type StorageLike } from '../../shared/storage';
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

export const VISITOR_KEY = 'wishlist:visitor';
const HANDOVER_KEY_PREFIX = 'wishlist:handover:';
const ACCOUNT_KEY_PREFIX = 'wishlist:account:';
const handoverKey = (userId: number) => `${HANDOVER_KEY_PREFIX}${userId}`;
const accountKey = (userId: number) => `${ACCOUNT_KEY_PREFIX}${userId}`;

const StoredListSchema = z.array(z.unknown());

/** The most games a visitor's list keeps in this browser (an account's list on the server has no such bound). */
export const VISITOR_LIST_MAX = 200;

/** What became of a visitor's add or remove: kept, refused by storage, or an add over VISITOR_LIST_MAX. */
type VisitorWrite = 'saved' | 'storageFull' | 'listFull';

/** A failure that says the call's account no longer holds the session: the machine parks the write for it. */
const accountGone = (error: unknown) =>
  isApiError(error) && (error.kind === 'auth' || (error.kind === 'business' && error.code === WRONG_ACCOUNT_CODE))
    ? Object.assign(new Error(error.message), { accountGone: true })
    : error;

const entryOf = (item: WishItem): WishEntry => ({ gameId: item.gameId, addedPrice: item.addedPrice, addedAt: item.addedAt });

export interface WishlistEffects {
  openList(input: { owner: number | null; parked: readonly WishOp[] }): Promise<WishlistAnswer>;
  applyOp(input: { owner: number; op: WishOp }): Promise<WishlistAnswer>;
  takeVisitorList(owner: number): void;
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
  /** Once the server answered as for an unknown call, this page keeps accounts' lists in this browser. */
  let unsupported = false;
  const read = (key: string): WishEntry[] => parseEach(readJson(storage, key, StoredListSchema, []), WishEntrySchema);
  const write = (key: string, entries: readonly WishEntry[]) => (entries.length > 0 ? writeJson(storage, key, entries) : removeStored(storage, key));

  /**
   * What was set aside for the account in this browser (the visitor's list at its login, and what the browser
   * kept while the server answered as without the extension) goes up in parts; each part leaves the slots once
   * merged. The server's list after the last part, or null when nothing was set aside.
   */
  async function mergeSetAside(owner: number): Promise<WishItem[] | null> {
    let items: WishItem[] | null = null;
    for (;;) {
      const part = mergeEntries(read(handoverKey(owner)), read(accountKey(owner))).slice(0, WISHLIST_MERGE_MAX);
      if (part.length === 0) return items;
      items = await server.merge(owner, part);
      const notGiven = (e: WishEntry) => !part.some((g) => g.gameId === e.gameId);
      write(handoverKey(owner), read(handoverKey(owner)).filter(notGiven));
      write(accountKey(owner), read(accountKey(owner)).filter(notGiven));
    }
  }

  const served = (items: WishItem[]): WishlistAnswer => ({ entries: items.map(entryOf), items, where: 'server' });

  /** An account's list kept in this browser: the same steps as the server's. */
  function openInBrowser(owner: number, parked: readonly WishOp[]): WishlistAnswer {
    const merged = mergeEntries(parked.reduce<WishEntry[]>(applyWishOp, read(accountKey(owner))), read(handoverKey(owner)));
    write(accountKey(owner), merged);
    removeStored(storage, handoverKey(owner));
    return { entries: merged, items: null, where: 'browser' };
  }

  const writeToServer = (owner: number, op: WishOp) => (op.kind === 'add' ? server.add(owner, op.entry) : server.remove(owner, op.gameId));

  return {
    async openList({ owner, parked }) {
      if (owner === null) return { entries: read(VISITOR_KEY), items: null, where: 'browser' };
      if (unsupported) return openInBrowser(owner, parked);
      try {
        // The account's own writes first (they were made before this login's hand-over), then the visitor's list,
        // and what this browser kept for the account while the server answered as without the extension (a page
        // leaving meets the static server's 404 too): it goes up to the server now that it answers.
        for (const op of parked) await writeToServer(owner, op);
        return served((await mergeSetAside(owner)) ?? (await server.list(owner)));
      } catch (error) {
        if (!isUnsupported(error)) throw accountGone(error);
        unsupported = true;
        return openInBrowser(owner, parked);
      }
    },
    async applyOp({ owner, op }) {
      if (!unsupported) {
        try {
          return served(await writeToServer(owner, op));
        } catch (error) {
          if (!isUnsupported(error)) throw accountGone(error);
          unsupported = true;
        }
      }
      const entries = applyWishOp(read(accountKey(owner)), op);
      write(accountKey(owner), entries);
      return { entries, items: null, where: 'browser' };
    },
    takeVisitorList(owner) {
      const stored = read(VISITOR_KEY);
      // Newest first: a list longer than a visitor may keep hands over its newest games, and says so.
      const visitor = mergeEntries(stored, []).slice(0, VISITOR_LIST_MAX);
      if (visitor.length < stored.length) notify(wishlistCapped(VISITOR_LIST_MAX, stored.length - visitor.length));
      // Taken even when storage cannot keep the slot: the visitor's copy never outlives a login on this computer.
      if (visitor.length > 0) write(handoverKey(owner), mergeEntries(read(handoverKey(owner)), visitor));
      removeStored(storage, VISITOR_KEY);
    },
    applyVisitorOp(op) {
      const before = read(VISITOR_KEY);
      const after = applyWishOp(before, op);
      if (after.length > VISITOR_LIST_MAX && after.length > before.length) return 'listFull';
      return write(VISITOR_KEY, after) ? 'saved' : 'storageFull';
    },
    visitorEntries: () => read(VISITOR_KEY),
    forgetAccount(owner) {
      for (const key of [handoverKey(owner), accountKey(owner)]) removeStored(storage, key);
      forgetSeenPrices(storage, owner);
    },
  };
}
