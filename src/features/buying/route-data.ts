/**
 * What buying's account routes load (`/orderDateil`, and the order list `/setting?type=0` shows). Who is
 * logged in belongs to the session machine: the router passes its user id (the router context's `userId()`),
 * and the loaders start the queries under that user's keys (the same keys the pages read), so the page's code
 * and its data arrive together. Anonymous: nothing to load, the page asks the visitor to log in.
 *
 * The order queries stay out of the entry chunk (dynamic import), and the loaders do not wait for
 * them: the page shows its own skeleton.
 */
import type { QueryClient } from '@tanstack/react-query';

const orderQueries = () => import('./queries');

export function prefetchOrder(queryClient: QueryClient, userId: number | null, orderId: string): void {
  if (userId === null || !orderId) return;
  void orderQueries()
    .then(({ orderDetailQuery }) => queryClient.prefetchQuery(orderDetailQuery(userId, orderId)))
    .catch(() => undefined); // the page loads it itself (and reports a failure)
}

export function prefetchOrderList(
  queryClient: QueryClient,
  userId: number | null,
  page: number,
  status: string | undefined,
): void {
  if (userId === null) return;
  void orderQueries()
    .then(({ orderListQuery, orderStatusOf }) =>
      queryClient.prefetchQuery(orderListQuery(userId, page, orderStatusOf(status))),
    )
    .catch(() => undefined);
}
