/**
 * `npm run test:model`: for every machine in machines/, runs its model
 * (tests/model/<name>.model.ts: generated paths + journeys, each replayed on a
 * real actor) and prints state and transition coverage. Then runs the UI
 * replays (tests/model/<name>.ui.test.tsx under vitest: the same plan, each
 * event performed as a user gesture on the rendered app, each state checked
 * on the page) and prints the coverage they reached. Exits 1 if a machine
 * has no model test, a path or journey fails, or coverage is below 100 % in
 * either replay.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { discoverMachines, repoRoot } from './lib/machines';
import { discoverModels, pairModels } from './lib/models';
import { isComplete, runModel, uiCoverageProblems, type UiCoverageFile } from '../tests/support/model';

const percent = (covered: number, total: number) => (total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10);

async function main(): Promise<void> {
  const machines = await discoverMachines();
  const pairs = pairModels(machines, await discoverModels());
  const problems: string[] = [];
  const width = Math.max(...machines.map((m) => m.id.length));

  console.log('Model coverage (xstate/graph paths + journeys, replayed on real actors)\n');
  for (const { machine, model } of pairs) {
    const name = machine.id.padEnd(width);
    if (!model) {
      console.log(`  ${name}  NO MODEL TEST`);
      problems.push(
        `machine "${machine.id}" (${machine.file}) has no model test: add tests/model/<name>.model.ts (defineModel) and <name>.model.test.ts (describeModel)`,
      );
      continue;
    }
    if (!model.testFile)
      problems.push(`${model.file} has no ${model.file.replace(/\.ts$/, '.test.ts')} running it under vitest`);
    const { items, report, failures } = await runModel(model.model);
    const { states, transitions } = report;
    const paths = items.filter((i) => i.kind === 'path').length;
    const journeys = items.length - paths;
    console.log(
      `  ${name}  states ${`${states.covered}/${states.total}`.padStart(5)} (${percent(states.covered, states.total)} %)` +
        `   transitions ${`${transitions.covered}/${transitions.total}`.padStart(5)} (${percent(transitions.covered, transitions.total)} %)` +
        `   ${paths} paths, ${journeys} journeys${failures.length ? `, ${failures.length} FAILED` : ''}`,
    );
    for (const id of states.missing) console.log(`      missing state: ${id}`);
    for (const t of transitions.missing) console.log(`      missing transition: ${t}`);
    for (const f of failures) {
      console.log(
        `      failed: ${f.item.kind} "${f.item.name}"\n        ${String(f.error instanceof Error ? f.error.message : f.error).replace(/\n/g, '\n        ')}`,
      );
    }
    if (failures.length) problems.push(`${machine.id}: ${failures.length} path(s)/journey(s) failed`);
    if (!isComplete(report))
      problems.push(`${machine.id}: coverage below 100 % (add journeys for the missing transitions)`);
  }

  problems.push(
    ...runUiReplays(
      machines.map((m) => m.id),
      width,
    ),
  );

  if (problems.length) {
    console.error(`\nModel coverage check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(
    `\nAll ${machines.length} machines: 100 % of states and transitions covered on actors; the UI replays reach all but what they declare unreachable.`,
  );
}

/** Runs every tests/model/*.ui.test.tsx under vitest and prints the coverage each reached through the UI. */
function runUiReplays(machineIds: readonly string[], width: number): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'model-ui-'));
  try {
    console.log(
      '\nThrough the UI (the same plans; each event a user gesture on the rendered app, each state checked on the page)\n',
    );
    const vitest = path.join(repoRoot, 'node_modules', '.bin', 'vitest');
    // A file filter: only tests/model/<name>.ui.test.tsx (the actor replays above already ran).
    const run = spawnSync(vitest, ['run', '.ui.test.tsx', '--reporter=dot'], {
      cwd: repoRoot,
      env: { ...process.env, MODEL_REPORT_DIR: dir },
      encoding: 'utf8',
    });
    const reports = new Map<string, UiCoverageFile>();
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as UiCoverageFile;
      reports.set(report.machine, report);
    }
    const problems: string[] = [];
    for (const id of machineIds) {
      const report = reports.get(id);
      if (!report) {
        console.log(`  ${id.padEnd(width)}  actor replay only (docs/model-testing.md says why)`);
        continue;
      }
      const { states, transitions, unreachable } = report;
      const undrivable = Object.values(report.undrivable).reduce((sum, count) => sum + count, 0);
      const undrivableNote = undrivable ? `, ${undrivable} not drivable from the UI` : '';
      console.log(
        `  ${id.padEnd(width)}  states ${`${states.covered}/${states.total}`.padStart(5)} (${percent(states.covered, states.total)} %)` +
          `   transitions ${`${transitions.covered}/${transitions.total}`.padStart(5)} (${percent(transitions.covered, transitions.total)} %)   ${report.items} paths and journeys, ${report.replayed} replayed (their transition-pair cover)${undrivableNote}`,
      );
      for (const [why, count] of Object.entries(report.undrivable))
        console.log(`      not drivable (${count}): ${why}`);
      const declared = { ...unreachable.states, ...unreachable.transitions };
      for (const missing of [...states.missing, ...transitions.missing]) {
        const why = declared[missing];
        console.log(`      ${why ? 'unreachable from the UI' : 'MISSING'}: ${missing}${why ? ` (${why})` : ''}`);
      }
      problems.push(...uiCoverageProblems(report).map((problem) => `${id}: ${problem}`));
    }
    if (run.status !== 0) {
      console.log(run.stdout, run.stderr);
      problems.push('a UI replay failed (vitest output above)');
    }
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
