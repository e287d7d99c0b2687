/**
 * Spec: "Chunk load failure during navigation: page reloads, guarded to once
 * per 10 seconds per path". After a deploy the old chunk names are gone, so a
 * reload fetches the new build. The guard lives in sessionStorage so that it
 * survives the reload it causes; a second failure inside the window is left to
 * the error page instead of looping.
 */
import * as z from 'zod/mini';
import { carryKeptTapsAcrossReload } from './kept-taps';

/** @internal */
export const RELOAD_GUARD_MS = 10_000;
/** The stored time of the last reload, epoch ms. */
const StampSchema = z.number().check(z.int(), z.nonnegative());
const KEY_PREFIX = 'chunk-reload:';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

/** @internal */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

export interface ReloadGuardDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

/**
 * Reloads unless this path already reloaded within 10 s. Returns whether it reloaded.
 * @internal
 */
export function reloadOnceFor(path: string, deps: ReloadGuardDeps): boolean {
  const key = KEY_PREFIX + path;
  const now = deps.now();
  let last: number | null = null;
  try {
    const raw = deps.storage.getItem(key);
    // A damaged value, or a time after now (a clock set back, a hand-edited value), would otherwise
    // block the reload for good: only a time within the last 10 s counts.
    const parsed = StampSchema.safeParse(raw === null ? null : Number(raw));
    if (parsed.success && parsed.data <= now) last = parsed.data;
  } catch {
    // Storage may be unavailable (private mode); then the reload is unguarded.
  }
  if (last !== null && now - last < RELOAD_GUARD_MS) return false;
  try {
    deps.storage.setItem(key, String(now));
  } catch {
    // see above
  }
  deps.reload();
  return true;
}

export type ChunkFailureListener = (error: unknown, path: string) => void;
const listeners = new Set<ChunkFailureListener>();

/** Error reporting subscribes here to hear about failed chunk loads. */
export function onChunkFailure(listener: ChunkFailureListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let defaults: Partial<ReloadGuardDeps> = {};

/**
 * Replaces the browser defaults (sessionStorage, Date.now, location.reload), e.g. in tests.
 * @internal
 */
export function configureChunkReload(deps: Partial<ReloadGuardDeps>): void {
  defaults = deps;
}

/**
 * Wraps a dynamic import: on a chunk failure it reloads the page (guarded) and
 * never settles, so nothing renders half-way; otherwise the error propagates.
 */
export function guardChunk<T>(
  importer: () => Promise<T>,
  deps?: Partial<ReloadGuardDeps> & { path?: () => string },
): () => Promise<T> {
  return () =>
    importer().catch((error: unknown) => {
      if (!isChunkLoadError(error)) throw error;
      const path = deps?.path?.() ?? window.location.pathname;
      for (const listener of listeners) listener(error, path);
      const reloaded = reloadOnceFor(path, {
        storage: deps?.storage ?? defaults.storage ?? window.sessionStorage,
        now: deps?.now ?? defaults.now ?? Date.now,
        reload:
          deps?.reload ??
          defaults.reload ??
          (() => {
            // The taps kept on this page (src/app/boot.js) are acted on in the reloaded one.
            carryKeptTapsAcrossReload();
            window.location.reload();
          }),
      });
      if (reloaded) return new Promise<T>(() => {});
      throw error;
    });
}
