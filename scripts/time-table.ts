/**
 * `npm run time:table`: where the last `npm test` spent its time, per vitest file and environment and per journey
 * and project, from the reports it leaves in reports/ (vitest: scripts/lib/vitest-times.ts; the journeys:
 * Playwright's JSON report, playwright.config.ts). `-- --write` puts the tables into docs/testing.md, between its
 * time-table markers; `.ci/run` prints them after each run.
 *
 * The figures are seconds of a worker's time (test-s): two workers run side by side, so a part's wall time is about
 * half its sum when both are busy. A journey's time is its first run's: a failed journey's traced second run is
 * a failure's record, not the suite's cost.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { table } from './lib/bench-stats';
import { JOURNEY_REPORT, readReport, testsOf, type JSONReport } from './lib/playwright-report';
import { VITEST_TIMES, type VitestFileTime, type VitestTimes } from './lib/vitest-times';

const ROOT = resolve(import.meta.dirname, '..');
const DOC = 'docs/testing.md';
export const TABLE_START = '<!-- time-table: made by `npm run time:table -- --write` -->';
export const TABLE_END = '<!-- /time-table -->';
/** How many of the slowest files and journeys each table lists. */
const SLOWEST = 12;

const seconds = (ms: number): string => (ms / 1000).toFixed(1);
/** An ISO 8601 time as `2026-12-06 08:03 UTC`. */
const when = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
/** A file's own environment time: none where a worker's one environment served it and others (`sharedEnvironment`). */
const ownEnvironment = (file: VitestFileTime): number => (file.sharedEnvironment ? 0 : file.environmentMs);
/**
 * `files`' environment time: their own, and each worker's shared one once (a worker reports its own figure for every
 * file it ran, so one figure per project and worker).
 */
function environmentTime(files: VitestFileTime[]): number {
  const shared = new Map<string, number>();
  for (const file of files.filter((one) => one.sharedEnvironment))
    shared.set(`${file.project} ${file.environmentMs}`, file.environmentMs);
  return sum(files.map(ownEnvironment)) + sum([...shared.values()]);
}
const total = (file: VitestFileTime): number => ownEnvironment(file) + file.setupMs + file.importMs + file.testsMs;
const totalOf = (files: VitestFileTime[]): number =>
  environmentTime(files) + sum(files.map((file) => file.setupMs + file.importMs + file.testsMs));
/** At most `length` characters: a journey's title runs long. */
const clip = (text: string, length = 110): string => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** vitest: one row per project (its environment), then the slowest files. */
export function vitestTables(times: VitestTimes): string {
  const projects = [...new Set(times.files.map((file) => file.project))].sort();
  const rowOf = (name: string, environment: string, files: VitestFileTime[]): string[] => [
    name,
    environment,
    String(files.length),
    String(sum(files.map((file) => file.tests))),
    seconds(environmentTime(files)),
    seconds(sum(files.map((file) => file.setupMs))),
    seconds(sum(files.map((file) => file.importMs))),
    seconds(sum(files.map((file) => file.testsMs))),
    seconds(totalOf(files)),
  ];
  const byProject = projects.map((project) => {
    const files = times.files.filter((file) => file.project === project);
    return rowOf(project, [...new Set(files.map((file) => file.environment))].join(', '), files);
  });
  const slowest = [...times.files].sort((a, b) => total(b) - total(a)).slice(0, SLOWEST);
  return [
    `**vitest**, the run of ${when(times.startTime)} (${seconds(times.durationMs)} s of wall time), per project, in test-s:`,
    '',
    table([
      [
        'project',
        'environment',
        'files',
        'tests',
        'environment set-up',
        'harness and setup file',
        'import',
        'running the tests',
        'all',
      ],
      ...byProject,
      rowOf('**all**', '', times.files),
    ]),
    '',
    `The ${slowest.length} slowest files:`,
    '',
    table([
      ['file', 'project', 'tests', 'set-up', 'import', 'running them', 'all'],
      ...slowest.map((file) => [
        `\`${file.file}\``,
        file.project,
        String(file.tests),
        seconds(ownEnvironment(file) + file.setupMs),
        seconds(file.importMs),
        seconds(file.testsMs),
        seconds(total(file)),
      ]),
    ]),
  ].join('\n');
}

