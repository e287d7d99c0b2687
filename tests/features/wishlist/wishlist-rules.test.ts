import { describe, expect, it } from 'vitest';
import {
  atLow,
  dropsSinceLastVisit,
  priceDrop,
  readSeenPrices,
  sortWishlist,
  writeSeenPrices,
} from '../../../src/features/wishlist/wishlist-rules';

const item = (gameId: number, price: number, addedPrice: number, addedAt: number, lowPrice: number | null = null) => ({
  gameId,
  price,
  addedPrice,
  addedAt,
  lowPrice,
});

describe('wishlist rules', () => {
  it('降价 is the drop since the game was added, never negative', () => {
    expect(priceDrop(item(1, 5000, 6800, 1))).toBe(1800);
    expect(priceDrop(item(1, 7000, 6800, 1))).toBe(0);
  });

  it('史低 follows the price history rule; an unknown low never is', () => {
    expect(atLow(item(1, 5000, 6800, 1, 5000))).toBe(true);
    expect(atLow(item(1, 5100, 6800, 1, 5000))).toBe(false);
    expect(atLow(item(1, 5000, 6800, 1, null))).toBe(false);
  });

  it('sorts by 加入时间 (newest first), 降价幅度 (biggest first) and 价格 (cheapest first), ties newest first', () => {
    const items = [item(1, 3000, 3000, 1), item(2, 2000, 4000, 2), item(3, 1000, 1500, 3), item(4, 2000, 2000, 4)];
    expect(sortWishlist(items, 'added').map((i) => i.gameId)).toEqual([4, 3, 2, 1]);
    expect(sortWishlist(items, 'drop').map((i) => i.gameId)).toEqual([2, 3, 4, 1]);
    expect(sortWishlist(items, 'price').map((i) => i.gameId)).toEqual([3, 4, 2, 1]);
  });

  it('counts games cheaper than at the last visit, or than when added when not seen yet', () => {
    const items = [item(1, 3000, 4000, 1), item(2, 2000, 2000, 2), item(3, 1000, 1500, 3)];
    expect(dropsSinceLastVisit(items, {})).toBe(2);
    const storage = new Map<string, string>();
    const store = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    };
    writeSeenPrices(store, 7, items);
    expect(dropsSinceLastVisit(items, readSeenPrices(store, 7))).toBe(0);
    expect(dropsSinceLastVisit([{ ...items[1]!, price: 1900 }], readSeenPrices(store, 7))).toBe(1);
    expect(readSeenPrices(store, 8)).toEqual({});
  });
});
