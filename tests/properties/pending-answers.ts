/**
 * What the wishlist's and the cart's property tests share: web storage in memory, the server's items, how the
 * server refuses a call, and the answers the page has not heard yet (one picked by a command, or all in the order
 * they were sent).
 */
import { ApiError } from '../../src/api/errors';
import type { WishEntry, WishItem } from '../../src/api/wishlist';

export class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

/** A listed game as the server answers it (the tab's fields at fixed values). */
export const wishItem = (entry: WishEntry): WishItem => ({
  ...entry,
  name: `game ${entry.gameId}`,
  cover: '',
  price: 100,
  originalPrice: 100,
  lowPrice: 100,
  upcoming: false,
  soldOut: false,
});

/** Lets the machines and effects run what the last step queued. */
export const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

export interface PendingAnswer {
  settle: () => void;
}

/** The answer a command picks (any of those still pending) arrives. */
export function answerOne(pending: PendingAnswer[], pick: number): void {
  const [next] = pending.splice(pick % Math.max(1, pending.length), 1);
  next?.settle();
}

/** Every pending answer arrives, oldest first, the page acting on each before the next. */
export async function answerAll(pending: PendingAnswer[]): Promise<void> {
  while (pending.length > 0) {
    pending.shift()!.settle();
    await settle();
  }
}

/** The tab's session as a test server sees a call: its id and account, null for a visitor. */
interface SentSession {
  session: number;
  userId: number;
}

/**
 * How a server played by a test refuses a call of an extension that names its account, as the simulated backend
 * does: 404 without the extension, auth when the call's session is gone, `wrongAccountCode` when the session speaks
 * for another account; null when it takes the call.
 */
export function refusalOf(call: {
  extension: boolean;
  sent: SentSession | null;
  live: (session: number) => boolean;
  userId: number;
  wrongAccountCode: string;
}): ApiError | null {
  const endpoint = '/extension';
  if (!call.extension)
    return new ApiError({ kind: 'http', status: 404, message: 'Request failed with status code 404', endpoint });
  if (!call.sent || !call.live(call.sent.session))
    return new ApiError({ kind: 'auth', code: 'auth_40001', message: '登录信息已失效', endpoint });
  if (call.sent.userId !== call.userId)
    return new ApiError({ kind: 'business', code: call.wrongAccountCode, message: '账号已变更', endpoint });
  return null;
}

/**
 * The answer the page hears later (when a command settles it): the value, or the refusal; an auth answer for the
 * tab's current session then ends it (`onAuthForCurrent`), as the HTTP layer does.
 */
export function answerLater<T>(
  pending: PendingAnswer[],
  outcome: { ok: true; value: T } | { ok: false; error: ApiError },
  onAuthForCurrent: () => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    pending.push({
      settle: () => {
        if (outcome.ok) return resolve(outcome.value);
        reject(outcome.error);
        if (outcome.error.kind === 'auth') onAuthForCurrent();
      },
    });
  });
}
