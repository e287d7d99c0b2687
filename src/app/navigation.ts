/**
 * Wires router events to the rest of the app: every resolved navigation is
 * recorded in the history store and announced to whoever counts page views
 * (from the router's first load on), and, once the store's flows run, every
 * navigation is offered to the build-poll machine (a stale build turns it into
 * a full page load).
 */
import type { AppRouter } from './router';
import { historyStore } from '../features/shell/history-store';
import { announcePageShown } from '../features/shell/page-shown';
import type { AppActor } from '../shared/app-actor';

/** Records every page the router shows (install before its first load, so the landing page counts). */
export function recordPagesShown(router: AppRouter): () => void {
  return router.subscribe('onResolved', (event) => {
    const { pathname, href, search } = event.toLocation;
    historyStore.visit({ pathname, search: search as Record<string, unknown> });
    announcePageShown({ pathname, href });
  });
}

/** Offers every navigation to the root actor (its build-poll child); install before `actor.start()`. */
export function installNavigationHooks(router: AppRouter, actor: AppActor): () => void {
  return router.subscribe('onBeforeNavigate', (event) => {
    if (event.fromLocation && event.hrefChanged) actor.send({ type: 'navigation.requested', to: event.toLocation.href });
  });
}

/** Tells the root actor when the browser goes offline or comes back (polling pauses meanwhile). */
export function installConnectivityEvents(actor: AppActor, target: Window = window): () => void {
  const offline = () => actor.send({ type: 'app.offline' });
  const online = () => actor.send({ type: 'app.online' });
  target.addEventListener('offline', offline);
  target.addEventListener('online', online);
  if (target.navigator.onLine === false) offline();
  return () => {
    target.removeEventListener('offline', offline);
    target.removeEventListener('online', online);
  };
}
