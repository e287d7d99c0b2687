/**
 * One check for the three mounts of the simulated backend: the deal tools read today's prices (a price changed
 * by the `lowerPrice` control, or /demo's 降价), never the seed's. msw/node runs it in tests/mock/deals.test.ts,
 * real HTTP in tests/mock/api-server.test.ts; the browser's mount has its journey in tests/e2e/deals.spec.ts.
 */
import { expect } from 'vitest';
import type { searchGames } from '../../src/api/games';
import { catalogue } from './helpers';

const discountOf = (g: { minPrice: number; originalPrice: number }) =>
  g.originalPrice > 0 ? (g.originalPrice - g.minPrice) / g.originalPrice : 0;

/** `searchOf` asks the mount for a search; `lower` is its `lowerPrice` control. */
export async function checkSearchReadsTodaysPrice(
  searchOf: (body: Parameters<typeof searchGames>[0]) => Promise<Awaited<ReturnType<typeof searchGames>>>,
  lower: (gameId: number, price: number) => Promise<number> | number,
) {
  // The dearest game: lowered to ¥1, it moves from the end of 价格从低到高 to the front.
  const dearest = [...catalogue.games].sort((a, b) => b.minPrice - a.minPrice)[0]!;
  expect(dearest.minPrice).toBeGreaterThan(100);
  const before = await searchOf({ keyword: '', maxPrice: 100, pageSize: 100 });
  expect(before.list.map((c) => c.gameId)).not.toContain(dearest.gameId);

  expect(await lower(dearest.gameId, 100)).toBe(100);

  const cheap = await searchOf({ keyword: '', maxPrice: 100, pageSize: 100 });
  expect(cheap.list.find((c) => c.gameId === dearest.gameId)?.minPrice).toBe(100);
  const dear = await searchOf({ keyword: '', minPrice: dearest.minPrice, pageSize: 100 });
  expect(dear.list.map((c) => c.gameId)).not.toContain(dearest.gameId);
  const discounted = await searchOf({ keyword: '', discountOnly: true, pageSize: 100 });
  expect(discounted.list.map((c) => c.gameId)).toContain(dearest.gameId);

  const byPrice = await searchOf({ keyword: '', sort: 'priceAsc', pageSize: 100 });
  const prices = byPrice.list.map((c) => c.minPrice);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(byPrice.list.findIndex((c) => c.gameId === dearest.gameId)).toBeLessThan(
    byPrice.list.findIndex((c) => c.minPrice > 100),
  );
  const byDiscount = await searchOf({ keyword: '', sort: 'discount', pageSize: 100 });
  const discounts = byDiscount.list.map(discountOf);
  expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
  expect(byDiscount.list[0]!.gameId).toBe(dearest.gameId);
}
