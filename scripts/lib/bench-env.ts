/**
 * What `npm run bench` and `npm run bench -- --trace` stand on (scripts/bench.ts,
 * scripts/lib/bench-trace.ts): the system Chromium and its flags, processes and
 * servers started on free loopback ports and stopped at the end, and the
 * storefront built in live mode, prerendered from `npm run api`, served by
 * `vite preview`.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { preview } from 'vite';
import { buildWithStats, type BundleStats } from './bundle-stats';
import { CHROME, CHROME_FLAGS } from './chromium';
import { freePort } from './free-port';

/** For Playwright's `chromium.launch` (which sets headless itself). */
export const PLAYWRIGHT_CHROME = {
  executablePath: CHROME,
  headless: true,
  args: CHROME_FLAGS.filter((f) => f !== '--headless'),
};

const cleanups: Array<() => Promise<void> | void> = [];
let stopping = false;

/** Runs `cleanup` when `stopAll` is called, after those registered later. */
export function atStop(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** Stops every process and server started here, the last first. */
export async function stopAll(): Promise<void> {
  stopping = true;
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}

/** Starts a process in its own group, stopped (the whole group, by its id) at the end. */
export function startProcess(command: string, args: string[], env: Record<string, string>): void {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  child.on('exit', (code) => {
    if (code && code !== 0 && !stopping) console.error(`${command} ${args.join(' ')} exited with ${code}\n${errors}`);
  });
  atStop(async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

async function postApi<T>(base: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}/webapi${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', reqChannel: 'web', appId: 'nn_mall_web', busiType: 'mall' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; retData: T };
  if (!envelope.success) throw new Error(`${path} failed`);
  return envelope.retData;
}

/** `npm run api` with API_LATENCY=0 on a free loopback port; its base URL once it answers. */
export async function startApi(): Promise<string> {
  const api = `http://127.0.0.1:${await freePort()}`;
  startProcess('npm', ['run', 'api', '--silent'], { PORT: new URL(api).port, API_LATENCY: '0' });
  await waitFor(
    'npm run api',
    async () =>
      (
        await fetch(`${api}/webapi/sgame/mall/game/qryLabel`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).ok,
  );
  return api;
}

export const STOREFRONT_OUT = '.tmp/bench/storefront';

/** The storefront as it ships: live mode, its public pages prerendered from `api` (docs/prerendering.md). */
export function buildStorefront(api: string): Promise<BundleStats> {
  return buildWithStats({
    configFile: 'vite.config.ts',
    outDir: STOREFRONT_OUT,
    env: { VITE_API_MODE: 'live', PRERENDER_API_URL: api },
  });
}

/** `vite preview` of a built app on a free loopback port, /webapi forwarded to `api`; its base URL. */
export async function servePreview(configFile: string, outDir: string, api: string): Promise<string> {
  // The configs read these when they load: live mode, and where /webapi goes.
  process.env.VITE_API_MODE = 'live';
  process.env.API_PROXY_TARGET = api;
  const server = await preview({
    configFile,
    logLevel: 'error',
    // Absolute: a config with its own root would read a relative outDir from there.
    build: { outDir: resolve(outDir) },
    preview: { port: await freePort(), strictPort: true, host: '127.0.0.1', open: false },
  });
  atStop(() => server.close());
  return `http://127.0.0.1:${server.config.preview.port}`;
}

export interface BenchPages {
  keyword: string;
  gameId: number;
  /** `/`, `/search?keyword=<the first hot keyword>` and `/gameDetail/<the first hot game>` (prerendered). */
  pages: { home: string; search: string; detail: string };
}

/** The pages measured: the search and the detail of the API's first hot keyword and game. */
export async function benchPages(api: string): Promise<BenchPages> {
  const hot = await postApi<{ keywords: string[]; gameList: Array<{ gameId: number }> }>(
    api,
    '/sgame/mall/game/hotSearch',
    {},
  );
  const keyword = hot.keywords[0] ?? '游戏';
  const gameId = hot.gameList[0]?.gameId ?? 1;
  return {
    keyword,
    gameId,
    pages: { home: '/', search: `/search?keyword=${encodeURIComponent(keyword)}`, detail: `/gameDetail/${gameId}` },
  };
}
