/** The seam of the price history (docs/following-prices.md): every goods' 180 days, deterministic and consistent with today's price. */
import { describe, expect, it, vi } from 'vitest';
import { isAtHistoricalLow, PriceHistorySchema } from '../../src/api/price-history';
import { createSeed } from '../../src/mock/seed';
import { HISTORY_DAYS, historicalLowOf, priceHistoryOf } from '../../src/mock/seed/price-history';

const DAY = 86_400_000;
// 2026-11-28 12:00 in UTC+8
const TODAY = new Date(Date.UTC(2026, 10, 28, 4, 0, 0));
const seed = createSeed(TODAY.getTime());
const paid = seed.goods.filter((g) => g.originalPrice > 0);
const discounted = paid.filter((g) => g.price < g.originalPrice);
const fullPrice = paid.filter((g) => g.price === g.originalPrice);

describe('priceHistoryOf', () => {
  it('is deterministic: the same goods and day give the same history, without Math.random or the clock', () => {
    const random = vi.spyOn(Math, 'random');
    const now = vi.spyOn(Date, 'now');
    for (const goods of paid.slice(0, 20))
      expect(priceHistoryOf({ ...goods }, new Date(TODAY))).toEqual(priceHistoryOf(goods, TODAY));
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
    random.mockRestore();
    now.mockRestore();
  });

  it('covers the last 180 UTC+8 calendar days as change points, oldest first, and ends with today’s price', () => {
    for (const goods of paid) {
      const points = priceHistoryOf(goods, TODAY);
      expect(points[0]?.date).toBe('2026-06-02'); // 179 days before 2026-11-28
      expect(points.at(-1)?.price).toBe(goods.price);
      for (let i = 1; i < points.length; i++) {
        expect(points[i]!.date > points[i - 1]!.date).toBe(true);
        expect(points[i]!.price).not.toBe(points[i - 1]!.price);
      }
      expect(points.every((p) => p.price <= goods.originalPrice && p.price > 0)).toBe(true);
      expect(
        PriceHistorySchema.safeParse({
          goodsId: goods.goodsId,
          days: HISTORY_DAYS,
          points,
          low: historicalLowOf(goods, TODAY),
          price: goods.price,
        }).success,
      ).toBe(true);
    }
  });

  it('takes the calendar day in UTC+8: 23:30 UTC is already the next day', () => {
    const goods = paid[0]!;
    const lateUtc = new Date(Date.UTC(2026, 10, 27, 23, 30));
    expect(priceHistoryOf(goods, lateUtc)[0]?.date).toBe('2026-06-02');
    expect(priceHistoryOf(goods, new Date(Date.UTC(2026, 10, 27, 15, 30)))[0]?.date).toBe('2026-06-01');
  });

  it('is tomorrow the same history moved on by a day (sales are set by the calendar, not by today)', () => {
    for (const goods of fullPrice.slice(0, 30)) {
      const today = priceHistoryOf(goods, TODAY);
      const tomorrow = priceHistoryOf(goods, new Date(TODAY.getTime() + DAY));
      // every change after tomorrow's first day is in today's history too (the last day aside)
      const inner = (points: typeof today) =>
        points.slice(1).filter((p) => p.date > tomorrow[0]!.date && p.date < '2026-11-28');
      expect(inner(tomorrow)).toEqual(inner(today));
    }
  });

  it('shows a discount as a run that started a few days ago, and a price changed at run time as the last point', () => {
    for (const goods of discounted) {
      const points = priceHistoryOf(goods, TODAY);
      const last = points.at(-1)!;
      expect(last.price).toBe(goods.price);
      expect(last.date < '2026-11-28').toBe(true);
      expect(last.date >= '2026-11-18').toBe(true);
    }
    const goods = fullPrice[0]!;
    const dropped = { ...goods, price: Math.round(goods.originalPrice * 0.05) };
    expect(priceHistoryOf(dropped, TODAY).at(-1)?.price).toBe(dropped.price);
    expect(isAtHistoricalLow(dropped.price, historicalLowOf(dropped, TODAY).price)).toBe(true);
    const raised = { ...goods, price: goods.originalPrice, originalPrice: goods.originalPrice };
    expect(priceHistoryOf(raised, TODAY).at(-1)?.price).toBe(goods.originalPrice);
  });

  it('gives every paid goods at least one past sale, so a full-price goods is never at its low', () => {
    for (const goods of fullPrice) {
      const low = historicalLowOf(goods, TODAY);
      expect(low.price).toBeLessThan(goods.price);
      expect(isAtHistoricalLow(goods.price, low.price)).toBe(false);
    }
  });

  it('makes some discounted goods at their low and some not (a believable mix)', () => {
    const atLow = discounted.filter((g) => isAtHistoricalLow(g.price, historicalLowOf(g, TODAY).price));
    expect(atLow.length).toBeGreaterThan(0);
    expect(atLow.length).toBeLessThan(discounted.length);
  });

  it('gives a free goods one flat point', () => {
    const free = { goodsId: 9999, price: 0, originalPrice: 0 };
    expect(priceHistoryOf(free, TODAY)).toEqual([{ date: '2026-06-02', price: 0 }]);
    expect(isAtHistoricalLow(0, historicalLowOf(free, TODAY).price)).toBe(false);
  });
});

