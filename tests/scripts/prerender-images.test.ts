/**
 * A mock build's images as files (scripts/lib/prerender-images.ts): which images a prerendered page loads from the
 * API, and each written as the tests' simulated backend answers it. In the DOM environment: the tests' backend
 * answers the API under the page's address, as the build's does under its DOM emulator's (scripts/vite-prerender.ts).
 */
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiImagePaths, writeApiImages } from '../../scripts/lib/prerender-images';
import { apiPrefix } from '../../src/mock/msw-handlers';

const MARKUP = [
  '<link rel="preload" as="image" href="/webapi/static/img/banner/1.svg" fetchPriority="high"/>',
  '<link rel="preload" as="script" href="/webapi/static/img/not-an-image.svg"/>',
  '<img src="/favicon.svg" alt="" width="28" height="28"/>',
  '<img alt="新春游戏节" src="/webapi/static/img/banner/1.svg" width="1200" height="400"/>',
  '<img src="/webapi/static/img/cover/18.svg" alt="星砂" loading="lazy"/>',
  '<img src="/webapi/static/img/cover/19.svg?label=x" alt=""/>',
  '<img src="/webapi/static/img/cover/20%2F1.svg" alt=""/>',
  '<img src="https://cdn.example/webapi/static/img/cover/21.svg" alt=""/>',
  '<a href="/webapi/static/download/android.apk">下载</a>',
  '<img src="/webapix/static/img/cover/22.svg" alt=""/>',
].join('');

describe('the images a page loads from the API', () => {
  const origin = 'http://localhost/';
  const prefix = (base: string) => apiPrefix(base, origin);

  it('are its images and image preloads under the API base, each once, and none with a query or an escape', () => {
    expect(apiImagePaths(MARKUP, { origin, apiPrefix: prefix('/webapi') })).toEqual([
      '/webapi/static/img/banner/1.svg',
      '/webapi/static/img/cover/18.svg',
    ]);
    expect(apiImagePaths(MARKUP, { origin, apiPrefix: prefix('/webapi/') })).toEqual(
      apiImagePaths(MARKUP, { origin, apiPrefix: prefix('/webapi') }),
    );
  });

  it('are none when the API is on another origin', () => {
    expect(apiImagePaths(MARKUP, { origin, apiPrefix: prefix('https://cdn.example/webapi') })).toEqual([]);
    expect(apiImagePaths(MARKUP, { origin, apiPrefix: prefix('//cdn.example/webapi') })).toEqual([]);
  });
});

describe('writing them', () => {
  let outDir = '';
  afterEach(() => rmSync(outDir, { recursive: true, force: true }));

  it('writes each image the simulated backend answers at its path, and names those it does not', async () => {
    outDir = mkdtempSync(join(tmpdir(), 'prerender-images-'));
    const origin = window.location.href;
    const result = await writeApiImages(
      ['/webapi/static/img/cover/1.svg', '/webapi/static/img/nope/1.svg', '/webapi/../../escaped.svg'],
      { origin, outDir },
    );

    expect(result.written).toEqual(['/webapi/static/img/cover/1.svg']);
    const served = await (await fetch(new URL('/webapi/static/img/cover/1.svg', origin))).text();
    expect(served).toMatch(/^<svg /);
    expect(readFileSync(join(outDir, 'webapi/static/img/cover/1.svg'), 'utf8')).toBe(served);

    expect(result.failed).toEqual([
      expect.stringMatching(/^\/webapi\/static\/img\/nope\/1\.svg: 404 /),
      "/webapi/../../escaped.svg: outside the build's folder",
    ]);
    expect(existsSync(join(outDir, 'webapi/static/img/nope'))).toBe(false);
  });
});
