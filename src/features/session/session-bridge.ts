/**
 * Start-up wiring between the browser and the session flows:
 *
 * 1. `takeAutoLoginParams()` runs first thing, BEFORE the router exists: a
 *    `token` / `appId` in the URL query moves to sessionStorage and leaves the
 *    URL through `history.replaceState` (no reload, no history entry still
 *    holding the token, and the router never sees it).
 * 2. `readStoredAutoLogin()` reads the stashed token back for the root
 *    actor's input: its start-up region starts the auto-login flow with it
 *    once the session is restored and the channel is set.
 * 3. `installSessionBridge(actor)` runs right after `actor.start()`: every
 *    `auth_40001` / `auth_40002` from any call becomes one `session.expired`
 *    (the session machine takes it once, however many calls fail); another
 *    tab's login or logout (the `storage` event on the session key) becomes
 *    `session.synced`.
 *
 * It returns a function that removes the listeners (tests, hot reload).
 */
import * as z from 'zod/mini';
import type { PersistedSession } from '../../../machines/session.machine';
import { clientState } from '../../api/client-state';
import { config } from '../../shared/env';
import { browserStorage, type StorageLike } from '../../shared/storage';
import { AUTO_LOGIN_APP_ID_KEY, AUTO_LOGIN_TOKEN_KEY, SESSION_STORAGE_KEY, parsePersistedSession } from './session-effects';
import type { AppActor } from '../../shared/app-actor';


export interface AutoLoginParams {
  token: string;
  appId: string;
}

const AUTO_LOGIN_QUERY_KEYS = ['token', 'appId'] as const;

/**
 * Pure: the URL (path, query and hash, as given) without `token` and `appId`
 * in its query, and their values. A URL without either comes back unchanged.
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
 */
export function stashAutoLoginParams(url: string, storage: StorageLike | undefined = browserStorage('sessionStorage')): string {
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

/** What a link's token and appId may look like when read back (visible ASCII; the appId a short code). */
const StoredAutoLoginTokenSchema = z.string().check(z.regex(/^[\x21-\x7e]{1,1024}$/));
const StoredAppIdSchema = z.string().check(z.regex(/^[\w.-]{1,64}$/));

/**
 * The token waiting in sessionStorage (an appId missing from the link falls back to the store's own).
 * A damaged value (not a token, or a malformed appId) is removed and nothing is attempted.
 */
export function readStoredAutoLogin(
  storage: StorageLike | undefined = browserStorage('sessionStorage'),
  defaultAppId: string = config.appId,
): AutoLoginParams | null {
  try {
    const token = storage?.getItem(AUTO_LOGIN_TOKEN_KEY);
    if (!token) return null;
    const appId = storage?.getItem(AUTO_LOGIN_APP_ID_KEY) || defaultAppId;
    if (!StoredAutoLoginTokenSchema.safeParse(token).success || !StoredAppIdSchema.safeParse(appId).success) {
      storage?.removeItem(AUTO_LOGIN_TOKEN_KEY);
      storage?.removeItem(AUTO_LOGIN_APP_ID_KEY);
      return null;
    }
    return { token, appId };
  } catch {
    return null;
  }
}

export interface SessionBridgeOptions {
  /** Where the `storage` event is heard; `window` in the browser. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
  localStorage?: StorageLike | undefined;
}

function syncedFrom(value: string | null): Pick<PersistedSession, 'realName'> & { user: PersistedSession['user'] | null } {
  const session = parsePersistedSession(value);
  return { user: session?.user ?? null, realName: session?.realName ?? null };
}

/** Installs the listeners; call after `actor.start()`. */
export function installSessionBridge(actor: AppActor, options: SessionBridgeOptions = {}): () => void {
  const target = 'target' in options ? options.target : typeof window === 'undefined' ? undefined : window;
  const local = 'localStorage' in options ? options.localStorage : browserStorage('localStorage');

  const offAuth = clientState.onAuthExpired((error) => actor.send({ type: 'session.expired', code: error.code }));

  const onStorage = (event: StorageEvent) => {
    // `key === null`: the other tab cleared the whole storage.
    if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return;
    if (local && event.storageArea && event.storageArea !== local) return;
    actor.send({ type: 'session.synced', ...syncedFrom(event.key === null ? null : event.newValue) });
  };
  target?.addEventListener('storage', onStorage);

  return () => {
    offAuth();
    target?.removeEventListener('storage', onStorage);
  };
}
