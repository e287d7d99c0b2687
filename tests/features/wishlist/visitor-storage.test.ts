// @vitest-environment node
/**
 * What this browser keeps of a wishlist survives what a browser does to it (docs/following-wishlist.md,
 * decision 0035): a damaged entry is skipped alone, a full storage is reported instead of a false 已加入, a
 * visitor's list is bounded, a long list is merged in parts, and an account's logout leaves nothing of it.
 */
import { describe, expect, it } from 'vitest';
import { WISHLIST_MERGE_MAX, type WishEntry, type WishItem } from '../../../src/api/wishlist';
import {
  createWishlistEffects,
  VISITOR_KEY,
  VISITOR_LIST_MAX,
  type WishlistServer,
} from '../../../src/features/wishlist/wishlist-effects';
import { writeSeenPrices } from '../../../src/features/wishlist/wishlist-rules';

class MemoryStorage {
  readonly values = new Map<string, string>();
  full = false;
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.values.set(key, value);
  };
  removeItem = (key: string) => void this.values.delete(key);
}

const entry = (gameId: number, addedAt = gameId): WishEntry => ({ gameId, addedPrice: 100, addedAt });
const item = (e: WishEntry): WishItem => ({
  ...e,
  name: `game ${e.gameId}`,
  cover: '',
  price: 100,
  originalPrice: 100,
  lowPrice: null,
  upcoming: false,
  soldOut: false,
});

/** A server that keeps one account's list and records the size of every merge. */
function serverWithLog() {
  const list: WishEntry[] = [];
  const merges: number[] = [];
  const server: WishlistServer = {
    list: async () => list.map(item),
    add: async (_u, e) => (list.push(e), list.map(item)),
    remove: async () => list.map(item),
    merge: async (_u, entries) => {
      if (entries.length > WISHLIST_MERGE_MAX) throw new Error('wishlist_41301');
      merges.push(entries.length);
      for (const e of entries) if (!list.some((l) => l.gameId === e.gameId)) list.push(e);
      return list.map(item);
    },
  };
  return { server, list, merges };
}

describe("the visitor's wishlist in this browser", () => {
  it('skips a damaged entry alone and keeps the others (the next write does not throw them away)', () => {
    const storage = new MemoryStorage();
    storage.setItem(VISITOR_KEY, JSON.stringify([entry(1), { gameId: 'x' }, null, entry(2)]));
    const effects = createWishlistEffects({ storage, server: serverWithLog().server });
    expect(
      effects
        .visitorEntries()
        .map((e) => e.gameId)
        .sort(),
    ).toEqual([1, 2]);
    expect(effects.applyVisitorOp({ kind: 'add', entry: entry(3) })).toBe('saved');
    expect(
      effects
        .visitorEntries()
        .map((e) => e.gameId)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('reports an add that storage refuses, and an add over the bound, instead of keeping it', () => {
    const storage = new MemoryStorage();
    const effects = createWishlistEffects({ storage, server: serverWithLog().server });
    storage.full = true;
    expect(effects.applyVisitorOp({ kind: 'add', entry: entry(1) })).toBe('storageFull');
    expect(effects.visitorEntries()).toEqual([]);
    storage.full = false;
    storage.setItem(VISITOR_KEY, JSON.stringify(Array.from({ length: VISITOR_LIST_MAX }, (_, i) => entry(i + 1))));
    expect(effects.applyVisitorOp({ kind: 'add', entry: entry(VISITOR_LIST_MAX + 1) })).toBe('listFull');
    expect(effects.visitorEntries()).toHaveLength(VISITOR_LIST_MAX);
    // A remove is always let through.
    expect(effects.applyVisitorOp({ kind: 'remove', gameId: 1 })).toBe('saved');
  });

  it('hands a longer stored list over as its newest games, says how many were not, and merges in parts that are never sent twice', async () => {
    const storage = new MemoryStorage();
    const said: string[] = [];
    const { server, list, merges } = serverWithLog();
    const effects = createWishlistEffects({ storage, server, notify: (text) => said.push(text) });
    const stored = Array.from({ length: VISITOR_LIST_MAX + 30 }, (_, i) => entry(i + 1));
    storage.setItem(VISITOR_KEY, JSON.stringify(stored));

    effects.takeVisitorList(7);
    expect(storage.getItem(VISITOR_KEY)).toBeNull();
    expect(said).toEqual([`愿望单最多合并 ${VISITOR_LIST_MAX} 个游戏，较早加入的 30 个未能合并`]);

    const answer = await effects.openList({ owner: 7, parked: [] });
    expect(merges).toEqual([50, 50, 50, 50]);
    expect(list).toHaveLength(VISITOR_LIST_MAX);
    // The newest were kept.
    expect(list.some((e) => e.gameId === VISITOR_LIST_MAX + 30)).toBe(true);
    expect(list.some((e) => e.gameId === 1)).toBe(false);
    expect(answer.entries).toHaveLength(VISITOR_LIST_MAX);
    expect([...storage.values.keys()]).toEqual([]);

    // Opened again: nothing left to merge.
    await effects.openList({ owner: 7, parked: [] });
    expect(merges).toHaveLength(4);
  });

  it('a merge that fails half-way keeps only what was not merged for the next opening', async () => {
    const storage = new MemoryStorage();
    const { server, list } = serverWithLog();
    let calls = 0;
    const flaky: WishlistServer = {
      ...server,
      merge: async (userId, entries) => {
        calls += 1;
        if (calls === 2) throw new Error('Network Error');
        return server.merge(userId, entries);
      },
    };
    const effects = createWishlistEffects({ storage, server: flaky });
    storage.setItem(VISITOR_KEY, JSON.stringify(Array.from({ length: 80 }, (_, i) => entry(i + 1))));
    effects.takeVisitorList(7);
    await expect(effects.openList({ owner: 7, parked: [] })).rejects.toThrow('Network Error');
    expect(list).toHaveLength(50);
    expect(JSON.parse(storage.getItem('wishlist:handover:7') ?? '[]')).toHaveLength(30);
    await effects.openList({ owner: 7, parked: [] });
    expect(list).toHaveLength(80);
    expect(storage.getItem('wishlist:handover:7')).toBeNull();
  });

  it("an account's logout leaves nothing of it in this browser", () => {
    const storage = new MemoryStorage();
    const effects = createWishlistEffects({ storage, server: serverWithLog().server });
    storage.setItem(VISITOR_KEY, JSON.stringify([entry(1)]));
    effects.takeVisitorList(7);
    storage.setItem('wishlist:account:7', JSON.stringify([entry(2)]));
    writeSeenPrices(storage, 7, [{ gameId: 2, price: 100 }]);
    storage.setItem('wishlist:seen:8', '{}');

    effects.forgetAccount(7);
    expect([...storage.values.keys()]).toEqual(['wishlist:seen:8']);
  });
});
