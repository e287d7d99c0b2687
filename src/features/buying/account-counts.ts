/**
 * Buying's counts for the personal centre's overview (src/features/session/setting-page.tsx): 待支付, the orders
 * waiting for payment, and 激活码, the keys the account bought. Each reads the same query as its tab (the orders
 * list filtered by 待支付, first page: its `total`; the keys' list), so the overview and the tab never disagree
 * and the tab opens on data already read. Undefined until known.
 */
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../shared/app-actor';
import { orderKeysQuery, orderListQuery } from './queries';

export function usePendingOrderCount(): number | undefined {
  const user = useCurrentUser();
  return useQuery({ ...orderListQuery(user?.userId ?? 0, 1, 'unpaid'), enabled: user !== null }).data?.total;
}

export function useKeyCount(): number | undefined {
  const user = useCurrentUser();
  return useQuery({ ...orderKeysQuery(user?.userId ?? 0), enabled: user !== null }).data?.reduce(
    (n, order) => n + order.cdks.length,
    0,
  );
}
