/**
 * The shell's door: what other features use of the frame around every page (layouts, header, sidebar,
 * history, build reload and error pages are wired by src/app, which imports them directly).
 */
export { OFFLINE_MESSAGE, useOnline } from './connectivity';
export { onPageShown } from './page-shown';
export { usePageHead, usePageTitle, useSiteOrigin, type PageHead } from './page-head';
export type { SearchSuggestionsProps } from './search-suggestions-slot';
