// @vitest-environment node
/**
 * docs/testing.md's time table (scripts/time-table.ts): what the last `npm test` spent, per vitest file and project and
 * per journey and project, from the reports it writes (scripts/lib/vitest-times.ts, Playwright's JSON report).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import type { JSONReport } from '../../scripts/lib/playwright-report';
import VitestTimesReporter, { type VitestFileTime, type VitestTimes } from '../../scripts/lib/vitest-times';
import { tableAfter } from '../support/markdown-table';
import { journeyTables, TABLE_END, TABLE_START, vitestTables, withTables } from '../../scripts/time-table';

const file = (name: string, project: string, ms: Partial<VitestFileTime>): VitestFileTime => ({
  file: name,
  project,
  environment: project === 'node' ? 'node' : 'jsdom',
  state: 'passed',
  tests: 2,
  environmentMs: 0,
  sharedEnvironment: project !== 'isolated',
  setupMs: 0,
  importMs: 0,
  testsMs: 0,
  ...ms,
});

/** The rows (header and rule left out) of the Markdown table after `heading` in `text`, each as its trimmed cells. */
const rowsAfter = (text: string, heading: string): string[][] => tableAfter(text, text.indexOf(heading)).rows;

describe('the time table', () => {
  it('sums vitest’s files per project, with every part of a file’s time, and lists the slowest files first', () => {
    const times: VitestTimes = {
      startTime: '2026-12-06T08:00:00.000Z',
      durationMs: 190_000,
      files: [
        // Two workers of `dom`, each with one jsdom that vitest reports for every file it ran: 1.2 s and 0.9 s.
        file('tests/a.test.tsx', 'dom', { environmentMs: 1200.25, setupMs: 300, importMs: 2000, testsMs: 4000 }),
        file('tests/b.test.ts', 'node', { setupMs: 100, importMs: 400, testsMs: 500, tests: 5 }),
        file('tests/c.test.tsx', 'dom', { environmentMs: 900.5, setupMs: 200, importMs: 800, testsMs: 9000, tests: 1 }),
        file('tests/d.test.tsx', 'dom', { environmentMs: 1200.25, testsMs: 100 }),
        // Isolated: a jsdom of its own.
        file('tests/e.test.tsx', 'isolated', { environmentMs: 700, testsMs: 300 }),
      ],
    };
    const text = vitestTables(times);
    expect(text).toContain('the run of 2026-12-06 08:00 UTC (190.0 s of wall time)');
    expect(rowsAfter(text, 'per project')).toEqual([
      ['dom', 'jsdom', '3', '5', '2.1', '0.5', '2.8', '13.1', '18.5'],
      ['isolated', 'jsdom', '1', '2', '0.7', '0.0', '0.0', '0.3', '1.0'],
      ['node', 'node', '1', '5', '0.0', '0.1', '0.4', '0.5', '1.0'],
      ['**all**', '', '5', '12', '2.8', '0.6', '3.2', '13.9', '20.5'],
    ]);
    // A file's own time: the shared jsdom is the workers', not the file's.
    expect(rowsAfter(text, 'slowest files').map((row) => [row[0], row[3], row[6]])).toEqual([
      ['`tests/c.test.tsx`', '0.2', '10.0'],
      ['`tests/a.test.tsx`', '0.3', '6.3'],
      ['`tests/b.test.ts`', '0.1', '1.0'],
      ['`tests/e.test.tsx`', '0.7', '1.0'],
      ['`tests/d.test.tsx`', '0.0', '0.1'],
    ]);
  });

  it('counts each journey once per project, by its first run, and leaves skipped journeys out', () => {
    const result = (duration: number, status = 'passed') => ({ duration, status });
    const report = {
      config: { projects: [{ name: 'mock-desktop' }, { name: 'mock-mobile' }, { name: 'live-desktop' }] },
      stats: { startTime: '2026-12-06T08:05:00.500Z', duration: 600_000 },
      suites: [
        {
          title: 'buy.spec.ts',
          specs: [
            {
              file: 'buy.spec.ts',
              title: 'a visitor buys | pays',
              tests: [
                { projectName: 'live-desktop', results: [result(4000)] },
                // Failed, then traced in its second run: the first run is what the suite spent.
                { projectName: 'mock-desktop', results: [result(6000, 'failed'), result(30_000)] },
                { projectName: 'mock-mobile', results: [result(0, 'skipped')] },
              ],
            },
          ],
          suites: [
            {
              title: 'the popup',
              specs: [
                {
                  file: 'buy.spec.ts',
                  title: 'comes once a day',
                  tests: [{ projectName: 'mock-desktop', results: [result(2500)] }],
                },
              ],
            },
          ],
        },
        {
          title: 'audit.spec.ts',
          specs: [
            {
              file: 'audit.spec.ts',
              title: 'every page passes axe',
              tests: [{ projectName: 'mock-mobile', results: [result(20_000)] }],
            },
          ],
        },
      ],
    } as unknown as JSONReport;
    const text = journeyTables(report);
    expect(text).toContain('the run of 2026-12-06 08:05 UTC (600.0 s of wall time)');
    expect(rowsAfter(text, 'per file')).toEqual([
      // The slowest file first, each project in the config's order, then the sums.
      ['`audit.spec.ts`', '—', '20.0 (1)', '—', '20.0 (1)'],
      ['`buy.spec.ts`', '8.5 (2)', '—', '4.0 (1)', '12.5 (3)'],
      ['**all**', '8.5 (2)', '20.0 (1)', '4.0 (1)', '32.5 (4)'],
    ]);
    expect(rowsAfter(text, 'slowest journeys')).toEqual([
      ['`audit.spec.ts` every page passes axe', 'mock-mobile', '20.0'],
      ['`buy.spec.ts` a visitor buys \\| pays', 'mock-desktop', '6.0'],
      ['`buy.spec.ts` a visitor buys \\| pays', 'live-desktop', '4.0'],
      ['`buy.spec.ts` the popup › comes once a day', 'mock-desktop', '2.5'],
    ]);
  });

  it('goes between the markers of a document, and only there', () => {
    const doc = `# Testing\n\nbefore\n${TABLE_START}\n\nold table\n\n${TABLE_END}\nafter\n`;
    const once = withTables(doc, 'new table');
    expect(once).toBe(`# Testing\n\nbefore\n${TABLE_START}\n\nnew table\n\n${TABLE_END}\nafter\n`);
    expect(withTables(once, 'new table')).toBe(once);
    expect(() => withTables('# Testing\n', 'new table')).toThrow(/no time-table markers/);
  });

  it('has its markers in docs/testing.md, with tables between them', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/testing.md'), 'utf8');
    const between = doc.slice(doc.indexOf(TABLE_START), doc.indexOf(TABLE_END));
    expect(between).toContain('**vitest**');
    expect(between).toContain('**Journeys**');
  });
});

