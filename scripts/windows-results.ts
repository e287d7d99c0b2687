/**
 * `npx tsx scripts/windows-results.ts [results.json]`: the timing sweep's results table for
 * docs/timing-sweep.md, from the JSON report `npm run test:windows` writes (test-results/windows/results.json).
 * One row per mode × window × action × CPU rate: the offsets run, how many passed, which failed (with the first
 * line of each failure's message), the window the runs measured (median) and the runs' time.
 */
import { readReport, testsOf, type JSONReportTestResult } from './lib/playwright-report';

interface Row {
  mode: string;
  window: string;
  action: string;
  rate: string;
  offsets: number[];
  passed: number;
  failed: { offset: number; why: string }[];
  windows: number[];
  ms: number;
}

/** Terminal colour codes in Playwright's error messages (ESC [ … m). */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const TITLE = /^(\w+) window · (.+) · CPU (\d)× · offset (\d+) ms/;

/** The first line of a failure that names the run (`Run.say`), without its terminal colours. */
function whyOf(result: JSONReportTestResult): string {
  const text = (result.errors ?? [])
    .map((error) => error.message ?? '')
    .join('\n')
    .replace(ANSI_COLOUR, '');
  const named = text.split('\n').find((line) => line.includes('] ') && line.includes('window, offset'));
  const line = named
    ? named.slice(named.indexOf('] ') + 2)
    : (text.split('\n').find((l) => l.trim()) ?? String(result.status));
  return line.trim().slice(0, 160);
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function main(): void {
  const file = process.argv[2] ?? 'test-results/windows/results.json';
  const report = readReport(file);
  const rows = new Map<string, Row>();
  for (const { spec, test } of testsOf(report)) {
    const match = TITLE.exec(spec.title);
    if (!match) continue;
    const [, window, action, rate, offset] = match as unknown as [string, string, string, string, string];
    const result = test.results[test.results.length - 1];
    if (!result || result.status === 'skipped') continue;
    const mode = test.projectName.replace(/^windows-/, '');
    const key = [mode, window, action, rate].join('|');
    const row = rows.get(key) ?? {
      mode,
      window,
      action,
      rate,
      offsets: [],
      passed: 0,
      failed: [],
      windows: [],
      ms: 0,
    };
    row.offsets.push(Number(offset));
    row.ms += result.duration;
    if (result.status === 'passed') row.passed += 1;
    else row.failed.push({ offset: Number(offset), why: whyOf(result) });
    const measured = [...(test.annotations ?? []), ...(result.annotations ?? [])].find(
      (a) => a.type === 'window',
    )?.description;
    const ms = measured ? Number.parseInt(measured, 10) : Number.NaN;
    if (Number.isFinite(ms)) row.windows.push(ms);
    rows.set(key, row);
  }
  const lines = [
    `Run of ${report.stats.startTime}: ${Math.round(report.stats.duration / 60_000)} min wall time, ${rows.size} window × action × CPU rows.`,
    '',
    '| mode | window | action | CPU | offsets run (ms) | passed | failed | window measured (median) | runs\u2019 time |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const reasons: string[] = [];
  for (const row of [...rows.values()].sort((a, b) =>
    [a.mode, a.window, a.action, a.rate].join().localeCompare([b.mode, b.window, b.action, b.rate].join()),
  )) {
    const window = median(row.windows);
    const failed =
      row.failed.length === 0
        ? '0'
        : `${row.failed.length} (at ${row.failed
            .map((f) => f.offset)
            .sort((a, b) => a - b)
            .join(', ')})`;
    lines.push(
      `| ${row.mode} | ${row.window} | ${row.action} | ${row.rate}× | ${row.offsets.sort((a, b) => a - b).join(', ')} | ${row.passed} | ${failed} | ${window === null ? '—' : `${window} ms`} | ${Math.round(row.ms / 1000)} s |`,
    );
    const distinct = [...new Set(row.failed.map((f) => f.why))];
    for (const why of distinct)
      reasons.push(`- ${row.mode}, ${row.window} window, ${row.action}, ${row.rate}×: ${why}`);
  }
  if (reasons.length > 0) lines.push('', 'What failed (each distinct message once):', '', ...reasons);
  console.log(lines.join('\n'));
}

main();
