/**
 * A vitest reporter (vite.config.ts, beside the default one) that writes where each test file's time went to
 * reports/vitest-times.json, for the time table of docs/testing.md (scripts/time-table.ts). The figures are
 * vitest's own per-file diagnostics: a file's environment, its set-up, its import and its tests, each in a
 * worker's milliseconds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Where the reporter writes, relative to the repository's root. */
export const VITEST_TIMES = 'reports/vitest-times.json';

export interface VitestFileTime {
  /** Relative to the repository's root: `tests/mock/cart.test.ts`. */
  file: string;
  /** The vitest project (vite.config.ts): `dom`, `node` or `isolated`. */
  project: string;
  /** The project's environment: `jsdom` or `node`. */
  environment: string;
  state: string;
  tests: number;
  /**
   * Milliseconds: importing and starting the environment, as vitest reports it (unrounded). In a project that does
   * not isolate its files (`sharedEnvironment`), a worker starts it once and vitest reports that one figure for every
   * file the worker ran: counted once per distinct figure (scripts/time-table.ts).
   */
  environmentMs: number;
  sharedEnvironment: boolean;
  /** Milliseconds: vitest's harness and the setup file (tests/setup.ts). */
  setupMs: number;
  /** Milliseconds: importing the file and what it imports, and running its describe blocks. */
  importMs: number;
  /** Milliseconds: the tests and their hooks. */
  testsMs: number;
}

export interface VitestTimes {
  /** When the run started (ISO 8601). */
  startTime: string;
  /** The run's wall time in milliseconds. */
  durationMs: number;
  files: VitestFileTime[];
}

function fileTime(module: TestModule): VitestFileTime {
  const diagnostic = module.diagnostic();
  return {
    file: module.relativeModuleId,
    project: module.project.name,
    environment: module.project.config.environment,
    state: module.state(),
    tests: [...module.children.allTests()].length,
    environmentMs: diagnostic.environmentSetupDuration,
    sharedEnvironment: module.project.config.isolate === false,
    setupMs: Math.round(diagnostic.prepareDuration + diagnostic.setupDuration),
    importMs: Math.round(diagnostic.collectDuration),
    testsMs: Math.round(diagnostic.duration),
  };
}

export default class VitestTimesReporter implements Reporter {
  private started = Date.now();

  private readonly out: string;

  /** `out`: where to write (a test's own file); by default reports/vitest-times.json. Vitest passes the options. */
  constructor(options: { out?: string } = {}) {
    this.out = options.out ?? resolve(import.meta.dirname, '../..', VITEST_TIMES);
  }

  onTestRunStart(): void {
    this.started = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const times: VitestTimes = {
      startTime: new Date(this.started).toISOString(),
      durationMs: Date.now() - this.started,
      files: modules.map(fileTime).sort((a, b) => a.file.localeCompare(b.file)),
    };
    mkdirSync(dirname(this.out), { recursive: true });
    writeFileSync(this.out, `${JSON.stringify(times, null, 1)}\n`);
  }
}
