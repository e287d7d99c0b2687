/**
 * The catalogue's door. The site header's search box (shell) is in the first paint and gets its suggestions
 * panel from src/app/app.tsx, so this file holds only that panel, as its own chunk, loaded on first focus.
 */
import { lazy } from 'react';

export const SearchSuggestions = lazy(() => import('./search-suggestions'));
