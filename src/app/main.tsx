/**
 * Start-up, in order (docs/prerendering.md, "When the app starts"; docs/architecture.md, "Start-up"): an
 * auto-login token leaves the URL, the simulated backend starts (mock mode only, loaded dynamically so live
 * builds carry no mock code), then
 *
 * - on a prerendered page: React hydrates the HTML with the code its first screen needs (React, the router,
 *   React Query and the page), while the store's flows (src/app/start-store.ts: XState, the machines, the
 *   HTTP client) download in a chunk of their own; they start in a task of their own after hydration, and
 *   the page is rendered again with the root actor;
 * - on any other page: its route, code and data load while the flows download; a visitor's public page is
 *   rendered for nobody at once, any other once the flows have started (then again with the root actor).
 *
 * Until the flows run, src/app/boot.js keeps every tap on the page and replays it once `__storeReady()` is
 * called: a prerendered page looks ready before it is, and no tap on it is lost.
 */
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './app';
import { keepArrival, recordPagesShown } from './navigation';
import { historyStore } from '../features/shell/history-store';
import { setBuildRedirects } from './route-middleware';
import { BUILD_ID, fetchBuildMeta } from '../features/shell/build-info';
import { createQueryClient } from './query-client';
import { PRERENDER_DATA_ID } from './prerender-data-id';
import { createAppRouter, type AppRouter } from './router';
import { takeAutoLoginParams } from '../features/session/link-params';
import { applyVisitIdentity } from './visit-identity';
import { config } from '../shared/env';
import { sessionUserId, type AppActor } from '../shared/app-actor';
import { mark, phase, yieldToMain } from '../shared/start-phases';
import { guardChunk } from '../shared/chunk-reload';
import { toast } from '../shared/toast';
import '../shared/styles.css';

/** Starts the simulated backend; `true` when this page is one of its own pages instead of the store. */
async function startMockBackend(): Promise<boolean> {
  // `import.meta.env.VITE_API_MODE` is replaced at build time, so in live builds this branch and its import vanish.
  if (import.meta.env.VITE_API_MODE === 'live') return false;
  const { startMockWorker, parseLatency, parseAutoEvents } = await import('../mock/browser');
  const backend = await startMockWorker({
    latency: parseLatency(config.mockLatency),
    baseUrl: config.apiBase,
    autoEvents: parseAutoEvents(config.mockAutoEvents),
  });
  // The simulated backend answers from here on (its worker controls the page before it has taken this page as
  // a client): what the journeys' control calls wait for (tests/e2e/support/fixtures.ts).
  mark('store:mock-backend-ready');
  // A page the simulated backend serves (the pay channel's H5 page, the pay link's page) is opened by a
  // navigation, which msw's worker leaves to the network: this page shows it instead of the store.
  if (!window.location.pathname.startsWith(`${config.apiBase}/`)) return false;
  const { showBackendPage } = await import('../mock/page-bridge');
  await showBackendPage(backend);
  return true;
}

