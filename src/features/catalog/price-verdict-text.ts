/**
 * The words of the deal verdict (by the price on the game detail, ./price-verdict.tsx) and of 价格走势
 * (./price-history.tsx): one place for both, so the price and the chart say the same thing.
 */
import { isAtHistoricalLow } from '../../api/historical-low';
import { dayOfDate } from '../../api/price-history-rules';
import type { PriceHistory } from '../../api/price-history-rules';
import { chineseDate } from '../../shared/beijing-time';
import { formatYuan } from '../../shared/money';

/** `2026-11-20` → `2026年11月20日` (src/shared/beijing-time.ts owns the format). */
export const chineseDay = chineseDate;

/**
 * What the low is the low of: the window (近180天最低), or, for a game out for less than the window (its
 * history starts later, at the release), 发售以来最低.
 */
export function lowLabel(history: Pick<PriceHistory, 'days' | 'points'>): string {
  const first = dayOfDate(history.points[0]!.date)!;
  const last = dayOfDate(history.points.at(-1)!.date)!;
  return first > last - (history.days - 1) ? '发售以来最低' : `近${history.days}天最低`;
}

/**
 * The verdict by the price: at the low, the 史低 mark and 当前为…最低价; otherwise the low with its date
 * (近180天最低 ¥22.40（11月19日）); a price that never changed says so instead of calling itself a low.
 */
export function priceVerdict(history: Pick<PriceHistory, 'days' | 'points' | 'low' | 'price'>): {
  atLow: boolean;
  text: string;
} {
  if (history.points.length === 1)
    return { atLow: false, text: `${lowLabel(history).replace('最低', '')}一直是这个价格` };
  if (isAtHistoricalLow(history.price, history.low.price)) return { atLow: true, text: `当前为${lowLabel(history)}价` };
  return {
    atLow: false,
    text: `${lowLabel(history)} ${formatYuan(history.low.price)}（${chineseDay(history.low.date).replace(/^\d+年/, '')}）`,
  };
}
