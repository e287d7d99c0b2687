/** The deal extensions in the simulated backend (docs/following-prices.md): the price-history call, cards' historical low, the search's deal filters. */
import { describe, expect, it } from 'vitest';
import { fromPriceGoods } from '../../src/api/from-price';
import { getPriceHistory, isAtHistoricalLow } from '../../src/api/price-history';
import { getRanks, searchGames } from '../../src/api/games';
import { getGameDetail } from '../../src/api/game-detail';
import { formatDate } from '../../src/shared/format';
import { historicalLowOf, priceHistoryOf } from '../../src/mock/seed/price-history';
import { backend, catalogue } from './helpers';
import { checkSearchReadsTodaysPrice } from './todays-price';

/** The game's release as this backend has it (its seed is made at its own start: dates are relative to it). */
const releaseOf = async (gameId: number) => (await getGameDetail(gameId)).releaseDate;
const discountOf = (g: { minPrice: number; originalPrice: number }) =>
  g.originalPrice > 0 ? (g.originalPrice - g.minPrice) / g.originalPrice : 0;

describe('goods.priceHistory (extension)', () => {
  it('answers the seed’s history at the backend’s today, ending with the goods’ price', async () => {
    const goods = catalogue.goods.find((g) => g.price < g.originalPrice)!;
    const today = new Date(backend.control.now());
    const facts = { releasedAt: await releaseOf(goods.gameId) };
    const answer = await getPriceHistory(goods.goodsId);
    expect(answer).toEqual({
      goodsId: goods.goodsId,
      days: 180,
      points: priceHistoryOf(goods, today, facts),
      low: historicalLowOf(goods, today, facts),
      price: goods.price,
    });
    expect(answer!.points.at(-1)!.price).toBe(goods.price);
  });

  it('shows a price lowered today from today only: the days before keep their prices', async () => {
    const game = catalogue.games[0]!;
    const goods = fromPriceGoods(catalogue.goods.filter((g) => g.gameId === game.gameId))!;
    const before = (await getPriceHistory(goods.goodsId))!;
    const price = backend.control.lowerPrice(game.gameId);
    const after = (await getPriceHistory(goods.goodsId))!;
    const today = formatDate(backend.control.now(), 'yyyy-MM-dd');
    expect(after.points.at(-1)).toEqual({ date: today, price });
    expect(after.points.slice(0, -1)).toEqual(before.points.filter((p) => p.date < today));
    expect(after.low.price).toBe(Math.min(...after.points.map((p) => p.price)));
  });

  it('refuses an unknown goods (goods_40404), which the store reads as no history (the fallback, null)', async () => {
    expect(await getPriceHistory(999_999)).toBeNull();
  });
});

describe('cards carry their from-price goods’ historical low (extension field)', () => {
  it('on the rankings, equal to the seed’s low at the card’s price', async () => {
    const ranks = await getRanks();
    const cards = ranks.flatMap((r) => r.games);
    expect(cards.length).toBeGreaterThan(0);
    const today = new Date(backend.control.now());
    for (const card of cards) {
      const base = fromPriceGoods(catalogue.goods.filter((g) => g.gameId === card.gameId))!;
      expect(card.historicalLow).toBe(historicalLowOf(base, today, { releasedAt: await releaseOf(card.gameId) }).price);
    }
  });
});

describe('games.search deal filters (extension params)', () => {
  const all = async (body: Parameters<typeof searchGames>[0]) => searchGames({ pageSize: 100, ...body });

  it('applies a platform, a price range and 仅看折扣, and says so', async () => {
    const answer = await all({
      keyword: '',
      platform: 'PC',
      minPrice: 3000,
      maxPrice: 10000,
      discountOnly: true,
      sort: 'priceAsc',
    });
    expect(answer.applied).toEqual({
      platform: 'PC',
      minPrice: 3000,
      maxPrice: 10000,
      discountOnly: true,
      sort: 'priceAsc',
    });
    expect(answer.list.length).toBeGreaterThan(0);
    for (const card of answer.list) {
      expect(card.platforms).toContain('PC');
      expect(card.minPrice).toBeGreaterThanOrEqual(3000);
      expect(card.minPrice).toBeLessThanOrEqual(10000);
      expect(card.minPrice).toBeLessThan(card.originalPrice);
    }
    const prices = answer.list.map((c) => c.minPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const expected = catalogue.games.filter(
      (g) => g.platforms.includes('PC') && g.minPrice >= 3000 && g.minPrice <= 10000 && g.minPrice < g.originalPrice,
    );
    expect(answer.total).toBe(expected.length);
  });

  it('仅看史低 keeps only games at their historical low', async () => {
    const answer = await all({ keyword: '', lowOnly: true });
    expect(answer.applied).toEqual({ lowOnly: true, sort: 'default' });
    expect(answer.list.length).toBeGreaterThan(0);
    expect(answer.list.every((c) => isAtHistoricalLow(c.minPrice, c.historicalLow!))).toBe(true);
    const everything = await all({ keyword: '' });
    expect(answer.total).toBe(
      everything.list.filter((c) => c.historicalLow !== undefined && isAtHistoricalLow(c.minPrice, c.historicalLow))
        .length,
    );
  });

  it('sorts by the biggest discount (折扣最大)', async () => {
    const answer = await all({ keyword: '', sort: 'discount' });
    expect(answer.applied?.sort).toBe('discount');
    const discounts = answer.list.map(discountOf);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
  });

  it('does not apply, nor say, a filter it cannot read', async () => {
    const answer = await searchGames({
      keyword: '',
      platform: 'Dreamcast' as never,
      minPrice: -5,
      discountOnly: 'yes' as never,
    });
    expect(answer.applied).toEqual({ sort: 'default' });
    expect(answer.total).toBe(catalogue.games.length);
  });
});

describe('the deal tools read today’s price (msw/node)', () => {
  it('finds a lowered game by a price filter, 仅看折扣 and sorts it at its new price', async () => {
    await checkSearchReadsTodaysPrice(searchGames, (gameId, price) => backend.control.lowerPrice(gameId, price));
  });
});
