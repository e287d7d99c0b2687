/**
 * Whether this render may show what depends on the visitor. A prerendered page
 * (docs/prerendering.md) is hydrated from HTML made at build time for nobody
 * in particular: while React hydrates it, the first render must match that
 * HTML, so the account in the header, a phone's own layout and anything read
 * from this browser's storage wait for the render after it. In a page React
 * renders itself (no prerendered HTML), every render may.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** `false` on the server and during hydration, `true` from then on (React re-renders once it switches). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
