// @vitest-environment node
/**
 * The budget checks of `npm run budgets` (scripts/lib/budgets.ts) on made-up
 * build statistics: what counts as initial JS for `/`, what a lazy page
 * costs, and what a failure says. The real builds are checked by
 * `npm run budgets` itself.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipShare, type BundleStats, type ChunkStat } from '../../scripts/lib/bundle-stats';
import { sourceMapPath } from '../../scripts/vite-release-files';
import {
  CART_MODULE,
  checkBudgets,
  formatReport,
  inspectorModulesIn,
  KB,
  lazyPages,
  mockModulesIn,
  type BudgetLimits,
} from '../../scripts/lib/budgets';

function chunk(
  fileName: string,
  gzip: number,
  options: Partial<ChunkStat> & { mods?: Record<string, number> } = {},
): ChunkStat {
  const modules = Object.entries(options.mods ?? {}).map(([id, bytes]) => ({ id, bytes }));
  return {
    fileName,
    name: fileName.replace(/\.js$/, ''),
    raw: gzip * 3,
    gzip,
    brotli: Math.round(gzip * 0.88),
    isEntry: false,
    isDynamicEntry: false,
    facade: null,
    imports: [],
    dynamicImports: [],
    css: [],
    modules: modules.sort((a, b) => b.bytes - a.bytes),
    moduleIds: modules.map((m) => m.id),
    ...options,
  };
}

const stats = (chunks: ChunkStat[]): BundleStats => ({ outDir: '/tmp/out', chunks, css: [] });

const LIMITS: BudgetLimits = {
  initialMax: 100 * KB,
  initialOverFloorMax: 20 * KB,
  lazyPageMax: 10 * KB,
  startupMax: 120 * KB,
};
/** The home page alone: these made-up builds have no React DOM chunk of their own (HOME_MODULES names it for the real one). */
const HOME = ['src/features/catalog/home-page.tsx'];

/** The libraries floor: one entry chunk with react-dom and the router. */
const floor = stats([
  chunk('index.js', 70 * KB, {
    isEntry: true,
    mods: { 'node_modules/react-dom/client.js': 150_000, 'node_modules/@tanstack/router-core/router.js': 40_000 },
  }),
]);

/** A storefront whose entry imports a shared chunk and lazily loads the home page, the search page and a modal. */
function storefront(sizes: {
  entry: number;
  shared: number;
  home: number;
  search: number;
  searchOnly?: number;
  entryMods?: Record<string, number>;
}) {
  return stats([
    chunk('index.js', sizes.entry, {
      isEntry: true,
      imports: ['shared.js'],
      dynamicImports: ['home-page.js', 'search-page.js', 'login-modal.js', 'sentry.js'],
      mods: { 'node_modules/react-dom/client.js': 150_000, 'machines/app.machine.ts': 4_000, ...sizes.entryMods },
    }),
    chunk('shared.js', sizes.shared, {
      mods: { 'node_modules/@tanstack/router-core/router.js': 40_000, 'src/api/http.ts': 2_500 },
    }),
    chunk('home-page.js', sizes.home, {
      isDynamicEntry: true,
      facade: 'src/features/catalog/home-page.tsx',
      imports: ['shared.js', 'catalog.js'],
      mods: { 'src/features/catalog/home-page.tsx': 5_000 },
    }),
    chunk('catalog.js', 1 * KB, { mods: { 'src/features/catalog/game-card.tsx': 1_100 } }),
    chunk('search-page.js', sizes.search, {
      isDynamicEntry: true,
      facade: 'src/features/catalog/search-page.tsx',
      imports: ['shared.js', 'catalog.js', 'search-only.js'],
      mods: { 'src/features/catalog/search-page.tsx': 6_000 },
    }),
    chunk('search-only.js', sizes.searchOnly ?? 1 * KB, { mods: { 'node_modules/virtual-list/index.js': 9_000 } }),
    chunk('login-modal.js', 3 * KB, {
      isDynamicEntry: true,
      facade: 'src/features/session/login-modal.tsx',
      mods: { 'src/features/session/login-modal.tsx': 7_000 },
    }),
    chunk('sentry.js', 140 * KB, {
      isDynamicEntry: true,
      facade: 'node_modules/@sentry/react/index.js',
      mods: { 'node_modules/@sentry/core/index.js': 400_000 },
    }),
  ]);
}

