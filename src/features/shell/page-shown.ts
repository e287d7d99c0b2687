/**
 * Who hears about each page shown (analytics counts page views). The router's `onResolved` event, wired
 * in src/app/navigation.ts, announces every page; features subscribe here without knowing the router. A
 * listener added after a page was shown hears that page at once: the adapters start after a prerendered
 * page has hydrated, and the landing page is a page view too.
 */
export type NavigationListener = (location: { pathname: string; href: string }) => void;

const listeners = new Set<NavigationListener>();
let shown: { pathname: string; href: string } | undefined;

export function onPageShown(listener: NavigationListener): () => void {
  listeners.add(listener);
  if (shown) listener(shown);
  return () => listeners.delete(listener);
}

export function announcePageShown(location: { pathname: string; href: string }): void {
  shown = location;
  for (const listener of listeners) listener(location);
}
