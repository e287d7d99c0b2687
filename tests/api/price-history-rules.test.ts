/** What a price history may be: the store's one rule for a server's answer (src/api/price-history-rules.ts). */
import { describe, expect, it } from 'vitest';
import {
  dayOfDate,
  lowestPoint,
  MAX_HISTORY_DAYS,
  saneHistory,
  type RawHistory,
} from '../../src/api/price-history-rules';

const TODAY = '2026-12-02';
const expected = { goodsId: 7, today: TODAY };
const answer = (over: Partial<RawHistory> = {}): RawHistory => ({
  goodsId: 7,
  days: 180,
  points: [
    { date: '2026-06-06', price: 6800 },
    { date: '2026-11-19', price: 2240 },
    { date: '2026-11-24', price: 6800 },
    { date: '2026-11-28', price: 4080 },
  ],
  price: 4080,
  ...over,
});

describe('saneHistory', () => {
  it('keeps a good answer as it is, its low the lowest point', () => {
    const history = saneHistory(answer(), expected)!;
    expect(history.points).toEqual(answer().points);
    expect(history.low).toEqual({ date: '2026-11-19', price: 2240 });
    expect(history.price).toBe(4080);
    expect(history.days).toBe(180);
  });

  it('refuses another goods’ history whole (nothing of it is this goods’)', () => {
    expect(saneHistory(answer({ goodsId: 8 }), expected)).toBeNull();
  });

  it('puts points given out of order in order, a day given twice keeping its last price', () => {
    const points = [...answer().points].reverse();
    points.push({ date: '2026-11-19', price: 2500 });
    const history = saneHistory(answer({ points }), expected)!;
    expect(history.points.map((p) => p.date)).toEqual(['2026-06-06', '2026-11-19', '2026-11-24', '2026-11-28']);
    expect(history.points[1]).toEqual({ date: '2026-11-19', price: 2500 });
  });

  it('drops an impossible, malformed or future date and a price that is not one, and shows the rest', () => {
    const bad = [
      { date: '2026-02-30', price: 100 },
      { date: '2026-13-01', price: 100 },
      { date: '2026/11/20', price: 100 },
      { date: '2099-01-01', price: 100 },
      { date: '2026-11-20', price: -5 },
      { date: '2026-11-21', price: 12.5 },
      { date: '2026-11-22', price: 1e12 },
      null,
      'x',
    ];
    const history = saneHistory(answer({ points: [...answer().points, ...bad] }), expected)!;
    expect(history.points).toEqual(answer().points);
  });

  it('bounds tens of thousands of points to the window, the price on its first day carried from the last change before it', () => {
    const points = Array.from({ length: 40_000 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 11, 2) - i * 86_400_000).toISOString().slice(0, 10),
      price: 1000 + (i % 2) * 500,
    }));
    const history = saneHistory(answer({ points, price: 1000, days: 1_000_000 }), expected)!;
    expect(history.days).toBe(MAX_HISTORY_DAYS);
    expect(history.points.length).toBe(MAX_HISTORY_DAYS);
    expect(history.points[0]!.date).toBe('2025-12-02');
    expect(history.points.at(-1)).toEqual({ date: TODAY, price: 1000 });
  });

  it('never has a low above today’s price: the server’s own low is not read, and today’s price ends the points', () => {
    const history = saneHistory(answer({ points: [{ date: '2026-11-01', price: 9000 }], price: 4080 }), expected)!;
    expect(history.points).toEqual([
      { date: '2026-11-01', price: 9000 },
      { date: TODAY, price: 4080 },
    ]);
    expect(history.low).toEqual({ date: TODAY, price: 4080 });
  });

  it('shows today’s price alone when no point can be read', () => {
    expect(saneHistory(answer({ points: [{ date: 'nope', price: 1 }] }), expected)!.points).toEqual([
      { date: TODAY, price: 4080 },
    ]);
  });
});

describe('dayOfDate and lowestPoint', () => {
  it('reads only real calendar days', () => {
    expect(dayOfDate('2026-02-28')).toBe(Date.UTC(2026, 1, 28) / 86_400_000);
    expect(dayOfDate('2026-02-29')).toBeNull();
    expect(dayOfDate('2028-02-29')).not.toBeNull();
    expect(dayOfDate(20261202)).toBeNull();
  });

  it('takes the latest of equal lows', () => {
    expect(
      lowestPoint([
        { date: '2026-01-01', price: 5 },
        { date: '2026-02-01', price: 9 },
        { date: '2026-03-01', price: 5 },
      ]),
    ).toEqual({ date: '2026-03-01', price: 5 });
  });
});
