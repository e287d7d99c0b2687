/**
 * Analytics adapter (third-party script, off unless VITE_ANALYTICS_SCRIPT_URL
 * is set). The script follows the Baidu Tongji convention: it reads commands
 * from a global queue `window._hmt` (an array until the script replaces it
 * with an object that has `push`). Commands pushed before the script has
 * loaded are kept and replayed by it, so page views of the first page are not
 * lost while the script loads after the first paint.
 *
 * Commands sent:
 * - page view: `['_setCustomVar', 1, 'route', <page name>, 3]` then
 *   `['_trackPageview', <path>]`; the page name is the route NAME from the
 *   route's `staticData.meta.name`, with every game detail page reported as
 *   `gameDetail` (matched by the prefix, spec section 2);
 * - user: `['_setUserId', '<userId>']` after login, `['_setUserId', '']`
 *   after logout.
 */
import { afterFirstPaint, loadScript } from './external-scripts';

type AnalyticsCommand = readonly unknown[];

interface AnalyticsQueue {
  push(...commands: AnalyticsCommand[]): unknown;
}

/** The global the script reads; `_hmt` is what Baidu Tongji uses. */
export interface AnalyticsWindow {
  _hmt?: AnalyticsQueue;
}

export interface Analytics {
  pageView(page: { routeName: string | undefined; path: string }): void;
  setUserId(userId: number | null): void;
}

const GAME_DETAIL_PAGE = 'gameDetail';

/**
 * The name a page is reported under: the route name, with game detail pages grouped by prefix.
 * @internal
 */
export function analyticsPageName(routeName: string | undefined): string {
  if (!routeName) return 'notFound';
  return routeName.startsWith(GAME_DETAIL_PAGE) ? GAME_DETAIL_PAGE : routeName;
}

export interface CreateAnalyticsOptions {
  /** VITE_ANALYTICS_SCRIPT_URL; without it there is no analytics */
  scriptUrl: string | undefined;
  win?: AnalyticsWindow;
  /** adds the script tag (default: `loadScript` after the first paint) */
  load?: (src: string) => void;
}

function defaultLoad(src: string): void {
  afterFirstPaint(() => {
    loadScript(src, { id: 'analytics-script' }).catch((error: unknown) =>
      console.warn('[analytics] script failed to load', error),
    );
  });
}

export function createAnalytics({
  scriptUrl,
  win = window as AnalyticsWindow,
  load = defaultLoad,
}: CreateAnalyticsOptions): Analytics | null {
  if (!scriptUrl) return null;
  win._hmt ??= [] as unknown[];
  const push = (command: AnalyticsCommand) => {
    win._hmt?.push(command);
  };
  load(scriptUrl);
  return {
    pageView({ routeName, path }) {
      push(['_setCustomVar', 1, 'route', analyticsPageName(routeName), 3]);
      push(['_trackPageview', path]);
    },
    setUserId(userId) {
      push(['_setUserId', userId === null ? '' : String(userId)]);
    },
  };
}
