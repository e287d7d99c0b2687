/**
 * The pure part of `npm run bench -- --trace` (scripts/lib/bench-trace.ts):
 * which of the app's `store:` phases each long task overlaps, the total
 * blocking time computed as Lighthouse does, the medians over runs, and the
 * printed report. Unit-tested in tests/perf/trace.test.ts. Times are
 * milliseconds on the page's clock (`performance.now()`).
 */
import { median, msText, spread, spreadText, table, type Spread } from './bench-stats';

/** The prefix of the app's own `performance.measure()` and `performance.mark()` names. */
export const STORE_PREFIX = 'store:';
/** A long task that overlaps no `store:` measure. */
export const UNATTRIBUTED = 'unattributed (script evaluation / browser)';
/** Lighthouse's threshold: the part of a task beyond 50 ms blocks input. */
const BLOCKING_THRESHOLD_MS = 50;

export interface LongTask {
  start: number;
  duration: number;
}

export interface Measure {
  name: string;
  start: number;
  duration: number;
}

export interface Mark {
  name: string;
  time: number;
}

/** What one traced page load gave. */
export interface TraceRun {
  /** First contentful paint; null when the page never painted. */
  fcp: number | null;
  /** The last largest-contentful-paint candidate; null when there was none. */
  lcp: number | null;
  longTasks: LongTask[];
  /** `store:` measures and marks only (others are left out when read). */
  measures: Measure[];
  marks: Mark[];
  /** When the observation ended (the page had been quiet for a while). */
  end: number;
  /** Per long task (same order), the script URLs or functions that ran longest in it, if the trace gave them. */
  scripts?: Array<Array<{ name: string; selfMs: number }>>;
}

export interface Attribution {
  /** The `store:` measures the task overlaps, with how many of its milliseconds each covers, largest first. */
  measures: Array<{ name: string; overlapMs: number }>;
  /** The `store:` marks set while the task ran. */
  marks: string[];
  /** The measures' names, or UNATTRIBUTED. */
  label: string;
}

export function isStoreEntry(name: string): boolean {
  return name.startsWith(STORE_PREFIX);
}

/** The measures a task overlaps in time (a task may overlap several, nested or in sequence). */
export function attribute(task: LongTask, measures: Measure[], marks: Mark[] = []): Attribution {
  const end = task.start + task.duration;
  const overlapping = measures
    .map((m) => ({ name: m.name, overlapMs: Math.min(end, m.start + m.duration) - Math.max(task.start, m.start) }))
    .filter((m) => m.overlapMs > 0)
    .sort((a, b) => b.overlapMs - a.overlapMs);
  const inside = marks.filter((m) => m.time >= task.start && m.time <= end).map((m) => m.name);
  return {
    measures: overlapping,
    marks: inside,
    label: overlapping.length ? overlapping.map((m) => m.name).join(' + ') : UNATTRIBUTED,
  };
}

/**
 * A task's blocking time the way Lighthouse counts it (its TBTUtils): the task
 * clipped to [from, to], and what of that lasts beyond 50 ms.
 */
export function blockingMs(task: LongTask, from: number, to = Infinity): number {
  const clipped = Math.min(task.start + task.duration, to) - Math.max(task.start, from);
  return clipped > BLOCKING_THRESHOLD_MS ? clipped - BLOCKING_THRESHOLD_MS : 0;
}

/** Total blocking time from the first contentful paint to the end of the observation (Lighthouse ends at TTI). */
export function totalBlockingTime(tasks: LongTask[], fcp: number, end = Infinity): number {
  return tasks.reduce((sum, task) => sum + blockingMs(task, fcp, end), 0);
}

interface AnalysedTask extends LongTask, Attribution {
  blockingMs: number;
  scripts: Array<{ name: string; selfMs: number }>;
}

export interface RunAnalysis {
  fcp: number | null;
  lcp: number | null;
  tbt: number;
  /** Long tasks that end after the first paint (all of them when there was no paint). */
  tasks: AnalysedTask[];
  /** How many of those run over 50 ms after the first paint. */
  over50: number;
  measures: Measure[];
  marks: Mark[];
}

export function analyseRun(run: TraceRun): RunAnalysis {
  const from = run.fcp ?? 0;
  const tasks = run.longTasks
    .map((task, i) => ({ task, scripts: run.scripts?.[i] ?? [] }))
    .filter(({ task }) => task.start + task.duration > from)
    .sort((a, b) => a.task.start - b.task.start)
    .map(({ task, scripts }) => ({
      ...task,
      ...attribute(task, run.measures, run.marks),
      blockingMs: blockingMs(task, from, run.end),
      scripts,
    }));
  return {
    fcp: run.fcp,
    lcp: run.lcp,
    tbt: tasks.reduce((sum, t) => sum + t.blockingMs, 0),
    tasks,
    over50: tasks.filter((t) => t.blockingMs > 0).length,
    measures: [...run.measures].sort((a, b) => a.start - b.start),
    marks: [...run.marks].sort((a, b) => a.time - b.time),
  };
}

