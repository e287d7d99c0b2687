/**
 * Writes a prerendered page into the built index.html (scripts/vite-prerender.ts):
 * its title and head elements (src/features/shell/route-head.ts `headTags`,
 * the same list the browser writes), the first banner's preload on `/`, the
 * rendered HTML inside `#root`, and the data it was rendered from as a JSON
 * data block the client hydrates from (`PRERENDER_DATA_ID`; not a script the
 * browser runs, so the Content-Security-Policy needs no exception for it).
 */
import { createHash } from 'node:crypto';
import { PRERENDER_DATA_ID } from '../../src/app/prerender-data-id.ts';
import { pageUrlKey } from '../../src/app/prerender-url.ts';
import type { HeadTag } from '../../src/features/shell/route-head';

/** The SPA shell for every path that is not prerendered (static hosts' convention: Netlify, Surge, Cloudflare Pages). */
export const SHELL_FILE = '200.html';

export interface PageDocument {
  /** the built index.html */
  template: string;
  /**
   * The build's other stylesheets (`/assets/….css`). The page's HTML paints before the script that would load
   * its route's styles with its chunk; linking them all in the head keeps a stylesheet that comes later from
   * moving the page (a layout shift). The script then finds them in place and loads none twice.
   */
  stylesheets?: readonly string[];
  page: {
    url: string;
    html: string;
    head: { title: string; tags: HeadTag[] };
    /** the data it was rendered from; none for a shell (rendered without data, which the client renders over) */
    state?: unknown;
    preloadImage: string | undefined;
  };
}

/** The folder under a page's path that holds its query views' files (no route of the store starts with `_`). */
const QUERY_FOLDER = '_query';

/**
 * The file a page is written to, and served from: `/` → `index.html`, `/gameDetail/1` →
 * `gameDetail/1/index.html`. A view named by its query (`/help?category=2&article=5`) has a file of its own
 * under its path's `_query/` folder, its parameters in name order: `help/_query/article-5_category-2/index.html`
 * (a static host that can route by query maps it there; one that cannot serves the path's file, and the page
 * renders on the client). A query with a value other than letters and digits names no file: undefined.
 */
export function pageFile(url: string): string | undefined {
  const [path = '', query = ''] = pageUrlKey(url).split('?');
  const clean = path.replace(/^\/+|\/+$/g, '');
  const folder = clean ? `${clean}/` : '';
  const params = [...new URLSearchParams(query)];
  if (params.length === 0) return `${folder}index.html`;
  if (!params.every(([name, value]) => /^[A-Za-z][A-Za-z0-9]*$/.test(name) && /^[A-Za-z0-9]+$/.test(value)))
    return undefined;
  const named = params.map(([name, value]) => `${name}-${value}`).join('_');
  return `${folder}${QUERY_FOLDER}/${named}/index.html`;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** JSON that can sit inside a `<script>` element: no `<` can close it or open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function serializeTag(tag: HeadTag, extra: Record<string, string> = {}): string {
  if (tag.value === undefined) return '';
  const attributes = { ...tag.identity, ...(tag.into === 'text' ? {} : { [tag.into]: tag.value }), ...extra };
  const attributeText = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  // The JSON-LD text arrives script-safe (`<` escaped by headTags).
  return tag.tag === 'script' ? `<script${attributeText}>${tag.value}</script>` : `<${tag.tag}${attributeText} />`;
}

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`prerender: the built index.html has no ${what}`);
  return text.replace(pattern, () => replacement);
}

/** An attribute's text as written by React's renderer, decoded. */
export const decodeAttribute = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The page's Content-Security-Policy with its style attributes allowed one by one. React writes a component's
 * `style` as an attribute in HTML (an image's aspect ratio, the carousel's offset), which `style-src 'self'`
 * refuses; in the browser it sets them through the CSSOM, which the policy allows. So each prerendered page
 * lists the hashes of exactly the style attributes it carries (`'unsafe-hashes'` limits them to attributes:
 * no inline `<style>` element or script is allowed by them).
 */
