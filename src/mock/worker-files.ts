/**
 * Mock mode's service-worker files in `public/`, named once: the page registers one (./browser.ts), and a live
 * build leaves both out (scripts/vite-release-files.ts). A worker imports nothing of the app's, so
 * public/mock-api-worker.js writes msw's file name itself; tests/mock/mock-api-worker.test.ts holds it to this one.
 */
export const MOCK_WORKER_FILES = {
  /** The worker the page registers: msw's, behind a filter that lets only the API's calls reach it. */
  registered: 'mock-api-worker.js',
  /** msw's generated worker (package.json `msw.workerDirectory`), which the registered one imports. */
  msw: 'mockServiceWorker.js',
} as const;
