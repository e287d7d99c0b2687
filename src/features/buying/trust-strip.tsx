/**
 * The store's promise as a strip of short facts (官方正版 · 国区激活 · 付款后秒发 · 未兑换 7 天可退), from the
 * goods data through ./promise.ts: beside a price (`TrustStrip`), and any list of facts, an order's in the order
 * detail and the refund dialog (`FactList`).
 */
import type { Goods } from '../../api/goods';
import { promiseFacts } from './promise';
import './promise.css';

const LABEL = '购买保障';

export function FactList({ facts }: { facts: readonly string[] }) {
  return (
    <ul className="trust-strip" aria-label={LABEL}>
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
    </ul>
  );
}

/** The goods' facts, shown beside its price. */
export function TrustStrip({ goods }: { goods: Goods }) {
  return <FactList facts={promiseFacts(goods)} />;
}
