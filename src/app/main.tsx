/**
 * Start-up, in order: an auto-login token leaves the URL, the simulated
 * backend (mock mode only, loaded dynamically so live builds carry no mock
 * code), build metadata, the one root actor — whose start-up region restores
 * the session and its request token, then sets the channel and sends the
 * attribution, then exchanges the link's token, schedules the checks and
 * offers the daily popup (docs/architecture.md, "Start-up") — the router and
 * the third-party adapters, then the first render.
 */
import { createRoot } from 'react-dom/client';
import { installAccountScope } from './account-data';
import { App } from './app';
import { BUILD_ID, fetchBuildMeta, fetchLatestBuild } from '../features/shell/build-info';
import { loadInspector } from './inspector';
import { installConnectivityEvents, installNavigationHooks } from './navigation';
import { toast } from '../shared/toast';
import { createQueryClient } from './query-client';
import { PRERENDER_DATA_ID } from './prerender-data-id';
import { createRootActor } from './root-actor';
import { setBuildRedirects } from './route-middleware';
import { createAppRouter } from './router';
import { installSessionBridge, readStoredAutoLogin, takeAutoLoginParams } from '../features/session/session-bridge';
import { loadPersistedSession } from '../features/session/session-effects';
import { config } from '../shared/env';
import { startMarketing } from '../features/marketing/start';
import { loadModal } from './modal-registry';
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
  if (await startMockBackend()) return;
  // The third-party adapters' code only when one is configured, fetched while the build metadata loads
  // (if it fails to load, the store runs without them).
  const integrations =
    config.analyticsScriptUrl || config.adScriptUrl || config.sentryDsn ? import('../features/marketing/integrations').catch(() => undefined) : undefined;
  // The user of an earlier visit (validated; a corrupt value is dropped quietly).
  const restoredSession = loadPersistedSession();
  const [inspect, adapters, paymentReturn] = await Promise.all([
    loadInspector(),
    integrations,
    // Back from a pay app's H5 page, or a reload while its payment is awaited: that payment resumes. The
    // module is loaded beside the build metadata instead of sitting in the entry chunk (a first visit never needs it).
    import('../features/buying/pay-return')
      .then(({ takePaymentReturn }) => takePaymentReturn(restoredSession?.user.userId ?? null))
      .catch(() => null),
    fetchBuildMeta(BUILD_ID)
      .then((meta) => setBuildRedirects(meta.redirects))
      .catch(() => undefined), // no metadata (e.g. an old build): no redirects
  ]);
  // A link followed on the prerendered page while the app was loading: the router's start would make the
  // browser drop that navigation (public/boot.js), so the app follows it instead of starting here.
  if (followEarlyNavigation()) return;
  const queryClient = createQueryClient();
  const actor = createRootActor({
    build: {
      id: BUILD_ID,
      fetchLatest: () => fetchLatestBuild(),
      reloadPage: (to) => window.location.assign(to),
      pollIntervalMs: config.buildPollIntervalMs,
    },
    modals: { load: loadModal },
    start: {
      restoredSession,
      paymentReturn,
      // The auto-login link's token, moved off the URL above; the start-up exchanges it once the headers are set.
      linkToken: readStoredAutoLogin(),
      // Start-up step after the session restore: the channel header, a stored bid, the landing's attribution.
      startAttribution: () => startMarketing({ href: window.location.href }),
      // No daily coupon popup over the demo console. (Over an auto-login confirmation it waits: a promo
      // never opens over another dialog, docs/decisions/0011-modal-priorities.md.)
      couponPopupEnabled: !window.location.pathname.startsWith('/demo'),
    },
    reportFlowsFailure: (_error, lostPurchase) => {
      if (lostPurchase) toast.error('加载失败，请检查网络后重试');
    },
    inspect,
    // No `testing`: every test-only hook keeps the browser's default here.
  });
  // A prerendered page (its data block) is hydrated, and may have been scrolled before the app started: the
  // router's first render keeps that.
  const hasPrerenderData = document.getElementById(PRERENDER_DATA_ID) !== null;
  const router = createAppRouter({ queryClient, actor }, { keepFirstScroll: hasPrerenderData });
  installNavigationHooks(router, actor);
  actor.start();
  // After start (the restored user is known) and before the first render (the landing page view is heard).
  adapters?.startIntegrations({
    router,
    actor,
    analyticsScriptUrl: config.analyticsScriptUrl,
    adScriptUrl: config.adScriptUrl,
    sentryDsn: config.sentryDsn,
    release: BUILD_ID,
    environment: config.apiMode,
  });
  installSessionBridge(actor);
  // Nothing of one account reaches the next: its server answers go when the account changes.
  installAccountScope(actor, queryClient);
  installConnectivityEvents(actor);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = <App router={router} queryClient={queryClient} actor={actor} />;
  // A prerendered page (its data block) is hydrated by code loaded only then (docs/prerendering.md); any other
  // page renders from scratch.
  const prerendered = hasPrerenderData
    ? await import('./prerendered').then(({ hydratePrerendered }) => hydratePrerendered(app, container, router, queryClient, followEarlyNavigation))
    : null;
  if (prerendered === 'left') return;
  if (!prerendered) {
    (window as EarlyClicks).__appStarted = true;
    createRoot(container).render(app);
  }
  // The login and purchase flows are not needed to paint (docs/decisions/0006-lazy-flows.md): fetch
  // them once the page has loaded and the main thread is idle; a modal or 立即购买 asks for them sooner.
  afterLoadWhenIdle(() => {
    prerendered?.revalidate();
    actor.send({ type: 'flows.load' });
  });
}

/** What public/boot.js shares with the app. */
interface EarlyClicks {
  __earlyNavigation?: string;
  __appStarted?: boolean;
}

/**
 * Follows a link the shopper took on the prerendered page before the app could (public/boot.js):
 * the router's history writes make the browser drop such a navigation. Returns whether it did.
 */
function followEarlyNavigation(): boolean {
  const early = (window as EarlyClicks).__earlyNavigation;
  if (!early) return false;
  window.location.assign(early);
  return true;
}

function afterLoadWhenIdle(task: () => void): void {
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => task(), { timeout: 3000 }) : window.setTimeout(task, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

void start();
