/**
 * 价格走势 (issue 34) for the chosen goods: the last 180 days as a step chart (hand-written SVG), a text summary
 * (近180天最低 ¥x（日期），当前 ¥y, with the 史低 mark when the price is at that low) and the same data as a table
 * in a disclosure. Loaded lazily by the detail's slot (./price-history-slot.tsx), which has the answer.
 */
import type { PriceHistory, PricePoint } from '../../api/price-history';
import { HistoricalLowBadge } from '../../shared/ui/historical-low-badge';
import { formatYuan } from '../../shared/money';

const DAY = 86_400_000;
const WIDTH = 600;
const HEIGHT = 160;
const PAD = 8;

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

/** @internal `2026-11-20` → `2026年11月20日` */
export function chineseDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/** @internal The summary the chart stands for, in one sentence. */
export function historySummary(history: Pick<PriceHistory, 'days' | 'low' | 'price'>): string {
  return `近${history.days}天最低 ${formatYuan(history.low.price)}（${chineseDay(history.low.date)}），当前 ${formatYuan(history.price)}`;
}

/** @internal The step line's SVG path: each price holds until the next change, the last until today (the window's end). */
export function stepPath(points: readonly PricePoint[], days: number): string {
  const first = dayOf(points[0]!.date);
  const prices = points.map((p) => p.price);
  const max = Math.max(...prices);
  const min = Math.min(...prices);
  const x = (date: string) => PAD + ((dayOf(date) - first) / Math.max(1, days - 1)) * (WIDTH - 2 * PAD);
  const y = (price: number) => (max === min ? HEIGHT / 2 : PAD + ((max - price) / (max - min)) * (HEIGHT - 2 * PAD));
  let path = '';
  points.forEach((point, index) => {
    const px = x(point.date).toFixed(1);
    const py = y(point.price).toFixed(1);
    path += index === 0 ? `M${px} ${py}` : `H${px}V${py}`;
  });
  return `${path}H${WIDTH - PAD}`;
}

export default function PriceHistorySection({ history: data }: { history: PriceHistory }) {
  const summary = historySummary(data);
  const first = data.points[0]!;
  return (
    <section aria-labelledby="price-history-title" className="detail-section price-history">
      <h2 id="price-history-title">价格走势</h2>
      <p className="price-history-summary">
        {summary}
        <HistoricalLowBadge price={data.price} low={data.low.price} />
      </p>
      <figure className="price-chart">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={`价格走势图：${summary}`}>
          <path d={stepPath(data.points, data.days)} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
        </svg>
        <figcaption className="price-chart-axis" aria-hidden="true">
          <span>{chineseDay(first.date)}</span>
          <span>今天</span>
        </figcaption>
      </figure>
      <details className="price-history-table">
        <summary>查看价格明细</summary>
        <table className="spec-table">
          <caption>近{data.days}天的价格变化</caption>
          <thead>
            <tr>
              <th scope="col">日期</th>
              <th scope="col">价格</th>
            </tr>
          </thead>
          <tbody>
            {data.points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{chineseDay(point.date)}</th>
                <td>{formatYuan(point.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
