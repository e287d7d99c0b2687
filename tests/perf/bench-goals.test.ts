// @vitest-environment node
/**
 * The performance goals (docs/performance.md) and the busy-machine rule of `npm run bench`
 * (scripts/lib/bench-goals.ts), and the medians with their spread it prints
 * (scripts/lib/bench-stats.ts), on made-up figures. The real figures come from
 * `npm run bench` itself.
 */
import { describe, expect, it } from 'vitest';
import {
  BENCH_OWN_LOAD,
  checkGoals,
  formatGoals,
  GOALS,
  loadVerdict,
  loadWarning,
  type GoalFacts,
  type PageSpreads,
} from '../../scripts/lib/bench-goals';
import { clsText, median, roundText, spread, spreadText, spreads, table } from '../../scripts/lib/bench-stats';

function page(figures: { score: number[]; lcp: number[]; tbt: number[]; cls?: number[]; si?: number[] }): PageSpreads {
  return {
    score: spread(figures.score),
    lcp: spread(figures.lcp),
    tbt: spread(figures.tbt),
    cls: spread(figures.cls ?? [0, 0, 0]),
    si: spread(figures.si ?? [800, 900, 1000]),
  };
}

/** A run where every goal is met. */
function goodRun(): GoalFacts {
  return {
    home: page({ score: [98, 99, 97], lcp: [700, 750, 800], tbt: [40, 90, 150] }),
    detail: page({ score: [97, 98, 98], lcp: [700, 720, 740], tbt: [10, 20, 30] }),
    search: page({ score: [95, 96, 97], lcp: [1800, 1900, 2000], tbt: [0, 0, 0], cls: [0.01, 0.02, 0.03] }),
    floor: page({ score: [100, 100, 100], lcp: [760, 800, 820], tbt: [0, 0, 0] }),
    staticFloor: page({ score: [100, 100, 100], lcp: [600, 620, 640], tbt: [0, 0, 0] }),
    initialJsGzip: 139 * 1024,
    homeHtmlGzip: 12 * 1024,
    cardToDetail: spread([55, 61, 70]),
    keywordToResults: spread([80, 85, 99]),
  };
}

const byId = (facts: GoalFacts) => Object.fromEntries(checkGoals(facts).map((r) => [r.id, r]));

describe('medians and their spread', () => {
  it('takes the middle run, or the mean of the two middle runs', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(spread([381, 120, 1100, 240, 95])).toEqual({
      median: 240,
      min: 95,
      max: 1100,
      runs: [381, 120, 1100, 240, 95],
    });
  });

  it('prints the median with the lowest and highest run, in the figure’s unit, and one run alone', () => {
    expect(spreadText(spread([381, 120, 1100.4, 240, 95]))).toBe('240 ms (95–1100)');
    expect(spreadText(spread([91, 75, 95]), roundText)).toBe('91 (75–95)');
    expect(spreadText(spread([0, 0.0123, 0.004]), clsText)).toBe('0.004 (0.000–0.012)');
    expect(spreadText(spread([1043]))).toBe('1043 ms');
  });

  it('spreads each named figure over the runs', () => {
    const s = spreads(
      [
        { a: 1, b: 10 },
        { a: 3, b: 30 },
        { a: 2, b: 20 },
      ],
      ['a', 'b'],
    );
    expect(s.a).toMatchObject({ median: 2, min: 1, max: 3 });
    expect(s.b.runs).toEqual([10, 30, 20]);
  });

  it('pads a table to its widest cells', () => {
    expect(
      table([
        ['a', 'bb'],
        ['ccc', 'd'],
      ]).split('\n'),
    ).toEqual(['| a   | bb |', '| --- | -- |', '| ccc | d  |']);
  });
});

