/**
 * Where the game detail shows 价格走势 (issue 34): space reserved in the prerendered page, filled after hydration
 * by the lazily loaded section (./price-history.tsx), so nothing below it moves when it comes. A server without
 * the extension answers `null` (the endpoint's fallback): the slot, and its reserved space, go.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { priceHistoryQueryOptions } from '../../api/price-history';
import { useHydrated } from '../../shared/hydration';
import { LinesSkeleton } from '../../shared/ui/states';

const PriceHistorySection = lazy(() => import('./price-history'));

const skeleton = <LinesSkeleton label="价格走势" lines={6} />;

export function PriceHistorySlot({ goodsId }: { goodsId: number }) {
  const hydrated = useHydrated();
  const { data, isPending } = useQuery({ ...priceHistoryQueryOptions(goodsId), enabled: hydrated });
  if (hydrated && !isPending && !data) return null;
  return (
    <div className="price-history-slot">
      {hydrated && data ? (
        <Suspense fallback={skeleton}>
          <PriceHistorySection history={data} />
        </Suspense>
      ) : hydrated ? (
        skeleton
      ) : null}
    </div>
  );
}
