import { formatYuan, splitPrice } from '../lib/money';

/** A price in fen shown as ¥**99**.00, with the struck original price when discounted. */
export function Price({ fen, originalFen }: { fen: number; originalFen?: number | undefined }) {
  const { int, dec } = splitPrice(fen);
  return (
    <span className="price">
      <span className="price-now" aria-label={formatYuan(fen)}>
        <span aria-hidden="true">
          ¥<strong>{int}</strong>.{dec}
        </span>
      </span>
      {originalFen !== undefined && originalFen > fen ? (
        <del className="price-was" aria-label={`原价${formatYuan(originalFen)}`}>
          {formatYuan(originalFen)}
        </del>
      ) : null}
    </span>
  );
}
