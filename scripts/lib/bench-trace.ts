/**
 * `npm run bench -- --trace` (docs/performance.md, "How to run"):
 * where a phone's main thread goes after the first paint. Builds the
 * storefront in live mode like the bench, starts the API and the preview
 * server, and loads `/`, the prerendered detail of the first hot game and the
 * search of the first hot keyword, 3 times each in a fresh context, in
 * Playwright's Chromium (the system binary) at Lighthouse's mobile settings:
 * a 412 × 823 phone screen, 4× CPU throttling and Lighthouse's slow 4G applied
 * through CDP as its own devtools throttling does. No Lighthouse, no floors.
 *
 * Each long task (a `longtask` PerformanceObserver installed before the
 * page's scripts) is attributed to the app's `store:` measures it overlaps
 * (scripts/lib/trace.ts); prints each page and writes
 * bench/results/<date>-trace.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import {
  benchPages,
  buildStorefront,
  PLAYWRIGHT_CHROME,
  servePreview,
  startApi,
  STOREFRONT_OUT,
  atStop,
} from './bench-env';
import { loadVerdict, loadWarning } from './bench-goals';
import {
  analyseRun,
  clockOf,
  formatPage,
  STORE_PREFIX,
  summarizePage,
  taskSpan,
  topScripts,
  type LongTask,
  type TraceEvent,
  type TraceRun,
} from './trace';

const RUNS_PER_PAGE = 3;
/** Lighthouse's mobile profile: 150 ms RTT, 1.6 Mbps down, 750 kbps up, 4× CPU. */
const SLOW_4G = throttling.mobileSlow4G;
/**
 * What Lighthouse sends to CDP for that profile when it throttles for real
 * (`throttlingMethod: 'devtools'`, lighthouse/core/lib/emulation.js): a request
 * latency of 3.75 RTTs (562.5 ms: connection set-up and the request) and 0.9 of
 * the throughput, in bytes per second.
 */
const NETWORK = {
  offline: false,
  latency: SLOW_4G.requestLatencyMs,
  downloadThroughput: Math.floor((SLOW_4G.downloadThroughputKbps * 1024) / 8),
  uploadThroughput: Math.floor((SLOW_4G.uploadThroughputKbps * 1024) / 8),
};
const PHONE = screenEmulationMetrics.mobile;
/** The page counts as settled once no long task, `store:` entry or request has appeared for this long. */
const QUIET_MS = 3000;
/** …or at the latest this long after the load event. */
const SETTLE_MAX_MS = 30_000;

/** A mark the init script sets: its time on the page's clock and in the Chromium trace ties the two together. */
const ORIGIN_MARK = 'bench:trace-origin';
/** The Chromium trace's categories: tasks and what runs in them, script evaluation, and user timing (for ORIGIN_MARK). */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];

/** Installed before the page's own scripts: long tasks and LCP candidates, buffered. A string: see PAGE_PROBE in scripts/bench.ts. */
const OBSERVERS = `(() => {
  const tasks = [];
  let lcp = null;
  const observe = (type, onEntry) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true }); } catch (_) { /* not supported */ }
  };
  observe('longtask', (e) => tasks.push({ start: e.startTime, duration: e.duration }));
  observe('largest-contentful-paint', (e) => { lcp = e.startTime; });
  const origin = performance.mark(${JSON.stringify(ORIGIN_MARK)}).startTime;
  Object.defineProperty(window, '__trace', { value: { tasks, lcp: () => lcp, origin } });
})();`;

const STORE = `(e) => e.name.startsWith(${JSON.stringify(STORE_PREFIX)})`;
/** Anything new on the page: a long task, a store: entry or a request. */
const ACTIVITY = `window.__trace.tasks.length + performance.getEntriesByType('measure').length + performance.getEntriesByType('mark').length + performance.getEntriesByType('resource').length`;
const READ = `(() => {
  const store = ${STORE};
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {
    fcp: fcp ? fcp.startTime : null,
    lcp: window.__trace.lcp(),
    longTasks: window.__trace.tasks.slice(),
    measures: performance.getEntriesByType('measure').filter(store).map((m) => ({ name: m.name, start: m.startTime, duration: m.duration })),
    marks: performance.getEntriesByType('mark').filter(store).map((m) => ({ name: m.name, time: m.startTime })),
    end: performance.now(),
    origin: window.__trace.origin,
  };
})()`;

/** Loads the page and waits until it has been quiet for QUIET_MS (or SETTLE_MAX_MS have passed), then reads what it observed. */
async function settleAndRead(page: Page, url: string): Promise<TraceRun & { origin: number }> {
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  let last = -1;
  let quietSince = Date.now();
  const until = Date.now() + SETTLE_MAX_MS;
  while (Date.now() < until && Date.now() - quietSince < QUIET_MS) {
    const activity = await page.evaluate<number>(ACTIVITY);
    if (activity !== last) [last, quietSince] = [activity, Date.now()];
    await page.waitForTimeout(250);
  }
  return page.evaluate<TraceRun & { origin: number }>(READ);
}

