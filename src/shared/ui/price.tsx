import { discountBadge, formatYuan, splitPrice } from '../money';

/**
 * A price in fen shown as ¥**99**.00, with the struck original price when
 * discounted. Screen readers get the price as one word ("¥99.00") from
 * visually hidden text; the styled digits are hidden from them. (A plain span
 * may not carry aria-label: its role, generic, cannot be named.)
 */
export function Price({ fen, originalFen }: { fen: number; originalFen?: number | undefined }) {
  const { int, dec } = splitPrice(fen);
  return (
    <span className="price">
      <span className="price-now">
        <span className="visually-hidden">{formatYuan(fen)}</span>
        <span aria-hidden="true">
          ¥<strong>{int}</strong>.{dec}
        </span>
      </span>
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
      <Price fen={minPrice} originalFen={originalPrice} />
      <DiscountBadge fen={minPrice} originalFen={originalPrice} />
      <span className="price-from">起</span>
    </>
  );
}
