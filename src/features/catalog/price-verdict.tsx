/**
 * The deal verdict by the price on the game detail (docs/following-prices.md): the chosen goods' low with its date
 * (近180天最低 ¥22.40（11月19日）), or the 史低 mark when the price is at it, and 价格走势, which takes the
 * shopper to the chart (on a phone it is screens below). Its line is reserved from the first paint (the
 * history comes after hydration), and given back only when the server has no history to give.
 */
import { HistoricalLowBadge } from '../../shared/ui/historical-low-badge';
import { showPriceHistory, usePriceHistory } from './price-history-slot';
import { priceVerdict } from './price-verdict-text';

export function PriceVerdict({ goodsId }: { goodsId: number }) {
  const { history, settled } = usePriceHistory(goodsId);
  if (settled && !history) return null;
  const verdict = history && priceVerdict(history);
  return (
    <p className="price-verdict">
      {history && verdict ? (
        <>
          {verdict.atLow ? <HistoricalLowBadge price={history.price} low={history.low.price} /> : null}
          <span>{verdict.text}</span>
          <button type="button" className="link-button price-verdict-chart" onClick={() => showPriceHistory(goodsId)}>
            价格走势
          </button>
        </>
      ) : null}
    </p>
  );
}

/** The 史低 mark for the phone's buy bar (beside 到手价): only when the chosen goods is at its low. */
export function BuyBarLowMark({ goodsId }: { goodsId: number }) {
  const { history } = usePriceHistory(goodsId);
  return history && priceVerdict(history).atLow ? (
    <HistoricalLowBadge price={history.price} low={history.low.price} />
  ) : null;
}
