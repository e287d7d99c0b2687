/**
 * The performance goals (docs/performance.md) for `npm run bench` and the rule for a busy machine, in one
 * place: the bench (scripts/bench.ts) hands in the figures of one run, this
 * says which goal is met, prints the table and whether the load average makes
 * the run suspect. Pure; unit-tested in tests/perf/bench-goals.test.ts. The
 * goals are bench results on this machine, not timed tests (docs/performance.md).
 */
import { kb } from './bundle-stats';
import { clsText, msText, roundText, spreadText, table, type Spread } from './bench-stats';

/** One page's Lighthouse figures over the runs (score 0–100, times in ms). */
export interface PageSpreads {
  score: Spread;
  lcp: Spread;
  tbt: Spread;
  cls: Spread;
  si: Spread;
}

/** What the goals are checked against: ours and the floors from the same run. */
export interface GoalFacts {
  home: PageSpreads;
  detail: PageSpreads;
  search: PageSpreads;
  /** The client-rendered floor's `/` (bench/floor). */
  floor: PageSpreads;
  /** The static floor's `/` (bench/floor-static). */
  staticFloor: PageSpreads;
  initialJsGzip: number;
  homeHtmlGzip: number;
  cardToDetail: Spread;
  keywordToResults: Spread;
}

interface Goal {
  id: string;
  goal: string;
  /** `max`: the value may not exceed the limit; `min`: it may not fall below it. */
  kind: 'max' | 'min';
  limit: number;
  value(facts: GoalFacts): number;
  measured(facts: GoalFacts): string;
}

export interface GoalResult {
  id: string;
  goal: string;
  limit: number;
  value: number;
  measured: string;
  met: boolean;
}

const worstRun = (s: Spread) => `worst ${msText(s.max)} of ${s.runs.length} run${s.runs.length === 1 ? '' : 's'}`;
const versus = (ours: Spread, floor: Spread) =>
  `${msText(ours.median)} vs ${msText(floor.median)}: ${(ours.median / floor.median).toFixed(2)}×`;
const pageNames = { home: '/', detail: 'detail', search: 'search' } as const;
type PageKey = keyof typeof pageNames;

function tbtGoals(page: PageKey): Goal[] {
  return [
    {
      id: `tbt-${page}`,
      goal: `TBT of ${pageNames[page]} ≤ 100 ms (median)`,
      kind: 'max',
      limit: 100,
      value: (f) => f[page].tbt.median,
      measured: (f) => spreadText(f[page].tbt),
    },
    {
      id: `tbt-${page}-worst-run`,
      goal: `no run's TBT of ${pageNames[page]} over 200 ms`,
      kind: 'max',
      limit: 200,
      value: (f) => f[page].tbt.max,
      measured: (f) => worstRun(f[page].tbt),
    },
  ];
}

function scoreGoal(page: PageKey, limit: number): Goal {
  return {
    id: `score-${page}`,
    goal: `Lighthouse mobile of ${pageNames[page]} ≥ ${limit}`,
    kind: 'min',
    limit,
    value: (f) => f[page].score.median,
    measured: (f) => spreadText(f[page].score, roundText),
  };
}

const CLS_PAGES: PageKey[] = ['home', 'detail', 'search'];

/** The performance goals, in docs/performance.md's order. Each figure is the median of the run's Lighthouse runs unless it says otherwise. */
export const GOALS: readonly Goal[] = [
  ...tbtGoals('home'),
  ...tbtGoals('detail'),
  scoreGoal('home', 97),
  scoreGoal('detail', 97),
  scoreGoal('search', 95),
  {
    id: 'lcp-search',
    goal: 'LCP of search ≤ 2.0 s',
    kind: 'max',
    limit: 2000,
    value: (f) => f.search.lcp.median,
    measured: (f) => spreadText(f.search.lcp),
  },
  {
    id: 'lcp-home-vs-floor',
    goal: 'LCP of / ≤ 1.0× the client-rendered floor',
    kind: 'max',
    limit: 1,
    value: (f) => f.home.lcp.median / f.floor.lcp.median,
    measured: (f) => versus(f.home.lcp, f.floor.lcp),
  },
  {
    id: 'lcp-home-vs-static-floor',
    goal: 'LCP of / ≤ 1.3× the static floor',
    kind: 'max',
    limit: 1.3,
    value: (f) => f.home.lcp.median / f.staticFloor.lcp.median,
    measured: (f) => versus(f.home.lcp, f.staticFloor.lcp),
  },
  {
    id: 'cls',
    goal: 'CLS ≤ 0.02 on /, detail and search',
    kind: 'max',
    limit: 0.02,
    value: (f) => Math.max(...CLS_PAGES.map((page) => f[page].cls.median)),
    measured: (f) => CLS_PAGES.map((page) => clsText(f[page].cls.median)).join(' · '),
  },
  {
    id: 'initial-js',
    goal: 'initial JS for / ≤ 140 KB gzip',
    kind: 'max',
    limit: 140 * 1024,
    value: (f) => f.initialJsGzip,
    measured: (f) => kb(f.initialJsGzip),
  },
  {
    id: 'html-home',
    goal: 'HTML of / ≤ 60 KB gzip',
    kind: 'max',
    limit: 60 * 1024,
    value: (f) => f.homeHtmlGzip,
    measured: (f) => kb(f.homeHtmlGzip),
  },
  {
    id: 'card-to-detail',
    goal: 'card → detail ≤ 61 ms (median)',
    kind: 'max',
    limit: 61,
    value: (f) => f.cardToDetail.median,
    measured: (f) => spreadText(f.cardToDetail),
  },
  {
    id: 'keyword-to-results',
    goal: 'keyword → results ≤ 85 ms (median)',
    kind: 'max',
    limit: 85,
    value: (f) => f.keywordToResults.median,
    measured: (f) => spreadText(f.keywordToResults),
  },
];

