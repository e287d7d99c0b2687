/**
 * Work to undo when the current test ends, run by tests/setup.ts's afterEach.
 *
 * Support modules register here instead of calling afterEach themselves: the
 * suite shares one module graph per worker (vite.config.ts, `isolate: false`),
 * so a hook a support module registers at import time would run for the
 * first test file that imported it only, and the apps of later files would
 * keep running into the next file.
 */
const pending = new Set<() => void>();

/** Runs `stop` when the current test ends (unless the returned function removes it first). */
export function onTestEnd(stop: () => void): () => void {
  pending.add(stop);
  return () => pending.delete(stop);
}

/** Called by tests/setup.ts after every test. */
export function runTestEnd(): void {
  for (const stop of [...pending]) {
    pending.delete(stop);
    stop();
  }
}
