/**
 * The static floor (docs/performance.md): the floor's hero as one HTML file
 * with its CSS inline and no script at all, the data fetched once when the
 * page is written. Nothing can paint that first screen sooner: it is the
 * physical limit the storefront's first paint is measured against.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { FloorView } from '../floor/src/floor-view';
import { loadHome } from '../floor/src/home';

const CSS = readFileSync(new URL('../floor/src/floor.css', import.meta.url), 'utf8');
/** The floor's own page, so the two floors differ only in how the hero gets into it. */
const TEMPLATE = readFileSync(new URL('../floor/index.html', import.meta.url), 'utf8');

/** Writes `<outDir>/index.html` from the API at `apiOrigin`; the page's images stay on its own origin's /webapi. */
export async function writeStaticFloor(apiOrigin: string, outDir: string): Promise<void> {
  const home = await loadHome(apiOrigin);
  if (home.banners.length === 0) throw new Error(`static floor: no banner from ${apiOrigin}`);
  const body = renderToStaticMarkup(<FloorView home={home} />);
  const html = TEMPLATE.replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace('</head>', `  <style>${CSS}</style>\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  if (html.includes('<script')) throw new Error('static floor: the page still has a script');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'index.html'), html);
}
