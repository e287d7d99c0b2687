/**
 * Renders the whole app at a URL with a memory history, the real root actor
 * and the simulated backend behind msw: what a user would see, nothing mocked
 * but the network. Returns the pieces a test may need to drive or inspect.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { installAccountScope } from '../../src/app/account-data';
import { installRecentViewsJoin } from '../../src/features/catalog/recent-views-join';
import { App } from '../../src/app/app';
import { createQueryClient } from '../../src/app/query-client';
import { createRootActor, type RootActorDeps } from '../../src/app/root-actor';
import { createAppRouter } from '../../src/app/router';
import { installConnectivityEvents, installNavigationHooks, recordPagesShown } from '../../src/app/navigation';
import { sessionUserId } from '../../src/shared/app-actor';
import { installSessionBridge, readStoredAutoLogin } from '../../src/features/session/session-bridge';
import { stashAutoLoginParams } from '../../src/features/session/link-params';
import { loadPersistedSession } from '../../src/features/session/persisted-session';
import { startMarketing } from '../../src/features/marketing/start';
import { loadModal } from '../../src/app/modal-registry';
import { onTestEnd } from './cleanup';

/**
 * Overrides of the root actor's dependencies, group by group: a test names only the fields it replaces
 * (e.g. `{ build: { reloadPage } }` or `{ testing: { purchaseFlows } }`); the rest keep renderApp's defaults.
 */
export interface RootActorOverrides {
  build?: Partial<RootActorDeps['build']>;
  modals?: Partial<RootActorDeps['modals']>;
  start?: RootActorDeps['start'];
  reportFlowsFailure?: RootActorDeps['reportFlowsFailure'];
  inspect?: RootActorDeps['inspect'];
  testing?: RootActorDeps['testing'];
}

/**
 * `overrides` over `base`, one group at a time: a field set in `overrides` replaces the one in `base`
 * (a field's own value, e.g. `testing.sessionFlows`, is replaced whole, not merged).
 */
export function mergeDeps(base: RootActorDeps, overrides?: RootActorOverrides): RootActorDeps;
export function mergeDeps(base: RootActorOverrides, overrides?: RootActorOverrides): RootActorOverrides;
export function mergeDeps(base: RootActorOverrides, overrides: RootActorOverrides = {}): RootActorOverrides {
  return {
    ...base,
    ...overrides,
    build: { ...base.build, ...overrides.build },
    modals: { ...base.modals, ...overrides.modals },
    start: { ...base.start, ...overrides.start },
    testing: { ...base.testing, ...overrides.testing },
  };
}

export interface RenderAppOptions {
  /** overrides of the root actor's dependencies (e.g. `{ build: { reloadPage } }`), merged group by group over the defaults */
  deps?: RootActorOverrides;
  /** show the daily coupon popup at start, as the real app does (default false: most tests are about something else) */
  couponPopup?: boolean;
}

export async function renderApp(startUrl = '/', options: RenderAppOptions = {}) {
  // As in main.tsx: an auto-login token moves from the URL to sessionStorage before the router exists.
  const url = stashAutoLoginParams(startUrl, sessionStorage);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const history = createMemoryHistory({ initialEntries: [url] });
  const reloads: string[] = [];
  // As in main.tsx: channel, stored bid and attribution, run by the start-up right after the session restore.
  let marketing: ReturnType<typeof startMarketing> | undefined;
  const defaults: RootActorDeps = {
    build: {
      id: 'test-build',
      fetchLatest: async () => ({ id: 'test-build', timestamp: 0 }),
      reloadPage: (to: string) => reloads.push(to),
    },
    modals: { load: loadModal },
    start: {
      couponPopupEnabled: options.couponPopup ?? false,
      // As in main.tsx: the user persisted by an earlier "visit" (same localStorage).
      restoredSession: loadPersistedSession(localStorage),
      linkToken: readStoredAutoLogin(sessionStorage),
      startAttribution: () => {
        marketing = startMarketing({ href: url });
      },
    },
    testing: {
      // The popup's quiet moment (src/features/marketing/quiet-moment.ts) is the browser journeys' business: here it
      // comes as soon as the page has loaded, so the popup tests wait for the popup, not for a timer.
      popupQuietMs: 0,
    },
  };
  const actor = createRootActor(mergeDeps(defaults, options.deps));
  const router = createAppRouter({ queryClient, userId: () => sessionUserId(actor.system) }, { history });
  recordPagesShown(router);
  installNavigationHooks(router, actor);
  actor.start();
  const uninstallSession = installSessionBridge(actor);
  const uninstallAccountScope = installAccountScope(actor, queryClient);
  const uninstallRecentViewsJoin = installRecentViewsJoin(actor);
  // As in main.tsx: the browser's online/offline events reach the build poll and the payment flow.
  const uninstallConnectivity = installConnectivityEvents(actor);
  // Each app's root actor and session listeners end with its test, so no timer or auth listener leaks into the next one.
  const stop = () => {
    uninstallSession();
    uninstallAccountScope();
    uninstallRecentViewsJoin();
    uninstallConnectivity();
    actor.stop();
  };
  const stopAtTestEnd = onTestEnd(stop);
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} actor={actor} />);
  await router.load();
  /** Unmounts and stops the app (e.g. before rendering it again to simulate a reload). */
  const close = () => {
    view.unmount();
    stopAtTestEnd();
    stop();
  };
  return {
    ...view,
    router,
    queryClient,
    actor,
    user,
    history,
    reloads,
    screen,
    /** What the start-up's attribution step started (it runs in the first microtasks after `actor.start()`). */
    get marketing() {
      if (!marketing) throw new Error('the start-up has not reached its attribution step');
      return marketing;
    },
    close,
  };
}
