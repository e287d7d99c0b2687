/**
 * 价格走势 (docs/following-prices.md) for the chosen goods: the history as a step chart (hand-written SVG) with a price axis (its
 * highest and lowest price), markers for the low and for today, and the price of any day on hover, on a tap and
 * from the keyboard (the plot is a slider over the days: ←/→ step through the changes, Home/End go to the first
 * day and today); a text summary (近180天最低 ¥x（日期），当前 ¥y, with the 史低 mark when the price is at that
 * low) and the same data as a table in a disclosure. Loaded lazily by the detail's slot (./price-history-slot.tsx),
 * which has the answer, already read through the store's rule (src/api/price-history-rules.ts).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { dayOfDate, dateOfDay } from '../../api/price-history-rules';
import type { PriceHistory, PricePoint } from '../../api/price-history';
import { HistoricalLowBadge } from '../../shared/ui/historical-low-badge';
import { PriceTable } from '../../shared/ui/price';
import { formatYuan } from '../../shared/money';
import { chineseDay, lowLabel } from './price-verdict-text';

const WIDTH = 600;
const HEIGHT = 160;

/** @internal The summary the chart stands for, in one sentence. */
export function historySummary(history: Pick<PriceHistory, 'days' | 'low' | 'price' | 'points'>): string {
  return `${lowLabel(history)} ${formatYuan(history.low.price)}（${chineseDay(history.low.date)}），当前 ${formatYuan(history.price)}`;
}

/**
 * @internal Where the chart draws a history: its first and last day (day numbers), and the price range of the
 * axis (the lowest and highest price, with room above and below so neither line sits on the frame).
 */
export function chartFrame(points: readonly PricePoint[]) {
  const first = dayOfDate(points[0]!.date)!;
  const last = dayOfDate(points.at(-1)!.date)!;
  const prices = points.map((p) => p.price);
  const max = Math.max(...prices);
  const min = Math.min(...prices);
  const room = max === min ? Math.max(100, max * 0.2) : (max - min) * 0.15;
  const span = Math.max(1, last - first);
  return {
    first,
    last,
    min,
    max,
    /** 0–100 across the plot */
    x: (day: number) => ((day - first) / span) * 100,
    /** 0–100 down the plot */
    y: (price: number) => ((max + room - price) / (max - min + 2 * room)) * 100,
  };
}

/**
 * @internal How a marker's tag sits on it, by where the marker is across the plot (0–100): centred above it, or,
 * near either edge, flush with the marker's inner side, so that a low on the first day or today never sticks out
 * of the plot (on a phone that would stretch the page sideways).
 */
export function tagAlign(x: number): 'start' | 'centre' | 'end' {
  if (x < 20) return 'start';
  return x > 80 ? 'end' : 'centre';
}

/** A level line across the plot at `top` (0–100 down the plot, as the frame's `y` gives), in the SVG's box. */
function GridLine({ top }: { top: number }) {
  const y = (top * HEIGHT) / 100;
  return <line className="price-chart-grid" x1="0" x2={WIDTH} y1={y} y2={y} vectorEffect="non-scaling-stroke" />;
}

/** @internal The price in force on a day: the last change on or before it. */
export function priceOn(points: readonly PricePoint[], day: number): PricePoint {
  let found = points[0]!;
  for (const point of points) if (dayOfDate(point.date)! <= day) found = point;
  return found;
}

/** @internal The step line's SVG path (in the 600×160 box): each price holds until the next change, the last until today. */
export function stepPath(points: readonly PricePoint[]): string {
  const frame = chartFrame(points);
  const px = (day: number) => ((frame.x(day) * WIDTH) / 100).toFixed(1);
  const py = (price: number) => ((frame.y(price) * HEIGHT) / 100).toFixed(1);
  let path = '';
  points.forEach((point, index) => {
    const day = dayOfDate(point.date)!;
    path += index === 0 ? `M${points.length === 1 ? 0 : px(day)} ${py(point.price)}` : `H${px(day)}V${py(point.price)}`;
  });
  return `${path}H${WIDTH}`;
}

/** `2026-11-19` → `11月19日` (the axis and the markers: the year is in the summary and the table). */
const shortDay = (date: string) => chineseDay(date).replace(/^\d+年/, '');

