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
 * Prints a table (every measured figure as median (min–max)) and the goals of docs/performance.md
 * goals met or not (scripts/lib/bench-goals.ts), warns when the load average
 * says the machine was busy, and writes bench/results/<date>.json and the summary beside it. `npm run
 * bench -- --quick` makes one run of each instead of five; `npm run bench --
 * --trace` runs only the trace of where the main thread goes
 * (scripts/lib/bench-trace.ts). Chromium is the system's (CHROME_PATH, default
 * /usr/bin/chromium); nothing is downloaded.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import {
  buildWithStats,
  initialChunks,
  kb,
  sumSizes,
  totalCss,
  totalJs,
  type BundleStats,
  type Sizes,
} from './lib/bundle-stats';
import { HOME_MODULES } from './lib/budgets';
import { CHROME, CHROME_FLAGS } from './lib/chromium';
import {
  atStop,
  benchPages,
  buildStorefront,
  PLAYWRIGHT_CHROME,
  servePreview,
  startApi,
  startProcess,
  stopAll,
  STOREFRONT_OUT,
  waitFor,
} from './lib/bench-env';
import { freePort } from './lib/free-port';
import { clsText, msText, roundText, spread, spreads, spreadText, table, type Spread } from './lib/bench-stats';
import { checkGoals, formatGoals, loadVerdict, loadWarning, type PageSpreads } from './lib/bench-goals';
import { runTrace } from './lib/bench-trace';
import { writeSummary } from './bench-summary';

const QUICK = process.argv.includes('--quick');
const TRACE = process.argv.includes('--trace');
const RUNS = QUICK ? 1 : 5;
/** How long a shopper's pointer rests on a card before the click (what intent preloading works with). */
const HOVER_DWELL_MS = 200;

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

const FIGURES = ['score', 'lcp', 'tbt', 'cls', 'si', 'fcp'] as const;

async function launchChromeForLighthouse(): Promise<number> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-chrome-'));
  atStop(() => rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));
  startProcess(
    CHROME,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {},
  );
  await waitFor('Chromium', async () => (await fetch(`http://127.0.0.1:${port}/json/version`)).ok);
  return port;
}

