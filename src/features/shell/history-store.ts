/**
 * Navigation history store (spec sections 2 and 3): `routeHistory` (paths the
 * user visited), the cached search parameters and `lastRoutePath`.
 *
 * Rules: each page is one entry: a visit to the page on top (its own options:
 * an edition, a quantity, a tab, a filter) replaces it, so 返回 leaves the
 * page; search URLs are stored without `keyword`; while the user goes from
 * /search to a game detail the search parameters stay cached, and leaving
 * search for anything else clears them; the back action returns from the page
 * shown (recorded first, should the router not have reported it) to the stored
 * path before it (search restored from the cache) or `/` when there is none.
 * Kept in sessionStorage so a reload does not lose the way back.
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as z from 'zod/mini';
import { browserStorage, readJson, readText, removeStored, writeJson, writeText } from '../../shared/storage';

export interface HistoryState {
  routeHistory: string[];
  searchParams: Record<string, string> | null;
  lastRoutePath: string | null;
}

export interface VisitedLocation {
  pathname: string;
  /** parsed search object of the location */
  search: Record<string, unknown>;
}

const MAX_ENTRIES = 50;
const STORAGE_KEY = 'route-history:v1';
const HistorySchema = z.object({
  routeHistory: z.array(z.string()),
  searchParams: z.nullable(z.record(z.string(), z.string())),
  lastRoutePath: z.nullable(z.string()),
});

/** @internal */
export const emptyHistory = (): HistoryState => ({ routeHistory: [], searchParams: null, lastRoutePath: null });

