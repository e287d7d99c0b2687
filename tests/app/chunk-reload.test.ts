import { describe, expect, it, vi } from 'vitest';
import { guardChunk, isChunkLoadError, RELOAD_GUARD_MS, reloadOnceFor } from '../../src/shared/chunk-reload';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/search-page-abc.js');

describe('the chunk reload guard', () => {
  it('recognises the browsers\u2019 chunk load errors and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once per path within 10 seconds', () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const reload = vi.fn();
    const deps = { storage, now: () => now, reload };
    expect(reloadOnceFor('/search', deps)).toBe(true);
    now += RELOAD_GUARD_MS - 1;
    expect(reloadOnceFor('/search', deps)).toBe(false);
    expect(reloadOnceFor('/new', deps)).toBe(true);
    now += 1;
    expect(reloadOnceFor('/search', deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('reloads instead of failing when a page chunk is missing, then lets the second failure reach the error page', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const load = guardChunk(() => Promise.reject(chunkError()), {
      storage,
      now: () => 5,
      reload,
      path: () => '/search',
    });
    const first = load();
    let settled = false;
    void first.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    await expect(load()).rejects.toThrow(/dynamically imported module/);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes other errors through untouched', async () => {
    const reload = vi.fn();
    const load = guardChunk(() => Promise.reject(new Error('boom')), {
      storage: memoryStorage(),
      now: () => 0,
      reload,
      path: () => '/',
    });
    await expect(load()).rejects.toThrow('boom');
    expect(reload).not.toHaveBeenCalled();
  });
});