interface PhaseSummary {
  name: string;
  /** In how many of the runs the app emitted it. */
  seen: number;
  start: Spread;
  duration: Spread;
  /** Median over the runs of the long-task time it overlapped. */
  inLongTasksMs: number;
}

export interface PageSummary {
  runs: number;
  fcp: Spread;
  lcp: Spread;
  tbt: Spread;
  over50: Spread;
  /** Median over the runs of the blocking time of the tasks each label names. */
  blockingByLabel: Array<{ label: string; blockingMs: number }>;
  phases: PhaseSummary[];
  marks: Array<{ name: string; seen: number; time: Spread }>;
}

const known = (values: Array<number | null>) => values.filter((v): v is number => v !== null);

/** Medians over the runs: paint times, TBT, the phases (by name, each run's first of that name) and where the blocking time went. */
export function summarizePage(runs: RunAnalysis[]): PageSummary {
  const names = [...new Set(runs.flatMap((r) => r.measures.map((m) => m.name)))];
  const phases = names
    .map((name) => {
      const found = runs
        .map((r) => r.measures.find((m) => m.name === name))
        .filter((m): m is Measure => m !== undefined);
      const inTasks = runs.map((r) =>
        r.tasks.reduce((sum, t) => sum + (t.measures.find((m) => m.name === name)?.overlapMs ?? 0), 0),
      );
      return {
        name,
        seen: found.length,
        start: spread(found.map((m) => m.start)),
        duration: spread(found.map((m) => m.duration)),
        inLongTasksMs: median(inTasks),
      };
    })
    .sort((a, b) => a.start.median - b.start.median);
  const markNames = [...new Set(runs.flatMap((r) => r.marks.map((m) => m.name)))];
  const marks = markNames
    .map((name) => {
      const found = runs.map((r) => r.marks.find((m) => m.name === name)).filter((m): m is Mark => m !== undefined);
      return { name, seen: found.length, time: spread(found.map((m) => m.time)) };
    })
    .sort((a, b) => a.time.median - b.time.median);
  const labels = [...new Set(runs.flatMap((r) => r.tasks.filter((t) => t.blockingMs > 0).map((t) => t.label)))];
  const blockingByLabel = labels
    .map((label) => ({
      label,
      blockingMs: median(
        runs.map((r) => r.tasks.filter((t) => t.label === label).reduce((sum, t) => sum + t.blockingMs, 0)),
      ),
    }))
    .sort((a, b) => b.blockingMs - a.blockingMs);
  return {
    runs: runs.length,
    fcp: spread(known(runs.map((r) => r.fcp))),
    lcp: spread(known(runs.map((r) => r.lcp))),
    tbt: spread(runs.map((r) => r.tbt)),
    over50: spread(runs.map((r) => r.over50)),
    blockingByLabel,
    phases,
    marks,
  };
}

const countText = (n: number) => String(Math.round(n));

/** The printed report of one page: its medians, its phases, where the blocking went, and every run's long tasks. */
export function formatPage(title: string, runs: RunAnalysis[], summary: PageSummary = summarizePage(runs)): string {
  const lines = [
    `${title}: ${summary.runs} runs, median (min–max)`,
    `  FCP ${spreadText(summary.fcp)} · LCP ${spreadText(summary.lcp)} · TBT ${spreadText(summary.tbt)} · long tasks over 50 ms after FCP ${spreadText(summary.over50, countText)}`,
    '',
  ];
  if (summary.phases.length) {
    lines.push(
      table([
        ['store: measure', 'runs', 'start', 'duration', 'in long tasks (median)'],
        ...summary.phases.map((p) => [
          p.name,
          `${p.seen}/${summary.runs}`,
          spreadText(p.start),
          spreadText(p.duration),
          msText(p.inLongTasksMs),
        ]),
      ]),
    );
  } else {
    lines.push('  no store: measures (the app emitted none)');
  }
  if (summary.marks.length)
    lines.push(
      '',
      table([
        ['store: mark', 'runs', 'at'],
        ...summary.marks.map((m) => [m.name, `${m.seen}/${summary.runs}`, spreadText(m.time)]),
      ]),
    );
  if (summary.blockingByLabel.length) {
    lines.push(
      '',
      'Blocking time by attribution (median over runs):',
      ...summary.blockingByLabel.map((b) => `  ${msText(b.blockingMs).padStart(7)}  ${b.label}`),
    );
  }
  runs.forEach((run, i) => {
    lines.push(
      '',
      `Run ${i + 1}: FCP ${run.fcp === null ? '—' : msText(run.fcp)}, LCP ${run.lcp === null ? '—' : msText(run.lcp)}, TBT ${msText(run.tbt)}, ${run.tasks.length} long task${run.tasks.length === 1 ? '' : 's'} ending after FCP`,
    );
    if (!run.tasks.length) return;
    const rows = run.tasks.map((t) => [
      msText(t.start),
      msText(t.duration),
      msText(t.blockingMs),
      t.measures.length ? t.measures.map((m) => `${m.name} ${msText(m.overlapMs)}`).join(', ') : UNATTRIBUTED,
      t.marks.join(', '),
      t.scripts.map((s) => `${s.name} ${msText(s.selfMs)}`).join(', '),
    ]);
    const hasScripts = rows.some((r) => r[5]);
    const head = [
      'start',
      'duration',
      'blocking',
      'overlaps (ms of the task)',
      'marks in it',
      ...(hasScripts ? ['top scripts by self time'] : []),
    ];
    lines.push(table([head, ...rows.map((r) => (hasScripts ? r : r.slice(0, 5)))]));
  });
  return lines.join('\n');
}