interface JourneyTime {
  file: string;
  project: string;
  title: string;
  ms: number;
}

/** Each journey that ran (skipped ones left out), with its first run's time. */
function journeyTimes(report: JSONReport): JourneyTime[] {
  const times: JourneyTime[] = [];
  for (const { file, describes, spec, test } of testsOf(report)) {
    const first = test.results[0];
    if (!first || first.status === 'skipped') continue;
    times.push({
      file,
      project: test.projectName,
      title: [...describes, spec.title].join(' › '),
      ms: first.duration,
    });
  }
  return times;
}

/** The journeys: per file, a column per project, then the slowest journeys. */
export function journeyTables(report: JSONReport): string {
  const times = journeyTimes(report);
  // In the config's order (mock-desktop, mock-mobile, live-desktop), those that ran.
  const ran = new Set(times.map((time) => time.project));
  const projects = [...new Set([...report.config.projects.map((project) => project.name), ...ran])].filter((name) =>
    ran.has(name),
  );
  const of = (file: string | null, project: string | null): JourneyTime[] =>
    times.filter((time) => (file === null || time.file === file) && (project === null || time.project === project));
  const msOf = (runs: JourneyTime[]): number => sum(runs.map((run) => run.ms));
  const cell = (runs: JourneyTime[]): string => (runs.length === 0 ? '—' : `${seconds(msOf(runs))} (${runs.length})`);
  // The costliest file first.
  const files = [...new Set(times.map((time) => time.file))].sort((a, b) => msOf(of(b, null)) - msOf(of(a, null)));
  const rows = files.map((file) => [
    `\`${file}\``,
    ...projects.map((project) => cell(of(file, project))),
    cell(of(file, null)),
  ]);
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  return [
    `**Journeys**, the run of ${when(report.stats.startTime)} (${seconds(report.stats.duration)} s of wall time), per file of \`tests/e2e/\` and project, in test-s (and how many ran):`,
    '',
    table([
      ['file', ...projects, 'all'],
      ...rows,
      ['**all**', ...projects.map((project) => cell(of(null, project))), cell(times)],
    ]),
    '',
    `The ${slowest.length} slowest journeys:`,
    '',
    table([
      ['journey', 'project', 's'],
      ...slowest.map((time) => [
        clip(`\`${time.file}\` ${time.title}`).replaceAll('|', '\\|'),
        time.project,
        seconds(time.ms),
      ]),
    ]),
  ].join('\n');
}

/** Both parts, each only if its report is there. */
export function timeTables(parts: { vitest?: VitestTimes; journeys?: JSONReport }): string {
  const out: string[] = [];
  if (parts.vitest) out.push(vitestTables(parts.vitest));
  if (parts.journeys) out.push(journeyTables(parts.journeys));
  return out.join('\n\n');
}

/** `doc` with what stands between its time-table markers replaced by `tables`. */
export function withTables(doc: string, tables: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no time-table markers (${TABLE_START} … ${TABLE_END})`);
  return `${doc.slice(0, start + TABLE_START.length)}\n\n${tables}\n\n${doc.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const read = <T>(file: string, parse: (path: string) => T): T | undefined =>
    existsSync(resolve(ROOT, file)) ? parse(resolve(ROOT, file)) : undefined;
  const vitest = read(VITEST_TIMES, (path) => JSON.parse(readFileSync(path, 'utf8')) as VitestTimes);
  const journeys = read(JOURNEY_REPORT, readReport);
  if (!vitest && !journeys) {
    console.error(`No reports: run \`npm test\` first (it writes ${VITEST_TIMES} and ${JOURNEY_REPORT}).`);
    process.exit(1);
  }
  const tables = timeTables({ vitest, journeys });
  if (process.argv.includes('--write')) {
    const doc = resolve(ROOT, DOC);
    writeFileSync(doc, withTables(readFileSync(doc, 'utf8'), tables));
    console.log(`wrote the time tables into ${DOC}`);
  } else console.log(tables);
}