function allowStyleAttributes(html: string, body: string): string {
  const values = [...new Set([...body.matchAll(/ style="([^"]*)"/g)].map((match) => decodeAttribute(match[1]!)))];
  if (values.length === 0) return html;
  const hashes = values
    .map((value) => `'sha256-${createHash('sha256').update(value, 'utf8').digest('base64')}'`)
    .join(' ');
  return replaceOnce(
    html,
    /style-src 'self'/,
    `style-src 'self' 'unsafe-hashes' ${hashes}`,
    "a Content-Security-Policy with style-src 'self'",
  );
}

/** The page's HTML document. */
export function injectPage({ template, page, stylesheets = [] }: PageDocument): string {
  const storeDescription = /<meta name="description" content="([^"]*)"\s*\/?>/.exec(template)?.[1];
  let html = replaceOnce(template, /<title>[^<]*<\/title>/, `<title>${escapeText(page.head.title)}</title>`, '<title>');
  html = html.replace(/\s*<meta name="description" content="[^"]*"\s*\/?>/, '');
  const tags = page.head.tags
    .map((tag) => {
      const describes = tag.identity.name === 'description' || tag.identity.property === 'og:description';
      // A page with no description of its own has the store's; the store's stays on the element for the pages
      // the browser shows after it (route-head.ts).
      const item = describes && tag.value === undefined ? { ...tag, value: storeDescription } : tag;
      return serializeTag(
        item,
        tag.identity.name === 'description' && storeDescription !== undefined
          ? { 'data-store-content': storeDescription }
          : {},
      );
    })
    .filter(Boolean);
  // React's static renderer starts its output with preloads for the first images it meets (the logo, the first
  // banner); they belong in the head, not in the page's markup.
  const leading = /^(?:<link rel="preload"[^>]*\/?>)+/.exec(page.html)?.[0] ?? '';
  const markup = page.html.slice(leading.length);
  const preloads = [...leading.matchAll(/<link rel="preload"[^>]*\/?>/g)].map((match) => match[0]);
  if (page.preloadImage && !preloads.some((link) => link.includes(`href="${escapeAttribute(page.preloadImage!)}"`))) {
    preloads.push(
      `<link rel="preload" as="image" href="${escapeAttribute(page.preloadImage)}" fetchpriority="high" />`,
    );
  }
  tags.push(...preloads);
  for (const href of stylesheets)
    if (!template.includes(`href="${href}"`))
      tags.push(`<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`);
  html = replaceOnce(html, /<\/head>/, `    ${tags.join('\n    ')}\n  </head>`, '</head>');
  html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${markup}</div>`, '<div id="root"></div>');
  if (/<meta http-equiv="Content-Security-Policy"/.test(html)) html = allowStyleAttributes(html, markup);
  // A shell (no data) shows skeletons until the script runs: it keeps the "please enable JavaScript" note, and
  // its script loads as the browser finds it.
  if (page.state === undefined) return html;
  // A page with its data paints without script: the app's script is asked for by src/app/boot.js once the
  // page's first image has painted (docs/prerendering.md, "When the app starts"), not with the HTML, where
  // it would take a phone's bandwidth from that image. Its module preloads go too, for the same reason.
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error("prerender: the built index.html has no app's module script");
  html = html.replace(entry[0], () => `<meta name="app-entry" content="${entry[1]}" />`);
  // A page works without script (its links are links): the note goes (not the head's <noscript> stylesheet,
  // which hides the controls that need the app).
  html = html.replace(/\s*<noscript>(?!<link)[\s\S]*?<\/noscript>/, '');
  const data = `<script type="application/json" id="${PRERENDER_DATA_ID}">${scriptSafeJson({ url: page.url, state: page.state })}</script>`;
  return replaceOnce(html, /<\/body>/, `  ${data}\n  </body>`, '</body>');
}
