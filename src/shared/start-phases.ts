/**
 * The start-up's phases as User Timing entries (`performance.measure('store:…')`), which
 * `npm run bench -- --trace` lines up with the long tasks after the first paint (docs/performance.md,
 * "Where the time goes"), and the one way the start-up gives the main thread back between them.
 */

/** Runs `run`, measured as `name` from its start until it returns or, for a promise, settles. */
export function phase<T>(name: string, run: () => T): T {
  const start = performance.now();
  const end = () => {
    try {
      performance.measure(name, { start, end: performance.now() });
    } catch {
      // A browser without User Timing Level 3 measures nothing; the start-up is the same.
    }
  };
  const result = run();
  if (result instanceof Promise) void result.then(end, end);
  else end();
  return result;
}

/** A moment of the start-up (`performance.mark`), e.g. `store:ready` when the page acts on taps. */
export function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    // No User Timing: nothing to record.
  }
}

interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/** Ends the current task so that input and painting can run; the caller goes on in a new task. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}
