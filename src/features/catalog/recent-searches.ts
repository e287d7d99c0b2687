/**
 * Recent search keywords kept in this browser (localStorage), newest first,
 * at most 10, each validated with zod on the way in and out: a tampered or
 * outdated value (or one holding U+FFFD) is ignored rather than trusted.
 *
 * For a logged-in user the server keeps its own list (recentGameSearch);
 * the page shows both. The server list cannot be cleared through the API, so
 * 清空 also remembers the server keywords shown at that moment as hidden
 * (until the user searches for one of them again).
 */
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { isGarbled } from '../../shared/chars';
import { browserStorage, parseJson, readText, writeJson } from '../../shared/storage';
import { dropInvisible, KEYWORD_MAX_LENGTH } from '../../shared/search-keyword';

/** @internal */
export const RECENT_SEARCH_KEY = 'recent-searches:v1';
/** @internal */
export const RECENT_SEARCH_MAX = 10;

// The keyword's rules are src/shared/search-keyword.ts's: no invisible format characters (a stored one is
// dropped on the way out too), at most KEYWORD_MAX_LENGTH characters (zod counts characters, not UTF-16 units), never
// U+FFFD garbage.
const KeywordSchema = z.string().check(
  z.overwrite(dropInvisible),
  z.trim(),
  z.minLength(1),
  z.maxLength(KEYWORD_MAX_LENGTH),
  z.refine((k) => !isGarbled(k)),
);
// Entries are checked one by one (cleanList), so one bad entry does not lose the others.
const StoredSchema = z.object({
  keywords: z.array(z.unknown()),
  hiddenServer: z.catch(z.array(z.unknown()), []),
});
export interface RecentSearches {
  keywords: string[];
  /** server keywords the user cleared */
  hiddenServer: string[];
}

const EMPTY: RecentSearches = { keywords: [], hiddenServer: [] };
const listeners = new Set<() => void>();
let cache: { raw: string | null; value: RecentSearches } | undefined;

function cleanList(list: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const item of list) {
    const parsed = KeywordSchema.safeParse(item);
    if (parsed.success && !out.includes(parsed.data)) out.push(parsed.data);
  }
  return out.slice(0, RECENT_SEARCH_MAX);
}

/**
 * The stored list, re-read only when the raw value changed (cheap for useSyncExternalStore).
 * @internal
 */
export function readRecentSearches(): RecentSearches {
  const raw = readText(browserStorage('localStorage'), RECENT_SEARCH_KEY);
  if (cache && cache.raw === raw) return cache.value;
  // not JSON, or not the list's shape: start over
  const stored = parseJson(raw, StoredSchema);
  const value = stored ? { keywords: cleanList(stored.keywords), hiddenServer: cleanList(stored.hiddenServer) } : EMPTY;
  cache = { raw, value };
  return value;
}

function write(next: RecentSearches): void {
  // storage full or blocked: recent searches are a convenience
  writeJson(browserStorage('localStorage'), RECENT_SEARCH_KEY, next);
  for (const listener of listeners) listener();
}

export function addRecentSearch(keyword: string): void {
  const parsed = KeywordSchema.safeParse(keyword);
  if (!parsed.success) return;
  const k = parsed.data;
  const current = readRecentSearches();
  if (current.keywords[0] === k && !current.hiddenServer.includes(k)) return;
  write({
    keywords: [k, ...current.keywords.filter((s) => s !== k)].slice(0, RECENT_SEARCH_MAX),
    hiddenServer: current.hiddenServer.filter((s) => s !== k),
  });
}

/** Forget the local list and hide the server keywords currently shown. */
export function clearRecentSearches(serverKeywords: readonly string[] = []): void {
  write({ keywords: [], hiddenServer: cleanList([...serverKeywords, ...readRecentSearches().hiddenServer]) });
}

/** Local keywords first, then the server's that are not hidden; no duplicates. */
export function mergeRecentSearches(local: RecentSearches, server: readonly string[]): string[] {
  const visibleServer = server.filter((k) => !local.hiddenServer.includes(k));
  return cleanList([...local.keywords, ...visibleServer]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RECENT_SEARCH_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentSearches(): RecentSearches {
  return useSyncExternalStore(subscribe, readRecentSearches, () => EMPTY);
}