// --- what ran inside a long task, from a Chromium trace -------------------------------------------

/** The fields of a Chromium trace event this reads (timestamps and durations in microseconds). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; startTime?: number } };
}

/** Browser work that keeps its own name even inside a script's call (a GC or a forced layout is not the script's code). */
const BROWSER_WORK = new Set([
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MARK_COMPACTOR',
  'BlinkGC.AtomicPhase',
]);

/** `assets/index-abc.js` for a served file, the URL's last part otherwise. */
function shortUrl(url: string): string {
  try {
    const { pathname } = new URL(url);
    const parts = pathname.split('/').filter(Boolean);
    return parts.slice(-2).join('/') || url;
  } catch {
    return url.slice(0, 60);
  }
}

/** Events that run a script: charged to the script's URL (and the function called). */
const SCRIPT_WORK = new Set([
  'EvaluateScript',
  'FunctionCall',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.produceCache',
  'v8.produceModuleCache',
]);

function ownLabel(event: TraceEvent): string | null {
  const data = event.args?.data;
  if (data?.url && SCRIPT_WORK.has(event.name))
    return data.functionName ? `${shortUrl(data.url)} ${data.functionName}` : shortUrl(data.url);
  // Say a request's handler (XHRReadyStateChange, XHRLoad) by the event and the request it is about.
  if (data?.url) return `${event.name} ${shortUrl(data.url)}`;
  return BROWSER_WORK.has(event.name) ? event.name : null;
}

/**
 * Where the page's clock (`performance.now()`, ms) stands on the trace's
 * (µs): from a mark the page set at `startTime` and the trace recorded with
 * its own timestamp. Also names the thread it ran on (the page's main thread).
 */
export function clockOf(
  events: TraceEvent[],
  markName: string,
  startTime: number,
): { offsetUs: number; pid: number; tid: number } | null {
  const mark = events
    .filter(
      (e) =>
        e.name === markName &&
        typeof e.args?.data?.startTime === 'number' &&
        Math.abs((e.args.data.startTime ?? 0) - startTime) < 0.01,
    )
    .sort((a, b) => b.ts - a.ts)[0];
  return mark ? { offsetUs: mark.ts - startTime * 1000, pid: mark.pid, tid: mark.tid } : null;
}

/**
 * The trace's own span (µs) of a long task the observer saw at [fromUs, toUs]:
 * the main thread's RunTask that starts within 2 ms of it, the longest if
 * several (the observer's duration leaves out some of the task's end), or the
 * observer's span when the trace has none.
 */
export function taskSpan(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  fromUs: number,
  toUs: number,
): { fromUs: number; toUs: number } {
  const run = events
    .filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.pid === thread.pid &&
        e.tid === thread.tid &&
        Math.abs(e.ts - fromUs) <= 2000,
    )
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  return run ? { fromUs: Math.min(run.ts, fromUs), toUs: Math.max(run.ts + (run.dur ?? 0), toUs) } : { fromUs, toUs };
}

/** What a task did outside every event the trace records (its RunTask's self time). */
export const OTHER_WORK = 'other (no trace event)';

/**
 * The entry points that ran longest in a long task, by self time: each
 * complete event on the main thread inside the task is charged to the script
 * it runs (EvaluateScript, v8.compile: the URL; FunctionCall: the URL and the
 * function called) or, for layout, style, paint, parsing and GC, to that
 * work; anything else to what encloses it, and the task's own remainder to
 * OTHER_WORK. Not a CPU profile: a function's callees are its own.
 */
export function topScripts(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  fromUs: number,
  toUs: number,
  limit = 3,
): Array<{ name: string; selfMs: number }> {
  const inside = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === thread.pid &&
        e.tid === thread.tid &&
        e.dur !== undefined &&
        e.ts >= fromUs &&
        e.ts + (e.dur ?? 0) <= toUs,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: Array<{ end: number; label: string }> = [];
  const charge = (label: string, us: number) => self.set(label, (self.get(label) ?? 0) + us);
  for (const event of inside) {
    const dur = event.dur ?? 0;
    while (stack.length && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    // What has no label of its own takes its enclosing event's, unless that is the bare task: then its own name.
    const inherited = parent && parent.label !== OTHER_WORK ? parent.label : null;
    const label = ownLabel(event) ?? inherited ?? (event.name === 'RunTask' ? OTHER_WORK : event.name);
    // Charged in full, then taken back from the parent: what remains with each is its self time.
    charge(label, dur);
    if (parent) charge(parent.label, -dur);
    stack.push({ end: event.ts + dur, label });
  }
  return [...self.entries()]
    .map(([name, us]) => ({ name, selfMs: us / 1000 }))
    .filter((s) => s.selfMs >= 1)
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, limit);
}
