/**
 * 最近浏览: the last RECENT_VIEWS_MAX game details viewed in this browser, newest first, one list per viewer
 * (docs/following-recent.md, decision 0029). Each account has its own key (`recent-views:v1:u<userId>`), the
 * visitor (nobody logged in) another (`recent-views:v1:visitor`), so an account's list never shows to another
 * account, nor to the visitor after a logout.
 *
 * At login the visitor's list joins the account's (`joinVisitorViews`: union, newest first, the later view of a
 * game kept) and the visitor's copy is removed, so the next person at a shared computer sees nothing. The join
 * runs when the account appears (./recent-views-join.ts, installed with the store's flows) and again before any
 * read or write of an account's list, so a visitor view written meanwhile by a tab that had not yet heard of the
 * login is joined too. It is idempotent: two tabs joining at once lose nothing and duplicate nothing.
 *
 * A plain store, no machine: every change is one synchronous read-modify-write of one key, and the viewer is
 * whatever the session says at that moment. Storage goes through src/shared/storage.ts: a missing, blocked,
 * full or damaged store reads as an empty list and a failed write is ignored (a convenience, never an error).
 * Another tab's change arrives as a `storage` event.
 */
import { useEffect, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { useCurrentUser, useOptionalAppActor } from '../../shared/app-actor';
import { useHydrated } from '../../shared/hydration';
import { browserStorage, parseEach, parseJson, readText, removeStored, writeJson } from '../../shared/storage';
import {
  RECENT_VIEWS_KEY_PREFIX,
  RECENT_VIEWS_VISITOR_KEY,
  recentViewsKey,
  viewerOf,
  type Viewer,
} from './recent-views-keys';

export type { Viewer };

export const RECENT_VIEWS_MAX = 20;

/** A view as stored: enough to show the row before the game's current answer arrives. */
const EntrySchema = z.object({
  gameId: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.maxLength(200)),
  cover: z.string().check(z.maxLength(2000)),
  viewedAt: z.number().check(z.nonnegative()),
});
export type RecentView = z.infer<typeof EntrySchema>;
// Entries are checked one by one (cleanList), so one bad entry does not lose the others.
const StoredSchema = z.object({ views: z.array(z.unknown()) });

const EMPTY: readonly RecentView[] = [];
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: readonly RecentView[] }>();
const local = () => browserStorage('localStorage');

/** Newest first, one entry per game (its first, i.e. newest, occurrence), at most RECENT_VIEWS_MAX. */
function cleanList(list: readonly unknown[]): RecentView[] {
  const out: RecentView[] = [];
  for (const view of parseEach(list, EntrySchema)) if (!out.some((v) => v.gameId === view.gameId)) out.push(view);
  return out.slice(0, RECENT_VIEWS_MAX);
}

/**
 * Two lists as one: newest view first, a game once (its latest view).
 */
export function mergeViews(a: readonly RecentView[], b: readonly RecentView[]): RecentView[] {
  return cleanList([...a, ...b].sort((x, y) => y.viewedAt - x.viewedAt));
}

function readKey(key: string): readonly RecentView[] {
  const raw = readText(local(), key);
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.value;
  const stored = parseJson(raw, StoredSchema);
  const value = stored ? cleanList(stored.views) : EMPTY;
  cache.set(key, { raw, value });
  return value;
}

function writeKey(key: string, views: readonly RecentView[]): void {
  // Full or blocked storage: the list is a convenience, the page goes on.
  if (views.length === 0) removeStored(local(), key);
  else writeJson(local(), key, { views });
  for (const listener of listeners) listener();
}

/**
 * Moves the visitor's list into the account's and removes the visitor's copy (even when storage is too full to
 * keep the joined list: the visitor's views never outlive a login on this computer).
 */
export function joinVisitorViews(userId: number): void {
  const visitor = readKey(RECENT_VIEWS_VISITOR_KEY);
  if (visitor.length === 0) return;
  const key = recentViewsKey(viewerOf(userId));
  writeKey(key, mergeViews(readKey(key), visitor));
  writeKey(RECENT_VIEWS_VISITOR_KEY, EMPTY);
}

function prepare(viewer: Viewer): string {
  if (viewer !== 'visitor') joinVisitorViews(Number(viewer.slice(1)));
  return recentViewsKey(viewer);
}

/**
 * A viewer's list, newest first (re-read only when the stored text changed: cheap for useSyncExternalStore).
 */
export function readRecentViews(viewer: Viewer): readonly RecentView[] {
  return readKey(recentViewsKey(viewer));
}

/**
 * Records a view of `game`: it goes to the top (once), the oldest beyond RECENT_VIEWS_MAX drop off.
 */
export function recordView(
  viewer: Viewer,
  game: Pick<RecentView, 'gameId' | 'name' | 'cover'>,
  now: number = Date.now(),
): void {
  const key = prepare(viewer);
  const entry = { gameId: game.gameId, name: game.name, cover: game.cover, viewedAt: now };
  const current = readKey(key);
  if (current[0]?.gameId === game.gameId && current[0].name === game.name && current[0].cover === game.cover) return;
  writeKey(key, cleanList([entry, ...current]));
}

export function removeView(viewer: Viewer, gameId: number): void {
  const key = prepare(viewer);
  writeKey(
    key,
    readKey(key).filter((v) => v.gameId !== gameId),
  );
}

/** Empties a viewer's list; returns what it held, for 撤销. */
export function clearViews(viewer: Viewer): readonly RecentView[] {
  const key = prepare(viewer);
  const before = readKey(key);
  writeKey(key, EMPTY);
  return before;
}

/** 撤销 of 清空: the cleared views come back, merged with any recorded since (another tab). */
export function restoreViews(viewer: Viewer, views: readonly RecentView[]): void {
  const key = prepare(viewer);
  writeKey(key, mergeViews(readKey(key), views));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(RECENT_VIEWS_KEY_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whose list this page shows: undefined until that is known (a prerendered page hydrating, or the store's flows
 * not started yet: the session is not read until then), so nothing is shown or recorded for the wrong viewer.
 */
export function useViewer(): Viewer | undefined {
  const started = useOptionalAppActor() !== null;
  const hydrated = useHydrated();
  const user = useCurrentUser();
  return started && hydrated ? viewerOf(user?.userId ?? null) : undefined;
}

/** The viewer's list, following this tab's changes and other tabs' (empty while the viewer is unknown). */
export function useRecentViews(viewer: Viewer | undefined): readonly RecentView[] {
  return useSyncExternalStore(
    subscribe,
    () => (viewer ? readRecentViews(viewer) : EMPTY),
    () => EMPTY,
  );
}

/** The game detail's one line: records the view once the viewer is known, and again for another game or viewer. */
export function useRecordView(game: Pick<RecentView, 'gameId' | 'name' | 'cover'>): void {
  const viewer = useViewer();
  const { gameId, name, cover } = game;
  useEffect(() => {
    if (viewer) recordView(viewer, { gameId, name, cover });
  }, [viewer, gameId, name, cover]);
}
