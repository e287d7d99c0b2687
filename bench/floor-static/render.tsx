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

/** Writes `<outDir>/index.html` from the API at `apiOrigin`; the page's images stay on its own origin's /webapi. */
export async function writeStaticFloor(apiOrigin: string, outDir: string): Promise<void> {
  const home = await loadHome(apiOrigin);
  if (home.banners.length === 0) throw new Error(`static floor: no banner from ${apiOrigin}`);
  const body = renderToStaticMarkup(<FloorView home={home} />);
  const html = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="星游商城基准页：与首页相同的首屏内容，纯 HTML 与 CSS。" />
    <title>星游商城</title>
    <style>${CSS}</style>
  </head>
  <body>
    <div id="root">${body}</div>
  </body>
</html>
`;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'index.html'), html);
}
