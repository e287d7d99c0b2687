/**
 * `npm run test:model`: for every machine in machines/, runs its model
 * (tests/model/<name>.model.ts: generated paths + journeys, each replayed on a
 * real actor) and prints state and transition coverage. Exits 1 if a machine
 * has no model test, a path or journey fails, or coverage is below 100 %.
 */
import { discoverMachines } from './lib/machines';
import { discoverModels, pairModels } from './lib/models';
import { isComplete, runModel } from '../tests/support/model';

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
      problems.push(`machine "${machine.id}" (${machine.file}) has no model test: add tests/model/<name>.model.ts (defineModel) and <name>.model.test.ts (describeModel)`);
      continue;
    }
    if (!model.testFile) problems.push(`${model.file} has no ${model.file.replace(/\.ts$/, '.test.ts')} running it under vitest`);
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
      console.log(`      failed: ${f.item.kind} "${f.item.name}"\n        ${String(f.error instanceof Error ? f.error.message : f.error).replace(/\n/g, '\n        ')}`);
    }
    if (failures.length) problems.push(`${machine.id}: ${failures.length} path(s)/journey(s) failed`);
    if (!isComplete(report)) problems.push(`${machine.id}: coverage below 100 % (add journeys for the missing transitions)`);
  }

  if (problems.length) {
    console.error(`\nModel coverage check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`\nAll ${machines.length} machines: 100 % of states and transitions covered.`);
}

await main();
