/**
 * What the account routes (`/orderDateil`, `/setting?type=0`) load. Who is logged in belongs to the
 * session machine: the loaders read it from the root actor in the router context (`sessionUserId`
 * of src/shared/app-actor.ts), and start the queries under that user's keys (the same keys the pages read), so
 * the page's code and its data arrive together. Anonymous: nothing to load, the page asks the visitor to log in.
 *
 * The order queries stay out of the entry chunk (dynamic import), and the loaders do not wait for
 * them: the page shows its own skeleton.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isAccountScoped } from '../api/account-scope';
import { sessionUserId, type AppActor, type SessionActor } from '../shared/app-actor';

const orderQueries = () => import('../features/buying/queries');

export function prefetchOrder(queryClient: QueryClient, userId: number | null, orderId: string): void {
  if (userId === null || !orderId) return;
  void orderQueries()
    .then(({ orderDetailQuery }) => queryClient.prefetchQuery(orderDetailQuery(userId, orderId)))
    .catch(() => undefined); // the page loads it itself (and reports a failure)
}

export function prefetchOrderList(queryClient: QueryClient, userId: number | null, page: number, status: string | undefined): void {
  if (userId === null) return;
  void orderQueries()
    .then(({ orderListQuery, orderStatusOf }) => queryClient.prefetchQuery(orderListQuery(userId, page, orderStatusOf(status))))
    .catch(() => undefined);
}

/**
 * Drops every account-scoped answer (`ACCOUNT_SCOPED` in src/api/account-scope.ts) whenever the
 * session's user changes — a login, a logout, an expiry, another tab, an auto-login — so the next
 * shopper in this tab never sees (nor orders with) the previous one's coupons, orders or bindings.
 * Call after `actor.start()`; returns the unsubscribe.
 */
export function installAccountScope(actor: AppActor, queryClient: QueryClient): () => void {
  const session = actor.system.get('session') as SessionActor | undefined;
  if (!session) throw new Error('installAccountScope() needs a started root actor');
  let current = sessionUserId(actor.system);
  const subscription = session.subscribe(() => {
    const next = sessionUserId(actor.system);
    if (next === current) return;
    current = next;
    queryClient.removeQueries({ predicate: (query) => isAccountScoped(query.meta) });
  });
  return () => subscription.unsubscribe();
}
