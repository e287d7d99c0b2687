/** The deal verdict by the price and the chart's geometry (src/features/catalog/price-verdict-text.ts, price-history.tsx). */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceHistory } from '../../../src/api/price-history';
import { goodsGroups } from '../../../src/features/buying/purchase-panel';
import PriceHistorySection, {
  chartFrame,
  historySummary,
  priceOn,
  stepPath,
  tagAlign,
} from '../../../src/features/catalog/price-history';
import {
  PRICE_HISTORY_ANCHOR,
  showPriceHistory,
  takeFocusOnArrival,
} from '../../../src/features/catalog/price-history-slot';
import { priceUpdateText } from '../../../src/features/catalog/game-detail-page';
import { chineseDay, lowLabel, priceVerdict } from '../../../src/features/catalog/price-verdict-text';

const full = {
  days: 180,
  points: [
    { date: '2026-06-06', price: 6800 },
    { date: '2026-11-19', price: 2240 },
    { date: '2026-11-24', price: 6800 },
    { date: '2026-12-02', price: 4080 },
  ],
  low: { date: '2026-11-19', price: 2240 },
  price: 4080,
};
const released = {
  ...full,
  points: [
    { date: '2026-11-21', price: 5440 },
    { date: '2026-11-24', price: 6800 },
    { date: '2026-11-28', price: 4080 },
  ],
  low: { date: '2026-11-28', price: 4080 },
};

describe('the verdict by the price', () => {
  it('names the window’s low with its date when the price is above it', () => {
    expect(priceVerdict(full)).toEqual({ atLow: false, text: '近180天最低 ¥22.40（11月19日）' });
  });

  it('is the 史低 mark at the low, named after the release for a game out less than the window', () => {
    expect(lowLabel(released)).toBe('发售以来最低');
    expect(priceVerdict(released)).toEqual({ atLow: true, text: '当前为发售以来最低价' });
    expect(priceVerdict({ ...full, price: 2240, low: { date: '2026-12-02', price: 2240 } }).atLow).toBe(true);
  });

  it('does not call a price that never changed a low', () => {
    expect(
      priceVerdict({
        days: 180,
        points: [{ date: '2026-12-01', price: 6800 }],
        low: { date: '2026-12-01', price: 6800 },
        price: 6800,
      }),
    ).toEqual({ atLow: false, text: '发售以来一直是这个价格' });
  });

  it('the chart’s summary says the same low', () => {
    expect(historySummary(full)).toBe('近180天最低 ¥22.40（2026年11月19日），当前 ¥40.80');
    expect(chineseDay('2026-01-05')).toBe('2026年1月5日');
  });
});

describe('the chart', () => {
  it('frames the days from the first point to today and the prices with room above and below', () => {
    const frame = chartFrame(full.points);
    expect(frame.x(frame.first)).toBe(0);
    expect(frame.x(frame.last)).toBe(100);
    expect(frame.y(6800)).toBeGreaterThan(0);
    expect(frame.y(2240)).toBeLessThan(100);
    expect(frame.y(6800)).toBeLessThan(frame.y(2240));
  });

  it('steps: each price holds until the next change, the last to the right edge', () => {
    expect(stepPath(full.points)).toMatch(/^M0\.0 \d+\.\dH\d+\.\dV\d+\.\dH\d+\.\dV\d+\.\dH600\.0V\d+\.\dH600$/);
    expect(stepPath([{ date: '2026-06-02', price: 6800 }])).toBe('M0 80.0H600');
  });

  it('keeps a marker’s tag inside the plot: flush with the marker near either edge, centred between', () => {
    const frame = chartFrame(full.points);
    expect(tagAlign(frame.x(frame.first))).toBe('start');
    expect(tagAlign(19.9)).toBe('start');
    expect(tagAlign(50)).toBe('centre');
    expect(tagAlign(80.1)).toBe('end');
    expect(tagAlign(frame.x(frame.last))).toBe('end');
  });

  it('reads the price in force on any day (the last change on or before it)', () => {
    const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    expect(priceOn(full.points, day('2026-11-20')).price).toBe(2240);
    expect(priceOn(full.points, day('2026-11-24')).price).toBe(6800);
    expect(priceOn(full.points, day('2026-12-02')).price).toBe(4080);
  });
});

describe('a price that changed on screen', () => {
  it('says a drop as 刚刚降价 with the amount and the price before, a rise as 价格已更新, never 原价', () => {
    expect(priceUpdateText(4080, 3200)).toBe('刚刚降价 ¥8.80（之前 ¥40.80）');
    expect(priceUpdateText(3200, 4080)).toBe('价格已更新（之前 ¥32.00）');
  });
});

describe('the goods of a game', () => {
  it('lists its editions apart from its DLC and accelerators, and a game of add-ons only as one list', () => {
    const list = [
      { type: 'key' as const, id: 1 },
      { type: 'dlc' as const, id: 2 },
      { type: 'key' as const, id: 3 },
      { type: 'accelerator' as const, id: 4 },
    ];
    expect(goodsGroups(list).map((g) => [g.legend, g.goods.map((x) => x.id)])).toEqual([
      ['游戏版本', [1, 3]],
      ['DLC 与附加内容', [2, 4]],
    ]);
    expect(goodsGroups([{ type: 'dlc' as const }])).toEqual([
      { legend: '商品', extras: false, goods: [{ type: 'dlc' }] },
    ]);
    expect(goodsGroups([])).toEqual([]);
  });
});

describe('价格走势 by the price', () => {
  const mountSection = (slot: HTMLElement, history: PriceHistory) =>
    render(<PriceHistorySection history={history} takeFocus={takeFocusOnArrival} />, {
      container: slot.appendChild(document.createElement('div')),
    });

  it('gives the chart the focus when it is there, and when a quick tap came before its section did', () => {
    const slot = document.createElement('div');
    slot.id = PRICE_HISTORY_ANCHOR;
    slot.scrollIntoView = () => undefined;
    document.body.append(slot);
    // The tap comes while the section's chunk is still loading: the slot is there, the section not yet.
    showPriceHistory(1);
    const first = mountSection(slot, { ...full, goodsId: 1 });
    const section = first.getByRole('region', { name: '价格走势' });
    expect(section).toHaveFocus();

    // Asked once: a later mount of the same goods does not take the focus from where the shopper went.
    section.blur();
    first.unmount();
    const second = mountSection(slot, { ...released, goodsId: 1 });
    expect(second.getByRole('region', { name: '价格走势' })).not.toHaveFocus();

    // With the section there, the tap focuses it at once.
    showPriceHistory(1);
    expect(second.getByRole('region', { name: '价格走势' })).toHaveFocus();
    second.unmount();
    slot.remove();
  });

  it('drops a quick tap on one detail when the shopper went on to another before the chart came', () => {
    const slot = document.createElement('div');
    slot.id = PRICE_HISTORY_ANCHOR;
    slot.scrollIntoView = () => undefined;
    document.body.append(slot);
    // 价格走势 tapped on goods 1 while its chart loads; the shopper leaves for goods 2, whose chart comes first.
    showPriceHistory(1);
    const other = mountSection(slot, { ...full, goodsId: 2 });
    expect(other.getByRole('region', { name: '价格走势' })).not.toHaveFocus();
    other.unmount();
    // Nor is the stale tap kept for goods 1's next opening.
    const back = mountSection(slot, { ...full, goodsId: 1 });
    expect(back.getByRole('region', { name: '价格走势' })).not.toHaveFocus();
    back.unmount();
    slot.remove();
  });
});
