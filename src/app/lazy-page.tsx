import { use, type ComponentType } from 'react';
import { guardChunk } from './chunk-reload';

type Preloadable<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A page component loaded on demand. `preload()` lets the router fetch the
 * chunk on intent (hover, focus, touch); a failed chunk goes through the
 * reload guard (chunk-reload.ts).
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
): Preloadable<M[K] extends ComponentType<infer P> ? P : never> {
  const load = guardChunk(importer);
  let pending: Promise<M> | undefined;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined; // let a later navigation try again
      throw error;
    });
    return pending;
  };
  type P = M[K] extends ComponentType<infer Q> ? Q : never;
  function LazyPage(props: P & object) {
    const mod = use(get());
    const Page = mod[exportName] as ComponentType<P>;
    return <Page {...props} />;
  }
  LazyPage.displayName = `Lazy(${exportName})`;
  return Object.assign(LazyPage as ComponentType<P>, { preload: () => get().then(() => undefined) });
}
