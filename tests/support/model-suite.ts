/**
 * The vitest side of tests/support/model.ts: one test per generated path and
 * per journey, each replayed on a real actor, then one test asserting that
 * together they enter every state and take every transition.
 */
import { describe, expect, it } from 'vitest';
import { planModel, runModel, runPlanItem, type ModelDefinition } from './model';

export function describeModel(title: string, model: ModelDefinition): void {
  describe(title, () => {
    const plan = planModel(model);
    const cases = (kind: 'path' | 'journey') => plan.filter((item) => item.kind === kind).map((item) => [item.name, item] as const);

    it.each(cases('path'))('path: %s', async (_name, item) => {
      await runPlanItem(model, item);
    });

    if (model.journeys?.length) {
      it.each(cases('journey'))('journey: %s', async (_name, item) => {
        await runPlanItem(model, item);
      });
    }

    // Self-contained (it replays the whole plan) so it also holds when run alone with -t.
    it('enters every state and takes every transition (100 % coverage)', async () => {
      const { report, failures } = await runModel(model);
      expect(failures.map((f) => f.item.name)).toEqual([]);
      expect(report.states.missing).toEqual([]);
      expect(report.transitions.missing).toEqual([]);
      expect(report.states.covered).toBe(report.states.total);
      expect(report.transitions.covered).toBe(report.transitions.total);
    });
  });
}
