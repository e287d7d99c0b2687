/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { buildMetaPlugin } from './scripts/vite-build-meta';
import { cspPlugin } from './scripts/vite-csp';

export default defineConfig(({ mode }) => {
  const fileEnv = loadEnv(mode, process.cwd(), '');
  const apiMode = process.env.VITE_API_MODE ?? fileEnv.VITE_API_MODE ?? 'mock';
  const apiBase = process.env.VITE_API_BASE || fileEnv.VITE_API_BASE || '/webapi'; // empty means unset, as in src/shared/env.ts
  const proxyTarget = process.env.API_PROXY_TARGET ?? fileEnv.API_PROXY_TARGET ?? 'http://127.0.0.1:8787';
  // In live mode both the dev server and `vite preview` forward the API base path to a real server
  // (an absolute base, https://…, is called directly and needs no proxy).
  const proxy = apiMode === 'live' && apiBase.startsWith('/') ? { [apiBase]: { target: proxyTarget, changeOrigin: true } } : undefined;

  return {
    // cspPlugin: production builds only (a Content-Security-Policy meta tag, docs/reliability.md).
    plugins: [react(), buildMetaPlugin(), cspPlugin()],
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      target: 'es2022',
      sourcemap: true,
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
              { name: 'catalog', test: /src[\\/](features[\\/]catalog[\\/]game-card\.tsx|shared[\\/](ui[\\/](safe-image|smart-link|price)\.tsx|money\.ts))$/, priority: 1 },
            ],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['tests/setup.ts'],
      include: ['tests/**/*.test.{ts,tsx}'],
      exclude: ['tests/e2e/**', 'node_modules/**'],
      restoreMocks: true,
      testTimeout: 30_000,
      env: { VITE_MOCK_LATENCY: '0' },
    },
  };
});