export function checkGoals(facts: GoalFacts, goals: readonly Goal[] = GOALS): GoalResult[] {
  return goals.map((goal) => {
    const value = goal.value(facts);
    // A figure that could not be measured (NaN) is not a met goal.
    const met = Number.isFinite(value) && (goal.kind === 'max' ? value <= goal.limit : value >= goal.limit);
    return { id: goal.id, goal: goal.goal, limit: goal.limit, value, measured: goal.measured(facts), met };
  });
}

export function formatGoals(results: GoalResult[]): string {
  const met = results.filter((r) => r.met).length;
  const rows = [
    ['Goal', 'Measured: median (min–max)', 'Met'],
    ...results.map((r) => [r.goal, r.measured, r.met ? 'met' : 'NOT MET']),
  ];
  return `${table(rows)}\n${met} of ${results.length} goals met.`;
}

// --- the machine's load ---------------------------------------------------------------------------

/** The 1-minute load average per CPU above which the machine counts as busy. */
const BUSY_LOAD_PER_CPU = 0.7;
/**
 * What the bench adds to the 1-minute load average by itself (one browser and
 * its page working at a time, with the API and the preview server): allowed for
 * at the end of the run and in how much the load may rise.
 */
export const BENCH_OWN_LOAD = 1;

export interface LoadRecord {
  cpus: number;
  /** The 1-minute load average when the bench started, before its builds. */
  before: number;
  /** The same at the end, after the last measurement; left out when the run is only starting. */
  after?: number;
}

export interface LoadVerdict {
  busy: boolean;
  /** One sentence for each rule that fired. */
  reasons: string[];
}

/**
 * The machine was busy when the 1-minute load average was above 0.7 per CPU
 * before the run; above that plus the bench's own load at the end; or when it
 * rose during the run by more than the bench's own load plus 0.35 per CPU (others
 * started work while it ran).
 */
export function loadVerdict({ cpus, before, after }: LoadRecord): LoadVerdict {
  const idle = BUSY_LOAD_PER_CPU * cpus;
  const atEnd = idle + BENCH_OWN_LOAD;
  const rise = BENCH_OWN_LOAD + (BUSY_LOAD_PER_CPU / 2) * cpus;
  const f = (n: number) => n.toFixed(2);
  const reasons: string[] = [];
  if (before > idle)
    reasons.push(`the load average was ${f(before)} before the run (busy above ${f(idle)} on ${cpus} CPUs)`);
  if (after === undefined) return { busy: reasons.length > 0, reasons };
  if (after > atEnd)
    reasons.push(
      `it was ${f(after)} at the end (busy above ${f(atEnd)}: ${f(idle)} plus ${BENCH_OWN_LOAD} for the bench itself)`,
    );
  if (after - before > rise)
    reasons.push(
      `it rose by ${f(after - before)} during the run (more than the bench's own ${BENCH_OWN_LOAD} plus ${f(rise - BENCH_OWN_LOAD)})`,
    );
  return { busy: reasons.length > 0, reasons };
}

/** The warning printed above and below the results, or null on a quiet machine. */
export function loadWarning(verdict: LoadVerdict): string | null {
  if (!verdict.busy) return null;
  return `WARNING: the machine was busy: ${verdict.reasons.join('; ')}. Timings (TBT, LCP, long tasks, the score, the interactions) are slower than on a quiet machine and vary more: compare only within this run, and run again on an idle machine before recording figures.`;
}
