/**
 * What the session, login and purchase effects (the `.provide()` implementations of the machines) share:
 * how a failed call reaches a machine, how delay overrides are read, and the lazily loaded user API.
 */
import { isApiError, userMessage } from '../api/errors';
import type { RealNameConfig } from '../api/user';

/**
 * An error the machines read with `readFailure()`: the business code and a message to show as is.
 * @internal
 */
export class FlowError extends Error {
  override readonly name = 'FlowError';
  readonly code: string | undefined;

  constructor(message: string, code: string | undefined, cause: unknown) {
    super(message, { cause });
    this.code = code;
  }
}

/** A call whose failure becomes a `FlowError` with text a shopper can read. */
export async function shopperErrors<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw new FlowError(userMessage(error), isApiError(error) ? error.code : undefined, error);
  }
}

/**
 * The user endpoints are loaded on first use: none is needed to paint a page, and their schemas would
 * otherwise sit in the entry chunk (docs/performance.md).
 */
export const userApi = () => import('../api/user');

/** The real-name global config, fresh on every call: the session reads it at login, the pay gate before every purchase. */
export const fetchRealNameConfig = (signal: AbortSignal): Promise<RealNameConfig> =>
  shopperErrors(userApi().then((api) => api.getRealNameConfig({ signal })));

/** A delay override clamped at 0, or undefined for the machine's default. */
export const delayOverride = (ms: number | undefined) => (ms === undefined ? undefined : Math.max(0, ms));

/** The given delay overrides, without the undefined ones. */
export function delaysOf(entries: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(entries).filter((entry): entry is [string, number] => entry[1] !== undefined),
  );
}
