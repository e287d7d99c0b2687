/**
 * The vitest side of ./model-ui.ts: one test per generated path and journey,
 * each replayed through the UI, then one test asserting what they reached
 * together of the machine as it ran in the app: every state and transition,
 * except exactly those the driver declares unreachable from the UI (with
 * why). Items with a step the app never sends one-to-one are listed as
 * skipped, the reason in the name. Coverage accumulates over the file's
 * tests; the last test replays whatever did not run (a `-t` filter), so it
 * holds alone too.
 *
 * With `MODEL_REPORT_DIR` set (scripts/model-coverage.ts sets it), the
 * coverage report is also written there as `<machine>.ui.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configure } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModal } from '../../src/app/modal-registry';
import { createCoverage, planModel, uiCoverageProblems, type ModelDefinition, type PlanItem, type UiCoverageFile } from './model';
import { runPlanItemInUi, undrivableReason, type UiDriver } from './model-ui';

/** Each step waits for what the page shows; a whole app on a busy 2-core machine needs more than 1 s now and then. */
const STEP_WAIT_MS = 4000;
const ITEM_TIMEOUT_MS = 30_000;

export function describeUiModel<TModel extends ModelDefinition>(title: string, model: TModel, driver: UiDriver<TModel>, modals: readonly string[] = ['login']): void {
  describe(title, () => {
    const plan = planModel(model);
    const coverage = createCoverage(model.machine);
    const anyDriver = driver as unknown as UiDriver<ModelDefinition>;
    const reasons = new Map(plan.map((item) => [item, undrivableReason(anyDriver, item)] as const));
    const drivable = plan.filter((item) => !reasons.get(item));
    const ran = new Set<PlanItem>();
    const run = async (item: PlanItem) => {
      ran.add(item);
      await runPlanItemInUi(model, driver, item, coverage);
    };

    beforeAll(async () => {
      configure({ asyncUtilTimeout: STEP_WAIT_MS });
      // The dialogs load on demand; loading them once up front keeps each step's wait about the page.
      await Promise.all([...modals.map((name) => loadModal(name)), import('../../src/app/flows')]);
    }, 60_000);

    for (const item of plan) {
      const reason = reasons.get(item);
      if (reason) it.skip(`${item.kind}: ${item.name} — not drivable from the UI (${reason})`, () => {});
      else it(`${item.kind}: ${item.name}`, () => run(item), ITEM_TIMEOUT_MS);
    }

    it(
      'enters every state and takes every transition through the UI, but those declared unreachable from it',
      async () => {
        for (const item of drivable.filter((i) => !ran.has(i))) await run(item);
        const report = coverage.report();
        const unreachable = { states: { ...driver.unreachable?.states }, transitions: { ...driver.unreachable?.transitions } };
        const file: UiCoverageFile = { ...report, items: plan.length, skipped: plan.length - drivable.length, unreachable };
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