describe('the vitest reporter behind it', () => {
  it('writes each file’s project, environment (shared or its own), test count and the four parts of its time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitest-times-'));
    try {
      const out = join(dir, 'times.json');
      const module = {
        relativeModuleId: 'tests/a.test.tsx',
        project: { name: 'isolated', config: { environment: 'jsdom', isolate: true } },
        state: () => 'passed',
        children: { allTests: () => [{}, {}, {}][Symbol.iterator]() },
        diagnostic: () => ({
          environmentSetupDuration: 1200.4,
          prepareDuration: 10.2,
          setupDuration: 290.1,
          collectDuration: 2000.6,
          duration: 3999.5,
        }),
      } as unknown as TestModule;
      const reporter = new VitestTimesReporter({ out });
      reporter.onTestRunStart();
      reporter.onTestRunEnd([module]);
      const written = JSON.parse(readFileSync(out, 'utf8')) as VitestTimes;
      expect(written.files).toEqual([
        {
          file: 'tests/a.test.tsx',
          project: 'isolated',
          environment: 'jsdom',
          state: 'passed',
          tests: 3,
          environmentMs: 1200.4,
          sharedEnvironment: false,
          setupMs: 300,
          importMs: 2001,
          testsMs: 4000,
        },
      ]);
      expect(Date.parse(written.startTime)).not.toBeNaN();
      expect(written.durationMs).toBeGreaterThanOrEqual(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
