/**
 * Who hears about each page shown (analytics counts page views). The router's `onResolved` event, wired
 * in src/app/navigation.ts, announces every page; features subscribe here without knowing the router.
 */
export type NavigationListener = (location: { pathname: string; href: string }) => void;

const listeners = new Set<NavigationListener>();

export function onPageShown(listener: NavigationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announcePageShown(location: { pathname: string; href: string }): void {
  for (const listener of listeners) listener(location);
}