async function runLighthouse(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_SAVE_LHR=1 keeps every report (diagnostics: long tasks, LCP element, requests) in .tmp/bench/.
  if (process.env.BENCH_SAVE_LHR)
    writeFileSync(
      `.tmp/bench/lhr-${new URL(url).port}-${encodeURIComponent(new URL(url).pathname + new URL(url).search)}-${Date.now()}.json`,
      JSON.stringify(lhr),
    );
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
      __bench.when(
        () => location.pathname.startsWith('/gameDetail/') && !!document.getElementById('game-title')?.textContent,
        'painted',
      );
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
      document.addEventListener('keydown', (event) => event.key === 'Enter' && __bench.now('submit'), {
        capture: true,
        once: true,
      });
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
        if (waitForTitle && route !== '/')
          await page
            .waitForFunction((old) => document.title !== old, before, { timeout: 10_000 })
            .catch(() => undefined);
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

const ratio = (ours: number, floor: number) =>
  floor > 0 && Number.isFinite(ours) && Number.isFinite(floor) ? `${(ours / floor).toFixed(2)}×` : '—';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The rows of one page's Lighthouse figures, each the median with the spread (min–max) of the runs. */
function lighthouseRows(label: string, ours: PageSpreads, floor?: PageSpreads, staticFloor?: PageSpreads): string[][] {
  const row = (name: string, key: keyof PageSpreads, format: (value: number) => string, ratios: boolean) => {
    const text = (s?: Spread) => (s ? spreadText(s, format) : '—');
    const r = (other?: Spread) => (ratios && other ? ratio(ours[key].median, other.median) : '');
    return [
      `${label} ${name}`,
      text(ours[key]),
      text(floor?.[key]),
      r(floor?.[key]),
      text(staticFloor?.[key]),
      r(staticFloor?.[key]),
      '',
    ];
  };
  return [
    row('Lighthouse performance', 'score', roundText, false),
    row('LCP', 'lcp', msText, true),
    row('TBT', 'tbt', msText, false),
    row('CLS', 'cls', clsText, false),
    row('Speed Index', 'si', msText, true),
  ];
}

// --- main -----------------------------------------------------------------------------------------

async function bench(): Promise<void> {
  const started = Date.now();
  const cpuCount = cpus().length;
  const loadBefore = loadavg()[0] ?? 0;
  const loadDuring: number[] = [];
  console.log(
    `Benchmark (${QUICK ? 'quick: 1 run each, no spread' : `median of ${RUNS} runs, with the spread (min–max)`}), ${cpuCount} CPUs (1-min load average ${loadBefore.toFixed(2)}), Node ${process.version}`,
  );
  const early = loadWarning(loadVerdict({ cpus: cpuCount, before: loadBefore }));
  if (early) console.warn(early);

  const api = await startApi();
  console.log('Building the storefront (live, prerendered), the floor and the libraries floor…');
  const ours = await buildStorefront(api);
  const floor = await buildWithStats({ configFile: 'bench/floor/vite.config.ts', outDir: '.tmp/bench/floor' });
  const floorLibs = await buildWithStats({
    configFile: 'bench/floor-libs/vite.config.ts',
    outDir: '.tmp/bench/floor-libs',
  });
  const sizes = {
    storefront: sizesOf(ours, HOME_MODULES),
    floor: sizesOf(floor, []),
    floorLibs: sizesOf(floorLibs, []),
  };
  const homeHtml = gzipSync(readFileSync(`${STOREFRONT_OUT}/index.html`), { level: 9 }).length;

  const oursBase = await servePreview('vite.config.ts', STOREFRONT_OUT, api);
  const floorBase = await servePreview('bench/floor/vite.config.ts', '.tmp/bench/floor', api);
  // The static floor is the floor's config serving one written HTML file (its images come through the same proxy).
  // Imported here, after the builds: React picks its production or development files when first loaded, and the
  // prerender in the storefront's build loads it as production (scripts/vite-prerender.ts).
  const { writeStaticFloor } = await import('../bench/floor-static/render');
  await writeStaticFloor(api, '.tmp/bench/floor-static');
  const staticBase = await servePreview('bench/floor/vite.config.ts', '.tmp/bench/floor-static', api);

  const { keyword, gameId, pages } = await benchPages(api);

  console.log(`Lighthouse (mobile preset) on ${pages.home}, ${decodeURIComponent(pages.search)}, ${pages.detail}…`);
  const lighthousePort = await launchChromeForLighthouse();
  const lhRuns: Record<string, LighthouseFigures[]> = {
    'ours /': [],
    'ours search': [],
    'ours detail': [],
    'floor /': [],
    'static floor /': [],
  };
  for (let run = 0; run < RUNS; run += 1) {
    loadDuring.push(loadavg()[0] ?? 0);
    // Interleaved, so that a slow moment of the machine hits both apps alike.
    lhRuns['floor /']?.push(await runLighthouse(`${floorBase}/`, lighthousePort));
    lhRuns['static floor /']?.push(await runLighthouse(`${staticBase}/`, lighthousePort));
    lhRuns['ours /']?.push(await runLighthouse(`${oursBase}${pages.home}`, lighthousePort));
    lhRuns['ours search']?.push(await runLighthouse(`${oursBase}${pages.search}`, lighthousePort));
    lhRuns['ours detail']?.push(await runLighthouse(`${oursBase}${pages.detail}`, lighthousePort));
  }
  const lh = Object.fromEntries(
    Object.entries(lhRuns).map(([key, runs]) => {
      const spread = spreads(runs, FIGURES);
      const median = Object.fromEntries(FIGURES.map((f) => [f, spread[f].median])) as unknown as LighthouseFigures;
      return [key, { median, spread, runs }];
    }),
  );

  console.log('Interactions and memory in Playwright’s Chromium…');
  loadDuring.push(loadavg()[0] ?? 0);
  const browser = await chromium.launch(PLAYWRIGHT_CHROME);
  atStop(() => browser.close());
  const clicks: number[] = [];
  const searches: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    clicks.push(await cardToDetail(browser, oursBase));
    searches.push(await keywordToResults(browser, oursBase, keyword));
  }
  // Every route of the spec (an order id nobody owns: a visitor sees the login prompt), /demo (which in a
  // live build only says it needs mock mode) and an unmatched path (the 404 page).
  const routes = [
    '/',
    '/new',
    pages.search,
    pages.detail,
    '/orderDateil?id=XY20260101000001',
    '/setting',
    '/coupon',
    '/sem/activity',
    '/notice',
    '/help',
    '/agreement',
    '/demo',
    '/no-such-page',
  ];
  const heapOurs = await heapAfterWalk(browser, oursBase, routes, true);
  const heapFloor = await heapAfterWalk(browser, floorBase, routes, false);

  const page = (key: string) => lh[key]?.spread as PageSpreads;
  const [home, floorHome, staticHome, search, detail] = [
    page('ours /'),
    page('floor /'),
    page('static floor /'),
    page('ours search'),
    page('ours detail'),
  ];
  const cardToDetailMs = spread(clicks);
  const keywordToResultsMs = spread(searches);
  const s = sizes;
  const rows: string[][] = [
    ['', 'ours', 'floor', 'ours / floor', 'static floor', 'ours / static floor', 'libraries floor'],
    [
      'initial JS for / (gzip)',
      kb(s.storefront.initial.gzip),
      kb(s.floor.initial.gzip),
      ratio(s.storefront.initial.gzip, s.floor.initial.gzip),
      'none',
      '',
      kb(s.floorLibs.initial.gzip),
    ],
    [
      'initial JS for / (brotli)',
      kb(s.storefront.initial.brotli),
      kb(s.floor.initial.brotli),
      ratio(s.storefront.initial.brotli, s.floor.initial.brotli),
      'none',
      '',
      kb(s.floorLibs.initial.brotli),
    ],
    [
      'requests for that JS',
      String(s.storefront.initialChunks),
      String(s.floor.initialChunks),
      '',
      '0',
      '',
      String(s.floorLibs.initialChunks),
    ],
    [
      'total JS (gzip)',
      kb(s.storefront.totalJs.gzip),
      kb(s.floor.totalJs.gzip),
      ratio(s.storefront.totalJs.gzip, s.floor.totalJs.gzip),
      'none',
      '',
      kb(s.floorLibs.totalJs.gzip),
    ],
    [
      'CSS (gzip)',
      kb(s.storefront.css.gzip),
      kb(s.floor.css.gzip),
      ratio(s.storefront.css.gzip, s.floor.css.gzip),
      'inline',
      '',
      '',
    ],
    ['HTML of / (gzip)', kb(homeHtml), '', '', '', '', ''],
    ...lighthouseRows('/', home, floorHome, staticHome),
    ...lighthouseRows('search', search),
    ...lighthouseRows('detail', detail),
    ['game card click → detail painted', spreadText(cardToDetailMs), '—', '', '—', '', ''],
    ['keyword submitted → results painted', spreadText(keywordToResultsMs), '—', '', '—', '', ''],
    ['JS heap after every route twice', mb(heapOurs), mb(heapFloor), ratio(heapOurs, heapFloor), '—', '', ''],
  ];
  const goals = checkGoals({
    home,
    detail,
    search,
    floor: floorHome,
    staticFloor: staticHome,
    initialJsGzip: s.storefront.initial.gzip,
    homeHtmlGzip: homeHtml,
    cardToDetail: cardToDetailMs,
    keywordToResults: keywordToResultsMs,
  });

  const date = new Date().toISOString().slice(0, 10);
  const loadAfter = loadavg()[0] ?? 0;
  const load = { cpus: cpuCount, before: loadBefore, after: loadAfter };
  const verdict = loadVerdict(load);
  const warning = loadWarning(verdict);
  console.log(
    `\n${date}, \`npm run bench${QUICK ? ' -- --quick' : ''}\` (${QUICK ? '1 run each' : `median (min–max) of ${RUNS} runs`}; keyword “${keyword}”, game ${gameId}; 1-min load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} on ${cpuCount} CPUs, ${verdict.busy ? 'BUSY' : 'quiet'}):\n`,
  );
  if (warning) console.warn(`${warning}\n`);
  console.log(table(rows));
  console.log(`\n${formatGoals(goals)}`);
  if (warning) console.warn(`\n${warning}`);

  const result = {
    date: new Date().toISOString(),
    command: `npm run bench${QUICK ? ' -- --quick' : ''}`,
    runs: RUNS,
    // Timings depend on what else the machine runs: compare ours with the floors of the same run.
    machine: {
      cpus: cpuCount,
      cpuModel: cpus()[0]?.model,
      loadAverage: { ...load, during: loadDuring, busy: verdict.busy, reasons: verdict.reasons },
      node: process.version,
      chromium: CHROME,
    },
    pages,
    sizes: { ...sizes, homeHtmlGzip: homeHtml },
    lighthouse: lh,
    interactions: { hoverDwellMs: HOVER_DWELL_MS, cardToDetailMs, keywordToResultsMs },
    memory: { routes, storefrontHeapBytes: heapOurs, floorHeapBytes: heapFloor },
    goals,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${date}${QUICK ? '-quick' : ''}.json`;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWritten to ${file} (${result.seconds} s).`);
}

(TRACE ? runTrace() : bench())
  .then(() => console.log(writeSummary()))
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stopAll);
