/**
 * The UI replay of a model (tests/support/model.ts): the same generated paths
 * and journeys, but run against the whole app rendered in jsdom
 * (./render-app.tsx) instead of a bare actor.
 *
 * - Every external event is performed as the user gesture that sends it
 *   (a click, a key, the page being hidden): the driver's `gestures`.
 * - Every invoke outcome settles a controllable fake standing in for the
 *   app's call of the same name (`FakeCalls`; the driver routes the app's
 *   calls to it when it mounts the app).
 * - Every delay advances the `SimulatedClock` the app's root actor runs on.
 *
 * After each step the machine, as it runs inside the app, must be in the
 * model's state with the model's context, and the page must show that state:
 * the driver's `expectScreen`, retried until it holds (the DOM updates
 * asynchronously) or the wait times out. Coverage is recorded from the app's
 * inspection events of that machine alone, so a path that passed through the
 * UI is what counts, and `runUiModel` reports it like `runModel`.
 */
import { waitFor } from '@testing-library/react';
import { initialTransition, SimulatedClock, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type EventFromLogic, type InspectionEvent } from 'xstate';
import type { RootActorDeps } from '../../src/app/root-actor';
import {
  createCoverage,
  delayMs,
  driveStep,
  expectState,
  FakeCalls,
  planModel,
  recordInspection,
  type CoverageReport,
  type ModelDefinition,
  type ModelRun,
  type PlanItem,
  type PlanStep,
} from './model';
import type { renderApp } from './render-app';

export type RenderedApp = Awaited<ReturnType<typeof renderApp>>;

/** What the driver gets to build the app: fakes for the machine's calls, the clock, and the inspector to pass on. */
export interface UiEnv {
  calls: FakeCalls;
  deps: Pick<RootActorDeps, 'clock' | 'inspect'>;
}

type Gestures<TEvent extends AnyEventObject> = {
  [K in TEvent['type']]: (app: RenderedApp, event: Extract<TEvent, { type: K }>) => Promise<void>;
};

export interface UiDriver<TModel extends ModelDefinition> {
  /** The machine's id in the app's actor system (`system.get(systemId)`). */
  systemId: string;
  /** Renders the app with the machine's calls routed to `env.calls` and `env.deps` passed to the root actor. */
  mount(env: UiEnv): Promise<RenderedApp>;
  /** For each event type the machine takes: the user gesture that makes the app send it. */
  gestures: Gestures<EventFromLogic<TModel['machine']>>;
  /** Throws unless the page shows `state`; `step` is how it got there (for effects outside the machine). */
  expectScreen(app: RenderedApp, state: AnyMachineSnapshot, step: PlanStep): void;
}

/** Waits until the machine inside the app is in the model's state and the page shows it. */
async function expectStep(app: RenderedApp, driver: UiDriver<ModelDefinition>, model: ModelDefinition, item: PlanItem, index: number): Promise<void> {
  const step = item.steps[index];
  if (!step) return;
  await waitFor(() => {
    const actor = app.actor.system.get(driver.systemId) as AnyActorRef | undefined;
    // A lazily started machine that is not running yet is in its initial state.
    const snapshot = (actor?.getSnapshot() as AnyMachineSnapshot | undefined) ?? initialTransition(model.machine, model.input)[0];
    expectState(snapshot, step.state, item, index);
    driver.expectScreen(app, step.state, step);
  });
}

/** Replays one path or journey through the UI, asserting machine state and screen after every step. */
export async function runPlanItemInUi<TModel extends ModelDefinition>(model: TModel, driver: UiDriver<TModel>, item: PlanItem, coverage?: ReturnType<typeof createCoverage>): Promise<void> {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  const inspect = (event: InspectionEvent) => {
    if (coverage && (event.actorRef as { systemId?: string }).systemId === driver.systemId) recordInspection(coverage, event);
  };
  const app = await driver.mount({ calls, deps: { clock, inspect } });
  const anyDriver = driver as unknown as UiDriver<ModelDefinition>;
  try {
    await expectStep(app, anyDriver, model, item, 0);
    for (const [index, step] of item.steps.entries()) {
      if (index === 0) continue;
      await driveStep(step.event, {
        settle: async (id, outcome) => {
          // The app starts the call after a render or a dynamic import: wait for it, as for anything on screen.
          await waitFor(() => {
            if (!calls.isRunning(id)) throw new Error(`step ${index}: the app has not called "${id}"`);
          });
          calls.settle(id, outcome);
        },
        elapse: (delay) => clock.increment(delayMs(model.machine, delay)),
        send: (event) => {
          const gesture = (anyDriver.gestures as Record<string, (app: RenderedApp, event: AnyEventObject) => Promise<void>>)[event.type];
          if (!gesture) throw new Error(`the UI driver of ${driver.systemId} has no gesture for "${event.type}"`);
          return gesture(app, event);
        },
      });
      await expectStep(app, anyDriver, model, item, index);
    }
  } finally {
    app.close();
  }
}

/** Plans and replays every path and journey through the UI; the coverage counts only what the UI drove. */
export async function runUiModel<TModel extends ModelDefinition>(model: TModel, driver: UiDriver<TModel>): Promise<ModelRun> {
  const items = planModel(model);
  const coverage = createCoverage(model.machine);
  const failures: ModelRun['failures'] = [];
  for (const item of items) {
    try {
      await runPlanItemInUi(model, driver, item, coverage);
    } catch (error) {
      failures.push({ item, error });
    }
  }
  return { items, report: coverage.report(), failures };
}

export type { CoverageReport };
