/**
 * The vitest side of ./model-ui.ts: one test per item of the plan's
 * transition-pair cover (`transitionPairCover`: every journey, and the fewest
 * generated paths that take every transition and every pair of consecutive
 * transitions the drivable items take), each replayed through the UI, then
 * one test asserting what they reached together of the machine as it ran in
 * the app: every state and transition, except exactly those the driver
 * declares unreachable from the UI (with why). Items with a step the app never
 * sends one-to-one (the driver's `undrivable`) get no test here: the coverage
 * test counts them and their reasons for `npm run test:model`, and the actor
 * replay (`<machine>.model.test.ts`) runs every item. Coverage accumulates
 * over the file's tests; the last test replays whatever did not run (a `-t`
 * filter), so it holds alone too.
 *
 * Async (the cover is measured on a bare actor first): a test file calls it
 * with a top-level `await`.
 *
 * With `MODEL_REPORT_DIR` set (scripts/model-coverage.ts sets it), the
 * coverage report is also written there as `<machine>.ui.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configure } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadModal } from '../../src/app/modal-registry';
import { answerWishlistsEmpty } from './server';
import {
  createCoverage,
  planModel,
  transitionPairCover,
  uiCoverageProblems,
  type ModelDefinition,
  type PlanItem,
  type UiCoverageFile,
} from './model';
import { runPlanItemInUi, undrivableReason, type UiDriver } from './model-ui';

/** Each step waits for what the page shows; a whole app on a busy 2-core machine needs more than 1 s now and then. */
const STEP_WAIT_MS = 4000;
const ITEM_TIMEOUT_MS = 30_000;

export async function describeUiModel<TModel extends ModelDefinition>(
  title: string,
  model: TModel,
  driver: UiDriver<TModel>,
  modals: readonly string[] = ['login'],
): Promise<void> {
  const plan = planModel(model);
  const anyDriver = driver as unknown as UiDriver<ModelDefinition>;
  const reasons = new Map(plan.map((item) => [item, undrivableReason(anyDriver, item)] as const));
  const replayed = await transitionPairCover(
    model,
    plan.filter((item) => !reasons.get(item)),
  );
  describe(title, () => {
    const coverage = createCoverage(model.machine);
    const ran = new Set<PlanItem>();
    const runPlanItemOnce = async (item: PlanItem) => {
      ran.add(item);
      await runPlanItemInUi(model, driver, item, coverage);
    };

    beforeAll(async () => {
      configure({ asyncUtilTimeout: STEP_WAIT_MS });
      // The dialogs load on demand; loading them once up front keeps each step's wait about the page.
      await Promise.all([...modals.map((name) => loadModal(name)), import('../../src/app/flows')]);
    }, 60_000);

    // The fixtures' sessions are no sessions of the simulated backend (see answerWishlistsEmpty).
    beforeEach(answerWishlistsEmpty);

    // The replayed items, one test each. An item the driver declares undrivable (no gesture sends one of its steps)
    // is no test here, not even a skipped one: the actor replay (describeModel) runs it, the coverage test below
    // demands exactly what only such items reach, and its report counts them by reason.
    for (const item of plan.filter((planned) => replayed.includes(planned)))
      it(`${item.kind}: ${item.name}`, () => runPlanItemOnce(item), ITEM_TIMEOUT_MS);

    it(
      'enters every state and takes every transition through the UI, but those declared unreachable from it',
      async () => {
        for (const item of replayed.filter((i) => !ran.has(i))) await runPlanItemOnce(item);
        const report = coverage.report();
        const unreachable = {
          states: { ...driver.unreachable?.states },
          transitions: { ...driver.unreachable?.transitions },
        };
        const file: UiCoverageFile = {
          ...report,
          items: plan.length,
          replayed: replayed.length,
          undrivable: countReasons([...reasons.values()]),
          unreachable,
        };
        const dir = process.env.MODEL_REPORT_DIR;
        if (dir) {
          mkdirSync(dir, { recursive: true });
          writeFileSync(path.join(dir, `${model.machine.id}.ui.json`), JSON.stringify(file));
        }
        expect(uiCoverageProblems(file)).toEqual([]);
      },
      ITEM_TIMEOUT_MS * 4,
    );
  });
}

/** How many items each undrivable reason covers, for the coverage report. */
function countReasons(reasons: readonly (string | undefined)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const reason of reasons) if (reason) counts[reason] = (counts[reason] ?? 0) + 1;
  return counts;
}
