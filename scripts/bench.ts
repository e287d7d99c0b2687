/**
 * `npm run bench` (not part of `npm test`): the storefront against its floors,
 * on this machine, in one run (docs/performance.md).
 *
 * 1. Builds the storefront in live mode, the floor (bench/floor: the home hero
 *    on React and fetch) and the libraries floor (bench/floor-libs), and reads
 *    their sizes: initial JS for `/` (entry + what the home route loads before
 *    its first paint), total JS and CSS, gzip and brotli.
 * 2. Starts `npm run api` with API_LATENCY=0, writes the static floor
 *    (bench/floor-static: the same hero as HTML and CSS, no script) from it,
 *    and serves the storefront and both floors with `vite preview` on
 *    loopback, /webapi forwarded to that API.
 * 3. Lighthouse (mobile preset, simulated throttling) on `/`, a search and a
 *    game detail, the median of 5 runs each (the floors have only `/`).
 * 4. In Playwright's Chromium: hovering then clicking a game card on `/` until
 *    the detail's title is painted; submitting a keyword in the header until
 *    the results are painted (each the median of 5 runs, a fresh browser
 *    context each time); the JS heap after walking every route twice.
 *
 * Prints a table and writes bench/results/<date>.json. `npm run bench --
 * --quick` makes one run of each instead of five. Chromium is the system's
 * (CHROME_PATH, default /usr/bin/chromium); nothing is downloaded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import { preview, type PreviewServer } from 'vite';
import { buildWithStats, initialChunks, kb, sumSizes, totalCss, totalJs, type BundleStats, type Sizes } from './lib/bundle-stats';
import { HOME_MODULES } from './lib/budgets';

const QUICK = process.argv.includes('--quick');
const RUNS = QUICK ? 1 : 5;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Headless, and nothing that talks to the network on its own. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** How long a shopper's pointer rests on a card before the click (what intent preloading works with). */
const HOVER_DWELL_MS = 200;

// --- processes and servers ------------------------------------------------------------------------

const cleanups: Array<() => Promise<void> | void> = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts a process in its own group, stopped (the whole group, by its id) at the end. */
function startProcess(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  child.on('exit', (code) => {
    if (code && code !== 0 && !stopping) console.error(`${command} ${args.join(' ')} exited with ${code}\n${errors}`);
  });
  cleanups.push(async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
  return child;
}
let stopping = false;

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
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

async function startPreview(configFile: string, outDir: string, port: number): Promise<PreviewServer> {
  const server = await preview({
    configFile,
    logLevel: 'error',
    // Absolute: a config with its own root would read a relative outDir from there.
    build: { outDir: resolve(outDir) },
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
  cleanups.push(() => server.close());
  return server;
}

// --- sizes ----------------------------------------------------------------------------------------

interface SizeRow {
  initial: Sizes;
  totalJs: Sizes;
  css: Sizes;
  initialChunks: number;
}

function sizesOf(stats: BundleStats, homeModules: string[]): SizeRow {
  const initial = initialChunks(stats, homeModules);
  return { initial: sumSizes(initial), totalJs: totalJs(stats), css: totalCss(stats), initialChunks: initial.length };
}

// --- Lighthouse -----------------------------------------------------------------------------------

interface LighthouseFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  fcp: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const pick = (key: keyof LighthouseFigures) => median(runs.map((r) => r[key]));
  return { score: pick('score'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), si: pick('si'), fcp: pick('fcp') };
}

async function launchChromeForLighthouse(): Promise<number> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-chrome-'));
  cleanups.push(() => rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));
  startProcess(CHROME, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {});
  await waitFor('Chromium', async () => (await fetch(`http://127.0.0.1:${port}/json/version`)).ok);
  return port;
}

