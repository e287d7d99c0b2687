/**
 * The document's head for the page shown: title, description, canonical URL,
 * Open Graph tags, robots and structured data (JSON-LD). These hooks are the
 * only way in; ./route-head.ts holds what each route says and writes it.
 *
 * - `useRouteHead()` (the root shell) applies the route's head on every
 *   navigation.
 * - A page that knows better once its data is in (a game's name, cover and
 *   offers; a notice's title and text) calls `usePageHead()`, which applies
 *   over its route's.
 *
 * The writer is loaded on the first call, after the first paint (whose head
 * is index.html's), and every write waits for the one before it, so a page's
 * head always lands after its route's. Spec section 2: the title is
 * `<page title> - <store name>`, the store name alone on the home page
 * (`pageTitle`, ./route-meta.ts).
 *
 * A build-time render (src/app/prerender.tsx) runs no effects: `usePageHead()`
 * tells it what the page says of itself as it renders, and `useSiteOrigin()`
 * asks it for the site's origin (src/shared/build-render.ts).
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { BUILD_RENDER, buildRenderListener } from '../../shared/build-render';
import type { PageHead, RouteMeta } from './route-meta';

export type { PageHead } from './route-meta';

type Place = { pathname: string; search: string };

let writes: Promise<unknown> = Promise.resolve();

function write(meta: RouteMeta | undefined, place: Place, page: PageHead): void {
  writes = writes
    .then(() => import('./route-head'))
    .then(({ applyPageHead }) => applyPageHead(meta, place, page))
    .catch(() => undefined); // the writer's chunk failed to load: the head stays as it was
}

function useRouteMeta(): RouteMeta | undefined {
  return useRouterState({
    select: (s) => s.matches.reduce<RouteMeta | undefined>((found, match) => match.staticData.meta ?? found, undefined),
  });
}

/** Where the router is: its path and query (the address bar's in the browser; a memory history's in tests). */
function useRoutePlace(): Place {
  const { pathname, searchStr } = useRouterState({ select: (s) => s.location });
  return useMemo(() => ({ pathname, search: searchStr }), [pathname, searchStr]);
}

/** The origin that makes a page's URLs absolute: the address bar's, or the site's in a build-time render. */
export function useSiteOrigin(): string {
  return (BUILD_RENDER && buildRenderListener()?.origin) || window.location.origin;
}

/** The route's head, on every navigation (the root shell). */
export function useRouteHead(): void {
  const meta = useRouteMeta();
  const place = useRoutePlace();
  // A layout effect runs before every passive effect, so a page's usePageHead() is queued after it.
  useLayoutEffect(() => write(meta, place, {}), [meta, place]);
}

/**
 * A page's own head over its route's, once its data is in (`undefined` fields keep the route's). Pass
 * fields that keep their identity between renders (a memo, or values read from query data).
 */
export function usePageHead(page: PageHead): void {
  const meta = useRouteMeta();
  const place = useRoutePlace();
  const { title, description, image, type, jsonLd, index } = page;
  const says =
    title !== undefined ||
    description !== undefined ||
    image !== undefined ||
    jsonLd !== undefined ||
    index !== undefined;
  if (BUILD_RENDER && says) buildRenderListener()?.pageHead({ title, description, image, type, jsonLd, index });
  useEffect(() => {
    if (says) write(meta, place, { title, description, image, type, jsonLd, index });
  }, [meta, place, says, title, description, image, type, jsonLd, index]);
}

/** Pages that know a better title (an order's id) set it once their data is in. */
export function usePageTitle(title: string | undefined): void {
  usePageHead({ title });
}
