/**
 * The libraries floor (docs/performance.md): a hello-world page that imports
 * every library the storefront's home loads and uses each one's core entry
 * points, built exactly like the storefront (same Vite, React plugin, target
 * and minifier). The storefront's initial JS may exceed this by 30 KB gzip.
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true, outDir: 'dist', emptyOutDir: true },
  logLevel: 'warn',
});
