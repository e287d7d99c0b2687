/**
 * Vite plugin (production builds): keeps out of the output what a public server must not show
 * (docs/decisions/0031-nothing-a-server-should-not-show.md):
 *
 * - the source maps, which hold the whole source text: written without a `sourceMappingURL` comment
 *   (`build.sourcemap: 'hidden'`, vite.config.ts) and moved beside the build, to `<outDir>-sourcemaps/` with the
 *   same relative paths (`sourceMapPath`), where an error reporter's upload and the bundle statistics
 *   (scripts/lib/bundle-stats.ts) read them and no copy of the output serves them;
 * - in a live build, mock mode's service workers (msw's `mockServiceWorker.js` and `mock-api-worker.js`, which
 *   passes the API's calls on to it), which Vite copies from `public/` with the rest (a live
 *   build has no simulated backend to serve).
 */
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { MOCK_WORKER_FILES } from '../src/mock/worker-files';

/** Mock mode's worker files in `public/`: msw's and the one the page registers. */
const MOCK_WORKERS = Object.values(MOCK_WORKER_FILES);

/** Where a build's source maps are kept: beside its output folder, never inside it. */
export const sourceMapDir = (outDir: string): string => `${resolve(outDir)}-sourcemaps`;

/** The kept source map of a file of the output. */
export const sourceMapPath = (outDir: string, file: string): string =>
  join(sourceMapDir(outDir), `${relative(resolve(outDir), resolve(file))}.map`);

function mapsIn(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'));
}

export function releaseFilesPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'storefront-release-files',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const kept = sourceMapDir(outDir);
      rmSync(kept, { recursive: true, force: true });
      for (const file of mapsIn(outDir)) {
        const to = join(kept, file);
        mkdirSync(dirname(to), { recursive: true });
        renameSync(join(outDir, file), to);
      }
      const apiMode = process.env.VITE_API_MODE ?? config.env.VITE_API_MODE ?? 'mock';
      if (apiMode === 'live') for (const file of MOCK_WORKERS) rmSync(join(outDir, file), { force: true });
    },
  };
}
