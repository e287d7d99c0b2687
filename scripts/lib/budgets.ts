/**
 * The performance budgets (docs/performance.md), as a pure function of two
 * builds' statistics so that it can be unit-tested (tests/perf/budgets.test.ts):
 *
 * - initial JS for `/` (the entry, its static imports and the home page's
 *   lazy chunk with its imports: everything the router loads before the first
 *   paint) at most 170.5 KB gzip (170 until the prerendered pages' hydration
 *   code, docs/performance.md says why it moved);
 * - the same at most 30 KB gzip above the libraries floor (bench/floor-libs:
 *   the storefront's libraries in a hello-world page, built the same way);
 * - each lazy page or modal chunk, with the chunks it pulls in that the entry
 *   has not loaded, at most 40 KB gzip.
 *
 * A failure names the chunks and the modules that grew them: for the initial
 * budgets the largest modules the floor does not have, for a lazy chunk its
 * largest modules. Module sizes are minified bytes (see bundle-stats.ts).
 */
import {
  entryChunk,
  initialChunks,
  kb,
  staticClosure,
  sumSizes,
  type BundleStats,
  type ChunkStat,
  type ModuleStat,
} from './bundle-stats';

export const KB = 1024;

export interface BudgetLimits {
  /** gzip bytes */
  initialMax: number;
  /** gzip bytes above the libraries floor's initial JS */
  initialOverFloorMax: number;
  /** gzip bytes, per lazy page or modal */
  lazyPageMax: number;
  /** gzip bytes: the initial JS plus what the start-up loads before a tap is acted on */
  startupMax: number;
}

const DEFAULT_LIMITS: BudgetLimits = {
  initialMax: 140 * KB,
  initialOverFloorMax: 30 * KB,
  lazyPageMax: 40 * KB,
  startupMax: 190 * KB,
};

/**
 * The lazy modules `/` loads before it is hydrated: its page, and React DOM, which src/app/main.tsx imports
 * dynamically so that it is evaluated in a task of its own (bench/results/runs.md, "What the trace found").
 */
export const HOME_MODULES = [
  'src/features/catalog/home-page.tsx',
  'node_modules/react-dom/cjs/react-dom-client.production.js',
];

/**
 * What the start-up loads after the first paint and before the page acts on a tap (src/app/main.tsx): the
 * hydration of a prerendered page, the store's flows, the first call's HTTP library and the dialogs' host.
 */
export const STARTUP_MODULES = [
  'src/app/prerendered.ts',
  'src/app/start-store.ts',
  'src/api/transport.ts',
  'src/app/modal-host.tsx',
];

/**
 * The cart's modules (docs/cart.md): its feature, its machines (the cart, the app machine's region that loads it)
 * and its calls. Before `/` acts only the header's count and the login's set-aside may load, at most
 * `CART_BEFORE_ACTING_MAX` gzip (issue "a cart and one checkout", point 7).
 */
export const CART_MODULE = /^(src\/features\/cart\/|machines\/cart[.-]|src\/api\/cart\.ts)/;
export const CART_BEFORE_ACTING_MAX = 512;

/** A module that is a lazy page or dialog (the `lazyPage()` and modal registry targets): `*-page.tsx`, `*-modal.tsx` in a feature. */
const LAZY_PAGE = /^src\/features\/[^/]+\/[^/]+-(page|modal)\.tsx$/;

interface BudgetCheck {
  name: string;
  ok: boolean;
  /** gzip bytes */
  actual: number;
  /** gzip bytes */
  limit: number;
  /** One line for the summary, e.g. `initial JS for / 158.2 KB ≤ 170.0 KB`. */
  summary: string;
  /** On failure: the chunks and the modules that grew them. */
  details: string[];
}

export interface BudgetReport {
  ok: boolean;
  checks: BudgetCheck[];
  /** Figures worth printing even when everything passes. */
  facts: {
    initial: { gzip: number; brotli: number };
    startup: { gzip: number; brotli: number };
    floorInitial: { gzip: number; brotli: number };
    initialChunks: string[];
    /** Minified bytes of library code (node_modules) in / that the floor does not load: the floor should use those exports too. */
    libraryGap: number;
  };
}

const DETAIL_MODULES = 8;

