/**
 * Vite plugin: gives every build an id (`VITE_BUILD_ID`, or a timestamp) and
 * writes `builds/latest.json` ({ id, timestamp }) and `builds/meta/{id}.json`
 * ({ id, timestamp, redirects }) into the output. The dev server answers the
 * same two paths, so the build-poll machine and the redirect guard behave the
 * same in dev. Redirects come from `build-redirects.json` at the project root
 * (a map of path → path or absolute URL), when it exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface BuildMeta {
  id: string;
  timestamp: number;
  redirects: Record<string, string>;
}

function readRedirects(root: string): Record<string, string> {
  const file = resolve(root, 'build-redirects.json');
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('build-redirects.json must be an object of path → target');
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function buildMetaPlugin(options: { id?: string; now?: () => number } = {}): Plugin {
  const timestamp = (options.now ?? Date.now)();
  const id = options.id ?? process.env.VITE_BUILD_ID ?? `b${timestamp.toString(36)}`;
  let root = process.cwd();
  const meta = (): BuildMeta => ({ id, timestamp, redirects: readRedirects(root) });

  return {
    name: 'storefront-build-meta',
    config() {
      return { define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(id) } };
    },
    configResolved(resolved) {
      root = resolved.root;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== '/builds/latest.json' && path !== `/builds/meta/${id}.json`) return next();
        const m = meta();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(path === '/builds/latest.json' ? { id: m.id, timestamp: m.timestamp } : m));
      });
    },
    generateBundle() {
      const m = meta();
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ id: m.id, timestamp: m.timestamp }),
      });
      this.emitFile({ type: 'asset', fileName: `builds/meta/${m.id}.json`, source: JSON.stringify(m) });
    },
  };
}