async function runLighthouse(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_SAVE_LHR=1 keeps every report (diagnostics: long tasks, LCP element, requests) in .tmp/bench/.
  if (process.env.BENCH_SAVE_LHR) writeFileSync(`.tmp/bench/lhr-${new URL(url).port}-${encodeURIComponent(new URL(url).pathname + new URL(url).search)}-${Date.now()}.json`, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url}: no ${id}`);
    return value;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    fcp: metric('first-contentful-paint'),
  };
}

// --- interactions ---------------------------------------------------------------------------------

/**
 * Installed before the page's own scripts: `__bench.mark(name)` after the next
 * frame, and `__bench.when(test, name)` marks the first frame after `test()`
 * holds (checked on every DOM change).
 */
// A string, not a function: the TypeScript runner may wrap functions in helpers the page does not have.
const PAGE_PROBE = `(() => {
  const marks = {};
  const afterPaint = (name) => requestAnimationFrame(() => setTimeout(() => (marks[name] = performance.now()), 0));
  window.__bench = {
    marks,
    now: (name) => (marks[name] = performance.now()),
    when: (test, name) => {
      if (test()) return afterPaint(name);
      const observer = new MutationObserver(() => {
        if (!test()) return;
        observer.disconnect();
        afterPaint(name);
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    },
  };
})();`;

/**
 * A shopper who has seen today's coupon popup (src/features/marketing/popup-record.ts): the interactions
 * measure pages, not the dialog that covers them once a day. Lighthouse runs see the first visit.
 */
const POPUP_SEEN_TODAY = `(() => {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  localStorage.setItem('couponPopup:shown', JSON.stringify({ browser: d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) }));
})();`;

async function newShopperContext(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: POPUP_SEEN_TODAY });
  return context;
}

interface Probe {
  marks: Record<string, number>;
  now(name: string): number;
  when(test: () => boolean, name: string): void;
}
declare const __bench: Probe;

async function cardToDetail(browser: Browser, base: string): Promise<number> {
  const context = await newShopperContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: PAGE_PROBE });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const card = page.locator('main a.game-card').first();
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      document.addEventListener('click', () => __bench.now('click'), { capture: true, once: true });
      __bench.when(() => location.pathname.startsWith('/gameDetail/') && !!document.getElementById('game-title')?.textContent, 'painted');
    });
    await card.hover();
    await page.waitForTimeout(HOVER_DWELL_MS);
    await card.click();
    await page.waitForFunction(() => __bench.marks.painted !== undefined);
    return page.evaluate(() => (__bench.marks.painted ?? NaN) - (__bench.marks.click ?? NaN));
  } finally {
    await context.close();
  }
}

async function keywordToResults(browser: Browser, base: string, keyword: string): Promise<number> {
  const context = await newShopperContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: PAGE_PROBE });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const box = page.getByRole('searchbox', { name: '搜索' });
    await box.fill(keyword);
    await page.evaluate(() => {
      document.addEventListener('keydown', (event) => event.key === 'Enter' && __bench.now('submit'), { capture: true, once: true });
      __bench.when(() => {
        if (location.pathname !== '/search') return false;
        const results = document.querySelector('section.search-results[aria-busy="false"] a.game-card');
        return !!results || !!document.querySelector('.no-results');
      }, 'painted');
    });
    await box.press('Enter');
    await page.waitForFunction(() => __bench.marks.painted !== undefined);
    return page.evaluate(() => (__bench.marks.painted ?? NaN) - (__bench.marks.submit ?? NaN));
  } finally {
    await context.close();
  }
}

/**
 * Walks the routes twice by client-side navigation (history.pushState and a
 * popstate, which the router follows), waiting for each page's title, then
 * reads the JS heap after a garbage collection (CDP).
 */
async function heapAfterWalk(browser: Browser, base: string, routes: string[], waitForTitle: boolean): Promise<number> {
  const context = await newShopperContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    for (let round = 0; round < 2; round += 1) {
      for (const route of routes) {
        const before = await page.title();
        await page.evaluate((to) => {
          history.pushState(history.state, '', to);
          dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
        }, route);
        if (waitForTitle && route !== '/') await page.waitForFunction((old) => document.title !== old, before, { timeout: 10_000 }).catch(() => undefined);
        await page.waitForLoadState('networkidle');
      }
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await context.close();
  }
}

// --- report ---------------------------------------------------------------------------------------

const ms = (value: number) => `${Math.round(value)} ms`;
const ratio = (ours: number, floor: number) => (floor > 0 && Number.isFinite(ours) && Number.isFinite(floor) ? `${(ours / floor).toFixed(2)}×` : '—');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(rows[0] ?? []), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

// --- main -----------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = loadavg()[0] ?? 0;
  console.log(`Benchmark (${QUICK ? 'quick: 1 run each' : `median of ${RUNS} runs`}), ${cpus().length} CPUs (load ${loadBefore.toFixed(1)}), Node ${process.version}`);

  const apiPort = await freePort();
  const api = `http://127.0.0.1:${apiPort}`;
  startProcess('npm', ['run', 'api', '--silent'], { PORT: String(apiPort), API_LATENCY: '0' });
  await waitFor('npm run api', async () => (await fetch(`${api}/webapi/sgame/mall/game/qryLabel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).ok);

  // The storefront as it ships: live mode, its public pages prerendered from that API (docs/prerendering.md).
  console.log('Building the storefront (live, prerendered), the floor and the libraries floor…');
  const ours = await buildWithStats({ configFile: 'vite.config.ts', outDir: '.tmp/bench/storefront', env: { VITE_API_MODE: 'live', PRERENDER_API_URL: api } });
  const floor = await buildWithStats({ configFile: 'bench/floor/vite.config.ts', outDir: '.tmp/bench/floor' });
  const floorLibs = await buildWithStats({ configFile: 'bench/floor-libs/vite.config.ts', outDir: '.tmp/bench/floor-libs' });
  const sizes = { storefront: sizesOf(ours, HOME_MODULES), floor: sizesOf(floor, []), floorLibs: sizesOf(floorLibs, []) };
  const homeHtml = gzipSync(readFileSync('.tmp/bench/storefront/index.html'), { level: 9 }).length;

  // Both configs read these when they load: live mode, and where /webapi goes.
  process.env.VITE_API_MODE = 'live';
  process.env.API_PROXY_TARGET = api;
  const oursBase = `http://127.0.0.1:${(await startPreview('vite.config.ts', '.tmp/bench/storefront', await freePort())).config.preview.port}`;
  const floorBase = `http://127.0.0.1:${(await startPreview('bench/floor/vite.config.ts', '.tmp/bench/floor', await freePort())).config.preview.port}`;
  // The static floor is the floor's config serving one written HTML file (its images come through the same proxy).
  // Imported here, after the builds: React picks its production or development files when first loaded, and the
  // prerender in the storefront's build loads it as production (scripts/vite-prerender.ts).
  const { writeStaticFloor } = await import('../bench/floor-static/render');
  await writeStaticFloor(api, '.tmp/bench/floor-static');
  const staticBase = `http://127.0.0.1:${(await startPreview('bench/floor/vite.config.ts', '.tmp/bench/floor-static', await freePort())).config.preview.port}`;

  const hot = await postApi<{ keywords: string[]; gameList: Array<{ gameId: number }> }>(api, '/sgame/mall/game/hotSearch', {});
  const keyword = hot.keywords[0] ?? '游戏';
  const gameId = hot.gameList[0]?.gameId ?? 1;
  const pages = { home: '/', search: `/search?keyword=${encodeURIComponent(keyword)}`, detail: `/gameDetail/${gameId}` };

  console.log(`Lighthouse (mobile preset) on ${pages.home}, ${decodeURIComponent(pages.search)}, ${pages.detail}…`);
  const lighthousePort = await launchChromeForLighthouse();
  const lhRuns: Record<string, LighthouseFigures[]> = { 'ours /': [], 'ours search': [], 'ours detail': [], 'floor /': [], 'static floor /': [] };
  for (let run = 0; run < RUNS; run += 1) {
    // Interleaved, so that a slow moment of the machine hits both apps alike.
    lhRuns['floor /']?.push(await runLighthouse(`${floorBase}/`, lighthousePort));
    lhRuns['static floor /']?.push(await runLighthouse(`${staticBase}/`, lighthousePort));
    lhRuns['ours /']?.push(await runLighthouse(`${oursBase}${pages.home}`, lighthousePort));
    lhRuns['ours search']?.push(await runLighthouse(`${oursBase}${pages.search}`, lighthousePort));
    lhRuns['ours detail']?.push(await runLighthouse(`${oursBase}${pages.detail}`, lighthousePort));
  }
  const lh = Object.fromEntries(Object.entries(lhRuns).map(([key, runs]) => [key, { median: medianFigures(runs), runs }]));

  console.log('Interactions and memory in Playwright’s Chromium…');
  const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: CHROME_FLAGS.filter((f) => f !== '--headless') });
  cleanups.push(() => browser.close());
  const clicks: number[] = [];
  const searches: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    clicks.push(await cardToDetail(browser, oursBase));
    searches.push(await keywordToResults(browser, oursBase, keyword));
  }
  // Every route of the spec (an order id nobody owns: a visitor sees the login prompt), /demo (which in a
  // live build only says it needs mock mode) and an unmatched path (the 404 page).
  const routes = ['/', '/new', pages.search, pages.detail, '/orderDateil?id=XY20260101000001', '/setting', '/coupon', '/sem/activity', '/notice', '/help', '/agreement', '/demo', '/no-such-page'];
  const heapOurs = await heapAfterWalk(browser, oursBase, routes, true);
  const heapFloor = await heapAfterWalk(browser, floorBase, routes, false);

  const m = (key: string) => lh[key]?.median as LighthouseFigures;
  const home = m('ours /');
  const floorHome = m('floor /');
  const staticHome = m('static floor /');
  const search = m('ours search');
  const detail = m('ours detail');
  const s = sizes;
  const rows: string[][] = [
    ['', 'ours', 'floor', 'ours / floor', 'static floor', 'ours / static floor', 'libraries floor'],
    ['initial JS for / (gzip)', kb(s.storefront.initial.gzip), kb(s.floor.initial.gzip), ratio(s.storefront.initial.gzip, s.floor.initial.gzip), 'none', '', kb(s.floorLibs.initial.gzip)],
    ['initial JS for / (brotli)', kb(s.storefront.initial.brotli), kb(s.floor.initial.brotli), ratio(s.storefront.initial.brotli, s.floor.initial.brotli), 'none', '', kb(s.floorLibs.initial.brotli)],
    ['requests for that JS', String(s.storefront.initialChunks), String(s.floor.initialChunks), '', '0', '', String(s.floorLibs.initialChunks)],
    ['total JS (gzip)', kb(s.storefront.totalJs.gzip), kb(s.floor.totalJs.gzip), ratio(s.storefront.totalJs.gzip, s.floor.totalJs.gzip), 'none', '', kb(s.floorLibs.totalJs.gzip)],
    ['CSS (gzip)', kb(s.storefront.css.gzip), kb(s.floor.css.gzip), ratio(s.storefront.css.gzip, s.floor.css.gzip), 'inline', '', ''],
    ['HTML of / (gzip)', kb(homeHtml), '', '', '', '', ''],
    ['/ Lighthouse performance', String(home.score), String(floorHome.score), '', String(staticHome.score), '', ''],
    ['/ LCP', ms(home.lcp), ms(floorHome.lcp), ratio(home.lcp, floorHome.lcp), ms(staticHome.lcp), ratio(home.lcp, staticHome.lcp), ''],
    ['/ TBT', ms(home.tbt), ms(floorHome.tbt), '', ms(staticHome.tbt), '', ''],
    ['/ CLS', home.cls.toFixed(3), floorHome.cls.toFixed(3), '', staticHome.cls.toFixed(3), '', ''],
    ['/ Speed Index', ms(home.si), ms(floorHome.si), ratio(home.si, floorHome.si), ms(staticHome.si), ratio(home.si, staticHome.si), ''],
    ['search: performance · LCP · TBT · CLS · SI', `${search.score} · ${ms(search.lcp)} · ${ms(search.tbt)} · ${search.cls.toFixed(3)} · ${ms(search.si)}`, '—', '', '—', '', ''],
    ['detail: performance · LCP · TBT · CLS · SI', `${detail.score} · ${ms(detail.lcp)} · ${ms(detail.tbt)} · ${detail.cls.toFixed(3)} · ${ms(detail.si)}`, '—', '', '—', '', ''],
    ['game card click → detail painted', ms(median(clicks)), '—', '', '—', '', ''],
    ['keyword submitted → results painted', ms(median(searches)), '—', '', '—', '', ''],
    ['JS heap after every route twice', mb(heapOurs), mb(heapFloor), ratio(heapOurs, heapFloor), '—', '', ''],
  ];
  const date = new Date().toISOString().slice(0, 10);
  const loadAfter = loadavg()[0] ?? 0;
  console.log(`\n${date}, \`npm run bench${QUICK ? ' -- --quick' : ''}\` (keyword “${keyword}”, game ${gameId}; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} on ${cpus().length} CPUs):\n`);
  console.log(table(rows));

  const result = {
    date: new Date().toISOString(),
    command: `npm run bench${QUICK ? ' -- --quick' : ''}`,
    runs: RUNS,
    // Timings depend on what else the machine runs: compare ours with the floors of the same run.
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, loadAverage: { before: loadBefore, after: loadAfter }, node: process.version, chromium: CHROME },
    pages,
    sizes: { ...sizes, homeHtmlGzip: homeHtml },
    lighthouse: lh,
    interactions: { hoverDwellMs: HOVER_DWELL_MS, cardToDetailMs: { median: median(clicks), runs: clicks }, keywordToResultsMs: { median: median(searches), runs: searches } },
    memory: { routes, storefrontHeapBytes: heapOurs, floorHeapBytes: heapFloor },
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${date}${QUICK ? '-quick' : ''}.json`;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWritten to ${file} (${result.seconds} s).`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    stopping = true;
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  });
