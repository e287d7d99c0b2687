import { describe, expect, it } from 'vitest';
import { isUnsupported } from '../../src/api/errors';
import { fromPrice, fromPriceGoods } from '../../src/api/from-price';
import { getGameDetail } from '../../src/api/game-detail';
import { getGameGoods } from '../../src/api/goods';
import { getPriceHistory } from '../../src/api/price-history';
import {
  WishItemSchema,
  getWishlist,
  mergeEntries,
  postWishlistAdd,
  postWishlistMerge,
  postWishlistRemove,
} from '../../src/api/wishlist';
import { historicalLowOf, priceHistoryOf } from '../../src/mock/seed/price-history';
import { backend, catalogue, failure, signUp, useSession } from './helpers';

const released = catalogue.games.filter((g) => g.releaseDate < Date.now());
const [first, second, third] = released;
const entry = (gameId: number, addedPrice: number, addedAt: number) => ({ gameId, addedPrice, addedAt });

describe('wishlist (extension)', () => {
  it('adds, lists and removes per account; an add of a listed game keeps the earlier added price', async () => {
    const user = await signUp();
    await postWishlistAdd(user.userId, entry(first!.gameId, 5000, 1000));
    backend.control.advanceClock(1000);
    await postWishlistAdd(user.userId, entry(second!.gameId, 6000, 2000));
    const price = backend.control.lowerPrice(first!.gameId);
    const list = await postWishlistAdd(user.userId, entry(first!.gameId, 100, 3000));
    expect(list.map((i) => [i.gameId, i.addedPrice])).toEqual([
      [second!.gameId, second!.minPrice],
      [first!.gameId, first!.minPrice],
    ]);
    expect(list[1]!.price).toBe(price);
    expect((await postWishlistRemove(user.userId, second!.gameId)).map((i) => i.gameId)).toEqual([first!.gameId]);
    const other = await signUp();
    expect(await getWishlist(other.userId)).toEqual([]);
    useSession(user);
    expect((await getWishlist(user.userId)).map((i) => i.gameId)).toEqual([first!.gameId]);
    expect(other.userId).not.toBe(user.userId);
  });

  it('takes the price and time of an add from the server, never from the page', async () => {
    const user = await signUp();
    const now = backend.control.now();
    for (const [addedPrice, addedAt] of [
      [1, 1],
      [999_999_999, now + 86_400_000],
      [-5, -1],
    ] as const) {
      const [item] = await postWishlistAdd(user.userId, entry(first!.gameId, addedPrice, addedAt));
      expect(item).toMatchObject({ gameId: first!.gameId, addedPrice: first!.minPrice });
      expect(item!.addedAt).toBeGreaterThanOrEqual(now);
      expect(item!.addedAt).toBeLessThanOrEqual(backend.control.now());
      await postWishlistRemove(user.userId, first!.gameId);
    }
  });

  it('keeps a handed-over price the game could have had, and replaces one above its original price or a time to come', async () => {
    const user = await signUp();
    const now = backend.control.now();
    const list = await postWishlistMerge(user.userId, [
      entry(first!.gameId, first!.originalPrice, now - 5000),
      entry(second!.gameId, second!.originalPrice + 1, now - 4000),
      entry(third!.gameId, 1.5, now + 86_400_000),
    ]);
    const byGame = new Map(list.map((i) => [i.gameId, i]));
    expect(byGame.get(first!.gameId)).toMatchObject({ addedPrice: first!.originalPrice, addedAt: now - 5000 });
    expect(byGame.get(second!.gameId)).toMatchObject({ addedPrice: second!.minPrice, addedAt: now - 4000 });
    expect(byGame.get(third!.gameId)!.addedPrice).toBe(third!.minPrice);
    expect(byGame.get(third!.gameId)!.addedAt).toBeLessThanOrEqual(backend.control.now());
  });

  it('names the goods 立即购买 buys: the from-price goods', async () => {
    const user = await signUp();
    const [item] = await postWishlistAdd(user.userId, entry(first!.gameId, 1, 1));
    const goods = (await getGameGoods(first!.gameId)).goods;
    expect(item!.goodsId).toBe(fromPriceGoods(goods)!.goodsId);
  });

  it('answers each item with the from price, the historical low and the states the tab shows', async () => {
    const user = await signUp();
    const [item] = await postWishlistAdd(user.userId, entry(first!.gameId, 1, 1));
    const goods = (await getGameGoods(first!.gameId)).goods;
    expect(WishItemSchema.safeParse(item).success).toBe(true);
    expect(item).toMatchObject({
      name: first!.name,
      price: fromPrice(goods)!.minPrice,
      upcoming: false,
      soldOut: false,
    });
    expect(item!.lowPrice).toBeLessThanOrEqual(item!.price);
  });

  it('merges a visitor list at login: union, no duplicates, the earlier added price kept', async () => {
    const user = await signUp();
    await postWishlistAdd(user.userId, entry(first!.gameId, 5000, 2000));
    const list = await postWishlistMerge(user.userId, [
      entry(first!.gameId, first!.originalPrice - 1, 1000),
      entry(second!.gameId, second!.minPrice, 3000),
      entry(999_999, 1, 1),
    ]);
    expect(list.map((i) => [i.gameId, i.addedPrice, i.addedAt])).toEqual([
      [second!.gameId, second!.minPrice, 3000],
      [first!.gameId, first!.originalPrice - 1, 1000],
    ]);
  });

  it('refuses a write meant for another account (wishlist_40901) and one without a session (auth)', async () => {
    const user = await signUp();
    await signUp();
    expect(await failure(postWishlistAdd(user.userId, entry(third!.gameId, 1, 1)))).toMatchObject({
      kind: 'business',
      code: 'wishlist_40901',
    });
    expect(await failure(getWishlist(user.userId))).toMatchObject({ kind: 'business', code: 'wishlist_40901' });
    useSession(null);
    expect(await failure(getWishlist(user.userId))).toMatchObject({ kind: 'auth' });
  });

  it('lowerPrice moves the from price of the game, its card and its wishlist item', async () => {
    const user = await signUp();
    const [before] = await postWishlistAdd(user.userId, entry(first!.gameId, first!.minPrice, 1));
    const price = backend.control.lowerPrice(first!.gameId);
    expect(price).toBeLessThan(before!.price);
    const [after] = await getWishlist(user.userId);
    expect(after!.price).toBe(price);
    expect(after!.addedPrice).toBe(first!.minPrice);
    expect((await getGameDetail(first!.gameId)).minPrice).toBe(price);
    const goods = (await getGameGoods(first!.gameId)).goods;
    expect(fromPrice(goods)!.minPrice).toBe(price);
    // The item's low is the price history's (the release and the run-time change included), whatever the day.
    const history = await getPriceHistory(goods.find((g) => g.price === price)!.goodsId);
    expect(after!.lowPrice).toBe(history!.low.price);
    expect(() => backend.control.lowerPrice(first!.gameId, price + 100)).toThrow();
  });

  it('a server without the extension answers as for an unknown call, which the store reads as unsupported', async () => {
    const user = await signUp();
    backend.control.setFault('/nn-activity/client/wishlist/list', { kind: 'http', status: 404 });
    expect(isUnsupported(await failure(getWishlist(user.userId)))).toBe(true);
    expect(isUnsupported(await failure(postWishlistAdd(1, entry(1, 1, 1))))).toBe(false);
  });
});

describe('the price history seam the wishlist reads', () => {
  it('ends with today’s price, and its low is the lowest point', () => {
    const goods = { goodsId: 1, price: 4000, originalPrice: 6000 };
    const history = priceHistoryOf(goods, new Date(0));
    expect(history.at(-1)!.price).toBe(4000);
    expect(historicalLowOf(goods, new Date(0)).price).toBe(Math.min(...history.map((p) => p.price)));
  });
});

describe('mergeEntries', () => {
  it('keeps each game once, with its earliest entry, newest first', () => {
    expect(mergeEntries([entry(1, 10, 5), entry(2, 20, 6)], [entry(1, 5, 9), entry(3, 30, 1)])).toEqual([
      entry(2, 20, 6),
      entry(1, 10, 5),
      entry(3, 30, 1),
    ]);
  });
});
