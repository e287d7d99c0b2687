/**
 * The client's side of prerendering (docs/prerendering.md): a prerendered
 * page carries the query cache it was rendered from in a JSON block
 * (`#prerender-data`, written by scripts/lib/prerender-html.ts). When that
 * page is the one the address bar shows, the cache starts from it and React
 * hydrates the HTML; otherwise (a query the file was not rendered for, say
 * /help?q=退款 served /help's file) the page renders as a client-rendered
 * page does, over the HTML, which stays on screen until then. A page
 * prerendered without data (a shell: no data block) is rendered over by the
 * client.
 */
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { startTransition, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { AppRouter } from './router';
import { PRERENDER_DATA_ID } from './prerender-data-id';
import { pageUrlKey } from './prerender-url';

interface PrerenderData {
  url: string;
  state: DehydratedState;
}

/**
 * Reads (and removes) the page's prerendered data. Returns the keys it filled when the cache starts from it
 * (the page hydrates), or null (render from scratch, over the prerendered HTML).
 */
function startFromPrerender(queryClient: QueryClient): string[] | null {
  const block = document.getElementById(PRERENDER_DATA_ID);
  if (!block) return null;
  block.remove();
  let data: PrerenderData | undefined;
  try {
    data = JSON.parse(block.textContent ?? '') as PrerenderData;
  } catch {
    data = undefined;
  }
  // The HTML of another address stays on screen until the page's first render replaces it (React clears a
  // container it did not render at its first commit): no blank page meanwhile, and a tap on it is kept and
  // replayed on its twin in the new page (src/app/boot.js).
  if (!data || pageUrlKey(data.url) !== pageUrlKey(`${window.location.pathname}${window.location.search}`)) return null;
  hydrate(queryClient, data.state);
  // Nothing counts as stale until the page has hydrated: the route loaders that run first keep this data, so
  // the first render is the HTML's (what a page shows may depend on when its data was fetched: "3分钟前").
  // `revalidatePrerendered` puts the store's freshness back and asks the server again.
  const defaults = queryClient.getDefaultOptions();
  storeDefaults = defaults;
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, staleTime: Number.POSITIVE_INFINITY } });
  return data.state.queries.map((query) => query.queryHash);
}

let storeDefaults: ReturnType<QueryClient['getDefaultOptions']> | undefined;

/** After hydration: the prerendered answers are the build's; the ones on screen are fetched again. */
function revalidatePrerendered(queryClient: QueryClient, hashes: readonly string[]): void {
  if (storeDefaults) queryClient.setDefaultOptions(storeDefaults);
  const prerendered = new Set(hashes);
  void queryClient.invalidateQueries({ predicate: (query) => prerendered.has(query.queryHash) });
}

/**
 * Hydrates `app` over the prerendered page when its data is for this URL: the route and its code are loaded
 * first, so that the first render is the HTML's, then React takes the HTML over instead of painting it again
 * (a mismatch is logged as `[hydration] …`, which the journeys fail on). Returns the React root and what to call once the page is
 * idle (the prerendered data fetched again), `'left'` when a link taken meanwhile is being followed, or null:
 * the page is to be rendered from scratch.
 */
export async function hydratePrerendered(
  app: ReactElement,
  container: HTMLElement,
  router: AppRouter,
  queryClient: QueryClient,
  followEarlyNavigation: () => boolean,
): Promise<{ root: Root; revalidate: () => void } | 'left' | null> {
  const hashes = startFromPrerender(queryClient);
  if (!hashes) return null;
  await router.load();
  // Lazy parts of the page shown in its HTML (a route's `beforeHydrate`): loaded now, so they hydrate with it.
  await Promise.all(router.state.matches.map((match) => match.staticData.beforeHydrate?.().catch(() => undefined)));
  // Until React holds the page, a link is followed by the browser, and the router's history writes drop it:
  // one taken meanwhile is followed here instead (src/app/boot.js stops recording once React has it).
  if (followEarlyNavigation()) return 'left';
  (window as { __appStarted?: boolean }).__appStarted = true;
  // In a transition: React hydrates in slices of a few milliseconds and gives the main thread back between
  // them, instead of one long task for the whole page (taps meanwhile are kept by src/app/boot.js).
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app, { onRecoverableError: (error) => console.error('[hydration]', error) });
  });
  if (!root) throw new Error('hydrateRoot returned no root');
  return { root, revalidate: () => revalidatePrerendered(queryClient, hashes) };
}
