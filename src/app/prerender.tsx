/**
 * Build-time rendering of one public page (docs/prerendering.md): the same
 * router, query client, root actor and components as the browser, with the
 * page's data loaded by its route loaders, rendered to HTML by React's static
 * renderer (which waits for every lazy part). scripts/vite-prerender.ts runs
 * it in Node, in a DOM emulator (jsdom) whose requests reach the simulated
 * backend (mock builds) or `PRERENDER_API_URL` (live builds).
 *
 * The page is rendered for nobody: no stored session, no auto-login link, no
 * daily popup, no build checks. What depends on the visitor renders after
 * hydration (src/shared/hydration.ts).
 */
import { dehydrate, onlineManager, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { bannersQueryOptions, platesQueryOptions, ranksQueryOptions } from '../api/games';
import { newGamesQueryOptions } from '../features/catalog/route-data';
import { headTags, resolvePageHead, type HeadTag } from '../features/shell/route-head';
import type { PageHead } from '../features/shell/page-head';
import { listenToBuildRender } from '../shared/build-render';
import type { RouteMeta } from '../features/shell/route-meta';
import { config } from '../shared/env';
import { App } from './app';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export interface PrerenderedPage {
  /** the path and query rendered, as the browser will compare it (`location.pathname + location.search`) */
  url: string;
  /** 200, or 404 for a page the router did not find (not written as a page) */
  status: number;
  /** what goes inside `<div id="root">` */
  html: string;
  /** the title and head elements, as the browser writes them (route-head.ts) */
  head: { title: string; tags: HeadTag[] };
  /** the query cache the page was rendered from (the client hydrates from it); none for a shell */
  state?: DehydratedState;
  /** what failed while rendering it (query keys; a route that failed to load): the page is not to be written */
  failed: string[];
  /** the first banner's image on the home page, preloaded */
  preloadImage: string | undefined;
  /**
   * The page's views named by a query that are landing pages of their own, as paths with their query: a game
   * detail's goods (`?goods=12`, each offer's URL in the head's JSON-LD, where search engines and shared links
   * lead). Prerendered too, so that such a landing hydrates instead of rendering over another URL's HTML.
   */
  views: string[];
}

/** The paths of the offers' URLs in a page's JSON-LD (`gameHead` in src/features/catalog/game-head.ts). */
function offerViews(jsonLd: Record<string, unknown> | undefined): string[] {
  const offers = Array.isArray(jsonLd?.offers) ? (jsonLd.offers as { url?: unknown }[]) : [];
  return offers.flatMap((offer) => {
    if (typeof offer.url !== 'string') return [];
    const url = new URL(offer.url);
    return [`${url.pathname}${url.search}`];
  });
}

async function toText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * The store's query client for a build-time render, which is thrown away after one page: no query is ever
 * collected, so no collection timer (ten minutes) keeps the build's process alive, whatever a lazy loader
 * asks for after the page is done.
 */
function buildQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, gcTime: Number.POSITIVE_INFINITY } });
  return queryClient;
}

/**
 * The app for one URL, for nobody: its own router (memory history) and query client, and no root actor, as in
 * the browser's first render of a prerendered page (the store's flows start after it hydrates).
 */
function pageApp(url: string, origin: string) {
  const queryClient = buildQueryClient();
  // No scroll restoration: in Node the router counts as a server and would write its restoring script into the
  // page, which the page's Content-Security-Policy refuses (the browser's router restores scroll itself).
  const router = createAppRouter(
    { queryClient, userId: () => null },
    { history: createMemoryHistory({ initialEntries: [url] }), scrollRestoration: false },
  );
  // What the page says of its own head as it renders (no effect runs here: its usePageHead() calls), and the
  // calls that answered their fallback after failing (an empty list for a page that has things to show).
  let pageHead: PageHead = {};
  const fellBack: string[] = [];
  const stopListening = listenToBuildRender({
    origin,
    pageHead: (head) => (pageHead = head as PageHead),
    fallback: (endpoint, message) => fellBack.push(`${endpoint} (${message})`),
  });
  const app = <App router={router} queryClient={queryClient} actor={null} />;
  /** What the page is, once rendered: its URL, status, head and route. */
  const describe = () => {
    const { matches, location } = router.state;
    const meta = matches.reduce<RouteMeta | undefined>((found, match) => match.staticData.meta ?? found, undefined);
    const head = resolvePageHead(meta, { origin, pathname: location.pathname, search: location.searchStr }, pageHead);
    return {
      url: `${location.pathname}${location.searchStr}`,
      status: matches.some((match) => match.status === 'notFound') ? 404 : 200,
      head: { title: head.title, tags: headTags(head) },
      views: offerViews(head.jsonLd),
      meta,
    };
  };
  const close = () => {
    stopListening();
    queryClient.clear();
  };
  return { queryClient, router, app, describe, fellBack, close };
}

/** Renders `url` (a path with its query) with its data; `origin` is the site's, for the head's absolute URLs. */
export async function prerenderPage(url: string, origin: string): Promise<PrerenderedPage> {
  const { queryClient, router, app, describe, fellBack, close } = pageApp(url, origin);
  try {
    await router.load();
    // The loaders start most queries without waiting (in the browser each section shows its skeleton): here
    // the page is rendered once all of them have answered.
    await settled(queryClient);
    const html = await renderWithData(app, queryClient);
    const { meta, ...page } = describe();
    const banners = queryClient.getQueryData(bannersQueryOptions().queryKey);
    // A failed query is not in the dehydrated state (only answers are): the cache and the router say what failed.
    const failed = [
      ...queryClient
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.status === 'error' })
        .map((query) => JSON.stringify(query.queryKey)),
      ...router.state.matches.filter((match) => match.status === 'error').map((match) => `the route ${match.routeId}`),
      ...fellBack,
    ];
    return {
      ...page,
      html,
      state: dehydrate(queryClient),
      failed,
      preloadImage: meta?.name === 'index' ? banners?.[0]?.image : undefined,
    };
  } finally {
    close();
  }
}

