/**
 * `npm run paths -- <machine-id> [--simple]`: prints a machine's generated
 * paths and hand-written journeys as a numbered test plan
 * (state --event--> state ...), using the fixtures of its model
 * (tests/model/*.model.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { discoverMachines, repoRoot } from './lib/machines';
import { discoverModels } from './lib/models';
import { describeState, formatEvent, planModel, type PlanItem } from '../tests/support/model';

function usage(ids: string[]): never {
  console.error(`Usage: npm run paths -- <machine-id> [--simple]\nMachines: ${ids.join(', ')}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const machineId = args.find((a) => !a.startsWith('--'));
  const machines = await discoverMachines();
  const ids = machines.map((m) => m.id);
  if (!machineId) usage(ids);
  const machine = machines.find((m) => m.id === machineId);
  if (!machine) {
    console.error(`No machine with id "${machineId}".`);
    usage(ids);
  }
  const found = (await discoverModels()).find((m) => m.machineId === machineId);
  if (!found) {
    console.error(`Machine "${machineId}" (${machine.file}) has no model in tests/model/, so there are no event fixtures to plan with.`);
    process.exit(1);
  }
  const model = args.includes('--simple') ? { ...found.model, paths: 'simple' as const } : found.model;
  const plan = planModel(model);
  const paths = plan.filter((i) => i.kind === 'path');
  const journeys = plan.filter((i) => i.kind === 'journey');

  console.log(`Test plan for "${machineId}" (${machine.file}, model ${found.file})`);
  const uiTest = found.file.replace(/\.model\.ts$/, '.ui.test.tsx');
  const throughUi = existsSync(path.join(repoRoot, uiTest))
    ? ` The same plan is replayed through the UI by ${uiTest}: each event a user gesture, each state checked on the page (steps the app never sends are skipped there, with the reason).`
    : '';
  console.log(
    `${paths.length} generated ${model.paths === 'simple' ? 'simple' : model.paths === 'shortest' ? 'shortest' : 'shortest and simple'} paths, ${journeys.length} journeys. Each step is replayed on a real actor and its state asserted.${throughUi}\n`,
  );
  let n = 0;
  const print = (item: PlanItem) => {
    n += 1;
    console.log(`${n}. ${item.kind === 'journey' ? 'Journey: ' : ''}${item.name}`);
    const [first, ...rest] = item.steps;
    if (!first) return;
    console.log(`     start in ${describeState(model, first.state)}`);
    rest.forEach((step, i) => console.log(`   ${String(i + 1).padStart(2)}. --${formatEvent(step.event)}--> ${describeState(model, step.state)}`));
    console.log('');
  };
  if (paths.length) console.log('Generated paths\n');
  paths.forEach(print);
  if (journeys.length) console.log('Hand-written journeys\n');
  journeys.forEach(print);
}

await main();
