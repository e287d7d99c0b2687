/**
 * Start-up wiring between the browser and the session flows:
 *
 * 1. `takeAutoLoginParams()` (./link-params.ts, in the entry chunk) runs first
 *    thing, BEFORE the router exists: a `token` / `appId` in the URL query
 *    moves to sessionStorage and leaves the URL through `history.replaceState`
 *    (no reload, no history entry still holding the token, and the router
 *    never sees it).
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
import { SESSION_STORAGE_KEY, parsePersistedSession } from './persisted-session';
import { AUTO_LOGIN_APP_ID_KEY, AUTO_LOGIN_TOKEN_KEY } from './link-params';
import type { AppActor } from '../../shared/app-actor';

export interface AutoLoginParams {
  token: string;
  appId: string;
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

function syncedFrom(
  value: string | null,
): Pick<PersistedSession, 'realName'> & { user: PersistedSession['user'] | null } {
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
