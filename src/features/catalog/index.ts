/**
 * The catalogue's door. The site header (shell) is in the first paint, so this file holds only what it
 * needs then: the keyword rule, and the suggestions panel as its own chunk, loaded on first focus.
 */
import { lazy } from 'react';

export { isKeywordCut, normalizeKeyword } from './search-keyword';
export const SearchSuggestions = lazy(() => import('./search-suggestions'));
