/**
 * Reading a Playwright JSON report (the `json` reporter's file): the journeys' (playwright.config.ts writes
 * reports/journeys.json, read by scripts/time-table.ts) and the timing sweep's (scripts/windows-results.ts).
 */
import { readFileSync } from 'node:fs';
import type { JSONReport, JSONReportSpec, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';

export type { JSONReport, JSONReportTestResult } from '@playwright/test/reporter';

/** Where playwright.config.ts has the journeys' JSON report written, relative to the repository's root. */
export const JOURNEY_REPORT = 'reports/journeys.json';

/** One test of a report in one project: its file, the titles of the describes around it, and the test. */
export interface ReportedTest {
  /** The spec file, relative to the test folder (`purchase.spec.ts`). */
  file: string;
  /** The describe titles from the outside in, without the file's own suite. */
  describes: string[];
  spec: JSONReportSpec;
  test: JSONReportTest;
}

export function readReport(file: string): JSONReport {
  return JSON.parse(readFileSync(file, 'utf8')) as JSONReport;
}

/** Every test of every spec of `report`, once per project it ran in. */
export function* testsOf(report: JSONReport): Generator<ReportedTest> {
  // The top-level suites are the files: their title is the file's name, not a describe.
  for (const suite of report.suites) yield* testsIn(suite, []);
}

function* testsIn(suite: JSONReportSuite, describes: string[]): Generator<ReportedTest> {
  for (const spec of suite.specs) for (const test of spec.tests) yield { file: spec.file, describes, spec, test };
  for (const inner of suite.suites ?? []) yield* testsIn(inner, [...describes, inner.title]);
}
