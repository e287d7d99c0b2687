import { use, type ComponentType, type ReactElement } from 'react';
import { guardChunk } from '../shared/chunk-reload';

export type LazyPage = (() => ReactElement) & { preload: () => Promise<void> };

/**
 * A route's page component, loaded on demand. `preload()` lets the router
 * fetch the chunk on intent (hover, focus, touch); a failed chunk goes
 * through the reload guard (chunk-reload.ts). Route components take no props.
 */
export function lazyPage<M, K extends keyof M & string>(importer: () => Promise<M>, exportName: K): LazyPage {
  const load = guardChunk(importer);
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  const get = () => {
    // A failed load stays failed: React re-renders with the same rejected promise and the route's
    // error page shows (a fresh promise per render would suspend forever). A reload tries again.
    pending ??= load().then((mod) => (loaded = mod));
    return pending;
  };
  function Page(): ReactElement {
    // Once loaded (or preloaded on intent) the page renders without suspending.
    const mod = loaded ?? use(get());
    const Component = mod[exportName] as ComponentType;
    return <Component />;
  }
  Page.displayName = `LazyPage(${exportName})`;
  return Object.assign(Page, { preload: () => get().then(() => undefined) });
}
