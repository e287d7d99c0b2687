import type { ReactNode } from 'react';
import { discountBadge, formatYuan, splitPrice } from '../money';

/**
 * A price in fen shown as ¥**99**.00, with the struck original price when
 * discounted. `from` marks a from price (¥99.00起): 起 goes right after the
 * price it qualifies, before the struck original, so it never reads as the
 * struck price's. Screen readers get the price as one word ("¥99.00") from
 * visually hidden text; the styled digits are hidden from them. (A plain span
 * may not carry aria-label: its role, generic, cannot be named.)
 */
export function Price({
  fen,
  originalFen,
  from = false,
}: {
  fen: number;
  originalFen?: number | undefined;
  from?: boolean;
}) {
  const { int, dec } = splitPrice(fen);
  return (
    <span className="price">
      <span className="price-now">
        <span className="visually-hidden">{formatYuan(fen)}</span>
        <span aria-hidden="true">
          ¥<strong>{int}</strong>.{dec}
        </span>
      </span>
      {from ? <span className="price-from">起</span> : null}
      {originalFen !== undefined && originalFen > fen ? (
        <del className="price-was">
          <span className="visually-hidden">原价</span>
          {formatYuan(originalFen)}
        </del>
      ) : null}
    </span>
  );
}

/** The `-N%` badge of a discounted price (nothing under 5 %: `discountBadge`, one rule for every card). */
export function DiscountBadge({ fen, originalFen }: { fen: number; originalFen: number }) {
  const percent = discountBadge(fen, originalFen);
  return percent > 0 ? <span className="badge badge-discount">-{percent}%</span> : null;
}

/** A game's from price (¥x起: its cheapest edition, src/api/from-price.ts), with the struck original and the badge. */
export function FromPrice({ minPrice, originalPrice }: { minPrice: number; originalPrice: number }) {
  return (
    <>
      <Price fen={minPrice} originalFen={originalPrice} from />
      <DiscountBadge fen={minPrice} originalFen={originalPrice} />
    </>
  );
}

/** One row of a `PriceTable`: what it prices (the row's heading) and the price in fen. */
export interface PriceRow {
  key: string;
  label: ReactNode;
  fen: number;
  className?: string;
}

/**
 * A two-column table of prices in yuan: a heading column named `labelHead` (a day, a platform) and 价格. The
 * caption may be hidden from sight (still read out) where the section's heading already says it.
 */
export function PriceTable({
  caption,
  captionHidden = false,
  labelHead,
  rows,
  className,
}: {
  caption: string;
  captionHidden?: boolean;
  labelHead: string;
  rows: readonly PriceRow[];
  className?: string;
}) {
  return (
    <table className={className}>
      <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHead}</th>
          <th scope="col">价格</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={row.className}>
            <th scope="row">{row.label}</th>
            <td>{formatYuan(row.fen)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
