// @vitest-environment node
/** bench/results/README.md is generated from the saved runs (scripts/bench-summary.ts) and kept fresh. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readResults, renderSummary } from '../../scripts/bench-summary';

const RESULTS = resolve(import.meta.dirname, '../../bench/results');

describe('the bench results summary', () => {
  it('is what npm run bench:summary writes from the saved runs', () => {
    expect(readFileSync(resolve(RESULTS, 'README.md'), 'utf8')).toBe(renderSummary(readResults(RESULTS)));
  });

  it('has one row per run, oldest first, with the figures of its file', () => {
    const run = {
      date: '2026-11-29T03:09:46.978Z',
      command: 'npm run bench',
      runs: 5,
      machine: { loadAverage: { before: 1.24, after: 2.24, busy: false } },
      sizes: { storefront: { initial: { gzip: 132401 } } },
      lighthouse: {
        'ours /': { median: { score: 91, lcp: 1118.2, tbt: 376 } },
        'ours search': { median: { score: 87, lcp: 3297, tbt: 118 } },
        'ours detail': { median: { score: 87, lcp: 919, tbt: 508 } },
      },
      interactions: { cardToDetailMs: { median: 106 }, keywordToResultsMs: { median: 131.8 } },
      goals: [{ met: true }, { met: false }],
    };
    const older = { ...run, date: '2026-11-28T00:00:00.000Z', runs: 1 };
    const text = renderSummary(
      new Map<string, unknown>([
        ['b.json', run],
        ['a-later-name.json', older],
      ]),
    );
    const rows = text.split('\n').filter((line) => line.startsWith('| ['));
    expect(rows).toEqual([
      '| [a-later-name.json](a-later-name.json) | 1 | 1.24 → 2.24 | 129.3 KB | 91 · 87 · 87 | 1118 ms · 3297 ms | 376 ms · 508 ms | 106 ms · 132 ms | 1 of 2 |',
      '| [b.json](b.json) | 5 | 1.24 → 2.24 | 129.3 KB | 91 · 87 · 87 | 1118 ms · 3297 ms | 376 ms · 508 ms | 106 ms · 132 ms | 1 of 2 |',
    ]);
  });
});
