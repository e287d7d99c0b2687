import { useCallback, useRef } from 'react';

/**
 * One call at a time: `run(start)` calls `start` unless the promise of the
 * previous call is still pending, in which case it does nothing. A double
 * click lands twice before React re-renders a button disabled by a
 * mutation's `isPending`, so that flag alone lets the second click through.
 */
export function useSingleFlight(): (start: () => Promise<unknown>) => void {
  const inFlight = useRef(false);
  return useCallback((start: () => Promise<unknown>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    start()
      .catch(() => undefined)
      .finally(() => {
        inFlight.current = false;
      });
  }, []);
}
