/**
 * The whole timing sweep (docs/timing-sweep.md): `npm run test:windows`, which builds like `npm run test:e2e`
 * (scripts/e2e.sh) and runs tests/e2e/windows.spec.ts with every offset of every window × action × CPU rate,
 * in mock and live mode, on the journeys' servers and browser (playwright.config.ts).
 *
 * Each offset is a probe, so no retry (a run that fails once is a finding) and the run does not stop at the
 * first failures. The results go to test-results/windows/results.json as well, which
 * `npx tsx scripts/windows-results.ts` turns into the table of docs/timing-sweep.md.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Read by tests/e2e/windows.spec.ts in Playwright's main process and in each worker (both load this file).
process.env.WINDOWS_SWEEP = 'full';

const desktop = base.projects?.find((project) => project.name === 'mock-desktop')?.use ?? {};
const live = base.projects?.find((project) => project.name === 'live-desktop')?.use ?? {};

export default defineConfig({
  ...base,
  testMatch: 'windows.spec.ts',
  retries: 0,
  failOnFlakyTests: false,
  reporter: [['list'], ['json', { outputFile: process.env.WINDOWS_RESULTS ?? 'test-results/windows/results.json' }]],
  projects: [
    { name: 'windows-mock', use: desktop, metadata: { apiMode: 'mock', viewportName: 'desktop' } },
    { name: 'windows-live', use: live, metadata: { apiMode: 'live', viewportName: 'desktop' } },
  ],
});