describe('the performance goals (docs/performance.md)', () => {
  it('meets every goal at the limits: a median at the limit, a worst run of TBT at 200 ms is not over it', () => {
    const facts = goodRun();
    facts.home.tbt = spread([100, 60, 200]);
    const results = checkGoals(facts);
    expect(results.filter((r) => !r.met).map((r) => r.id)).toEqual([]);
    expect(results.map((r) => r.id)).toEqual(GOALS.map((g) => g.id));
  });

  it('holds TBT to its median and to its worst run, per page', () => {
    const facts = goodRun();
    facts.home.tbt = spread([381, 120, 1100, 240, 95]);
    facts.detail.tbt = spread([40, 60, 201]);
    const r = byId(facts);
    expect(r['tbt-home']).toMatchObject({ met: false, value: 240, limit: 100, measured: '240 ms (95–1100)' });
    expect(r['tbt-home-worst-run']).toMatchObject({ met: false, value: 1100, measured: 'worst 1100 ms of 5 runs' });
    expect(r['tbt-detail']).toMatchObject({ met: true, value: 60 });
    expect(r['tbt-detail-worst-run']).toMatchObject({ met: false, value: 201 });
  });

  it('compares LCP of / with both floors of the same run, by their medians', () => {
    const facts = goodRun();
    facts.home.lcp = spread([1043, 1000, 1100]);
    facts.floor.lcp = spread([1621, 1600, 1700]);
    facts.staticFloor.lcp = spread([761, 700, 800]);
    const r = byId(facts);
    expect(r['lcp-home-vs-floor']).toMatchObject({ met: true, measured: '1043 ms vs 1621 ms: 0.64×' });
    expect(r['lcp-home-vs-static-floor']).toMatchObject({ met: false, measured: '1043 ms vs 761 ms: 1.37×' });
    expect(r['lcp-home-vs-static-floor']?.value).toBeCloseTo(1.3706, 3);
  });

  it('holds scores from below and sizes, CLS and interactions from above', () => {
    const facts = goodRun();
    facts.search.score = spread([94, 95, 90]);
    facts.home.cls = spread([0, 0.021, 0.03]);
    facts.initialJsGzip = 140 * 1024 + 1;
    facts.homeHtmlGzip = 60 * 1024;
    facts.keywordToResults = spread([86]);
    const r = byId(facts);
    expect(r['score-search']).toMatchObject({ met: false, value: 94, measured: '94 (90–95)' });
    expect(r['score-home']?.met).toBe(true);
    expect(r.cls).toMatchObject({ met: false, value: 0.021, measured: '0.021 · 0.000 · 0.020' });
    expect(r['initial-js']).toMatchObject({ met: false, measured: '140.0 KB' });
    expect(r['html-home']?.met).toBe(true);
    expect(r['keyword-to-results']).toMatchObject({ met: false, measured: '86 ms' });
  });

  it('does not count a figure that could not be measured as met', () => {
    const facts = goodRun();
    facts.floor.lcp = spread([]);
    expect(byId(facts)['lcp-home-vs-floor']?.met).toBe(false);
  });

  it('prints one row per goal and the count met', () => {
    const text = formatGoals(checkGoals(goodRun()));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\| Goal +\| Measured: median \(min–max\) +\| Met +\|$/);
    expect(lines).toHaveLength(2 + GOALS.length + 1);
    expect(text).toMatch(/\| TBT of \/ ≤ 100 ms \(median\) +\| 90 ms \(40–150\) +\| met +\|/);
    expect(text).toMatch(/\| CLS ≤ 0\.02 on \/, detail and search +\| 0\.000 · 0\.000 · 0\.020 +\| met +\|/);
    expect(lines.at(-1)).toBe(`${GOALS.length} of ${GOALS.length} goals met.`);
  });
});

describe('a busy machine', () => {
  it('is quiet below 0.7 per CPU before, with the bench’s own load allowed at the end', () => {
    const verdict = loadVerdict({ cpus: 2, before: 1.4, after: 1.4 + BENCH_OWN_LOAD });
    expect(verdict).toEqual({ busy: false, reasons: [] });
    expect(loadWarning(verdict)).toBeNull();
  });

  it('is busy above 0.7 per CPU before the run', () => {
    const verdict = loadVerdict({ cpus: 2, before: 1.5, after: 1.5 });
    expect(verdict.reasons).toEqual(['the load average was 1.50 before the run (busy above 1.40 on 2 CPUs)']);
    expect(loadWarning(verdict)).toMatch(/^WARNING: the machine was busy: the load average was 1\.50 before the run/);
    // At the start, before there is an end to compare.
    expect(loadVerdict({ cpus: 2, before: 1.5 }).reasons).toEqual(verdict.reasons);
    expect(loadVerdict({ cpus: 2, before: 1.3 }).busy).toBe(false);
  });

  it('is busy when the load at the end is above what the bench adds by itself', () => {
    expect(loadVerdict({ cpus: 4, before: 2.0, after: 3.8 }).busy).toBe(false);
    expect(loadVerdict({ cpus: 4, before: 2.0, after: 3.81 }).reasons).toEqual([
      'it was 3.81 at the end (busy above 3.80: 2.80 plus 1 for the bench itself)',
    ]);
  });

  it('is busy when the load rose during the run by more than the bench’s share', () => {
    const verdict = loadVerdict({ cpus: 2, before: 0.2, after: 2.0 });
    expect(verdict.busy).toBe(true);
    expect(verdict.reasons).toEqual(["it rose by 1.80 during the run (more than the bench's own 1 plus 0.70)"]);
    expect(loadVerdict({ cpus: 2, before: 0.2, after: 1.8 }).busy).toBe(false);
  });
});
