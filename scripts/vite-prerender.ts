/**
 * Vite plugin (client production builds): once the bundle is written, renders
 * the public pages to HTML with their data (docs/prerendering.md) and writes
 * each as `<path>/index.html` with a `_payload.json` beside it, plus
 * `200.html`, the data-free SPA shell for every other path. A mock build also
 * gets the images those pages load from the simulated backend, as files
 * (./lib/prerender-images.ts: a first visit shows them before msw's worker).
 *
 * How a page is rendered: src/app/prerender.tsx, loaded through a Vite SSR
 * module loader with this build's configuration, runs in Node inside a DOM
 * emulator (jsdom, as the tests run the app), so the store's code meets the
 * window it expects. Its requests reach:
 *
 * - mock builds: the simulated backend, in this process (msw/node, the same
 *   handlers and seed as the browser's worker and the tests);
 * - live builds: `PRERENDER_API_URL` (any server of the /webapi contract, e.g.
 *   `npm run api`). Without it the build writes the public pages' shells
 *   (rendered without data: header, footer, skeletons) and says so.
 *
 * Which pages, and what a failure becomes: scripts/lib/prerender-site.ts (a
 * page whose data call failed is written as its shell and the build names it).
 * `PRERENDER=0` turns the pages off (the routes for nginx, `_nginx/routes.conf`, are written in every build:
 * scripts/lib/nginx-build-conf.ts). `vite preview` serves the result as a
 * static host would: the file of the path and query (`pageFile`) when it
 * exists, else the path's, else `200.html` (`configurePreviewServer` below).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import type * as PrerenderModule from '../src/app/prerender';
import type { PrerenderedPage } from '../src/app/prerender';
import { injectPage, pageFile, SHELL_FILE, type PageDocument } from './lib/prerender-html.ts';
import { prerenderSite, siteOrigin, type SiteReport } from './lib/prerender-site.ts';
import { apiImagePaths, writeApiImages, type ImagesWritten } from './lib/prerender-images.ts';
import { NGINX_BUILD_DIR, NGINX_ROUTES_FILE, nginxRoutesConf } from './lib/nginx-build-conf.ts';

const JSDOM_MODULE = 'jsdom';

type Mode = { kind: 'mock' } | { kind: 'live'; apiUrl: string } | { kind: 'shells' } | { kind: 'off'; reason: string };

function modeOf(config: ResolvedConfig): Mode {
  if (process.env.PRERENDER === '0') return { kind: 'off', reason: 'PRERENDER=0' };
  const apiMode = process.env.VITE_API_MODE ?? config.env.VITE_API_MODE ?? 'mock';
  if (apiMode !== 'live') return { kind: 'mock' };
  const apiUrl = process.env.PRERENDER_API_URL;
  return apiUrl ? { kind: 'live', apiUrl } : { kind: 'shells' };
}

/** Puts a DOM emulator's window on the global object, as a browser has it; returns what undoes it. */
async function installDom(url: string): Promise<() => void> {
  // jsdom ships no types; its constructor and window are all this uses.
  const { JSDOM } = (await import(/* jsdom has no types */ JSDOM_MODULE)) as {
    JSDOM: new (
      html: string,
      options: { url: string; pretendToBeVisual: boolean },
    ) => { window: Window & { close(): void } };
  };
  const dom = new JSDOM('<!doctype html><html lang="zh-CN"><head></head><body><div id="root"></div></body></html>', {
    url,
    pretendToBeVisual: true,
  });
  const window = dom.window as unknown as Record<string, unknown>;
  const added: string[] = [];
  const global = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in global) continue;
    global[key] = window[key];
    added.push(key);
  }
  // What Node has under the same names but a page expects from its window.
  const replaced = [
    'window',
    'self',
    'document',
    'navigator',
    'location',
    'localStorage',
    'sessionStorage',
    'XMLHttpRequest',
  ].filter((key) => !added.includes(key));
  const before = new Map(replaced.map((key) => [key, Object.getOwnPropertyDescriptor(global, key)]));
  for (const key of replaced)
    Object.defineProperty(global, key, {
      value: key === 'window' || key === 'self' ? dom.window : window[key],
      configurable: true,
      writable: true,
    });
  return () => {
    for (const key of added) delete global[key];
    for (const [key, descriptor] of before) {
      if (descriptor) Object.defineProperty(global, key, descriptor);
      else delete global[key];
    }
    dom.window.close();
  };
}

