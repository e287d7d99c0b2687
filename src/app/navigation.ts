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
  // Recorded: a later reload of this page is not a way back to it.
  historyStore.takeLeaving();
  return router.subscribe('onResolved', (event) => {
    const { pathname, href, search } = event.toLocation;
    historyStore.visit({ pathname, search: search as Record<string, unknown> });
    announcePageShown({ pathname, href });
  });
}

/** The pages of the simulated backend or an API server on the store's origin (a pay channel's H5 page) are not the store's. */
const isStorePage = (pathname: string): boolean => !pathname.startsWith(`${config.apiBase}/`);

/**
 * First thing at start: how this document was reached. The page it left stays noted until `recordPagesShown`
 * records it, so that a reload before then (a chunk that failed to load, src/shared/chunk-reload.ts) keeps it.
 */
export function keepArrival(): Arrival {
  const arrival = readArrival();
  const left = pageLeft(arrival, isStorePage);
  if (left) historyStore.noteLeaving({ from: `${left.pathname}${left.search}`, to: arrival.href });
  return arrival;
}

/** How the browser says this document was reached. */
function readArrival(): Arrival {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return {
    referrer: document.referrer,
    href: window.location.href,
    type: entry?.type ?? null,
    historyLength: window.history.length,
    leaving: historyStore.takeLeaving(),
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
