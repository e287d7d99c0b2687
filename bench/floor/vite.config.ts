/**
 * The floor (docs/performance.md): the smallest Vite + React page that shows
 * the storefront's home hero with the same data, built like the storefront
 * (same Vite, React plugin, target and minifier). `vite preview` forwards
 * /webapi to the same API as the storefront's preview (API_PROXY_TARGET).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const proxy = { '/webapi': { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8787', changeOrigin: true } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true, outDir: 'dist', emptyOutDir: true },
  preview: { proxy },
  server: { proxy },
  logLevel: 'warn',
});
