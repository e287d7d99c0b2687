/**
 * Real-browser journeys (docs/e2e.md): Debian's Chromium, never a downloaded
 * browser, against the production build in both API modes.
 *
 *   mock: the build served by `vite preview`; the simulated backend runs in
 *         the page (msw service worker), its state in the page's localStorage.
 *   live: a live-mode build served by Debian's nginx with the site config the
 *         store deploys with (deploy/nginx/storefront.conf, docs/deploy.md), which
 *         proxies /webapi to `npm run api` (the simulated backend over real HTTP,
 *         no latency).
 *
 * Projects: mock-desktop (every journey but those about live mode or a phone alone, or `LIVE_ALONE`), mock-mobile 375×812
 * and live-desktop (the journeys a phone or live mode changes). The builds are made by scripts/e2e.sh
 * (`npm run test:e2e`) before Playwright starts; the servers below are started and stopped by Playwright.
 */
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { E2E_BUILD_DIRS, E2E_PORTS } from './tests/e2e/support/env';
import { CHROME_FLAGS } from './scripts/lib/chromium';
import { JOURNEY_REPORT } from './scripts/lib/playwright-report';

const CI = Boolean(process.env.CI);
// Debian's Chromium; E2E_CHROMIUM=/usr/bin/chromium-headless-shell for its headless shell (scripts/e2e.sh says why not yet).
const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
/** The modes whose servers this run needs (scripts/e2e.sh sets it from --project); unset: both. */
const SERVE = (process.env.E2E_SERVE ?? 'mock live').split(/\s+/);
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];
/** The servers of the modes this run needs: the preview for mock mode, the API server and nginx for live mode. */
const onlyServed = (servers: WebServer[]): WebServer[] =>
  servers.filter((server) => SERVE.includes(server.name === 'preview-mock' ? 'mock' : 'live'));

const desktop = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
const mobile = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

/** Journeys driven by the keyboard alone (docs/e2e.md): run on desktops only. */
const KEYBOARD_ONLY = '**/keyboard.spec.ts';
/**
 * Specs whose every test is about live mode or a phone, so mock-desktop would only list and skip them (each
 * skip still opening a browser context): the production server's headers, a redeploy, the restored session's
 * calls over HTTP, and the phone purchases (mock-mobile walks them; live-desktop at the phone's size). The
 * specs keep their own skips as well. The matrix: docs/e2e.md, "Which journey runs where".
 */
const NOT_ON_MOCK_DESKTOP = [
  '**/deploy-headers.spec.ts',
  '**/redeploy.spec.ts',
  '**/session-restore.spec.ts',
  '**/phone-purchase.spec.ts',
  '**/money-path.spec.ts',
];

/**
 * A journey tagged `@live` runs on mock-desktop too only when mock mode changes what it proves: `@mock` (the
 * start-up hand-over, where mock mode adds the msw worker; two tabs, which share mock mode's backend through
 * storage; a quick tap at a price being worked out) or `@smoke` (one journey of each kind in the embedded
 * default). The others' subject is the app's, the same over either transport: live-desktop (the deployed
 * build) walks them, and mock-mobile those tagged `@phone`. The matrix: docs/e2e.md, "Which journey runs where".
 */
const LIVE_ALONE = /^(?!.*@(mock|smoke)\b).*@live\b/;

const mockURL = `http://127.0.0.1:${E2E_PORTS.mock}`;
const liveURL = `http://127.0.0.1:${E2E_PORTS.live}`;

