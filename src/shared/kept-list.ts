/**
 * A list kept per owner, as the wishlist (src/features/wishlist/wishlist-effects.ts) and the cart
 * (src/features/cart/cart-effects.ts) keep theirs: a visitor's in this browser (`<name>:visitor`), an account's on
 * the server, and, once the server answered as without the extension (`isUnsupported`), an account's in this browser
 * too (`<name>:account:<userId>`). At login the visitor's list goes to the account's hand-over slot
 * (`<name>:handover:<userId>`); the account's next opening sends its parked writes, then merges what is set aside
 * for it (the slot and the browser-kept list) in parts, each part leaving the slots once merged.
 *
 * An opening or a write the machine stopped waiting for (its `signal` aborted: the owner changed) makes no more
 * writes: the machine parked what it had not heard answered and replays it, in order, at the account's next opening.
 */
import * as z from 'zod/mini';
import { isUnsupported, markAccountGone } from '../api/errors';
import { parseEach, readJson, removeStored, writeJson, type StorageLike } from './storage';

/** The storage keys of a kept list named `name` (`wishlist`, `cart`). */
export const keptListKeys = (name: string) => ({
  visitor: `${name}:visitor`,
  handover: (userId: number) => `${name}:handover:${userId}`,
  account: (userId: number) => `${name}:account:${userId}`,
});

/** The calls a kept list makes of the server for an account: its list, and a merge of entries into it. */
interface KeptListServer<Entry, Item> {
  list(userId: number): Promise<Item[]>;
  merge(userId: number, entries: readonly Entry[]): Promise<Item[]>;
}

interface KeptListOptions<Entry, Op, Item, Answer> {
  storage: StorageLike | undefined;
  keys: KeptListKeys;
  /** one stored entry (each is checked alone: a damaged one is skipped) */
  entrySchema: z.ZodMiniType<Entry>;
  server: KeptListServer<Entry, Item>;
  /** one write to an account's list on the server */
  writeToServer(userId: number, op: Op): Promise<Item[]>;
  /** the one merge rule: both lists, one entry per key */
  union(a: readonly Entry[], b: readonly Entry[]): Entry[];
  apply(entries: readonly Entry[], op: Op): Entry[];
  keyOf(entry: Entry): number;
  /** the most entries one merge call sends */
  partMax: number;
  /** the most entries a visitor's list keeps in this browser */
  visitorMax: number;
  /** the business code for a call whose session speaks for another account */
  wrongAccountCode: string;
  /** the answer of the server's items */
  served(owner: number, items: Item[]): Answer;
  /** the answer of a list kept in this browser */
  kept(entries: Entry[]): Answer;
}

const StoredListSchema = z.array(z.unknown());

/**
 * At login, the visitor's list goes to the account's hand-over slot as stored, entries unread (each is checked when
 * the account's opening reads the slot: a damaged one is skipped then), so that a list whose code loads later (the
 * cart) can be set aside in the step that stores the login. The visitor's copy goes even when the slot cannot be
 * written: it never outlives a login on this computer.
 */
export function setAsideVisitorList(storage: StorageLike | undefined, keys: KeptListKeys, owner: number): void {
  const visitor = readJson(storage, keys.visitor, StoredListSchema, []);
  if (visitor.length > 0)
    writeJson(storage, keys.handover(owner), [
      ...readJson(storage, keys.handover(owner), StoredListSchema, []),
      ...visitor,
    ]);
  removeStored(storage, keys.visitor);
}

/** Whether a visitor's list is set aside for the account and not merged yet (its hand-over slot). */
export function hasSetAside(storage: StorageLike | undefined, keys: KeptListKeys, owner: number): boolean {
  return readJson(storage, keys.handover(owner), StoredListSchema, []).length > 0;
}

/** Removes every copy of the account's list this browser keeps: its hand-over slot and its kept list. */
export function forgetKeptList(storage: StorageLike | undefined, keys: KeptListKeys, owner: number): void {
  for (const slot of [keys.handover(owner), keys.account(owner)]) removeStored(storage, slot);
}

type KeptListKeys = ReturnType<typeof keptListKeys>;