export default function PriceHistorySection({
  history: data,
  takeFocus,
}: {
  history: PriceHistory;
  /** whether 价格走势 was tapped before this section arrived: it then takes the focus on mounting */
  takeFocus?: (goodsId: number) => boolean;
}) {
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (takeFocus?.(data.goodsId)) sectionRef.current?.focus({ preventScroll: true });
  }, [takeFocus, data.goodsId]);
  const summary = historySummary(data);
  const frame = chartFrame(data.points);
  const [picked, setPicked] = useState<number | null>(null);
  const day = picked ?? frame.last;
  const shown = priceOn(data.points, day);
  const isToday = day === frame.last;
  const valueText = `${isToday ? '今天' : chineseDay(dateOfDay(day))} ${formatYuan(shown.price)}`;
  const lowDay = dayOfDate(data.low.date)!;

  const pickAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const share = Math.min(1, Math.max(0, (event.clientX - box.left) / Math.max(1, box.width)));
    setPicked(Math.round(frame.first + share * (frame.last - frame.first)));
  };
  const changeDays = data.points.map((p) => dayOfDate(p.date)!);
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? ([...changeDays].reverse().find((d) => d < day) ?? frame.first)
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? (changeDays.find((d) => d > day) ?? frame.last)
          : event.key === 'Home'
            ? frame.first
            : event.key === 'End'
              ? frame.last
              : null;
    if (next === null) return;
    event.preventDefault();
    setPicked(next);
  };

  return (
    <section
      ref={sectionRef}
      id="price-history"
      tabIndex={-1}
      aria-labelledby="price-history-title"
      className="detail-section price-history"
    >
      <h2 id="price-history-title">价格走势</h2>
      <p className="price-history-summary">
        {summary}
        <HistoricalLowBadge price={data.price} low={data.low.price} />
      </p>
      <figure className="price-chart">
        <p className="price-chart-readout" aria-hidden="true">
          {valueText}
        </p>
        <div className="price-chart-body">
          <div className="price-chart-y" aria-hidden="true">
            <span style={{ top: `${frame.y(frame.max)}%` }}>{formatYuan(frame.max)}</span>
            {frame.min !== frame.max ? (
              <span style={{ top: `${frame.y(frame.min)}%` }}>{formatYuan(frame.min)}</span>
            ) : null}
          </div>
          <div
            className="price-chart-plot"
            role="slider"
            tabIndex={0}
            aria-label={`价格走势图：${summary}。左右方向键逐次查看价格变化`}
            aria-valuemin={0}
            aria-valuemax={frame.last - frame.first}
            aria-valuenow={day - frame.first}
            aria-valuetext={valueText}
            onPointerMove={(event) => {
              if (event.pointerType === 'mouse') pickAt(event);
            }}
            onPointerDown={pickAt}
            onPointerLeave={(event) => {
              if (event.pointerType === 'mouse') setPicked(null);
            }}
            onKeyDown={onKey}
          >
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
              <GridLine top={frame.y(frame.max)} />
              <GridLine top={frame.y(frame.min)} />
              <path
                d={stepPath(data.points)}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
              />
            </svg>
            <span
              className="price-chart-marker is-low"
              style={{ left: `${frame.x(lowDay)}%`, top: `${frame.y(data.low.price)}%` }}
              aria-hidden="true"
            >
              <span className="price-chart-tag" data-align={tagAlign(frame.x(lowDay))}>
                最低 {formatYuan(data.low.price)}
              </span>
            </span>
            <span
              className="price-chart-marker is-today"
              style={{ left: '100%', top: `${frame.y(data.price)}%` }}
              aria-hidden="true"
            >
              <span className="price-chart-tag" data-align={tagAlign(100)}>
                今天
              </span>
            </span>
            {picked !== null ? (
              <span className="price-chart-cursor" style={{ left: `${frame.x(day)}%` }} aria-hidden="true">
                <span className="price-chart-marker is-picked" style={{ top: `${frame.y(shown.price)}%` }} />
              </span>
            ) : null}
          </div>
          <div className="price-chart-axis" aria-hidden="true">
            <span>{shortDay(data.points[0]!.date)}</span>
            <span>今天</span>
          </div>
        </div>
      </figure>
      <details className="price-history-table">
        <summary>查看价格明细</summary>
        <PriceTable
          className="spec-table"
          caption={`${lowLabel(data).replace('最低', '')}的价格变化`}
          labelHead="日期"
          rows={data.points.map((point) => ({ key: point.date, label: chineseDay(point.date), fen: point.price }))}
        />
      </details>
    </section>
  );
}
