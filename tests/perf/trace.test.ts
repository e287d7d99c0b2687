// @vitest-environment node
/**
 * The pure part of `npm run bench -- --trace` (scripts/lib/trace.ts) on
 * made-up page loads: which `store:` phases a long task overlaps, total
 * blocking time the Lighthouse way, medians over runs and the printed report.
 */
import { describe, expect, it } from 'vitest';
import {
  analyseRun,
  attribute,
  blockingMs,
  clockOf,
  formatPage,
  isStoreEntry,
  OTHER_WORK,
  summarizePage,
  taskSpan,
  topScripts,
  totalBlockingTime,
  UNATTRIBUTED,
  type TraceEvent,
  type TraceRun,
} from '../../scripts/lib/trace';

const measures = [
  { name: 'store:evaluate', start: 300, duration: 120 },
  { name: 'store:hydrate', start: 420, duration: 200 },
  { name: 'store:start-actor', start: 620, duration: 30 },
  { name: 'store:flows-load', start: 2000, duration: 80 },
];

function run(overrides: Partial<TraceRun> = {}): TraceRun {
  return {
    fcp: 250,
    lcp: 400,
    longTasks: [
      { start: 100, duration: 120 }, // before the first paint: left out
      { start: 200, duration: 100 }, // straddles it: 50 ms after FCP, not blocking
      { start: 310, duration: 350 }, // evaluation, hydration and the actor's start in one task
      { start: 1000, duration: 70 }, // nothing of the app's
      { start: 2010, duration: 60 },
    ],
    measures,
    marks: [
      { name: 'store:hydrated', time: 619 },
      { name: 'store:popup-check', time: 1500 },
    ],
    end: 5000,
    ...overrides,
  };
}

describe('attributing long tasks to the app’s phases', () => {
  it('names every measure a task overlaps, largest overlap first, with the marks set inside it', () => {
    const a = attribute({ start: 310, duration: 350 }, measures, run().marks);
    expect(a.measures).toEqual([
      { name: 'store:hydrate', overlapMs: 200 },
      { name: 'store:evaluate', overlapMs: 110 },
      { name: 'store:start-actor', overlapMs: 30 },
    ]);
    expect(a.marks).toEqual(['store:hydrated']);
    expect(a.label).toBe('store:hydrate + store:evaluate + store:start-actor');
  });

  it('counts a measure that only touches the task’s edge as no overlap, and a task with none as unattributed', () => {
    expect(attribute({ start: 200, duration: 100 }, measures).measures).toEqual([]);
    expect(attribute({ start: 1000, duration: 70 }, measures)).toEqual({
      measures: [],
      marks: [],
      label: UNATTRIBUTED,
    });
    expect(attribute({ start: 650, duration: 60 }, measures).label).toBe(UNATTRIBUTED);
  });

  it('keeps the app’s names open-ended: any measure or mark whose name starts with store:', () => {
    expect(isStoreEntry('store:restore-queries')).toBe(true);
    expect(isStoreEntry('store:some-phase-added-later')).toBe(true);
    expect(isStoreEntry('bench:origin')).toBe(false);
  });
});

describe('total blocking time, as Lighthouse counts it', () => {
  it('clips each task to the first paint and counts what lasts beyond 50 ms', () => {
    expect(blockingMs({ start: 310, duration: 350 }, 250)).toBe(300);
    // [200, 300] clipped to [250, 300]: 50 ms, not over the threshold.
    expect(blockingMs({ start: 200, duration: 100 }, 250)).toBe(0);
    // [200, 400] clipped to [250, 400]: 150 ms, 100 of them blocking.
    expect(blockingMs({ start: 200, duration: 200 }, 250)).toBe(100);
    expect(blockingMs({ start: 100, duration: 120 }, 250)).toBe(0);
    expect(blockingMs({ start: 900, duration: 200 }, 250, 1000)).toBe(50);
    expect(totalBlockingTime(run().longTasks, 250)).toBe(300 + 20 + 10);
  });
});

