/**
 * The few values that every request carries and that other parts of the app
 * own: the session's token, the marketing channel and the bid (`adan`).
 * Machines write them through actions provided by the app; the HTTP layer only
 * reads them. Listeners hear about auth failures from any call.
 */
import type { ApiError } from './errors';

export interface RequestIdentity {
  token?: string | undefined;
  channel?: string | undefined;
  adan?: string | undefined;
}

type AuthListener = (error: ApiError) => void;

const identity: RequestIdentity = {};
const authListeners = new Set<AuthListener>();

export const clientState = {
  get(): Readonly<RequestIdentity> {
    return identity;
  },
  set(patch: Partial<RequestIdentity>): void {
    Object.assign(identity, patch);
  },
  reset(): void {
    delete identity.token;
    delete identity.channel;
    delete identity.adan;
  },
  /** Subscribe to `auth_40001` / `auth_40002` from any call. Returns an unsubscribe function. */
  onAuthExpired(listener: AuthListener): () => void {
    authListeners.add(listener);
    return () => authListeners.delete(listener);
  },
  emitAuthExpired(error: ApiError): void {
    for (const listener of authListeners) listener(error);
  },
};
