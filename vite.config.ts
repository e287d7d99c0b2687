/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { bootScriptPlugin } from './scripts/vite-boot-script.ts';
import { buildMetaPlugin } from './scripts/vite-build-meta.ts';
import { cspPlugin } from './scripts/vite-csp.ts';
import { endpointDocsPlugin } from './scripts/vite-endpoint-docs.ts';
import { prerenderPlugin } from './scripts/vite-prerender.ts';
import { releaseFilesPlugin } from './scripts/vite-release-files.ts';
import { siteLegalPlugin } from './scripts/vite-site-legal.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Test files that replace modules (vi.mock, vi.resetModules), or render with React's server renderer (the
 * build's prerender: once it has rendered the app's context providers, React's client renderer in the same
 * graph takes them for a second renderer's and fails): each runs in its own module graph
 * (tests/lint/test-isolation.test.ts).
 */
export const ISOLATED_TESTS = [
  'tests/api/api-base.test.ts',
  'tests/app/prerender-site.test.tsx',
  'tests/integration/demo/demo-page.test.tsx',
  'tests/integration/shell/chunk-and-errors.test.tsx',
  'tests/machines/app.machine.test.ts',
];

/** Test files that ask for Node instead of jsdom (`// @vitest-environment node` at their top). */
function nodeEnvironmentTests(): string[] {
  // Vitest runs from the repository's root, where this file is.
  const root = process.cwd();
  return readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' })
    .map((file) => `tests/${file.split('\\').join('/')}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('tests/e2e/') && !ISOLATED_TESTS.includes(file))
    .filter((file) => /^\/\/ @vitest-environment node$/m.test(readFileSync(join(root, file), 'utf8').slice(0, 1000)));
}

export default defineConfig(({ mode }) => {
  const fileEnv = loadEnv(mode, process.cwd(), '');
  const apiMode = process.env.VITE_API_MODE ?? fileEnv.VITE_API_MODE ?? 'mock';
  const apiBase = process.env.VITE_API_BASE || fileEnv.VITE_API_BASE || '/webapi'; // empty means unset, as in src/shared/env.ts
  const proxyTarget = process.env.API_PROXY_TARGET ?? fileEnv.API_PROXY_TARGET ?? 'http://127.0.0.1:8787';
  // In live mode both the dev server and `vite preview` forward the API base path to a real server
  // (an absolute base, https://…, is called directly and needs no proxy).
  const proxy =
    apiMode === 'live' && apiBase.startsWith('/')
      ? { [apiBase]: { target: proxyTarget, changeOrigin: true } }
      : undefined;

  return {
    // bootScriptPlugin: src/app/boot.js inline in the head (docs/decisions/0036-boot-script-inline.md); cspPlugin: production builds only (a Content-Security-Policy meta tag, docs/reliability.md); endpointDocsPlugin:
    // production builds only (the endpoints' docs/api.md text stays out of the browser's code); prerenderPlugin:
    // production builds only (the public pages as HTML with their data, docs/prerendering.md); siteLegalPlugin:
    // the footer's operator, licence and hours as HTML in index.html (scripts/vite-site-legal.ts); releaseFilesPlugin:
    // production builds only (the source maps kept beside the output, no mock worker in a live build).
    plugins: [
      react(),
      bootScriptPlugin(),
      buildMetaPlugin(),
      siteLegalPlugin(),
      cspPlugin(),
      endpointDocsPlugin(),
      prerenderPlugin(),
      releaseFilesPlugin(),
    ],
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      target: 'es2022',
      // No preload helper around dynamic imports (decision 0024): on a phone's CPU each `<link rel=modulepreload>` it
      // appends costs the main thread a few milliseconds (about 200 ms at 4x on a detail's start-up, inside tasks
      // that are already long); a chunk's own imports are few (the groups below), and the router preloads a page's
      // chunk on intent.
      modulePreload: false,
      // Written without a sourceMappingURL comment and moved beside the output by releaseFilesPlugin: they hold
      // the whole source text, which a public server must not show (docs/decisions/0031-nothing-a-server-should-not-show.md).
      sourcemap: 'hidden',
      // One stylesheet for the whole store (11 KB gzip): a prerendered page needs the styles of what it shows
      // before any script runs, and seven render-blocking stylesheets cost a phone more round trips than the
      // few kilobytes a page does not use (docs/performance.md, "What keeps `/` fast").
      cssCodeSplit: false,
      // Fewer, larger chunks for the first paint (docs/performance.md): everything the entry imports
      // statically in one chunk, and the catalogue pieces every listing page shares (cards, images,
      // prices, links) in one more, instead of a dozen small chunks each with its own request.
      rolldownOptions: {
        // A feature's index.ts only re-exports (docs/architecture.md, "Layout"): importing one name through
        // it must not bring the feature's other modules (or a chunk of its own) along.
        treeshake: { moduleSideEffects: [{ test: /src[\\/]features[\\/][a-z-]+[\\/]index\.ts$/, sideEffects: false }] },
        output: {
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'], priority: 2 },
              // The bundler's runtime helpers go with the entry: as a chunk of their own (every chunk imports them) they
              // cost every page a round trip between the entry's arrival and its evaluation (0.6 s on
              // Lighthouse's slow 4G, measured on 2026-11-29, docs/performance.md).
              { name: 'app', test: /rolldown[\\/]runtime/, priority: 3 },
              // axios with the module that loads it (src/api/transport.ts, the first call's chunk): apart, the first
              // call waited for the transport's chunk and then for axios's, one round trip more before any data.
              { name: 'transport', test: /node_modules[\\/]axios[\\/]|src[\\/]api[\\/]transport\.ts$/, priority: 1 },
              {
                name: 'catalog',
                test: /src[\\/](features[\\/]catalog[\\/]game-card\.tsx|shared[\\/](ui[\\/](safe-image|smart-link|price)\.tsx|money\.ts|use-media\.ts)|features[\\/]catalog[\\/]use-swipe\.ts)$/,
                priority: 1,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['tests/setup.ts'],
      restoreMocks: true,
      // Stubbed globals and env variables end with their test: in a shared module graph they would reach later files.
      unstubGlobals: true,
      unstubEnvs: true,
      testTimeout: 30_000,
      // Beside the usual report, where each file's time went (reports/vitest-times.json: docs/testing.md's time table).
      reporters: ['default', './scripts/lib/vitest-times.ts'],
      env: { VITE_MOCK_LATENCY: '0' },
      // Three projects (docs/testing.md, "How vitest runs the files"). Most files share one module graph and one environment
      // per worker (`isolate: false`): a fresh jsdom and app graph per file cost more than the tests
      // themselves (an integration file: about 5 s of set-up for 3 s of tests), and files that want Node
      // get a project of their own, so a worker never switches environments between files. What state a
      // file leaves is reset by tests/setup.ts and tests/support/cleanup.ts. The few files that replace
      // modules (vi.mock, vi.resetModules) run isolated, so their replacements reach no other file.
      // Two workers on this 2-core machine: with projects, Vitest's own default here was one.
      maxWorkers: 2,
      // A young generation of 64 MB (V8's default: 16): jsdom and React allocate short-lived objects by the million, and
      // fewer, larger scavenges took 4 % less CPU on the slowest DOM files (decision 0049).
      execArgv: ['--max-semi-space-size=64'],
      projects: ((nodeTests) => [
        {
          extends: true,
          test: {
            name: 'dom',
            isolate: false,
            include: ['tests/**/*.test.{ts,tsx}'],
            exclude: [...ISOLATED_TESTS, ...nodeTests, 'tests/e2e/**'],
          },
        },
        { extends: true, test: { name: 'node', isolate: false, environment: 'node', include: nodeTests } },
        { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
      ])(nodeEnvironmentTests()),
    },
  };
});
