/**
 * The vitest side of tests/support/model.ts: one test per generated path and
 * per journey, each replayed on a real actor, then one test asserting that
 * together they enter every state and take every transition.
 */
import { describe, expect, it } from 'vitest';
import { createCoverage, planModel, runModel, runPlanItem, type ModelDefinition } from './model';

/** How long the coverage test may take when it replays the whole plan itself (run alone with -t). */
const WHOLE_REPLAY_TIMEOUT_MS = 300_000;

export function describeModel(title: string, model: ModelDefinition): void {
  describe(title, () => {
    const plan = planModel(model);
    const cases = (kind: 'path' | 'journey') =>
      plan.filter((item) => item.kind === kind).map((item) => [item.name, item] as const);
    // The tests above the coverage test record into one coverage as they replay (tests in a file run in order),
    // so the plan is replayed once, not twice; a replay that failed is its own test's failure.
    const shared = createCoverage(model.machine);
    const passed = new Set<string>();

    it.each(cases('path'))('path: %s', async (name, item) => {
      await runPlanItem(model, item, shared);
      passed.add(name);
    });

    if (model.journeys?.length) {
      it.each(cases('journey'))('journey: %s', async (name, item) => {
        await runPlanItem(model, item, shared);
        passed.add(name);
      });
    }

    // When every path and journey above ran and passed, their coverage is the plan's; run alone (with -t), it
    // replays the whole plan itself.
    it(
      'enters every state and takes every transition (100 % coverage)',
      async () => {
        let report = shared.report();
        if (passed.size < plan.length) {
          const run = await runModel(model);
          expect(run.failures.map((f) => f.item.name)).toEqual([]);
          report = run.report;
        }
        expect(report.states.missing).toEqual([]);
        expect(report.transitions.missing).toEqual([]);
        expect(report.states.covered).toBe(report.states.total);
        expect(report.transitions.covered).toBe(report.transitions.total);
      },
      WHOLE_REPLAY_TIMEOUT_MS,
    );
  });
}
