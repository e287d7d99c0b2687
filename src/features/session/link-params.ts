/**
 * An auto-login link's `token` / `appId` leave the URL first thing (src/app/main.tsx), before the router
 * exists, into sessionStorage; ./session-bridge.ts reads them back for the root actor's start-up. This
 * module is in the entry chunk, so it imports nothing of the flows.
 */
import { browserStorage, type StorageLike } from '../../shared/storage';

/** sessionStorage keys of a link's token and appId, until the start-up exchanges them. */
export const AUTO_LOGIN_TOKEN_KEY = 'autoLoginToken';
export const AUTO_LOGIN_APP_ID_KEY = 'autoLoginAppId';

const AUTO_LOGIN_QUERY_KEYS = ['token', 'appId'] as const;

/**
 * Pure: the URL (path, query and hash, as given) without `token` and `appId`
 * in its query, and their values. A URL without either comes back unchanged.
 * @internal
 */
export function splitAutoLoginParams(url: string): { url: string; token: string | null; appId: string | null } {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return { url, token: null, appId: null };
  const path = beforeHash.slice(0, queryAt);
  const query = new URLSearchParams(beforeHash.slice(queryAt + 1));
  if (!AUTO_LOGIN_QUERY_KEYS.some((key) => query.has(key))) return { url, token: null, appId: null };
  const token = query.get('token');
  const appId = query.get('appId');
  for (const key of AUTO_LOGIN_QUERY_KEYS) query.delete(key);
  const rest = query.toString();
  return { url: `${path}${rest ? `?${rest}` : ''}${hash}`, token: token || null, appId: appId || null };
}

/**
 * Moves `token` / `appId` of `url` into sessionStorage and returns the URL
 * without them. Used for the browser's own URL (below) and by tests that
 * start the app at a URL.
 * @internal
 */
export function stashAutoLoginParams(
  url: string,
  storage: StorageLike | undefined = browserStorage('sessionStorage'),
): string {
  const { url: clean, token, appId } = splitAutoLoginParams(url);
  if (clean === url) return url;
  try {
    if (token) storage?.setItem(AUTO_LOGIN_TOKEN_KEY, token);
    if (appId) storage?.setItem(AUTO_LOGIN_APP_ID_KEY, appId);
  } catch {
    // Blocked storage: the token is dropped with the URL rather than left in it.
  }
  return clean;
}

/** Cleans the address bar; call before creating the router. Returns whether the URL had auto-login parameters. */
export function takeAutoLoginParams(
  win: Pick<Window, 'location' | 'history'> = window,
  storage: StorageLike | undefined = browserStorage('sessionStorage'),
): boolean {
  const current = `${win.location.pathname}${win.location.search}${win.location.hash}`;
  const clean = stashAutoLoginParams(current, storage);
  if (clean === current) return false;
  win.history.replaceState(win.history.state, '', clean);
  return true;
}
