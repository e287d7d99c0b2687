// @vitest-environment node
/**
 * The price-history seam (docs/following-prices.md) (src/mock/seed/price-history.ts), for any goods and any day: the history is
 * 180 UTC+8 days of change points ending with today's price, its low is its lowest point (latest on ties),
 * the 史低 rule agrees with it, and the next day's history is this one moved on by a day.
 *
 * Reproduce or widen: FC_SEED=<seed> FC_RUNS=<runs> npx vitest run tests/properties/price-history.test.ts
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAtHistoricalLow } from '../../src/api/historical-low';
import { HISTORY_DAYS, historicalLowOf, priceHistoryOf } from '../../src/mock/seed/price-history';

const SEED = Number(process.env.FC_SEED ?? 20261128);
const RUNS = Number(process.env.FC_RUNS ?? 300);
const DAY = 86_400_000;

const goodsArb = fc
  .record({
    goodsId: fc.integer({ min: 1, max: 100_000 }),
    originalPrice: fc.integer({ min: 0, max: 100_000 }),
    off: fc.double({ min: 0, max: 0.95, noNaN: true }),
  })
  .map(({ goodsId, originalPrice, off }) => ({ goodsId, originalPrice, price: Math.round(originalPrice * (1 - off)) }));
// 2020–2035, any time of day
const dayArb = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => new Date(ms));

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const shanghaiDay = (time: Date) => Math.floor((time.getTime() + 8 * 3_600_000) / DAY);

describe('price history (property)', () => {
  it('is 180 UTC+8 days of change points ending with today’s price, with its lowest point as the low', () => {
    fc.assert(
      fc.property(goodsArb, dayArb, (goods, today) => {
        const points = priceHistoryOf(goods, today);
        expect(dayNumber(points[0]!.date)).toBe(shanghaiDay(today) - (HISTORY_DAYS - 1));
        expect(dayNumber(points.at(-1)!.date)).toBeLessThanOrEqual(shanghaiDay(today));
        expect(points.at(-1)!.price).toBe(goods.price);
        for (let i = 1; i < points.length; i++) {
          expect(dayNumber(points[i]!.date)).toBeGreaterThan(dayNumber(points[i - 1]!.date));
          expect(points[i]!.price).not.toBe(points[i - 1]!.price);
        }
        const max = Math.max(goods.originalPrice, goods.price);
        expect(points.every((p) => p.price >= 0 && p.price <= max)).toBe(true);
        const low = historicalLowOf(goods, today);
        const min = Math.min(...points.map((p) => p.price));
        expect(low).toEqual(points.filter((p) => p.price === min).at(-1));
        expect(isAtHistoricalLow(goods.price, low.price)).toBe(goods.price > 0 && goods.price === min);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('moves on by a day: the next day’s history agrees with today’s on every day both cover, today aside', () => {
    const priceOn = (points: { date: string; price: number }[], day: number) =>
      points.filter((p) => dayNumber(p.date) <= day).at(-1)?.price;
    fc.assert(
      fc.property(
        goodsArb.filter((g) => g.price === g.originalPrice),
        dayArb,
        (goods, today) => {
          const now = priceHistoryOf(goods, today);
          const next = priceHistoryOf(goods, new Date(today.getTime() + DAY));
          const last = shanghaiDay(today);
          for (let day = last - (HISTORY_DAYS - 2); day < last; day++)
            expect(priceOn(next, day), `day ${day}`).toBe(priceOn(now, day));
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });
});