async function traceOnce(browser: Browser, url: string): Promise<TraceRun> {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
  });
  try {
    await context.addInitScript({ content: OBSERVERS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdownMultiplier });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const read = await settleAndRead(page, url).catch(async (error: unknown) => {
      await browser.stopTracing().catch(() => undefined);
      throw error;
    });
    const trace = await browser.stopTracing();
    // BENCH_SAVE_TRACE=1 keeps every Chromium trace in .tmp/bench/ (open it in DevTools' Performance panel).
    if (process.env.BENCH_SAVE_TRACE)
      writeFileSync(
        `.tmp/bench/trace-${encodeURIComponent(new URL(url).pathname + new URL(url).search)}-${Date.now()}.json`,
        trace,
      );
    const { origin, ...run } = read;
    return { ...run, scripts: scriptsOf(trace, origin, run.longTasks) };
  } finally {
    await context.close();
  }
}

/** For each long task, the entry points that ran longest in it, from the Chromium trace; none when the trace cannot be read. */
function scriptsOf(trace: Buffer, origin: number, tasks: LongTask[]): TraceRun['scripts'] {
  try {
    const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
    const clock = clockOf(events, ORIGIN_MARK, origin);
    if (!clock) return undefined;
    return tasks.map((t) => {
      const span = taskSpan(
        events,
        clock,
        clock.offsetUs + t.start * 1000,
        clock.offsetUs + (t.start + t.duration) * 1000,
      );
      return topScripts(events, clock, span.fromUs, span.toUs);
    });
  } catch (error) {
    console.warn(`The Chromium trace could not be read (${String(error)}): long tasks without their scripts.`);
    return undefined;
  }
}

export async function runTrace(): Promise<void> {
  const started = Date.now();
  const cpuCount = cpus().length;
  const loadBefore = loadavg()[0] ?? 0;
  console.log(
    `Trace: ${RUNS_PER_PAGE} loads per page at ${PHONE.width} × ${PHONE.height} (DPR ${PHONE.deviceScaleFactor}), CPU ${SLOW_4G.cpuSlowdownMultiplier}× slower, ` +
      `network ${NETWORK.latency} ms request latency, ${SLOW_4G.downloadThroughputKbps} kbps down, ${SLOW_4G.uploadThroughputKbps} kbps up ` +
      `(Lighthouse's slow 4G: ${SLOW_4G.rttMs} ms RTT, ${(SLOW_4G.throughputKbps / 1024).toFixed(1)} Mbps); ${cpuCount} CPUs, 1-min load average ${loadBefore.toFixed(2)}`,
  );
  const early = loadWarning(loadVerdict({ cpus: cpuCount, before: loadBefore }));
  if (early) console.warn(early);
  const api = await startApi();
  console.log('Building the storefront (live, prerendered)…');
  await buildStorefront(api);
  const base = await servePreview('vite.config.ts', STOREFRONT_OUT, api);
  const { keyword, gameId, pages } = await benchPages(api);
  const browser = await chromium.launch(PLAYWRIGHT_CHROME);
  atStop(() => browser.close());

  const targets = [
    { key: 'home', title: '/', path: pages.home },
    { key: 'detail', title: `detail ${pages.detail} (prerendered)`, path: pages.detail },
    { key: 'search', title: `search ${decodeURIComponent(pages.search)}`, path: pages.search },
  ];
  const results: Record<string, unknown> = {};
  const reports: string[] = [];
  for (const target of targets) {
    console.log(`Tracing ${target.title}…`);
    const raw: TraceRun[] = [];
    for (let run = 0; run < RUNS_PER_PAGE; run += 1) raw.push(await traceOnce(browser, `${base}${target.path}`));
    const runs = raw.map(analyseRun);
    const summary = summarizePage(runs);
    reports.push(formatPage(`${target.title} (${base}${target.path})`, runs, summary));
    results[target.key] = { url: target.path, summary, runs };
  }

  const loadAfter = loadavg()[0] ?? 0;
  const verdict = loadVerdict({ cpus: cpuCount, before: loadBefore, after: loadAfter });
  const warning = loadWarning(verdict);
  console.log(
    `\nKeyword “${keyword}”, game ${gameId}; 1-min load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} on ${cpuCount} CPUs, ${verdict.busy ? 'BUSY' : 'quiet'}.`,
  );
  if (warning) console.warn(warning);
  console.log(`\n${reports.join('\n\n')}`);

  const date = new Date().toISOString().slice(0, 10);
  const result = {
    date: new Date().toISOString(),
    command: 'npm run bench -- --trace',
    runsPerPage: RUNS_PER_PAGE,
    settings: {
      viewport: { width: PHONE.width, height: PHONE.height, deviceScaleFactor: PHONE.deviceScaleFactor },
      userAgent: userAgents.mobile,
      cpuSlowdown: SLOW_4G.cpuSlowdownMultiplier,
      network: NETWORK,
      lighthouseProfile: SLOW_4G,
      quietMs: QUIET_MS,
    },
    machine: {
      cpus: cpuCount,
      loadAverage: { before: loadBefore, after: loadAfter, busy: verdict.busy, reasons: verdict.reasons },
    },
    pages: results,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${date}-trace.json`;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWritten to ${file} (${result.seconds} s).`);
}