// Which journeys run in which project is set on the projects below (docs/e2e.md, "Which journey runs where"):
// every journey on mock-desktop but NOT_ON_MOCK_DESKTOP and LIVE_ALONE; on a phone (`@phone`) what a phone changes: the
// audit pass over every screen at 375 px, and one touch journey of each kind; in live mode (`@live`) what
// real HTTP and one shared server change. Other tags: `--grep @smoke` (one journey of each kind), `--grep @screens` (the screenshot pass,
// docs/screens.md). The audit pass (tests/e2e/audit.spec.ts) skips itself in live mode: the screens are
// the same, and mock mode's seed keeps the screenshots comparable.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // The bounds below say when a stuck step counts as a failure; nothing waits for them to pass. They leave
  // room for a machine at half speed (one of the two cores taken by something else: docs/testing.md, "Time",
  // the loaded runs), where the longest journey, the phone purchase, takes about 25-35 s unloaded.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  forbidOnly: CI,
  // A flaky test is a failure, in CI and locally alike (docs/testing.md, "Time"): a failed test is run once
  // more only so that its second run records a trace (below); passing then does not pass the run.
  retries: 1,
  failOnFlakyTests: true,
  workers: 2,
  // The JSON report is where each journey's time is read from (scripts/time-table.ts, docs/testing.md's time table).
  reporter: [
    ['list'],
    ...(CI ? [['html', { open: 'never', outputFolder: 'playwright-report' }] as const] : []),
    ['json', { outputFile: JOURNEY_REPORT }],
  ],
  use: {
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // A trace snapshots the page around every action, which doubles a journey's time on two cores (the
    // keyboard purchase journey: 13 s without, 26 s with, 58 s with both workers busy). So a failed test is
    // traced when it is run again (the one retry above, which cannot turn the run green); `--trace on` traces
    // every first run too.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: CHROMIUM,
      // Playwright adds --headless itself (headless: true); the rest keep Chromium off the network.
      args: CHROME_FLAGS,
    },
  },
  projects: [
    // Every journey but the few about live mode or a phone alone and those whose subject live mode walks alone
    // (LIVE_ALONE), on the embedded default build.
    {
      name: 'mock-desktop',
      use: { ...desktop, baseURL: mockURL },
      metadata: { apiMode: 'mock', viewportName: 'desktop' },
      testIgnore: NOT_ON_MOCK_DESKTOP,
      grepInvert: LIVE_ALONE,
    },
    // What a phone changes: the layout (the audit pass checks and photographs every screen and dialog at
    // 375 px) and touch (one journey of each kind: buy, search, the popup, the first tap at start-up). The
    // rules behind the other journeys do not depend on the viewport.
    {
      name: 'mock-mobile',
      use: { ...mobile, baseURL: mockURL },
      metadata: { apiMode: 'mock', viewportName: 'mobile' },
      testIgnore: KEYBOARD_ONLY,
      grep: [/@phone/, /@screens/],
    },
    // What live mode changes: real HTTP through the production server (nginx) (headers, cookies, the token on every
    // call) and one server shared by every tab and test, so the journeys that buy, log in, expire, restore
    // a session, carry attribution or act from a second tab. A phone adds nothing to these over HTTP.
    {
      name: 'live-desktop',
      use: { ...desktop, baseURL: liveURL },
      metadata: { apiMode: 'live', viewportName: 'desktop' },
      testIgnore: KEYBOARD_ONLY,
      grep: /@live/,
    },
  ],
  webServer: onlyServed([
    {
      name: 'api',
      command: 'npx tsx server/api-server.ts',
      // No latency, and no payment or refund settlement on the server's own clock: a journey makes them with
      // the controls (completePayment, settleRefund) or the pay page's 确认支付 (docs/testing.md, "Time").
      // The journeys drive it through its test controls, which it opens only when asked.
      env: { PORT: String(E2E_PORTS.api), API_LATENCY: '0', API_AUTO_EVENTS: 'off', API_MOCK_CONTROLS: 'on' },
      url: `http://127.0.0.1:${E2E_PORTS.api}/webapi/u-nnpc/hello`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'preview-mock',
      command: `npx vite preview --outDir ${E2E_BUILD_DIRS.mock} --host 127.0.0.1 --port ${E2E_PORTS.mock} --strictPort`,
      env: { VITE_API_MODE: 'mock' },
      url: mockURL,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // The production server: nginx with deploy/nginx/storefront.conf, its own prefix and temp folders
      // (scripts/lib/nginx.ts); a machine without nginx gets a message naming Debian's package.
      name: 'nginx-live',
      command: 'node --import tsx scripts/nginx-serve.ts',
      env: {
        NGINX_ROOT: E2E_BUILD_DIRS.live,
        NGINX_PORT: String(E2E_PORTS.live),
        NGINX_API: `127.0.0.1:${E2E_PORTS.api}`,
      },
      url: liveURL,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ]),
});
