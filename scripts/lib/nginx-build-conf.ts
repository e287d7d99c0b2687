/**
 * What nginx needs to know about one build, written by the build itself into `_nginx/` of its output
 * (docs/deploy.md): deploy/nginx/storefront.conf includes `_nginx/*.conf` at the http level, so the routes,
 * the query views and the header policy come from the build they serve and cannot drift from it.
 *
 * - `csp.conf` (scripts/vite-csp.ts): `$storefront_csp_policy`, the Content-Security-Policy header, with
 *   `upgrade-insecure-requests` when the request came over https;
 * - `routes.conf` (scripts/vite-prerender.ts): `$storefront_route`, 1 for a path one of the router's routes
 *   matches (the SPA shell answers it) and 0 for any other (the store's 404 page, status 404); and
 *   `$storefront_query_view`, the `_query/…` folder of a view named by its query (`pageFile`), for each set of
 *   parameter names the build wrote a view for, in any order.
 *
 * The site config serves none of `_nginx/` (a 404).
 */

/** The folder of the output that holds these files. */
export const NGINX_BUILD_DIR = '_nginx';
export const NGINX_CSP_FILE = `${NGINX_BUILD_DIR}/csp.conf`;
export const NGINX_ROUTES_FILE = `${NGINX_BUILD_DIR}/routes.conf`;

const HEADER =
  '# Written by the storefront build (scripts/lib/nginx-build-conf.ts); included by deploy/nginx/storefront.conf.\n';

/** A string as an nginx quoted parameter. */
const quoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export function nginxCspConf(httpPolicy: string, httpsPolicy: string): string {
  return `${HEADER}map $https $storefront_csp_policy {\n    default ${quoted(httpPolicy)};\n    on ${quoted(httpsPolicy)};\n}\n`;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The regular expression of a router path (`/gameDetail/$id`): a parameter matches one segment, a splat
 * (`$`) the rest; a trailing slash is allowed, as the router allows it.
 */
export function routePattern(path: string): string {
  if (path === '/') return '^/$';
  const segments = path
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((segment) => (segment === '$' ? '.*' : segment.startsWith('$') ? '[^/]+' : escapeRegex(segment)));
  return `^/${segments.join('/')}/?$`;
}

/** Every order of `items` (the parameter sets are small: a view has at most two parameters today). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The parameter names of a written view file (`help/_query/article-5_category-2/index.html` → article, category). */
function queryNames(file: string): string[] | undefined {
  const named = /(?:^|\/)_query\/([^/]+)\/index\.html$/.exec(file)?.[1];
  return named?.split('_').map((pair) => pair.slice(0, pair.indexOf('-')));
}

export function nginxRoutesConf(routePaths: readonly string[], pageFiles: readonly string[]): string {
  const routes = [...new Set(routePaths)].sort().map((path) => `    ${quoted(`~${routePattern(path)}`)} 1;`);
  const nameSets = new Map<string, string[]>();
  for (const file of pageFiles) {
    const names = queryNames(file);
    if (names) nameSets.set(names.join(','), names);
  }
  const views = [...nameSets.values()]
    .sort((a, b) => a.join(',').localeCompare(b.join(',')))
    .flatMap((names) =>
      permutations(names).map((order) => {
        // The query in this order; the folder names the parameters in name order, as `pageFile` writes it.
        const pattern = order.map((name) => `${name}=([A-Za-z0-9]+)`).join('&');
        const folder = names.map((name) => `${name}-$${order.indexOf(name) + 1}`).join('_');
        return `    ${quoted(`~^${pattern}$`)} ${quoted(`/_query/${folder}`)};`;
      }),
    );
  const map = (variable: string, source: string, lines: string[]) =>
    [`map ${source} ${variable} {`, ...lines, '}'].join('\n');
  return `${HEADER}${map('$storefront_route', '$uri', ['    default 0;', ...routes])}\n${map('$storefront_query_view', '$args', ['    default "";', ...views])}\n`;
}
