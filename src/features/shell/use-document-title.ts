import { useRouterState } from '@tanstack/react-router';
import { useEffect, useLayoutEffect } from 'react';
import { config } from '../../shared/env';
import { pageTitle, type RouteMeta } from './route-meta';

/** `<page title> - <store name>`; the home page shows the store name alone. */
export function useDocumentTitle(): void {
  const meta = useRouterState({
    select: (s) => s.matches.reduce<RouteMeta | undefined>((found, match) => match.staticData.meta ?? found, undefined),
  });
  // A layout effect runs before every passive effect, so a page's usePageTitle() wins.
  useLayoutEffect(() => {
    if (meta) document.title = pageTitle(meta, config.storeName);
  }, [meta]);
}

/** Pages that know a better title (a game's name) set it once their data is in. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} - ${config.storeName}`;
  }, [title]);
}
