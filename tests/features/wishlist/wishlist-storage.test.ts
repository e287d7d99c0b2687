/**
 * Every key the wishlist keeps in this browser, damaged, reads as nothing stored (tests/reliability/
 * storage-and-secrets.test.tsx lists them): the visitor's list, an account's hand-over slot and browser-kept
 * list, and the prices an account saw.
 */
import { describe, expect, it } from 'vitest';
import type { WishlistServer } from '../../../src/features/wishlist/wishlist-effects';
import { createWishlistEffects } from '../../../src/features/wishlist/wishlist-effects';
import { readSeenPrices } from '../../../src/features/wishlist/wishlist-rules';

const damaged = ['{', '"a list"', '[{"gameId":"7"}]', '[{"gameId":7,"addedPrice":-1,"addedAt":1}]', 'null'];

function storageWith(values: Record<string, string>) {
  const map = new Map(Object.entries(values));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

const emptyServer: WishlistServer = {
  list: async () => [],
  add: async () => [],
  remove: async () => [],
  merge: async (_, entries) =>
    entries.map((e) => ({
      ...e,
      name: '',
      cover: '',
      price: 0,
      originalPrice: 0,
      lowPrice: null,
      upcoming: false,
      soldOut: false,
    })),
};

describe('wishlist storage, damaged', () => {
  it.each(damaged)('reads %s as nothing stored, under every key', async (raw) => {
    const storage = storageWith({
      'wishlist:visitor': raw,
      'wishlist:handover:1': raw,
      'wishlist:account:1': raw,
      'wishlist:seen:1': raw,
    });
    const effects = createWishlistEffects({ storage, server: emptyServer });
    expect((await effects.openList({ owner: null, parked: [] })).entries).toEqual([]);
    expect((await effects.openList({ owner: 1, parked: [] })).entries).toEqual([]);
    effects.takeVisitorList(1);
    expect(effects.visitorEntries()).toEqual([]);
    expect(readSeenPrices(storage, 1)).toEqual({});
  });
});
