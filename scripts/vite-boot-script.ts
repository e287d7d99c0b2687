/**
 * Vite plugin: writes src/app/boot.js into index.html at `<!-- boot-script -->`, minified, as the head's one
 * inline script (docs/decisions/0036-boot-script-inline.md). It runs before the body is parsed, so that no
 * tap can come before it: a page shows nothing to tap until its listeners are in place, whatever the network
 * or a service worker does to the page's other requests. The Content-Security-Policy allows it by hash
 * (`bootScript().hash`, scripts/vite-csp.ts), in the meta tag and in the server's header alike.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifySync, type Plugin } from 'vite';

export const BOOT_PLACEHOLDER = '<!-- boot-script -->';

/** The script as the page carries it, and its hash as a CSP source (`'sha256-…'`). */
export function bootScript(): { code: string; hash: string } {
  const result = minifySync(
    'boot.js',
    readFileSync(fileURLToPath(new URL('../src/app/boot.js', import.meta.url)), 'utf8'),
    { compress: true, mangle: true },
  );
  if (result.errors.length > 0)
    throw new Error(
      `vite-boot-script: src/app/boot.js did not minify: ${result.errors.map((e) => e.message).join('; ')}`,
    );
  const code = result.code.trim();
  // `</script` inside the text would end the element early; the minifier keeps strings as written.
  if (/<\/script/i.test(code)) throw new Error('vite-boot-script: src/app/boot.js must not contain "</script"');
  return { code, hash: `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'` };
}

export function bootScriptPlugin(): Plugin {
  return {
    name: 'storefront-boot-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(BOOT_PLACEHOLDER))
          throw new Error(`vite-boot-script: index.html has no ${BOOT_PLACEHOLDER}`);
        return html.replace(BOOT_PLACEHOLDER, () => `<script>${bootScript().code}</script>`);
      },
    },
  };
}
