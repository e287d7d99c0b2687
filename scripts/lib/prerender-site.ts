/**
 * Which pages a build prerenders, and what becomes of each (docs/prerendering.md, scripts/vite-prerender.ts):
 *
 * - with data: `/`, `/new`, `/notice`, `/help`, `/agreement`, every game the home page and /new link to (the
 *   home's rankings first, at most `MAX_GAME_PAGES`), and every view of help and the agreement that their
 *   pages link to (each category, each article, the privacy policy), found by following the links of the
 *   HTML as it is rendered, and each game's goods views (`/gameDetail/1?goods=12`, its offers' URLs, where
 *   search engines and shared links lead: `page.views`);
 * - a page whose data failed gets its shell (rendered without data) and is named in the report; a page the
 *   router did not find is not written (its path is served the SPA shell);
 * - without data (a live build with no server to read from): the fixed pages' shells.
 */
import type { PrerenderedPage } from '../../src/app/prerender';
import { pageUrlKey } from '../../src/app/prerender-url.ts';
import { decodeAttribute, pageFile } from './prerender-html.ts';

/** Where the pages say the site lives when the build is not told: the address `vite preview` serves. */
export const DEFAULT_SITE_ORIGIN = 'http://localhost:4173';

/**
 * The site's origin for the prerendered pages' canonical URLs, Open Graph tags and JSON-LD (what a crawler
 * that runs no script keeps), from `VITE_SITE_URL`. Unset: the default, and a warning line for the build
 * output, as a live build without PRERENDER_API_URL says what it lacks. Set to anything but an http(s)
 * origin: the build stops, rather than write a wrong address into every page.
 */
export function siteOrigin(raw: string | undefined): { origin: string; warning: string | null } {
  const value = raw?.trim() ?? '';
  if (value === '') {
    return {
      origin: DEFAULT_SITE_ORIGIN,
      warning: `prerender: no VITE_SITE_URL: every page's canonical URL, Open Graph tags and JSON-LD name ${DEFAULT_SITE_ORIGIN}; set VITE_SITE_URL to the site's origin (README, "Configuration")`,
    };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `VITE_SITE_URL is not a URL: "${value}" (expected the site's origin, e.g. https://shop.example.com)`,
    );
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== ''
  ) {
    throw new Error(
      `VITE_SITE_URL must be an http(s) origin with no path, query or credentials: "${value}" (e.g. https://shop.example.com)`,
    );
  }
  return { origin: url.origin, warning: null };
}

export interface SiteRenderer {
  prerenderPage(url: string, origin: string): Promise<PrerenderedPage>;
  prerenderShell(url: string, origin: string): Promise<PrerenderedPage>;
  gamePaths(max: number): Promise<string[]>;
}

/** The pages that are always prerendered. */
const FIXED_PAGES = ['/', '/new', '/notice', '/help', '/agreement'];
/** At most this many game details (the seed's ranking order first). */
const MAX_GAME_PAGES = 60;
/** The pages whose views named by a query (a help article, the privacy policy) are followed from their links. */
const VIEWS_FOLLOWED = ['/help', '/agreement'];
/** At most this many such views. */
const MAX_QUERY_VIEWS = 120;
/** At most this many goods views of the game details (`page.views`: each offer's `?goods=` landing). */
const MAX_GOODS_VIEWS = 4 * MAX_GAME_PAGES;

export interface SiteReport {
  /** the URLs written with their data */
  pages: string[];
  /** the URLs written as their shell, each with why */
  shells: string[];
  /** the URLs not written, each with why */
  skipped: string[];
}

/** The links of `html` to a view of a followed page named by its query (each has a file name: `pageFile`). */
function queryViewLinks(html: string): string[] {
  return [...html.matchAll(/ href="([^"]+)"/g)]
    .map((match) => decodeAttribute(match[1]!))
    .filter((href) => {
      const [path, query] = href.split('?');
      return VIEWS_FOLLOWED.includes(path!) && Boolean(query) && pageFile(href) !== undefined;
    });
}

/**
 * Renders the site page by page, handing each to `write` as it comes; `withData: false` renders the fixed
 * pages' shells only.
 */
export async function prerenderSite(
  renderer: SiteRenderer,
  options: { origin: string; withData: boolean; write: (page: PrerenderedPage) => void },
): Promise<SiteReport> {
  const { origin, write } = options;
  const report: SiteReport = { pages: [], shells: [], skipped: [] };
  const writeShell = async (url: string, why: string) => {
    try {
      write(await renderer.prerenderShell(url, origin));
      report.shells.push(`${url} (${why})`);
    } catch (error) {
      report.skipped.push(
        `${url} (${why}; its shell failed too: ${error instanceof Error ? error.message : String(error)})`,
      );
    }
  };
  if (!options.withData) {
    for (const url of FIXED_PAGES) await writeShell(url, 'no data source');
    return report;
  }
  const games = await renderer.gamePaths(MAX_GAME_PAGES).catch((error: unknown) => {
    report.skipped.push(
      `the game details (their list failed: ${error instanceof Error ? error.message : String(error)})`,
    );
    return [];
  });
  const queue = [...FIXED_PAGES, ...games];
  const seen = new Set(queue.map(pageUrlKey));
  let views = 0;
  let goodsViews = 0;
  for (let index = 0; index < queue.length; index += 1) {
    const url = queue[index]!;
    const page = await renderer.prerenderPage(url, origin);
    if (page.status !== 200) {
      report.skipped.push(`${url} (status ${page.status})`);
      continue;
    }
    if (page.failed.length > 0) {
      await writeShell(url, `failed: ${page.failed.join(', ')}`);
      continue;
    }
    write(page);
    report.pages.push(page.url);
    for (const link of queryViewLinks(page.html)) {
      const key = pageUrlKey(link);
      if (seen.has(key) || views >= MAX_QUERY_VIEWS) continue;
      seen.add(key);
      views += 1;
      queue.push(link);
    }
    for (const view of page.views) {
      const key = pageUrlKey(view);
      if (seen.has(key) || goodsViews >= MAX_GOODS_VIEWS || pageFile(view) === undefined) continue;
      seen.add(key);
      goodsViews += 1;
      queue.push(view);
    }
  }
  return report;
}
