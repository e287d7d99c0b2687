/**
 * What a prerendered page and the client agree on (docs/prerendering.md): the id of the page's JSON data block
 * (written by scripts/lib/prerender-html.ts, read by ./prerendered.ts) and when a URL is the page's.
 */
export const PRERENDER_DATA_ID = 'prerender-data';

/**
 * A page's URL as prerendering names it: its path, then its query with the parameters in name order
 * (`/help?category=2&article=5` and `/help?article=5&category=2` are one page). The file a page is written to
 * (scripts/lib/prerender-html.ts `pageFile`) and the client's check that a data block is for the address bar
 * both go through it.
 */
export function pageUrlKey(url: string): string {
  const [path = '', query = ''] = url.split('?');
  const params = [...new URLSearchParams(query)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}