function toQuery(search: Record<string, unknown>, drop: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (drop.includes(key) || value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/**
 * The path as stored: search pages lose their `keyword`.
 * @internal
 */
export function storedPath(location: VisitedLocation): string {
  const query = new URLSearchParams(
    toQuery(location.search, location.pathname === '/search' ? ['keyword'] : []),
  ).toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

const isGameDetail = (pathname: string) => pathname.startsWith('/gameDetail/');

/**
 * Pure: the history after visiting `to`.
 * @internal
 */
export function recordVisit(state: HistoryState, to: VisitedLocation): HistoryState {
  const path = storedPath(to);
  const current = state.routeHistory.at(-1) ?? null;
  if (current === path && to.pathname !== '/search') return state;
  // Search parameters survive only the trip search → game detail (→ back).
  let searchParams = state.searchParams;
  if (to.pathname === '/search') searchParams = toQuery(to.search);
  else if (!isGameDetail(to.pathname)) searchParams = null;
  // The page on top again, with other options: its entry is replaced, and what was before it stays before it.
  if (current !== null && current.split('?')[0] === to.pathname) {
    return {
      routeHistory: [...state.routeHistory.slice(0, -1), path],
      searchParams,
      lastRoutePath: state.lastRoutePath,
    };
  }
  return { routeHistory: [...state.routeHistory, path].slice(-MAX_ENTRIES), searchParams, lastRoutePath: current };
}

/**
 * Pure: where the back action goes, and the history after going there.
 * @internal
 */
export function backTarget(state: HistoryState, shown?: VisitedLocation): { href: string; next: HistoryState } {
  // From the page shown: a navigation that a later one superseded before it was reported is never recorded
  // otherwise (a card tapped during a login, the timing sweep), and 返回 would go to the page it is on.
  if (shown) state = recordVisit(state, shown);
  const history = state.routeHistory.slice(0, -1);
  const previous = history.at(-1);
  if (!previous) return { href: '/', next: { ...state, routeHistory: [] } };
  let href = previous;
  if (previous.split('?')[0] === '/search' && state.searchParams) {
    href = `/search?${new URLSearchParams(state.searchParams).toString()}`;
  }
  // Drop the entry we return to: visiting it records it again.
  return { href, next: { ...state, routeHistory: history.slice(0, -1), lastRoutePath: history.at(-2) ?? null } };
}

/** How the browser says this document was reached, read once at start (src/app/navigation.ts). */
export interface Arrival {
  /** `document.referrer` (the store's policy, strict-origin-when-cross-origin, gives a same-origin page's whole URL) */
  referrer: string;
  /** the document's own URL */
  href: string;
  /** the navigation's type (`PerformanceNavigationTiming.type`), or null when the browser does not say */
  type: string | null;
  /** `history.length`: 1 when the tab holds no page before this one */
  historyLength: number;
  /** the note the page before left when the app itself followed an early tap (`historyStore.noteLeaving`) */
  leaving: Leaving | null;
}

/** A page the app left itself, following a tap made before it ran: where it was, and the address it went to. */
export interface Leaving {
  from: string;
  to: string;
}
const LeavingSchema = z.object({ from: z.string(), to: z.string() });

/**
 * Pure: the store page a full page load left, which the browser's back goes to, or null. A tap made before the
 * app runs becomes a full page load (a link the browser follows, a search form it sends, a link the app follows
 * itself because its router would drop the browser's navigation), and the page it was made on never reached
 * the router, so it is taken here from the referrer: a same-origin page, left by a new navigation (not a
 * reload, not back or forward) in a tab that holds a page before this one (not a new tab). `isStorePage`
 * leaves out same-origin pages that are not the store's (the API's own pages). The caller hands it to
 * `historyStore.arrive`, which records it with the same rules as any visit, before the page the router lands
 * on, unless the app showed it (and so recorded it) before the page was left.
 *
 * A note (`arrival.leaving`, `historyStore.noteLeaving`) names the page too when it names this document: the
 * app notes the page it leaves when it follows an early tap itself (a referrer a proxy stripped, an entry the
 * browser replaced), and the page a document left until the router has recorded it, so that a reload before
 * then (a chunk that failed to load) keeps it (docs/e2e.md, "Races found by CI").
 */
export function pageLeft(
  arrival: Arrival,
  isStorePage: (pathname: string) => boolean,
): { pathname: string; search: string } | null {
  let left: URL;
  let here: URL;
  try {
    here = new URL(arrival.href);
    const noted = arrival.leaving && new URL(arrival.leaving.to, here).href === here.href ? arrival.leaving : null;
    if (noted && (arrival.type === 'navigate' || arrival.type === 'reload')) left = new URL(noted.from, here);
    else if (arrival.type !== 'navigate' || arrival.historyLength < 2 || !arrival.referrer) return null;
    else left = new URL(arrival.referrer, here);
  } catch {
    return null;
  }
  if (left.origin !== here.origin || !isStorePage(left.pathname)) return null;
  return { pathname: left.pathname, search: left.search };
}

let state: HistoryState | undefined;
// Guarded: a blocked sessionStorage (a sandboxed frame) throws on access; the history then lives in memory.
const storage = () => browserStorage('sessionStorage');
/**
 * The stored path of the page the router showed last in this tab (beside the history: 返回 takes pages out of
 * `routeHistory`, this stays). A page left by a full page load that the app showed was recorded then, and is
 * not recorded again; one it never showed is (`historyStore.arrive`).
 */
const SHOWN_KEY = 'route-history:shown';
let shown: string | null | undefined;
/** The page the app left itself following an early tap (`Leaving`), read once by the next document. */
const LEAVING_KEY = 'route-history:leaving';

export const historyStore = {
  get(): HistoryState {
    state ??= readJson(storage(), STORAGE_KEY, HistorySchema, null) ?? emptyHistory();
    return state;
  },
  set(next: HistoryState): void {
    state = next;
    // storage full or unavailable: the in-memory history still works
    writeJson(storage(), STORAGE_KEY, next);
  },
  visit(location: VisitedLocation): void {
    historyStore.set(recordVisit(historyStore.get(), location));
    shown = storedPath(location);
    writeText(storage(), SHOWN_KEY, shown);
  },
  /** Before the app follows an early tap itself: the page it leaves (path and query) and where it goes. */
  noteLeaving(leaving: Leaving): void {
    writeJson(storage(), LEAVING_KEY, leaving);
  },
  /** At start: the note the page before left (`noteLeaving`), taken so that no later document reads it. */
  takeLeaving(): Leaving | null {
    const leaving = readJson(storage(), LEAVING_KEY, LeavingSchema, null);
    removeStored(storage(), LEAVING_KEY);
    return leaving;
  },
  /** At start, the page a full page load left (`pageLeft`): recorded unless the router showed it in this tab. */
  arrive(left: VisitedLocation): void {
    shown ??= readText(storage(), SHOWN_KEY);
    if (storedPath(left) !== shown) historyStore.visit(left);
  },
  reset(): void {
    state = undefined;
    shown = undefined;
  },
};

/** The back action of the detail and modal-wrap layouts. */
export function useBackAction(): () => void {
  const router = useRouter();
  return useCallback(() => {
    // The page rendered (its match), which the router reports as resolved only if no navigation superseded it.
    const shown = router.state.matches.at(-1);
    const { href, next } = backTarget(
      historyStore.get(),
      shown && { pathname: shown.pathname, search: shown.search as Record<string, unknown> },
    );
    historyStore.set(next);
    void router.navigate({ href });
  }, [router]);
}
