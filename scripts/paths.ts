/**
 * `npm run paths -- <machine-id> [--simple]`: prints a machine's generated
 * paths and hand-written journeys as a numbered test plan
 * (state --event--> state ...), using the fixtures of its model
 * (tests/model/*.model.ts).
 *
 * `npm run paths -- <machine-id> --from <log.json> [--actor <label>]`: the
 * same for a session the dev inspector recorded ("导出本次会话"): the events
 * one actor of that machine received, as a path with the state the model
 * expects after each step (docs/model-testing.md, "From a recorded session to
 * a test"). Saved as tests/model/recorded/<machine-id>.<name>.json, it is
 * replayed by tests/model/recorded-sessions.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { discoverMachines, repoRoot } from './lib/machines';
import { discoverModels } from './lib/models';
import { parseSessionLog } from '../src/dev-tools/log-schema';
import { describeState, formatEvent, planModel, type ModelDefinition, type PlanItem } from '../tests/support/model';
import { planRecordedSession } from '../tests/support/recorded-session';

function usage(ids: string[]): never {
  console.error(
    `Usage: npm run paths -- <machine-id> [--simple | --from <log.json> [--actor <label>]]\nMachines: ${ids.join(', ')}`,
  );
  process.exit(1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const optionValues = new Set([option('--from'), option('--actor')]);
  const machineId = args.find((a) => !a.startsWith('--') && !optionValues.has(a));
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
    console.error(
      `Machine "${machineId}" (${machine.file}) has no model in tests/model/, so there are no event fixtures to plan with.`,
    );
    process.exit(1);
  }
  const from = option('--from');
  if (from) {
    printRecorded(found.model, from, option('--actor'));
    return;
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
    printItem(model, item, n);
  };
  if (paths.length) console.log('Generated paths\n');
  paths.forEach(print);
  if (journeys.length) console.log('Hand-written journeys\n');
  journeys.forEach(print);
}

function printItem(model: ModelDefinition, item: PlanItem, n: number): void {
  console.log(`${n}. ${item.kind === 'journey' ? 'Journey: ' : ''}${item.name}`);
  const [first, ...rest] = item.steps;
  if (!first) return;
  console.log(`     start in ${describeState(model, first.state)}`);
  rest.forEach((step, i) =>
    console.log(`   ${String(i + 1).padStart(2)}. --${formatEvent(step.event)}--> ${describeState(model, step.state)}`),
  );
  console.log('');
}

function printRecorded(model: ModelDefinition, file: string, actor: string | undefined): void {
  const log = parseSessionLog(readFileSync(path.resolve(file), 'utf8'));
  const name = `recorded session ${path.basename(file)}`;
  const { item, actor: label, differences } = planRecordedSession(model, log, name, actor);
  console.log(
    `Recorded path for "${model.machine.id}" (actor ${label}, ${item.steps.length - 1} steps, recorded ${log.recordedAt}).`,
  );
  console.log('Each step is what the actor received; the state is what the model expects after it.\n');
  printItem(model, item, 1);
  if (differences.length) {
    console.log(
      `The recording and the machine disagree (the machine changed since, or the log is of another build):\n${differences.map((d) => `  ${d}`).join('\n')}`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(
    `To replay it as a test: copy the log to tests/model/recorded/${model.machine.id}.<name>.json; tests/model/recorded-sessions.test.ts replays every such file on a real actor.`,
  );
}

await main();
