/**
 * Where the end-to-end servers and builds live. scripts/e2e.sh may move the
 * ports (E2E_MOCK_PORT, E2E_LIVE_PORT, E2E_API_PORT) when the defaults are
 * taken; Playwright's main process and its workers read the same variables.
 */
function port(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export const E2E_PORTS = {
  /** `vite preview` of the mock-mode build */
  mock: port('E2E_MOCK_PORT', 4300),
  /** nginx with deploy/nginx/storefront.conf serving the live-mode build, proxying /webapi to the API */
  live: port('E2E_LIVE_PORT', 4301),
  /** `npm run api` (the simulated backend over HTTP) */
  api: port('E2E_API_PORT', 8790),
} as const;

/** Inside node_modules/.cache: ignored by git and ESLint, and no other build empties it. */
const E2E_BUILD_ROOT = process.env.E2E_BUILD_ROOT ?? 'node_modules/.cache/storefront-e2e';

export const E2E_BUILD_DIRS = {
  mock: `${E2E_BUILD_ROOT}/mock`,
  live: `${E2E_BUILD_ROOT}/live`,
  /** The redeploy journey's two live builds (tests/e2e/redeploy.spec.ts): two build ids, a short build poll. */
  redeployFirst: `${E2E_BUILD_ROOT}/redeploy-1`,
  redeploySecond: `${E2E_BUILD_ROOT}/redeploy-2`,
} as const;