async function start(): Promise<void> {
  // First of all: an auto-login token leaves the address bar (and history) before anything reads the URL.
  takeAutoLoginParams();
  // Before anything that may reload the page (a chunk that fails): the page a full page load left.
  const arrival = keepArrival();
  mark('store:entry-evaluated');
  if (await startMockBackend()) return;
  // Before the first call: every call carries the restored token, the channel and a stored bid, the page's
  // own calls made before the flows start included.
  const restoredSession = applyVisitIdentity(window.location.href);
  // React DOM is a chunk of its own, asked for now and evaluated in a task of its own when it arrives, not as
  // part of this module's evaluation: the start-up's first long task is then this module's graph alone
  // (bench/results/runs.md, "What the trace found").
  const reactDom = guardChunk(() => import('react-dom/client'))();
  reactDom.catch(() => undefined); // awaited where a root is made; a failure is the reload guard's
  // The build metadata's redirects (a static file): the router's first load of a page that is not
  // prerendered follows them; a prerendered page is the build's own path, which no redirect names.
  const buildRedirects = fetchBuildMeta(BUILD_ID)
    .then((meta) => setBuildRedirects(meta.redirects))
    .catch(() => undefined); // no metadata (e.g. an old build): no redirects
  // The flows' chunk downloads while the page hydrates; it runs after. A chunk that fails to load reloads the
  // page once (a new deploy renamed it); a second failure is `storeUnavailable()`'s.
  const storeCode = guardChunk(() => import('./start-store'))().then(({ startStore }) => {
    mark('store:flows-loaded');
    return startStore;
  });
  storeCode.catch(() => undefined); // awaited below, after the hydration: not an unhandled rejection meanwhile
  // The router's table and history are made in a task of their own, after the module's evaluation.
  await yieldToMain();
  const queryClient = createQueryClient();
  let actor: AppActor | null = null;
  // A prerendered page (its data block) is hydrated, and may have been scrolled before the app started: the
  // router's first render keeps that.
  const hasPrerenderData = document.getElementById(PRERENDER_DATA_ID) !== null;
  const router = createAppRouter(
    { queryClient, userId: () => (actor ? sessionUserId(actor.system) : null) },
    { keepFirstScroll: hasPrerenderData },
  );
  recordPagesShown(router, arrival);
  // The page's code is asked for now: a prerendered page's while the hydration's own code loads, another's while
  // the build's redirects load (the search page's chunk would otherwise wait for that file). A chunk's imports
  // load once it has arrived (no preload helper, decision 0024), so this keeps the page's code two round trips
  // after the entry, as before.
  preloadPageCode(router);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // React tells when it has committed: the first render for nobody (a hydration, or a visitor's page rendered
  // before the flows), then the render with the root actor.
  let committedForNobody: () => void = () => undefined;
  const firstCommit = new Promise<void>((resolve) => (committedForNobody = resolve));
  const onCommit = (committed: AppActor | null) => {
    if (!committed) committedForNobody();
    else {
      // The taps kept meanwhile (src/app/boot.js) are replayed now that every handler has its actor.
      mark('store:ready');
      (window as EarlyClicks).__storeReady?.();
    }
  };
  const app = (current: AppActor | null) => (
    <App router={router} queryClient={queryClient} actor={current} onCommit={onCommit} />
  );
  /** Renders the page from scratch for nobody (no root actor yet), and resolves with its root once committed. */
  const renderForNobody = async (): Promise<Root> => {
    const { createRoot } = await reactDom;
    (window as EarlyClicks).__appStarted = true;
    const root = createRoot(container);
    startTransition(() => root.render(app(null)));
    await firstCommit;
    return root;
  };
  // A prerendered page is hydrated by code loaded only then (docs/prerendering.md). The phase runs until the
  // hydration has committed: an update before that would make React throw the HTML away and render again.
  const prerendered = hasPrerenderData
    ? await phase('store:hydrate', async () => {
        const { hydratePrerendered } = await import('./prerendered');
        const outcome = await hydratePrerendered(app(null), container, router, queryClient, followEarlyNavigation);
        if (outcome && outcome !== 'left') await firstCommit;
        return outcome;
      })
    : null;
  if (prerendered === 'left') return;
  // Any other page (search, an account page): its route, its code and its data load while the flows' chunk
  // downloads (no waterfall of chunk, then data, then chunk). A public page (its route's `rendersForNobody`)
  // is rendered at once for a visitor, for nobody (which is what a visitor sees), so that its results show as
  // soon as the API answers. A restored session's page waits for the flows, so that a shopper never sees the
  // visitor's view of a page, and so does a page whose controls need the flows (an account page, a landing).
  let renderedForNobody: Root | null = null;
  if (!prerendered) {
    // The page's data is asked for now, beside the build's metadata rather than after it (a round trip less on a
    // phone's network before a search shows its results): the route's loaders only start queries, which the
    // router's load below finds in the cache. A page the metadata then redirects away from has cost a request.
    // `href` names the whole location; `to` is only what the type asks for (the href replaces it).
    void router.preloadRoute({ to: '.', href: router.state.location.href }).catch(() => undefined);
    await buildRedirects;
    await router.load().catch(() => undefined); // a failing loader is the page's to show once it renders
    const publicPage = router.state.matches.at(-1)?.staticData.rendersForNobody === true;
    if (publicPage && !restoredSession) renderedForNobody = await phase('store:render-for-nobody', renderForNobody);
  }
  let startStore: Awaited<typeof storeCode>;
  try {
    startStore = await storeCode;
  } catch (error) {
    if (!prerendered && !renderedForNobody) await renderForNobody();
    storeUnavailable(error);
    return;
  }
  actor = await phase('store:start-flows', () =>
    startStore({ router, queryClient, restoredSession, leaving: followEarlyNavigation }),
  );
  if (!actor) return;
  let root: Root;
  const shown = prerendered?.root ?? renderedForNobody;
  if (shown) {
    await yieldToMain();
    root = shown;
  } else {
    const { createRoot } = await reactDom;
    (window as EarlyClicks).__appStarted = true;
    root = createRoot(container);
  }
  // The page with the root actor: the account, dialogs and every control's handler, rendered in slices (a
  // transition) rather than one long task.
  mark('store:render-with-flows');
  startTransition(() => root.render(app(actor)));
  // The login and purchase flows are not needed to paint (docs/decisions/0006-lazy-flows.md): fetch
  // them once the page has loaded and the main thread is idle; a modal or 立即购买 asks for them sooner.
  afterLoadWhenIdle(() => {
    prerendered?.revalidate();
    actor?.send({ type: 'flows.load' });
    // The cart too (docs/cart.md, "What it costs"): its count in the header shows once it runs.
    actor?.send({ type: 'cart.load' });
  });
}

