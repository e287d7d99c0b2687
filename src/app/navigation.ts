/**
 * Wires router events to the rest of the app: every resolved navigation is
 * recorded in the history store (after the page a full page load left, when
 * the app never got to record it) and announced to whoever counts page views
 * (from the router's first load on), and, once the store's flows run, every
 * navigation is offered to the build-poll machine (a stale build turns it into
 * a full page load).
 */
import type { AppRouter } from './router';
import { historyStore, pageLeft, type Arrival } from '../features/shell/history-store';
import { announcePageShown } from '../features/shell/page-shown';
import type { AppActor } from '../shared/app-actor';
import { config } from '../shared/env';

/**
 * Records every page the router shows (install before its first load, so the landing page counts), after the
 * store page a full page load left, when a tap made before the app ran caused it (`pageLeft`): 返回 then goes
 * where the browser's back goes.
 */
export function recordPagesShown(router: AppRouter, arrival: Arrival = readArrival()): () => void {
  const left = pageLeft(arrival, isStorePage);
  if (left) historyStore.arrive({ pathname: left.pathname, search: router.options.parseSearch(left.search) });
  return router.subscribe('onResolved', (event) => {
    const { pathname, href, search } = event.toLocation;
    historyStore.visit({ pathname, search: search as Record<string, unknown> });
    announcePageShown({ pathname, href });
  });
}

/** The pages of the simulated backend or an API server on the store's origin (a pay channel's H5 page) are not the store's. */
const isStorePage = (pathname: string): boolean => !pathname.startsWith(`${config.apiBase}/`);

/** How the browser says this document was reached. */
function readArrival(): Arrival {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return {
    referrer: document.referrer,
    href: window.location.href,
    type: entry?.type ?? null,
    historyLength: window.history.length,
  };
}

/** Offers every navigation to the root actor (its build-poll child); install before `actor.start()`. */
export function installNavigationHooks(router: AppRouter, actor: AppActor): () => void {
  return router.subscribe('onBeforeNavigate', (event) => {
    if (event.fromLocation && event.hrefChanged)
      actor.send({ type: 'navigation.requested', to: event.toLocation.href });
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