export function createKeptList<Entry, Op, Item, Answer>(options: KeptListOptions<Entry, Op, Item, Answer>) {
  const { storage, keys, server, union, apply, keyOf } = options;
  /** Once the server answered as for an unknown call, this page keeps accounts' lists in this browser. */
  let unsupported = false;
  const read = (key: string): Entry[] => parseEach(readJson(storage, key, StoredListSchema, []), options.entrySchema);
  const write = (key: string, entries: readonly Entry[]) =>
    entries.length > 0 ? writeJson(storage, key, entries) : removeStored(storage, key);
  /** A failure that says the call's account no longer holds the session: the machine parks the write for it. */
  const accountGone = (error: unknown) => markAccountGone(error, options.wrongAccountCode);

  /** What was set aside for the account goes up in parts; the server's list after the last, or null when none. */
  async function mergeSetAside(owner: number, signal?: AbortSignal): Promise<Item[] | null> {
    let items: Item[] | null = null;
    for (;;) {
      const part = union(read(keys.handover(owner)), read(keys.account(owner))).slice(0, options.partMax);
      if (part.length === 0) return items;
      signal?.throwIfAborted();
      items = await server.merge(owner, part);
      const notGiven = (e: Entry) => !part.some((g) => keyOf(g) === keyOf(e));
      write(keys.handover(owner), read(keys.handover(owner)).filter(notGiven));
      write(keys.account(owner), read(keys.account(owner)).filter(notGiven));
    }
  }

  /** An account's list kept in this browser: the same steps as the server's. */
  function openInBrowser(owner: number, parked: readonly Op[]): Answer {
    const entries = union(parked.reduce<Entry[]>(apply, read(keys.account(owner))), read(keys.handover(owner)));
    write(keys.account(owner), entries);
    removeStored(storage, keys.handover(owner));
    return options.kept(entries);
  }

  return {
    read,
    write,
    /** The owner's list: the visitor's; an account's after its parked writes and what was set aside for it. */
    async openList({ owner, parked }: { owner: number | null; parked: readonly Op[] }, signal?: AbortSignal) {
      if (owner === null) return options.kept(read(keys.visitor));
      if (unsupported) return openInBrowser(owner, parked);
      try {
        // The account's own writes first (made before this login's hand-over), then what was set aside for it:
        // the visitor's list, and what this browser kept while the server answered as without the extension.
        for (const op of parked) {
          signal?.throwIfAborted();
          await options.writeToServer(owner, op);
        }
        return options.served(owner, (await mergeSetAside(owner, signal)) ?? (await server.list(owner)));
      } catch (error) {
        if (!isUnsupported(error)) throw accountGone(error);
        unsupported = true;
        signal?.throwIfAborted();
        return openInBrowser(owner, parked);
      }
    },
    /** One write to an account's list. */
    async applyOp({ owner, op }: { owner: number; op: Op }, signal?: AbortSignal) {
      if (!unsupported) {
        try {
          return options.served(owner, await options.writeToServer(owner, op));
        } catch (error) {
          if (!isUnsupported(error)) throw accountGone(error);
          unsupported = true;
        }
      }
      signal?.throwIfAborted();
      const entries = apply(read(keys.account(owner)), op);
      write(keys.account(owner), entries);
      return options.kept(entries);
    },
    /**
     * An account's write to the entry `key` also reaches what is set aside for it here and not merged yet (the
     * hand-over slot, the browser-kept list) where that holds the entry, so a merge sent after it does not undo it.
     */
    applySetAside(owner: number, key: number, op: Op) {
      for (const slot of [keys.handover(owner), keys.account(owner)]) {
        const kept = read(slot);
        if (kept.some((e) => keyOf(e) === key)) write(slot, apply(kept, op));
      }
    },
    forget: (owner: number) => forgetKeptList(storage, keys, owner),
    /** A visitor's writes to the list in this browser; one that would grow it past `visitorMax` keeps nothing. */
    applyVisitorOps(ops: readonly Op[]): 'saved' | 'full' | 'storageFull' {
      const before = read(keys.visitor);
      const after = ops.reduce<Entry[]>(apply, before);
      if (after.length > options.visitorMax && after.length > before.length) return 'full';
      return write(keys.visitor, after) ? 'saved' : 'storageFull';
    },
    /** The visitor's list (as the caller bounds it) goes to the account's hand-over slot; the visitor's copy goes. */
    handOver(owner: number, visitor: readonly Entry[]) {
      // Taken even when storage cannot keep the slot: the visitor's copy never outlives a login on this computer.
      if (visitor.length > 0) write(keys.handover(owner), union(read(keys.handover(owner)), visitor));
      removeStored(storage, keys.visitor);
    },
  };
}
