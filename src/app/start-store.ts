/**
 * The store's flows, loaded by src/app/main.tsx in a chunk of their own: XState and the machines, the root
 * actor with its effects (and through them the HTTP client), the session's restore, the pay-app return and
 * the third-party adapters. A prerendered page hydrates before this chunk has run
 * (docs/prerendering.md, "When the app starts"); every other page waits for it before its first render.
 *
 * `startStore()` runs the start-up of docs/architecture.md ("Start-up") in order: the session persisted by an
 * earlier visit and the pay app's return, then the one root actor —
 * whose start-up region restores the session and its request token, sets the channel and sends the
 * attribution, exchanges the link's token, schedules the checks and offers the daily popup — wired to the
 * router, the adapters and the browser.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PersistedSession } from '../../machines/session.machine';
import { installAccountScope } from './account-data';
import { BUILD_ID, fetchLatestBuild } from '../features/shell/build-info';
import { loadInspector } from './inspector';
import { installConnectivityEvents, installNavigationHooks } from './navigation';
import { toast } from '../shared/toast';
import { createRootActor, FLOWS_LOAD_FAILED } from './root-actor';
import type { AppRouter } from './router';
import { installSessionBridge, readStoredAutoLogin } from '../features/session/session-bridge';
import { config } from '../shared/env';
import { startMarketing } from '../features/marketing/start';
import { installRecentViewsJoin } from '../features/catalog/recent-views-join';
import { installWishlistSync } from '../features/wishlist/wishlist-store';
import { loadModal } from './modal-registry';
import type { AppActor } from '../shared/app-actor';
import { loadModalHost } from './root-shell';

interface StartStoreOptions {
  router: AppRouter;
  queryClient: QueryClient;
  /** The session an earlier visit stored, as the entry read it (./visit-identity.ts). */
  restoredSession: PersistedSession | null;
  /** Whether a link taken meanwhile is being followed instead (src/app/boot.js): the store then does not start. */
  leaving: () => boolean;
}

/** Starts the root actor and wires it; null when the page is being left for a link taken meanwhile. */
export async function startStore({
  router,
  queryClient,
  restoredSession,
  leaving,
}: StartStoreOptions): Promise<AppActor | null> {
  // The dialogs' host renders with the actor: its code comes now, beside the pay return's.
  void loadModalHost();
  // The third-party adapters' code only when one is configured, fetched while the pay return is read
  // (if it fails to load, the store runs without them).
  const integrations =
    config.analyticsScriptUrl || config.adScriptUrl || config.sentryDsn
      ? import('../features/marketing/integrations').catch(() => undefined)
      : undefined;
  const [inspect, adapters, paymentReturn] = await Promise.all([
    loadInspector(),
    integrations,
    // Back from a pay app's H5 page, or a reload while its payment is awaited: that payment resumes. The
    // module is a chunk of its own (a first visit never needs it).
    import('../features/buying/pay-return')
      .then(({ takePaymentReturn }) => takePaymentReturn(restoredSession?.user.userId ?? null))
      .catch(() => null),
  ]);
  if (leaving()) return null;
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
      // The auto-login link's token, moved off the URL by main.tsx; the start-up exchanges it once the headers are set.
      linkToken: readStoredAutoLogin(),
      // Start-up step after the session restore: the channel header, a stored bid, the landing's attribution.
      startAttribution: () => startMarketing({ href: window.location.href }),
      // No daily coupon popup over the demo console. (Over an auto-login confirmation it waits: a promo
      // never opens over another dialog, docs/decisions/0011-modal-priorities.md.)
      couponPopupEnabled: !window.location.pathname.startsWith('/demo'),
    },
    reportFlowsFailure: (_error, lostPurchase) => {
      if (lostPurchase) toast.error(FLOWS_LOAD_FAILED);
    },
    inspect,
    // No `testing`: every test-only hook keeps the browser's default here.
  });
  installNavigationHooks(router, actor);
  actor.start();
  // After start (the restored user is known); the page shown so far is replayed to the adapters' listener.
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
  // A visitor's 最近浏览 joins the account's at login, and leaves this computer's visitor list empty.
  installRecentViewsJoin(actor);
  installWishlistSync(actor);
  installConnectivityEvents(actor);
  return actor;
}
