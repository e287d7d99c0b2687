/**
 * The vitest side of ./model-ui.ts: one test per generated path and journey,
 * each replayed through the UI, then one test asserting that together they
 * entered every state and took every transition of the machine as it ran in
 * the app. Coverage accumulates over the file's tests; the last test replays
 * whatever did not run (a `-t` filter), so it holds alone too.
 *
 * With `MODEL_REPORT_DIR` set (scripts/model-coverage.ts sets it), the
 * coverage report is also written there as `<machine>.ui.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configure } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModal } from '../../src/modals/registry';
import { createCoverage, planModel, type ModelDefinition, type PlanItem } from './model';
import { runPlanItemInUi, type UiDriver } from './model-ui';

/** Each step waits for what the page shows; a whole app on a busy 2-core machine needs more than 1 s now and then. */
const STEP_WAIT_MS = 4000;
const ITEM_TIMEOUT_MS = 30_000;

export function describeUiModel<TModel extends ModelDefinition>(title: string, model: TModel, driver: UiDriver<TModel>, modals: readonly string[] = ['login']): void {
  describe(title, () => {
    const plan = planModel(model);
    const coverage = createCoverage(model.machine);
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

    const cases = (kind: PlanItem['kind']) => plan.filter((item) => item.kind === kind).map((item) => [item.name, item] as const);
    it.each(cases('path'))('path: %s', (_name, item) => run(item), ITEM_TIMEOUT_MS);
    if (cases('journey').length) it.each(cases('journey'))('journey: %s', (_name, item) => run(item), ITEM_TIMEOUT_MS);

    it(
      'enters every state and takes every transition through the UI (100 % coverage)',
      async () => {
        for (const item of plan.filter((i) => !ran.has(i))) await run(item);
        const report = coverage.report();
        const dir = process.env.MODEL_REPORT_DIR;
        if (dir) {
          mkdirSync(dir, { recursive: true });
          writeFileSync(path.join(dir, `${model.machine.id}.ui.json`), JSON.stringify({ ...report, items: plan.length }));
        }
        expect(report.states.missing).toEqual([]);
        expect(report.transitions.missing).toEqual([]);
      },
      ITEM_TIMEOUT_MS * 4,
    );
  });
}
