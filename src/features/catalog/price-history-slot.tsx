/**
 * Where the game detail shows 价格走势 (docs/following-prices.md): space reserved in the prerendered page, filled after hydration
 * by the lazily loaded section (./price-history.tsx), so nothing below it moves when it comes. A server without
 * the extension answers `null` (the endpoint's fallback): the slot, and its reserved space, go.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { priceHistoryQueryOptions, type PriceHistory } from '../../api/price-history';
import { useHydrated } from '../../shared/hydration';
import { LinesSkeleton } from '../../shared/ui/states';

const PriceHistorySection = lazy(() => import('./price-history'));

const skeleton = <LinesSkeleton label="价格走势" lines={6} />;

/**
 * The id of the slot: the verdict by the price leads here (one tap from the price on a phone).
 * @internal
 */
export const PRICE_HISTORY_ANCHOR = 'price-history-slot';

/**
 * The goods whose 价格走势 was tapped before its section came (its chunk still loading); that goods' section takes
 * the focus. Keyed by goods, so a tap on one detail never moves the focus on another the shopper went on to.
 */
let focusOnArrival: number | null = null;

/**
 * 价格走势 by the price of `goodsId`: the slot scrolls into view, and the section takes the focus (so a keyboard or
 * screen reader continues from the chart), now or, for a quick tap, the moment it arrives.
 */
export function showPriceHistory(goodsId: number): void {
  const slot = document.getElementById(PRICE_HISTORY_ANCHOR);
  slot?.scrollIntoView({ block: 'start' });
  const section = slot?.querySelector<HTMLElement>('#price-history');
  focusOnArrival = section ? null : goodsId;
  section?.focus({ preventScroll: true });
}

/**
 * For the section of `goodsId` when it mounts: whether a tap asked for it before it was there (asked once; a
 * request for another goods is dropped, being stale).
 * @internal
 */
export function takeFocusOnArrival(goodsId: number): boolean {
  const asked = focusOnArrival === goodsId;
  focusOnArrival = null;
  return asked;
}

/**
 * The chosen goods' history after hydration (the verdict by the price and the chart ask the same query):
 * `settled` once the answer is in, `history` null then for a server without the extension.
 */
export function usePriceHistory(goodsId: number): { history: PriceHistory | null; settled: boolean } {
  const hydrated = useHydrated();
  const { data, isPending } = useQuery({ ...priceHistoryQueryOptions(goodsId), enabled: hydrated });
  return { history: data ?? null, settled: hydrated && !isPending };
}

export function PriceHistorySlot({ goodsId }: { goodsId: number }) {
  const hydrated = useHydrated();
  const { history, settled } = usePriceHistory(goodsId);
  if (settled && !history) return null;
  return (
    <div className="price-history-slot" id={PRICE_HISTORY_ANCHOR}>
      {history ? (
        <Suspense fallback={skeleton}>
          <PriceHistorySection history={history} takeFocus={takeFocusOnArrival} />
        </Suspense>
      ) : hydrated ? (
        skeleton
      ) : null}
    </div>
  );
}
