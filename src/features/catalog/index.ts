/**
 * The catalogue's door. The site header's search box (shell) is in the first paint and gets its suggestions
 * panel from src/app/app.tsx, so this file holds only that panel, as its own chunk, loaded on first focus.
 */
import { lazy } from 'react';

export const SearchSuggestions = lazy(() => import('./search-suggestions'));

/** 最近浏览's tab of the personal centre (/setting?type=5): a chunk of its own, with the home aside's part. */
export const RecentViewsPanel = lazy(() =>
  import('./recent-views-list').then((m) => ({ default: m.RecentViewsPanel })),
);