describe('a traced page', () => {
  it('analyses a run: the tasks ending after the first paint, each attributed, its TBT and count over 50 ms', () => {
    const a = analyseRun(run());
    expect(a.tasks.map((t) => [t.start, t.blockingMs, t.label])).toEqual([
      [200, 0, UNATTRIBUTED],
      [310, 300, 'store:hydrate + store:evaluate + store:start-actor'],
      [1000, 20, UNATTRIBUTED],
      [2010, 10, 'store:flows-load'],
    ]);
    expect(a.tbt).toBe(330);
    expect(a.over50).toBe(3);
  });

  it('keeps every task when the page never painted', () => {
    const a = analyseRun(run({ fcp: null, lcp: null }));
    expect(a.tasks).toHaveLength(5);
  });

  it('summarizes runs by median: paints, TBT, each phase by name, and where the blocking time went', () => {
    const runs = [
      analyseRun(run()),
      analyseRun(run({ fcp: 270, longTasks: [{ start: 310, duration: 150 }], measures: measures.slice(0, 2) })),
      analyseRun(
        run({ fcp: 240, lcp: 500, measures: [...measures, { name: 'store:router-load', start: 700, duration: 40 }] }),
      ),
    ];
    const s = summarizePage(runs);
    expect(s.fcp).toMatchObject({ median: 250, min: 240, max: 270 });
    // The third run paints at 240 ms: the task at [200, 300] keeps 60 ms after it, 10 of them blocking.
    expect(s.tbt).toMatchObject({ median: 330, min: 100, max: 340 });
    expect(s.phases.map((p) => [p.name, p.seen])).toEqual([
      ['store:evaluate', 3],
      ['store:hydrate', 3],
      ['store:start-actor', 2],
      ['store:router-load', 1],
      ['store:flows-load', 2],
    ]);
    expect(s.phases.find((p) => p.name === 'store:hydrate')?.inLongTasksMs).toBe(200);
    expect(s.blockingByLabel[0]).toEqual({
      label: 'store:hydrate + store:evaluate + store:start-actor',
      blockingMs: 300,
    });
    expect(s.marks.map((m) => m.name)).toEqual(['store:hydrated', 'store:popup-check']);
  });

  it('prints the medians, the phases, the blocking by attribution and every run’s long tasks', () => {
    const runs = [analyseRun(run()), analyseRun(run({ fcp: 270 }))];
    const text = formatPage('/ (http://127.0.0.1:4173/)', runs);
    expect(text).toContain('/ (http://127.0.0.1:4173/): 2 runs, median (min–max)');
    expect(text).toContain(
      'FCP 260 ms (250–270) · LCP 400 ms (400–400) · TBT 330 ms (330–330) · long tasks over 50 ms after FCP 3 (3–3)',
    );
    expect(text).toMatch(/\| store:hydrate +\| 2\/2 +\| 420 ms \(420–420\) +\| 200 ms \(200–200\) +\| 200 ms +\|/);
    expect(text).toContain('   300 ms  store:hydrate + store:evaluate + store:start-actor');
    expect(text).toContain('Run 1: FCP 250 ms, LCP 400 ms, TBT 330 ms, 4 long tasks ending after FCP');
    expect(text).toMatch(
      /\| 310 ms +\| 350 ms +\| 300 ms +\| store:hydrate 200 ms, store:evaluate 110 ms, store:start-actor 30 ms +\| store:hydrated +\|/,
    );
    expect(text).toMatch(/\| 1000 ms +\| 70 ms +\| 20 ms +\| unattributed \(script evaluation \/ browser\) +\| +\|/);
    expect(text).not.toContain('top scripts');
  });

  it('says so when the app emitted no store: measures, and shows the scripts of a task when the trace gave them', () => {
    const r = run({
      measures: [],
      marks: [],
      longTasks: [{ start: 300, duration: 90 }],
      scripts: [[{ name: 'assets/index-abc.js', selfMs: 61.2 }]],
    });
    const text = formatPage('search', [analyseRun(r)]);
    expect(text).toContain('no store: measures (the app emitted none)');
    expect(text).toMatch(/\| top scripts by self time +\|/);
    expect(text).toContain('assets/index-abc.js 61 ms');
  });
});

