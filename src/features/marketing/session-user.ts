import type { AppActor } from '../../shared/app-actor';
/**
 * The logged-in user's id as the root actor system knows it. The session
 * child (systemId `session`) owns the user; marketing code only reads it.
 * Until a session child exists every visitor counts as anonymous.
 */

type SessionLike = { getSnapshot(): { context?: { user?: { userId?: unknown } | null } } };

/** The session's user id (null when anonymous or when there is no session child). */
function currentUserId(actor: Pick<AppActor, 'system'>): number | null {
  const session = actor.system.get('session') as SessionLike | undefined;
  const userId = session?.getSnapshot().context?.user?.userId;
  return typeof userId === 'number' ? userId : null;
}

/**
 * Calls `listener` with the user id now (only when logged in) and whenever it
 * changes. The root actor emits a snapshot for every event it handles, and
 * the session announces logins and logouts to it (`session.changed`), so a
 * change is seen right after it happens.
 */
export function watchUserId(actor: Pick<AppActor, 'system' | 'subscribe'>, listener: (userId: number | null) => void): () => void {
  let last = currentUserId(actor);
  if (last !== null) listener(last);
  const subscription = actor.subscribe(() => {
    const next = currentUserId(actor);
    if (next === last) return;
    last = next;
    listener(next);
  });
  return () => subscription.unsubscribe();
}