describe('performance budgets', () => {
  it('counts the entry, its static imports and the home page with its imports as initial JS for /', () => {
    const report = checkBudgets(
      storefront({ entry: 60 * KB, shared: 20 * KB, home: 4 * KB, search: 3 * KB }),
      floor,
      LIMITS,
      HOME,
    );

    expect(report.facts.initialChunks.sort()).toEqual(['catalog.js', 'home-page.js', 'index.js', 'shared.js']);
    expect(report.facts.initial.gzip).toBe(85 * KB);
    expect(report.checks.find((c) => c.name === 'initial JS for /')).toMatchObject({
      ok: true,
      actual: 85 * KB,
      limit: 100 * KB,
    });
    expect(report.checks.find((c) => c.name === 'initial JS over the libraries floor')).toMatchObject({
      ok: true,
      actual: 15 * KB,
    });
    expect(report.ok).toBe(true);
  });

  it('counts what the start-up loads after the first paint, on top of the initial JS, against its own budget', () => {
    const app = storefront({ entry: 60 * KB, shared: 20 * KB, home: 4 * KB, search: 3 * KB });
    // Here the login dialog stands for the store's flows: a lazy chunk the start-up asks for before a tap acts.
    const flows = ['src/features/session/login-modal.tsx'];
    const within = checkBudgets(app, floor, LIMITS, HOME, flows);
    expect(within.facts.startup.gzip).toBe(88 * KB);
    expect(within.checks.find((c) => c.name === 'JS until / acts on a tap')).toMatchObject({
      ok: true,
      actual: 88 * KB,
    });

    const over = checkBudgets(app, floor, { ...LIMITS, startupMax: 87 * KB }, HOME, flows);
    expect(over.ok).toBe(false);
    const text = formatReport(over);
    expect(text).toContain('FAIL JS until / acts on a tap 88.0 KB gzip (limit 87.0 KB): over by 1.0 KB');
    expect(text).toContain('login-modal.js');
    // The initial JS for / is the same figure either way: the flows are not in it.
    expect(over.facts.initial.gzip).toBe(85 * KB);
  });

  it('prices a lazy page with what it pulls in beyond the entry, and leaves non-page chunks out', () => {
    const pages = lazyPages(
      storefront({ entry: 60 * KB, shared: 20 * KB, home: 4 * KB, search: 3 * KB, searchOnly: 2 * KB }),
    );

    expect(pages.map((p) => p.module)).toEqual([
      'src/features/catalog/home-page.tsx',
      'src/features/catalog/search-page.tsx',
      'src/features/session/login-modal.tsx',
    ]);
    const search = pages.find((p) => p.module === 'src/features/catalog/search-page.tsx');
    // search-page + catalog + search-only; shared.js is already loaded by the entry.
    expect(search?.chunks.map((c) => c.fileName).sort()).toEqual(['catalog.js', 'search-only.js', 'search-page.js']);
  });

  it('passes quietly: one line per budget', () => {
    const text = formatReport(
      checkBudgets(
        storefront({ entry: 60 * KB, shared: 20 * KB, home: 4 * KB, search: 3 * KB, searchOnly: 2 * KB }),
        floor,
        LIMITS,
        HOME,
      ),
    );

    expect(text.split('\n')).toEqual([
      'ok   initial JS for / 85.0 KB gzip (limit 100.0 KB)',
      'ok   initial JS over the libraries floor (70.0 KB) 15.0 KB gzip (limit 20.0 KB)',
      'ok   JS until / acts on a tap 85.0 KB gzip (limit 120.0 KB)',
      'ok   3 lazy pages and modals, the largest src/features/catalog/search-page.tsx 6.0 KB gzip (limit 10.0 KB)',
      '     (library code in / that the floor does not load: 0.0 KB min)',
    ]);
  });

  it('fails the initial budgets naming the chunks and the modules the floor does not have', () => {
    const big = storefront({
      entry: 85 * KB,
      shared: 20 * KB,
      home: 4 * KB,
      search: 3 * KB,
      entryMods: { 'node_modules/dompurify/purify.js': 28_000 },
    });
    const report = checkBudgets(big, floor, LIMITS, HOME);
    const text = formatReport(report);

    expect(report.ok).toBe(false);
    expect(report.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'initial JS for /',
      'initial JS over the libraries floor',
    ]);
    expect(text).toContain('FAIL initial JS for / 110.0 KB gzip (limit 100.0 KB): over by 10.0 KB');
    expect(text).toContain(
      'FAIL initial JS over the libraries floor (70.0 KB) 40.0 KB gzip (limit 20.0 KB): over by 20.0 KB',
    );
    expect(text).toMatch(/85\.0 KB gzip index\.js/);
    // What grew it, largest first; react-dom and the router are in the floor too.
    const growth = text.slice(text.indexOf('modules the floor does not have'));
    expect(growth).toMatch(/27\.3 KB min {2}node_modules\/dompurify\/purify\.js {2}\(index\.js\)/);
    expect(growth.indexOf('dompurify')).toBeLessThan(growth.indexOf('src/features/catalog/home-page.tsx'));
    expect(growth).not.toContain('react-dom');
    expect(report.facts.libraryGap).toBe(28_000);
  });

  it('fails a lazy page over its budget, naming its chunk and its largest modules', () => {
    const report = checkBudgets(
      storefront({ entry: 60 * KB, shared: 20 * KB, home: 4 * KB, search: 3 * KB, searchOnly: 9 * KB }),
      floor,
      LIMITS,
      HOME,
    );
    const failed = report.checks.filter((c) => !c.ok);

    expect(failed.map((c) => c.name)).toEqual(['lazy chunk src/features/catalog/search-page.tsx']);
    expect(failed[0]?.actual).toBe(13 * KB);
    const text = formatReport(report);
    expect(text).toContain(
      'FAIL 3 lazy pages and modals, the largest src/features/catalog/search-page.tsx 13.0 KB gzip (limit 10.0 KB)',
    );
    expect(text).toContain('chunk search-page.js and what it pulls in beyond the entry:');
    expect(text).toMatch(/8\.8 KB min {2}node_modules\/virtual-list\/index\.js {2}\(search-only\.js\)/);
  });

  it('finds simulated-backend modules in a build, naming their chunk, and none in a clean one', () => {
    const clean = stats([
      chunk('index.js', 50 * KB, { isEntry: true, mods: { 'src/api/http.ts': 2_000, 'src/app/main.tsx': 1_000 } }),
    ]);
    expect(mockModulesIn(clean)).toEqual([]);
    const leaky = stats([
      chunk('index.js', 50 * KB, { isEntry: true, mods: { 'src/app/main.tsx': 1_000 } }),
      chunk('browser.js', 30 * KB, {
        mods: { 'src/mock/backend.ts': 9_000, 'node_modules/msw/lib/core/index.mjs': 20_000 },
      }),
    ]);
    expect(mockModulesIn(leaky)).toEqual([
      'node_modules/msw/lib/core/index.mjs (browser.js)',
      'src/mock/backend.ts (browser.js)',
    ]);
  });

  it('finds dev inspector modules in a build, naming their chunk, and none in a clean one (its door may stay)', () => {
    const clean = stats([
      chunk('index.js', 50 * KB, {
        isEntry: true,
        mods: { 'src/app/inspector.ts': 30, 'src/shared/dev-inspector.ts': 40 },
      }),
    ]);
    expect(inspectorModulesIn(clean)).toEqual([]);
    const leaky = stats([
      chunk('index.js', 50 * KB, { isEntry: true, mods: { 'src/app/inspector.ts': 200 } }),
      chunk('dev-tools.js', 9 * KB, { mods: { 'src/dev-tools/recorder.ts': 3_000 } }),
      chunk('panel-host.js', 12 * KB, {
        mods: { 'src/dev-tools/inspector-panel.tsx': 5_000, 'scripts/lib/machine-introspection.ts': 2_000 },
      }),
      chunk('inspect.js', 20 * KB, { mods: { 'node_modules/@statelyai/inspect/dist/index.mjs': 20_000 } }),
      // The panel's chart layout library, should it ever be imported outside the panel's chunk.
      chunk('layout.js', 17 * KB, { mods: { 'node_modules/@dagrejs/dagre/dist/dagre.esm.js': 48_000 } }),
    ]);
    expect(inspectorModulesIn(leaky)).toEqual([
      'src/dev-tools/recorder.ts (dev-tools.js)',
      'src/dev-tools/inspector-panel.tsx (panel-host.js)',
      'scripts/lib/machine-introspection.ts (panel-host.js)',
      'node_modules/@statelyai/inspect/dist/index.mjs (inspect.js)',
      'node_modules/@dagrejs/dagre/dist/dagre.esm.js (layout.js)',
    ]);
  });
});

