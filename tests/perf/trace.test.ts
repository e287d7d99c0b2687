// @vitest-environment node
/**
 * The pure part of `npm run bench -- --trace` (scripts/lib/trace.ts) on
 * made-up page loads: which `store:` phases a long task overlaps, total
 * blocking time the Lighthouse way, medians over runs and the printed report.
 */
import { describe, expect, it } from 'vitest';
import { analyseRun, attribute, blockingMs, formatPage, isStoreEntry, summarizePage, totalBlockingTime, UNATTRIBUTED, type TraceRun } from '../../scripts/lib/trace';

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
    marks: [{ name: 'store:hydrated', time: 619 }, { name: 'store:popup-check', time: 1500 }],
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
    expect(attribute({ start: 1000, duration: 70 }, measures)).toEqual({ measures: [], marks: [], label: UNATTRIBUTED });
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
      analyseRun(run({ fcp: 240, lcp: 500, measures: [...measures, { name: 'store:router-load', start: 700, duration: 40 }] })),
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
    expect(s.blockingByLabel[0]).toEqual({ label: 'store:hydrate + store:evaluate + store:start-actor', blockingMs: 300 });
    expect(s.marks.map((m) => m.name)).toEqual(['store:hydrated', 'store:popup-check']);
  });

  it('prints the medians, the phases, the blocking by attribution and every run’s long tasks', () => {
    const runs = [analyseRun(run()), analyseRun(run({ fcp: 270 }))];
    const text = formatPage('/ (http://127.0.0.1:4173/)', runs);
    expect(text).toContain('/ (http://127.0.0.1:4173/): 2 runs, median (min–max)');
    expect(text).toContain('FCP 260 ms (250–270) · LCP 400 ms (400–400) · TBT 330 ms (330–330) · long tasks over 50 ms after FCP 3 (3–3)');
    expect(text).toMatch(/\| store:hydrate +\| 2\/2 +\| 420 ms \(420–420\) +\| 200 ms \(200–200\) +\| 200 ms +\|/);
    expect(text).toContain('   300 ms  store:hydrate + store:evaluate + store:start-actor');
    expect(text).toContain('Run 1: FCP 250 ms, LCP 400 ms, TBT 330 ms, 4 long tasks ending after FCP');
    expect(text).toMatch(/\| 310 ms +\| 350 ms +\| 300 ms +\| store:hydrate 200 ms, store:evaluate 110 ms, store:start-actor 30 ms +\| store:hydrated +\|/);
    expect(text).toMatch(/\| 1000 ms +\| 70 ms +\| 20 ms +\| unattributed \(script evaluation \/ browser\) +\| +\|/);
    expect(text).not.toContain('top scripts');
  });

  it('says so when the app emitted no store: measures, and shows the scripts of a task when the trace gave them', () => {
    const r = run({ measures: [], marks: [], longTasks: [{ start: 300, duration: 90 }], scripts: [[{ name: 'assets/index-abc.js', selfMs: 61.2 }]] });
    const text = formatPage('search', [analyseRun(r)]);
    expect(text).toContain('no store: measures (the app emitted none)');
    expect(text).toMatch(/\| top scripts by self time +\|/);
    expect(text).toContain('assets/index-abc.js 61 ms');
  });
});