/** How long a shell waits for its route (a game detail's loader waits for its game, which never comes here). */
const SHELL_ROUTE_WAIT_MS = 200;
/** How long a shell's render may take: what still waits then shows its fallback. */
const SHELL_RENDER_MS = 5_000;

/**
 * Renders `url` with no data: the page as it shows while its data loads (header, footer, each section's
 * skeleton at its size). Nothing is asked of any server: React Query counts as offline for the render, so
 * every query waits, paused. A live build without a server to read from ships these, and a page whose data
 * failed at build time falls back to its own. It carries no data, so the client renders over it instead of
 * hydrating it.
 */
export async function prerenderShell(url: string, origin: string): Promise<PrerenderedPage> {
  const online = onlineManager.isOnline();
  onlineManager.setOnline(false);
  const { router, app, describe, close } = pageApp(url, origin);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('shell render timed out')), SHELL_RENDER_MS);
  try {
    await Promise.race([router.load(), new Promise((resolve) => setTimeout(resolve, SHELL_ROUTE_WAIT_MS))]);
    const html = await toText(
      (await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY, signal: abort.signal })).prelude,
    );
    const { meta: _meta, ...page } = describe();
    return { ...page, status: 200, html, failed: [], preloadImage: undefined };
  } finally {
    clearTimeout(timer);
    close();
    onlineManager.setOnline(online);
  }
}

/**
 * Renders until the HTML holds every query the page asks for. A pass loads what the page renders lazily (it
 * suspends, and React would write the parts that came later with inline scripts to move them in) and
 * registers the queries its components ask for that no loader started (a server render does not fetch
 * them); those are fetched, unless disabled (an account's coupons for nobody), and the page rendered again,
 * until a pass finds everything loaded and is plain HTML.
 */
async function renderWithData(app: ReactElement, queryClient: QueryClient): Promise<string> {
  // No chunk limit: React otherwise moves a large finished part (the home's side column) out of place and puts
  // it back with an inline script, which the page's Content-Security-Policy refuses.
  const options = { progressiveChunkSize: Number.POSITIVE_INFINITY };
  let html = await toText((await prerender(app, options)).prelude);
  for (let pass = 0; pass < 4; pass += 1) {
    const missing = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' })
      .filter((query) => {
        const { enabled } = query.options as { enabled?: boolean | ((q: typeof query) => boolean) };
        return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
      });
    await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
    const next = await toText((await prerender(app, options)).prelude);
    if (missing.length === 0 && next === html) return next;
    html = next;
  }
  return html;
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once no query has been fetching for a few turns (some start after a dynamic import). */
async function settled(queryClient: QueryClient): Promise<void> {
  for (let quiet = 0; quiet < 3; ) {
    await tick(5);
    quiet = queryClient.isFetching() === 0 ? quiet + 1 : 0;
  }
}

/**
 * The game details to prerender: the games the home page and /new link to, the home's rankings first (the
 * seed's order), then its plates, then /new; each once, at most `max`.
 */
export async function gamePaths(max: number): Promise<string[]> {
  const queryClient = buildQueryClient();
  try {
    const [ranks, plates, newGames] = await Promise.all([
      queryClient.fetchQuery(ranksQueryOptions()),
      queryClient.fetchQuery(platesQueryOptions()),
      queryClient.fetchQuery(newGamesQueryOptions()),
    ]);
    const ids = [
      ...ranks.flatMap((rank) => rank.games),
      ...plates.flatMap((plate) => plate.games),
      ...newGames.released,
      ...newGames.upcoming,
    ].map((game) => game.gameId);
    return [...new Set(ids)].slice(0, max).map((id) => `/gameDetail/${id}`);
  } finally {
    queryClient.clear();
  }
}

/** The simulated backend in this process (mock builds): what stops it, and the prefix of every URL it answers. */
export interface SimulatedBackend {
  stop: () => void;
  /**
   * the absolute prefix its handlers answer (`http://localhost/webapi/`): the images under it that a page loads are
   * written as files (scripts/lib/prerender-images.ts)
   */
  apiPrefix: string;
}

/** The simulated backend in this process, answering the emulated page's requests as the browser's worker does (mock builds). */
export async function startSimulatedBackend(): Promise<SimulatedBackend> {
  const [{ setupServer }, { createBackend }, { apiPrefix, createMswHandlers }] = await Promise.all([
    import('msw/node'),
    import('../mock/backend'),
    import('../mock/msw-handlers'),
  ]);
  // The same world the browser's worker starts from (src/mock/browser.ts): its seed, its public base.
  const backend = createBackend({
    latencyMs: 0,
    publicBase: config.apiBase,
    seedVariant: import.meta.env.VITE_MOCK_SEED === 'hostile' ? 'hostile' : 'default',
  });
  const server = setupServer(...createMswHandlers(backend, config.apiBase));
  server.listen({ onUnhandledRequest: 'bypass' });
  return { stop: () => server.close(), apiPrefix: apiPrefix(config.apiBase, window.location.href) };
}

/** Every path the router has a route for (`/gameDetail/$id` with its parameter), for the server's config (scripts/lib/nginx-build-conf.ts). */
export function routePaths(): string[] {
  const router = createAppRouter(
    { queryClient: buildQueryClient(), userId: () => null },
    { history: createMemoryHistory({ initialEntries: ['/'] }), scrollRestoration: false },
  );
  return Object.keys(router.routesByPath).filter((path) => path.startsWith('/'));
}