describe('historicalLowOf', () => {
  it('is the lowest point, on ties the latest', () => {
    for (const goods of paid) {
      const points = priceHistoryOf(goods, TODAY);
      const low = historicalLowOf(goods, TODAY);
      const min = Math.min(...points.map((p) => p.price));
      expect(low.price).toBe(min);
      expect(low.date).toBe(points.filter((p) => p.price === min).at(-1)!.date);
    }
  });
});

describe('isAtHistoricalLow', () => {
  it('is true at or below the low, false above it, and never for a free price', () => {
    expect(isAtHistoricalLow(4080, 4080)).toBe(true);
    expect(isAtHistoricalLow(3990, 4080)).toBe(true);
    expect(isAtHistoricalLow(4090, 4080)).toBe(false);
    expect(isAtHistoricalLow(0, 0)).toBe(false);
  });
});

describe('priceHistoryOf with the game’s release and run-time prices', () => {
  const goods = fullPrice[0]!;
  const at = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 2); // 10:00 in UTC+8

  it('starts at the release day, which opens with a launch sale, when the game came out within the window', () => {
    const points = priceHistoryOf(goods, TODAY, { releasedAt: at(2026, 11, 10) });
    expect(points[0]!.date).toBe('2026-11-10');
    expect(points[0]!.price).toBeLessThan(goods.originalPrice);
    expect(points.every((p) => p.date >= '2026-11-10')).toBe(true);
    expect(points.at(-1)!.price).toBe(goods.price);
    expect(isAtHistoricalLow(goods.price, historicalLowOf(goods, TODAY, { releasedAt: at(2026, 11, 10) }).price)).toBe(
      false,
    );
  });

  it('is the window as before for a game out longer than it, and only today’s price for a game not out yet', () => {
    expect(priceHistoryOf(goods, TODAY, { releasedAt: at(2025, 1, 1) })).toEqual(priceHistoryOf(goods, TODAY));
    expect(priceHistoryOf(goods, TODAY, { releasedAt: at(2026, 12, 20) })).toEqual([
      { date: '2026-11-28', price: goods.price },
    ]);
  });

  it('shows a price set today from today only, the days before it as they were', () => {
    const before = priceHistoryOf(goods, TODAY);
    const dropped = Math.round(goods.price / 2);
    const after = priceHistoryOf(goods, TODAY, { changes: [{ price: dropped, at: TODAY.getTime() }] });
    expect(after.at(-1)).toEqual({ date: '2026-11-28', price: dropped });
    expect(after.slice(0, -1)).toEqual(before.filter((p) => p.date < '2026-11-28'));
  });

  it('keeps each run-time price from its own day', () => {
    const first = Math.round(goods.price * 0.8);
    const second = Math.round(goods.price * 0.6);
    const points = priceHistoryOf(goods, TODAY, {
      changes: [
        { price: first, at: TODAY.getTime() - 3 * DAY },
        { price: second, at: TODAY.getTime() },
      ],
    });
    expect(points.slice(-2)).toEqual([
      { date: '2026-11-25', price: first },
      { date: '2026-11-28', price: second },
    ]);
  });
});