/** What src/app/boot.js shares with the app. */
interface EarlyClicks {
  __earlyNavigation?: string;
  __appStarted?: boolean;
  /** Replays the taps kept until now, and lets every later one through. */
  __storeReady?: () => void;
}

/** Said when the store's flows could not load even after a reload: the page can be read, not used. */
const STORE_LOAD_FAILED = '页面功能未能加载，请检查网络后刷新页面';

/**
 * The flows' chunk failed to load after the one reload guardChunk allows. The page is shown for nobody (a page
 * not yet shown has been rendered so), readable and its links followed by the router; the taps kept meanwhile
 * are replayed all the same (a tab, a link, a quantity act; what needs a flow does nothing), and a message
 * that stays says what to do.
 */
function storeUnavailable(error: unknown): void {
  console.error('[start] the store could not start', error);
  (window as EarlyClicks).__storeReady?.();
  toast.error(STORE_LOAD_FAILED, 0);
}

/**
 * Follows a link the shopper took on the prerendered page before the app could (src/app/boot.js):
 * the router's history writes make the browser drop such a navigation. Returns whether it did.
 */
function followEarlyNavigation(): boolean {
  const early = (window as EarlyClicks).__earlyNavigation;
  if (!early) return false;
  // The next document learns from the note which page the tap was made on, whatever its referrer and history
  // entry say (`pageLeft`).
  historyStore.noteLeaving({ from: `${window.location.pathname}${window.location.search}`, to: early });
  window.location.assign(early);
  return true;
}

/**
 * Starts loading the code of the page the address bar shows: each matched route's lazy component
 * (`lazyPage().preload`, what the router itself calls on intent) and the lazy parts its HTML shows (a route's
 * `beforeHydrate`). Nothing runs; a route redirected away from has only cost a download.
 */
function preloadPageCode(router: AppRouter): void {
  const { pathname, search } = router.state.location;
  for (const match of router.matchRoutes(pathname, search)) {
    const route = (router.routesById as Record<string, { options: { component?: unknown } } | undefined>)[
      match.routeId
    ];
    const component = route?.options.component as { preload?: () => Promise<void> } | undefined;
    void component?.preload?.().catch(() => undefined);
    void match.staticData.beforeHydrate?.().catch(() => undefined);
  }
}

function afterLoadWhenIdle(task: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(() => task(), { timeout: 3000 })
      : window.setTimeout(task, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

void start();