describe('the share of some modules in a chunk (the cart until / acts)', () => {
  /** Base64 VLQ of one non-negative number, as sourcemaps write it. */
  const vlq = (n: number): string => {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let value = n << 1;
    let out = '';
    do {
      let digit = value & 31;
      value >>>= 5;
      if (value > 0) digit |= 32;
      out += chars[digit];
    } while (value > 0);
    return out;
  };
  /** Text that compresses like code of its own length (a fixed pseudo-random walk). */
  const text = (seed: number, length: number) => {
    let x = seed;
    return Array.from({ length }, () => String.fromCharCode(97 + ((x = (x * 1103515245 + 12345) % 2 ** 31) % 26))).join(
      '',
    );
  };

  it('is what the chunk weighs compressed less what it weighs without their code, and 0 for a chunk without them', () => {
    const outDir = join(process.cwd(), '.tmp', 'gzip-share-test', 'out');
    rmSync(join(process.cwd(), '.tmp', 'gzip-share-test'), { recursive: true, force: true });
    const file = join(outDir, 'assets', 'index.js');
    const cart = `const cart=${text(1, 1500)};`;
    const rest = `const app=${text(2, 3000)};`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, cart + rest);
    const map = {
      version: 3,
      // From the file's folder (assets/) up to the project: .tmp/gzip-share-test/out/assets.
      sources: ['../../../../src/features/cart/cart-store.ts', '../../../../src/app/main.tsx'],
      // The cart's module from column 0, the app's from where its code starts.
      mappings: `AAAA,${vlq(cart.length)}CAAA`,
    };
    mkdirSync(dirname(sourceMapPath(outDir, file)), { recursive: true });
    writeFileSync(sourceMapPath(outDir, file), JSON.stringify(map));
    const gzip = (code: string) => gzipSync(Buffer.from(code), { level: 9 }).byteLength;
    const withCart = chunk('assets/index.js', gzip(cart + rest), {
      isEntry: true,
      mods: { 'src/features/cart/cart-store.ts': cart.length, 'src/app/main.tsx': rest.length },
    });
    const withoutCart = chunk('assets/other.js', 1 * KB, { mods: { 'src/app/main.tsx': 10 } });
    const isCart = (id: string) => CART_MODULE.test(id);

    const share = gzipShare({ ...stats([withCart]), outDir }, [withCart, withoutCart], isCart);
    expect(share).toBe(gzip(cart + rest) - gzip(`${rest}\n`));
    // Incompressible text: about the cart's own length.
    expect(share).toBeGreaterThan(cart.length * 0.5);
    expect(gzipShare({ ...stats([withoutCart]), outDir }, [withoutCart], isCart)).toBe(0);
    rmSync(join(process.cwd(), '.tmp', 'gzip-share-test'), { recursive: true, force: true });
  });
});
