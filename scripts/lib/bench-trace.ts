/**
 * `npm run bench -- --trace` (docs/performance.md, "Where the time goes"):
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
import { chromium, type Browser } from '@playwright/test';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { benchPages, buildStorefront, PLAYWRIGHT_CHROME, servePreview, startApi, STOREFRONT_OUT, atStop } from './bench-env';
import { loadVerdict, loadWarning } from './bench-goals';
import { analyseRun, formatPage, STORE_PREFIX, summarizePage, type TraceRun } from './trace';

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

/** Installed before the page's own scripts: long tasks and LCP candidates, buffered. A string: see PAGE_PROBE in scripts/bench.ts. */
const OBSERVERS = `(() => {
  const tasks = [];
  let lcp = null;
  const observe = (type, onEntry) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true }); } catch (_) { /* not supported */ }
  };
  observe('longtask', (e) => tasks.push({ start: e.startTime, duration: e.duration }));
  observe('largest-contentful-paint', (e) => { lcp = e.startTime; });
  Object.defineProperty(window, '__trace', { value: { tasks, lcp: () => lcp } });
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
  };
})()`;

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
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    let last = -1;
    let quietSince = Date.now();
    const until = Date.now() + SETTLE_MAX_MS;
    while (Date.now() < until && Date.now() - quietSince < QUIET_MS) {
      const activity = await page.evaluate<number>(ACTIVITY);
      if (activity !== last) [last, quietSince] = [activity, Date.now()];
      await page.waitForTimeout(250);
    }
    return await page.evaluate<TraceRun>(READ);
  } finally {
    await context.close();
  }
}

export async function runTrace(): Promise<void> {
  const started = Date.now();
  const cpuCount = cpus().length;
  const loadBefore = loadavg()[0] ?? 0;
  console.log(
    `Trace: ${RUNS_PER_PAGE} loads per page at ${PHONE.width} × ${PHONE.height} (DPR ${PHONE.deviceScaleFactor}), CPU ${SLOW_4G.cpuSlowdownMultiplier}× slower, ` +
      `network ${NETWORK.latency} ms request latency, ${(SLOW_4G.downloadThroughputKbps / 1024).toFixed(2)} Mbps down, ${SLOW_4G.uploadThroughputKbps} kbps up ` +
      `(Lighthouse's slow 4G: ${SLOW_4G.rttMs} ms RTT, ${(SLOW_4G.throughputKbps / 1024).toFixed(1)} Mbps); ${cpuCount} CPUs, 1-min load average ${loadBefore.toFixed(2)}`,
  );
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
  console.log(`\nKeyword “${keyword}”, game ${gameId}; 1-min load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} on ${cpuCount} CPUs, ${verdict.busy ? 'BUSY' : 'quiet'}.`);
  if (warning) console.warn(warning);
  console.log(`\n${reports.join('\n\n')}`);

  const date = new Date().toISOString().slice(0, 10);
  const result = {
    date: new Date().toISOString(),
    command: 'npm run bench -- --trace',
    runsPerPage: RUNS_PER_PAGE,
    settings: { viewport: { width: PHONE.width, height: PHONE.height, deviceScaleFactor: PHONE.deviceScaleFactor }, userAgent: userAgents.mobile, cpuSlowdown: SLOW_4G.cpuSlowdownMultiplier, network: NETWORK, lighthouseProfile: SLOW_4G, quietMs: QUIET_MS },
    machine: { cpus: cpuCount, loadAverage: { before: loadBefore, after: loadAfter, busy: verdict.busy, reasons: verdict.reasons } },
    pages: results,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${date}-trace.json`;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWritten to ${file} (${result.seconds} s).`);
}