describe('what ran inside a long task (trace events)', () => {
  const MAIN = { pid: 7, tid: 7 };
  const x = (
    name: string,
    ts: number,
    dur: number,
    data?: { url: string; functionName?: string },
    thread = MAIN,
  ): TraceEvent => ({ name, ph: 'X', ts, dur, ...thread, ...(data ? { args: { data } } : {}) });
  const app = 'http://127.0.0.1:4173/assets/index-abc.js';
  const vendor = 'http://127.0.0.1:4173/assets/vendor-def.js';
  // A 200 ms task at 1,000,000 µs: the entry evaluated (compile 20 ms, run 70 ms of its own with a 10 ms GC inside),
  // then a message handler of the vendor chunk (61 ms of its own, with a 25 ms forced layout and a request's 4 ms handler inside), then 10 ms of the task's own.
  const events: TraceEvent[] = [
    x('RunTask', 1_000_000, 200_000),
    x('v8.compile', 1_000_000, 20_000, { url: app }),
    x('EvaluateScript', 1_020_000, 80_000, { url: app }),
    x('MinorGC', 1_050_000, 10_000),
    x('FunctionCall', 1_100_000, 90_000, { url: vendor, functionName: 'performWorkUntilDeadline' }),
    x('Layout', 1_120_000, 25_000),
    x('RunMicrotasks', 1_160_000, 5_000),
    x('XHRReadyStateChange', 1_170_000, 4_000, { url: 'http://127.0.0.1:4173/webapi/sgame/mall/game/qryPlate' }),
    x('RunTask', 1_300_000, 60_000), // the next task: outside the window
    x('RunTask', 2_000_000, 100_000), // a task evaluating a module (no URL in the trace), with microtasks after it
    x('v8.evaluateModule', 2_000_000, 70_000),
    x('RunMicrotasks', 2_070_000, 20_000),
    x('EvaluateScript', 1_010_000, 150_000, { url: app }, { pid: 9, tid: 9 }), // another thread
    { name: 'UserTiming', ph: 'I', ts: 1_000_500, ...MAIN },
  ];

  it('charges each entry point its self time, and layout and GC their own, largest first', () => {
    expect(topScripts(events, MAIN, 998_000, 1_202_000, 10)).toEqual([
      { name: 'assets/index-abc.js', selfMs: 90 },
      { name: 'assets/vendor-def.js performWorkUntilDeadline', selfMs: 61 },
      { name: 'Layout', selfMs: 25 },
      { name: OTHER_WORK, selfMs: 10 },
      { name: 'MinorGC', selfMs: 10 },
      { name: 'XHRReadyStateChange game/qryPlate', selfMs: 4 },
    ]);
    expect(topScripts(events, MAIN, 998_000, 1_202_000)).toHaveLength(3);
  });

  it('names work with no label of its own directly in the task by its event, and the rest of the task as other', () => {
    expect(topScripts(events, MAIN, 2_000_000, 2_100_000)).toEqual([
      { name: 'v8.evaluateModule', selfMs: 70 },
      { name: 'RunMicrotasks', selfMs: 20 },
      { name: OTHER_WORK, selfMs: 10 },
    ]);
  });

  it('takes a task’s span from the trace’s RunTask that starts with it, which may run longer than the observer said', () => {
    expect(taskSpan(events, MAIN, 1_000_050, 1_185_050)).toEqual({ fromUs: 1_000_000, toUs: 1_200_000 });
    expect(taskSpan(events, MAIN, 1_100_000, 1_160_000)).toEqual({ fromUs: 1_100_000, toUs: 1_160_000 });
  });

  it('finds the page’s clock and main thread from a mark the page set', () => {
    const trace: TraceEvent[] = [
      { name: 'bench:origin', ph: 'I', ts: 500_000, pid: 3, tid: 3, args: { data: { startTime: 1.5 } } }, // about:blank before
      { name: 'bench:origin', ph: 'I', ts: 900_000, pid: 7, tid: 7, args: { data: { startTime: 115.1 } } },
    ];
    expect(clockOf(trace, 'bench:origin', 115.1)).toEqual({ offsetUs: 900_000 - 115_100, pid: 7, tid: 7 });
    expect(clockOf(trace, 'bench:origin', 42)).toBeNull();
  });
});
