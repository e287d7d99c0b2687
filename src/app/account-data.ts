/**
 * The account scope of the query cache: the composition root's wiring between the session machine (who is
 * logged in) and React Query (whose answers are kept). What the account routes load is buying's
 * (src/features/buying/route-data.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { isAccountScoped } from '../api/account-scope';
import { sessionUserId, type AppActor, type SessionActor } from '../shared/app-actor';

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
