/** The price comparison beside the purchase (docs/decisions/0019-money-path-trust-and-budget.md), on the API layer's one query and lowest-price rule. */
import { useQuery } from '@tanstack/react-query';
import type { Goods } from '../../api/goods';
import { belowLowestPrice, competitorPricesQueryOptions } from '../../api/user';
import { formatYuan } from '../../shared/money';

/**
 * 全网比价 for the chosen goods (docs/decisions/0019-money-path-trust-and-budget.md): other shops' prices for that edition, and which edition that is.
 * Prices the answer does not say are for this goods (a server that compares per game) are not shown: a
 * standard edition's prices beside a deluxe edition's price would mislead.
 */
export function CompetitorPrices({ gameId, goods }: { gameId: number; goods: Goods }) {
  const { data } = useQuery(competitorPricesQueryOptions(gameId, goods.goodsId));
  const prices = data?.filter((c) => c.goodsId === goods.goodsId) ?? [];
  if (prices.length === 0) return null;
  const cheaper = belowLowestPrice(goods.price, prices);
  return (
    <div className="price-compare">
      <h3>全网比价</h3>
      <p className="price-compare-what">比较的是：{goods.name}</p>
      <ul>
        {prices.map((c) => (
          <li key={c.platform}>
            {c.platform} {formatYuan(c.price)}
          </li>
        ))}
      </ul>
      {cheaper > 0 ? <p>本店比全网最低价便宜 {formatYuan(cheaper)}</p> : null}
    </div>
  );
}
