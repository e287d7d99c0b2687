import { use, type ComponentType, type ReactElement } from 'react';
import { guardChunk } from './chunk-reload';

export type LazyPage = (() => ReactElement) & { preload: () => Promise<void> };

/**
 * A route's page component, loaded on demand. `preload()` lets the router
 * fetch the chunk on intent (hover, focus, touch); a failed chunk goes
 * through the reload guard (chunk-reload.ts). Route components take no props.
 */
export function lazyPage<M, K extends keyof M & string>(importer: () => Promise<M>, exportName: K): LazyPage {
  const load = guardChunk(importer);
  let pending: Promise<M> | undefined;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined; // let a later navigation try again
      throw error;
    });
    return pending;
  };
  function Page(): ReactElement {
    const mod = use(get());
    const Component = mod[exportName] as ComponentType;
    return <Component />;
  }
  Page.displayName = `LazyPage(${exportName})`;
  return Object.assign(Page, { preload: () => get().then(() => undefined) });
}
