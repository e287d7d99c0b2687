/**
 * From a session the dev inspector recorded (src/dev-tools/log-format.ts) to a
 * path test: the events one actor of a machine received become a journey of
 * that machine's model (tests/model/*.model.ts), planned with the states the
 * model expects after each step, and checked against the states the recording
 * saw. `runPlanItem` then replays it on a real actor. Shared by
 * `npm run paths -- <machine> --from <log.json>` and
 * tests/model/recorded-sessions.test.ts.
 */
import { recordedPath, type SessionLog } from '../../src/dev-tools/log-format';
import { planJourney, type ModelDefinition, type PlanItem } from './model';

export interface RecordedPlan {
  item: PlanItem;
  /** The recorded actor (`app/payGate`). */
  actor: string;
  /** Steps where the model ends in another state than the recording saw: the machine changed since. */
  differences: string[];
}

export function planRecordedSession(
  definition: ModelDefinition,
  log: SessionLog,
  name: string,
  actor?: string,
): RecordedPlan {
  const path = recordedPath(log, definition.machine.id, actor);
  const item = planJourney(definition, { name, events: path.steps.map((step) => step.event) });
  const differences: string[] = [];
  path.steps.forEach((step, i) => {
    const planned = JSON.stringify(item.steps[i + 1]?.state.value ?? null);
    const recorded = JSON.stringify(step.value);
    if (planned !== recorded)
      differences.push(`step ${i + 1} (${step.event.type}): recorded ${recorded}, the model now reaches ${planned}`);
  });
  return { item, actor: path.actor, differences };
}