function moduleLines(modules: Array<ModuleStat & { chunk?: string }>, count = DETAIL_MODULES): string[] {
  return modules
    .slice(0, count)
    .map((m) => `    ${kb(m.bytes).padStart(9)} min  ${m.id}${m.chunk ? `  (${m.chunk})` : ''}`);
}

function chunkLines(chunks: ChunkStat[]): string[] {
  return [...chunks].sort((a, b) => b.gzip - a.gzip).map((c) => `    ${kb(c.gzip).padStart(9)} gzip ${c.fileName}`);
}

/** Modules of `chunks` the floor does not have, or has fewer bytes of, largest growth first. */
function growthOverFloor(chunks: ChunkStat[], floorChunks: ChunkStat[]): Array<ModuleStat & { chunk: string }> {
  const floor = new Map<string, number>();
  for (const m of floorChunks.flatMap((c) => c.modules)) floor.set(m.id, (floor.get(m.id) ?? 0) + m.bytes);
  return chunks
    .flatMap((c) => c.modules.map((m) => ({ id: m.id, bytes: m.bytes - (floor.get(m.id) ?? 0), chunk: c.fileName })))
    .filter((m) => m.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

/** The lazy pages and modals, each with the chunks a navigation to it fetches beyond what the entry loaded. */
export function lazyPages(stats: BundleStats): Array<{ module: string; chunks: ChunkStat[] }> {
  const entryClosure = new Set(staticClosure(stats, [entryChunk(stats)]).map((c) => c.fileName));
  const pages: Array<{ module: string; chunks: ChunkStat[] }> = [];
  for (const chunk of stats.chunks) {
    if (entryClosure.has(chunk.fileName)) continue;
    for (const module of chunk.moduleIds.filter((id) => LAZY_PAGE.test(id))) {
      pages.push({ module, chunks: staticClosure(stats, [chunk]).filter((c) => !entryClosure.has(c.fileName)) });
    }
  }
  return pages.sort((a, b) => a.module.localeCompare(b.module));
}

export function checkBudgets(
  app: BundleStats,
  floorLibs: BundleStats,
  limits: BudgetLimits = DEFAULT_LIMITS,
  homeModules: string[] = HOME_MODULES,
  startupModules: string[] = [],
): BudgetReport {
  const initial = initialChunks(app, homeModules);
  const startup = initialChunks(app, [...homeModules, ...startupModules]);
  const startupSize = sumSizes(startup);
  const floorInitial = initialChunks(floorLibs, []);
  const initialSize = sumSizes(initial);
  const floorSize = sumSizes(floorInitial);
  const checks: BudgetCheck[] = [];

  const initialOk = initialSize.gzip <= limits.initialMax;
  checks.push({
    name: 'initial JS for /',
    ok: initialOk,
    actual: initialSize.gzip,
    limit: limits.initialMax,
    summary: `initial JS for / ${kb(initialSize.gzip)} gzip (limit ${kb(limits.initialMax)})`,
    details: initialOk
      ? []
      : [
          `  the entry and what / loads before its first paint: ${initial.length} chunks`,
          ...chunkLines(initial),
          '  largest modules in them:',
          ...moduleLines(
            initial
              .flatMap((c) => c.modules.map((m) => ({ ...m, chunk: c.fileName })))
              .sort((a, b) => b.bytes - a.bytes),
          ),
        ],
  });

  const over = initialSize.gzip - floorSize.gzip;
  const overOk = over <= limits.initialOverFloorMax;
  checks.push({
    name: 'initial JS over the libraries floor',
    ok: overOk,
    actual: over,
    limit: limits.initialOverFloorMax,
    summary: `initial JS over the libraries floor (${kb(floorSize.gzip)}) ${kb(over)} gzip (limit ${kb(limits.initialOverFloorMax)})`,
    details: overOk
      ? []
      : [
          `  ${initial.length} chunks load before the first paint of /:`,
          ...chunkLines(initial),
          '  modules the floor does not have (or has less of), largest first:',
          ...moduleLines(growthOverFloor(initial, floorInitial)),
        ],
  });

  const startupOk = startupSize.gzip <= limits.startupMax;
  checks.push({
    name: 'JS until / acts on a tap',
    ok: startupOk,
    actual: startupSize.gzip,
    limit: limits.startupMax,
    summary: `JS until / acts on a tap ${kb(startupSize.gzip)} gzip (limit ${kb(limits.startupMax)})`,
    details: startupOk
      ? []
      : [
          `  the initial JS and what the start-up loads after the first paint: ${startup.length} chunks`,
          ...chunkLines(startup),
          '  largest modules in them:',
          ...moduleLines(
            startup
              .flatMap((c) => c.modules.map((m) => ({ ...m, chunk: c.fileName })))
              .sort((a, b) => b.bytes - a.bytes),
          ),
        ],
  });

  for (const page of lazyPages(app)) {
    const size = sumSizes(page.chunks).gzip;
    const ok = size <= limits.lazyPageMax;
    const own = page.chunks.find((c) => c.moduleIds.includes(page.module));
    checks.push({
      name: `lazy chunk ${page.module}`,
      ok,
      actual: size,
      limit: limits.lazyPageMax,
      summary: `lazy ${page.module} ${kb(size)} gzip (limit ${kb(limits.lazyPageMax)})`,
      details: ok
        ? []
        : [
            `  chunk ${own?.fileName ?? '?'} and what it pulls in beyond the entry:`,
            ...chunkLines(page.chunks),
            '  largest modules in them:',
            ...moduleLines(
              page.chunks
                .flatMap((c) => c.modules.map((m) => ({ ...m, chunk: c.fileName })))
                .sort((a, b) => b.bytes - a.bytes),
            ),
          ],
    });
  }

  return {
    ok: checks.every((c) => c.ok),
    checks,
    facts: {
      initial: { gzip: initialSize.gzip, brotli: initialSize.brotli },
      startup: { gzip: startupSize.gzip, brotli: startupSize.brotli },
      floorInitial: { gzip: floorSize.gzip, brotli: floorSize.brotli },
      initialChunks: initial.map((c) => c.fileName),
      libraryGap: growthOverFloor(initial, floorInitial)
        .filter((m) => m.id.startsWith('node_modules/'))
        .reduce((sum, m) => sum + m.bytes, 0),
    },
  };
}

/** Quiet when everything passes (the headline figures); each failure with the chunks and modules behind it. */
export function formatReport(report: BudgetReport): string {
  const lines: string[] = [];
  const lazy = report.checks.filter((c) => c.name.startsWith('lazy chunk '));
  for (const check of report.checks.filter((c) => !lazy.includes(c)))
    lines.push(`${check.ok ? 'ok  ' : 'FAIL'} ${check.summary}`);
  const largestLazy = [...lazy].sort((a, b) => b.actual - a.actual)[0];
  if (largestLazy)
    lines.push(
      `${lazy.every((c) => c.ok) ? 'ok  ' : 'FAIL'} ${lazy.length} lazy pages and modals, the largest ${largestLazy.summary.replace(/^lazy /, '')}`,
    );
  lines.push(`     (library code in / that the floor does not load: ${kb(report.facts.libraryGap)} min)`);
  for (const check of report.checks.filter((c) => !c.ok)) {
    lines.push('', `FAIL ${check.summary}: over by ${kb(check.actual - check.limit)}`, ...check.details);
  }
  return lines.join('\n');
}

/** Code of the simulated backend (src/mock/, msw): a live-mode build must not contain any. */
const MOCK_MODULE = /^(src\/mock\/|node_modules\/(msw|@mswjs)\/)/;

/** The modules of the simulated backend in a build, with their chunk: empty for a correct live build. */
export function mockModulesIn(stats: BundleStats): string[] {
  return stats.chunks.flatMap((c) =>
    c.moduleIds.filter((id) => MOCK_MODULE.test(id)).map((id) => `${id} (${c.fileName})`),
  );
}

/**
 * Code of the dev inspector (src/dev-tools/, the chart reading it shares with scripts/lib/, @statelyai/inspect, the
 * panel's chart layout library @dagrejs/dagre): dev and mock builds only. Its door, src/shared/dev-inspector.ts,
 * stays in a live build as an empty answer.
 */
const INSPECTOR_MODULE = /^(src\/dev-tools\/|scripts\/lib\/|node_modules\/@statelyai\/|node_modules\/@dagrejs\/)/;

/** The modules of the dev inspector in a build, with their chunk: empty for a correct live build. */
export function inspectorModulesIn(stats: BundleStats): string[] {
  return stats.chunks.flatMap((c) =>
    c.moduleIds.filter((id) => INSPECTOR_MODULE.test(id)).map((id) => `${id} (${c.fileName})`),
  );
}
