/**
 * A page's URL as prerendering names it (docs/prerendering.md, "Views named by a query"): its path, then its
 * query with the parameters in name order (`/help?category=2&article=5` and `/help?article=5&category=2` are one
 * page). The file a page is written to (scripts/lib/prerender-html.ts `pageFile`) and the client's check that a
 * data block is for the address bar (./prerendered.ts) both go through it. Its own module: the app's first
 * chunk carries the data block's id, and this goes with the code that hydrates.
 */
export function pageUrlKey(url: string): string {
  const [path = '', query = ''] = url.split('?');
  const params = [...new URLSearchParams(query)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}
