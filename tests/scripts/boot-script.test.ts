// @vitest-environment node
/**
 * The head's inline boot script (scripts/vite-boot-script.ts, docs/decisions/0036-boot-script-inline.md): every
 * HTML document carries it, so it has a budget of its own, and the text the page carries is what the
 * Content-Security-Policy's hash names.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bootScript } from '../../scripts/vite-boot-script';

/** gzip bytes every HTML document pays for the boot script (1.7 KB when it was inlined). */
const BOOT_SCRIPT_MAX = 2 * 1024;

describe('the inline boot script', () => {
  it(`stays under ${BOOT_SCRIPT_MAX} bytes gzip, minified, and without its comments`, () => {
    const { code } = bootScript();
    expect(gzipSync(code).length).toBeLessThanOrEqual(BOOT_SCRIPT_MAX);
    expect(code).not.toMatch(/\/\*|\n\s*\/\//);
    expect(code).toContain('__storeReady');
  });

  it('is named by the hash of exactly the text written into the page', () => {
    const { code, hash } = bootScript();
    expect(hash).toBe(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  });
});
