/**
 * `npm run budgets` (part of `npm test`): builds the storefront in live mode
 * (no simulated backend in the bundle) and the libraries floor
 * (bench/floor-libs), then checks the budgets of scripts/lib/budgets.ts:
 * initial JS for `/` ≤ 140 KB gzip and ≤ the floor + 30 KB gzip, the JS
 * loaded until `/` acts on a tap ≤ 190 KB gzip, each lazy page or modal
 * ≤ 40 KB gzip. Prints the headline figures; on a failure, the
 * chunks and the modules that grew them, and exits 1. Builds go to
 * .tmp/budgets/ (git-ignored). docs/performance.md says what each budget
 * protects. It also fails if the live build holds code of the simulated
 * backend (src/mock, msw) or of the dev inspector (src/dev-tools, and the
 * libraries only it loads: @statelyai/inspect, @dagrejs/dagre), and if the
 * cart's code loaded before `/` acts weighs more than 0.5 KB gzip (the cart
 * loads on demand: docs/cart.md, "What it costs").
 */
import { buildWithStats, gzipShare, initialChunks, kb } from './lib/bundle-stats';
import {
  CART_MODULE,
  CART_BEFORE_ACTING_MAX,
  HOME_MODULES,
  STARTUP_MODULES,
  checkBudgets,
  formatReport,
  inspectorModulesIn,
  mockModulesIn,
} from './lib/budgets';

async function main(): Promise<void> {
  const started = Date.now();
  // One after the other: Vite builds share process.env (the live mode switch).
  const app = await buildWithStats({
    configFile: 'vite.config.ts',
    outDir: '.tmp/budgets/storefront',
    env: { VITE_API_MODE: 'live' },
  });
  const floorLibs = await buildWithStats({
    configFile: 'bench/floor-libs/vite.config.ts',
    outDir: '.tmp/budgets/floor-libs',
  });
  const report = checkBudgets(app, floorLibs, undefined, HOME_MODULES, STARTUP_MODULES);
  console.log(`Performance budgets (live build, gzip; ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(formatReport(report));
  if (!report.ok) {
    console.log(
      '\nSee docs/performance.md: split what is not needed to paint / into a lazy chunk, or record why the budget moves.',
    );
    process.exitCode = 1;
  }
  // The cart's modules in what loads until / acts, as they weigh there (compressed with their neighbours).
  const cart = gzipShare(app, initialChunks(app, [...HOME_MODULES, ...STARTUP_MODULES]), (id) => CART_MODULE.test(id));
  const cartOk = cart <= CART_BEFORE_ACTING_MAX;
  console.log(
    `${cartOk ? 'ok  ' : 'FAIL'} the cart's code until / acts ${cart} B gzip (limit ${kb(CART_BEFORE_ACTING_MAX)})`,
  );
  if (!cartOk) process.exitCode = 1;
  // Live mode carries no simulated backend: it is reached only through the mock-mode dynamic import.
  const mock = mockModulesIn(app);
  if (mock.length > 0) {
    console.log(`FAIL the live build contains simulated-backend code:\n${mock.map((m) => `     ${m}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('ok   no simulated-backend code (src/mock, msw) in the live build');
  }
  // Nor the dev inspector: src/shared/dev-inspector.ts's dynamic import is dropped in live builds.
  const inspector = inspectorModulesIn(app);
  if (inspector.length > 0) {
    console.log(`FAIL the live build contains dev inspector code:\n${inspector.map((m) => `     ${m}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('ok   no dev inspector code (src/dev-tools, @statelyai/inspect, @dagrejs/dagre) in the live build');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
