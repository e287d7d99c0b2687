/**
 * 标记为已兑换: which of an order's codes the shopper marked as redeemed, kept in this browser per account and
 * per order (`redeemed:v1:<userId>:<orderId>`, the codes' positions in the order), so another account logging
 * in here never sees the marks, and the same account finds them on every screen that shows the key. Read
 * through zod: a damaged value reads as "nothing marked". Other tabs follow through the `storage` event.
 */
import { useCallback, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { browserStorage, parseJson, readText, removeStored, writeJson } from '../../shared/storage';

/** @internal */
export const REDEEMED_KEY_PREFIX = 'redeemed:v1:';

const IndexesSchema = z.array(z.int().check(z.gte(0)));
const NONE: readonly number[] = [];
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: readonly number[] }>();

const keyOf = (userId: number, orderId: string) => `${REDEEMED_KEY_PREFIX}${userId}:${orderId}`;

const readRaw = (key: string) => readText(browserStorage('localStorage'), key);

/** The positions of the codes of `orderId` that `userId` marked, re-read only when the stored value changed. */
function readRedeemed(userId: number, orderId: string): readonly number[] {
  const key = keyOf(userId, orderId);
  const raw = readRaw(key);
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.value;
  // not JSON, or not a list of positions: nothing marked
  const stored = parseJson(raw, IndexesSchema);
  const value = stored ? [...new Set(stored)].sort((a, b) => a - b) : NONE;
  cache.set(key, { raw, value });
  return value;
}

function writeRedeemed(userId: number, orderId: string, indexes: readonly number[]): void {
  const key = keyOf(userId, orderId);
  const storage = browserStorage('localStorage');
  const stored = indexes.length === 0 ? removeStored(storage, key) : writeJson(storage, key, indexes);
  // Storage full or blocked: the mark lasts until the page is left.
  if (!stored) cache.set(key, { raw: readRaw(key), value: indexes });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(REDEEMED_KEY_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The marks of one order of one account, and a setter for one code's mark. */
export function useRedeemed(
  userId: number,
  orderId: string,
): [readonly number[], (index: number, redeemed: boolean) => void] {
  const marked = useSyncExternalStore(
    subscribe,
    () => readRedeemed(userId, orderId),
    () => NONE,
  );
  const mark = useCallback(
    (index: number, redeemed: boolean) => {
      const current = readRedeemed(userId, orderId).filter((i) => i !== index);
      writeRedeemed(userId, orderId, redeemed ? [...current, index].sort((a, b) => a - b) : current);
    },
    [userId, orderId],
  );
  return [marked, mark];
}
