// @vitest-environment node
/**
 * Sessions the dev inspector recorded ("导出本次会话"), saved as
 * tests/model/recorded/<machine-id>.<name>.json: the events the machine's actor
 * received are planned on its model (`npm run paths -- <machine-id> --from
 * <file>` prints the same path) and replayed on a real actor, each step's state
 * asserted. A recording whose states the machine no longer reaches fails: the
 * flow changed since it was recorded (docs/model-testing.md, "From a recorded
 * session to a test").
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/machines';
import { discoverModels } from '../../scripts/lib/models';
import { parseSessionLog } from '../../src/dev-tools/log-schema';
import { runPlanItem } from '../support/model';
import { planRecordedSession } from '../support/recorded-session';

const DIR = 'tests/model/recorded';
const files = readdirSync(path.join(repoRoot, DIR))
  .filter((name) => name.endsWith('.json'))
  .sort();

describe('recorded sessions replay as path tests', () => {
  it('has at least the recorded purchase', () => {
    expect(files).toContain('payGate.purchase.json');
  });

  it.each(files)('%s', async (file) => {
    const machineId = file.split('.')[0] ?? '';
    const found = (await discoverModels()).find((m) => m.machineId === machineId);
    if (!found)
      throw new Error(
        `${DIR}/${file}: no model of a machine "${machineId}" in tests/model/ (name the file <machine-id>.<name>.json)`,
      );
    const log = parseSessionLog(readFileSync(path.join(repoRoot, DIR, file), 'utf8'));
    const plan = planRecordedSession(found.model, log, file);
    expect(plan.differences).toEqual([]);
    expect(plan.item.steps.length).toBeGreaterThan(1);
    await runPlanItem(found.model, plan.item);
  });
});
