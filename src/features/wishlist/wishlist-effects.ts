/**
 * Where the wishlist machine's lists are kept (machines/wishlist.machine.ts provides the flow): a visitor's in
 * this browser (`wishlist:visitor`), an account's on the server, and, when the server lacks the extension (it
 * answers as for any unknown call), an account's in this browser too (`wishlist:account:<userId>`), which the
 * 愿望单 tab then says quietly. At login the visitor's list moves at once to the account's hand-over slot
 * (`wishlist:handover:<userId>`), merged by the account's next opening and removed once merged: the visitor's
 * copy is gone the moment the account holds the tab, and never reaches another account.
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
  WRONG_ACCOUNT_CODE,
  type WishEntry,
  type WishItem,
} from '../../api/wishlist';
import { readJson, removeStored, writeJson, type StorageLike } from '../../shared/storage';

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

const EntriesSchema = z.array(WishEntrySchema);

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
  applyVisitorOp(op: WishOp): void;
  /** the visitor's list as stored (another tab may have written it) */
  visitorEntries(): WishEntry[];
}

export function createWishlistEffects(options: { storage: StorageLike | undefined; server: WishlistServer }): WishlistEffects {
  const { storage, server } = options;
  /** Once the server answered as for an unknown call, this page keeps accounts' lists in this browser. */
  let unsupported = false;
  const read = (key: string): WishEntry[] => readJson(storage, key, EntriesSchema, []);
  const write = (key: string, entries: readonly WishEntry[]) => (entries.length > 0 ? writeJson(storage, key, entries) : removeStored(storage, key));

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
        const given = mergeEntries(read(handoverKey(owner)), read(accountKey(owner)));
        const items = given.length > 0 ? await server.merge(owner, given) : await server.list(owner);
        const notGiven = (e: WishEntry) => !given.some((g) => g.gameId === e.gameId);
        if (given.length > 0) {
          write(handoverKey(owner), read(handoverKey(owner)).filter(notGiven));
          write(accountKey(owner), read(accountKey(owner)).filter(notGiven));
        }
        return served(items);
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
      const visitor = read(VISITOR_KEY);
      if (visitor.length === 0) return;
      write(handoverKey(owner), mergeEntries(read(handoverKey(owner)), visitor));
      removeStored(storage, VISITOR_KEY);
    },
    applyVisitorOp(op) {
      write(VISITOR_KEY, applyWishOp(read(VISITOR_KEY), op));
    },
    visitorEntries: () => read(VISITOR_KEY),
  };
}