type Prerenderer = typeof PrerenderModule;

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'storefront-prerender',
    // Builds write the pages; `vite preview` (which resolves its config as a serve command) serves them.
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || config.command !== 'build') return;
      const outDir = resolve(config.root, config.build.outDir);
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      // Every path that is not prerendered gets the SPA shell, as before.
      writeFileSync(join(outDir, SHELL_FILE), template);
      const mode = modeOf(config);
      if (mode.kind === 'off') config.logger.info(`prerender: off (${mode.reason})`);
      const started = Date.now();
      const site = siteOrigin(process.env.VITE_SITE_URL ?? config.env.VITE_SITE_URL);
      if (site.warning && mode.kind !== 'off') config.logger.warn(site.warning);
      const { origin } = site;
      // One React build for the whole render: React picks its development or production files by NODE_ENV when
      // each of its modules first loads, and a build started from Vite's JS API (npm run bench) may not have set it.
      const nodeEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      const written: string[] = [];
      /** The API's images the written pages load, in a mock build (written as files: ./lib/prerender-images.ts). */
      const pageImages = new Set<string>();
      /** Where those are: the prefix the simulated backend answers, once it runs (a mock build). */
      let imagesPrefix: string | undefined;
      const { createServer } = await import('vite');
      const loader = await createServer({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
        // The router renders a different tree on a server (no Suspense around its outlets, a scroll script)
        // than in a browser, chosen by an export condition. The page is hydrated by the browser's router, so it
        // is rendered by the browser's: the router's packages are loaded with the `browser` condition.
        ssr: {
          noExternal: [/^@tanstack\/(react-)?router/],
          resolve: { conditions: ['browser', 'import', 'module', 'default'] },
        },
      });
      // The page's window first: libraries read it when they load (axios picks its browser adapter).
      const domUrl = mode.kind === 'live' ? new URL(mode.apiUrl).origin : 'http://localhost/';
      const uninstall = await installDom(domUrl);
      let stopMock = () => undefined as void;
      const stylesheets = readdirSync(join(outDir, 'assets'))
        .filter((file) => file.endsWith('.css'))
        .sort()
        .map((file) => `/assets/${file}`);
      const write = (page: PrerenderedPage) => {
        const name = pageFile(page.url);
        if (!name) return;
        const file = join(outDir, name);
        written.push(name);
        mkdirSync(dirname(file), { recursive: true });
        const document: PageDocument = { template, page, stylesheets };
        const html = injectPage(document);
        writeFileSync(file, html);
        if (imagesPrefix !== undefined)
          for (const path of apiImagePaths(html, { origin: domUrl, apiPrefix: imagesPrefix })) pageImages.add(path);
        if (page.state)
          writeFileSync(join(dirname(file), '_payload.json'), JSON.stringify({ url: page.url, state: page.state }));
      };
      let report: SiteReport | undefined;
      let images: ImagesWritten | undefined;
      try {
        const renderer = (await loader.ssrLoadModule('/src/app/prerender.tsx')) as Prerenderer;
        if (mode.kind === 'mock') {
          const backend = await renderer.startSimulatedBackend();
          stopMock = backend.stop;
          imagesPrefix = backend.apiPrefix;
        }
        if (mode.kind !== 'off')
          report = await prerenderSite(renderer, { origin, withData: mode.kind !== 'shells', write });
        // Asked of the simulated backend still listening here, at the address the pages name (a build served
        // under a base path would not serve them there: left to the worker).
        if (imagesPrefix !== undefined && config.base === '/')
          images = await writeApiImages(pageImages, { origin: domUrl, outDir });
        // What nginx needs to route this build (docs/deploy.md), written whether or not pages were.
        mkdirSync(join(outDir, NGINX_BUILD_DIR), { recursive: true });
        writeFileSync(join(outDir, NGINX_ROUTES_FILE), nginxRoutesConf(renderer.routePaths(), written));
      } finally {
        await loader.close();
        stopMock();
        uninstall();
        if (nodeEnv === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = nodeEnv;
      }
      if (!report || mode.kind === 'off') return;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (mode.kind === 'shells') {
        config.logger.info(
          `prerender: a live build without PRERENDER_API_URL: ${report.shells.length} pages as their data-free shell (header, footer, skeletons) in ${seconds} s`,
        );
      } else {
        const source = mode.kind === 'mock' ? 'the simulated backend' : mode.apiUrl;
        config.logger.info(`prerender: ${report.pages.length} pages from ${source} in ${seconds} s`);
        if (images)
          config.logger.info(
            `prerender: ${images.written.length} of the simulated backend's images the pages load, as files`,
          );
        for (const line of images?.failed ?? []) config.logger.warn(`prerender: an image not written: ${line}`);
        for (const line of report.shells)
          config.logger.warn(`prerender: data failed, written as the page's shell: ${line}`);
      }
      for (const line of report.skipped)
        config.logger.warn(`prerender: not prerendered, served the SPA shell: ${line}`);
    },
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return next();
        const [pathname = '/', query] = req.url.split('?');
        if (pathname.startsWith('/webapi') || /\.[a-z0-9]+$/i.test(pathname)) return next();
        if (!(req.headers.accept ?? '').includes('text/html')) return next();
        let path: string;
        try {
          path = decodeURIComponent(pathname);
        } catch {
          return next();
        }
        const exists = (name: string | undefined) =>
          name !== undefined && existsSync(join(outDir, name)) && statSync(join(outDir, name)).isFile();
        // The view's own file (a help article), else its path's (its markup is rendered again by the client), else the shell.
        const target = [pageFile(query === undefined ? path : `${path}?${query}`), pageFile(path), SHELL_FILE].find(
          exists,
        );
        if (target) req.url = `/${target}${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
  };
}
