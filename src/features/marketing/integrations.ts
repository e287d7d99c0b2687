/**
 * The third-party adapters (docs/marketing.md): analytics, ad attribution and error
 * reporting, each off unless configured. Split from ./start.ts so that a
 * build with none of them configured loads none of their code: src/app/main.tsx
 * imports this module only when one is (docs/performance.md).
 *
 * `startIntegrations()` — call it once the root actor has started (so a
 * restored user is known) and before the first render (so the landing page
 * view is heard); each adapter loads its script only after the first paint.
 */
import type { AnyRouter } from '@tanstack/react-router';
import { onPageShown } from '../shell';
import { createAnalytics, type Analytics, type AnalyticsWindow } from './analytics';
import { startErrorReporting, type ErrorReporting, type SentryLike } from './error-reporting';
import { startAdAttribution } from './external-scripts';
import { watchUserId, type AppActor } from '../../shared/app-actor';

/** The route name of the page on screen (`staticData.meta.name` of the deepest match). */
export function currentRouteName(router: Pick<AnyRouter, 'state'>): string | undefined {
  return router.state.matches.at(-1)?.staticData.meta?.name;
}

export interface IntegrationsOptions {
  router: Pick<AnyRouter, 'state'>;
  actor: Pick<AppActor, 'system' | 'subscribe'>;
  analyticsScriptUrl?: string | undefined;
  adScriptUrl?: string | undefined;
  sentryDsn?: string | undefined;
  release?: string | undefined;
  environment?: string | undefined;
  /** test seams; the defaults are the real browser objects */
  win?: AnalyticsWindow;
  loadScript?: (src: string) => void;
  loadSentry?: () => Promise<SentryLike>;
  schedule?: (task: () => void) => void;
  subscribePageShown?: typeof onPageShown;
}

export interface Integrations {
  analytics: Analytics | null;
  errors: ErrorReporting | null;
  ads: boolean;
  stop(): void;
}

export function startIntegrations(options: IntegrationsOptions): Integrations {
  const stops: (() => void)[] = [];
  const errors = startErrorReporting({
    dsn: options.sentryDsn,
    release: options.release,
    environment: options.environment,
    ...(options.loadSentry ? { load: options.loadSentry } : {}),
    ...(options.schedule ? { schedule: options.schedule } : {}),
  });
  if (errors) stops.push(() => errors.stop());

  const analytics = createAnalytics({
    scriptUrl: options.analyticsScriptUrl,
    ...(options.win ? { win: options.win } : {}),
    ...(options.loadScript ? { load: options.loadScript } : {}),
  });
  if (analytics) {
    // Subscribed before the first render, so the landing page is counted like every later one.
    stops.push(
      (options.subscribePageShown ?? onPageShown)(({ pathname }) =>
        analytics.pageView({ routeName: currentRouteName(options.router), path: pathname }),
      ),
    );
  }
  if (analytics || errors) {
    stops.push(
      watchUserId(options.actor, (userId) => {
        analytics?.setUserId(userId);
        errors?.setUser(userId);
      }),
    );
  }

  const ads = startAdAttribution({
    scriptUrl: options.adScriptUrl,
    ...(options.loadScript ? { load: options.loadScript } : {}),
  });
  return {
    analytics,
    errors,
    ads,
    stop: () => stops.splice(0).forEach((stop) => stop()),
  };
}
