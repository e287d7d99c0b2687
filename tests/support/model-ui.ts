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
 * inspection events of that machine alone, so only what passed through the
 * UI counts (./model-ui-suite.ts asserts it and writes it for
 * `npm run test:model`).
 *
 * Writing a driver (tests/model/<machine>.ui.ts; example: qr-login.ui.ts):
 * - A gesture never calls `actor.send` or reaches into a machine: it does what
 *   a shopper or the browser does (click, type, key, `visibilitychange`,
 *   `online`/`offline`, `storage`, a URL), finding elements by role and name.
 *   It is handed the step it performs (`at`), so it can look at the state
 *   before it and set up what the following steps need.
 * - `mount` routes each of the machine's calls to `env.calls.call(<invokeId>,
 *   signal)` through the root actor's dependencies, answers the app's other
 *   calls benignly if a fixture would upset them, and passes `env.deps` on
 *   (`mergeDeps(env.deps, { … })` of ./render-app.tsx keeps its `testing.clock`).
 * - `expectScreen` checks every state on the page and throws when it does
 *   not hold; no sleeps, no fake timers (the SimulatedClock runs the delays).
 * - A step that no gesture sends one-to-one (the app never sends that event
 *   in that situation) is not faked: `undrivable` names it with the reason,
 *   and `unreachable` lists what only such steps reach (docs/model-testing.md).
 */
import { waitFor } from '@testing-library/react';
import {
  initialTransition,
  SimulatedClock,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type EventFromLogic,
  type InspectionEvent,
} from 'xstate';
import type { RootActorDeps } from '../../src/app/root-actor';
import {
  delayMs,
  driveStep,
  expectState,
  FakeCalls,
  recordInspection,
  type Coverage,
  type ModelDefinition,
  type PlanItem,
  type PlanStep,
} from './model';
import type { renderApp } from './render-app';

export type RenderedApp = Awaited<ReturnType<typeof renderApp>>;

/** What the driver gets to build the app: fakes for the machine's calls, the clock, and the inspector to pass on. */
export interface UiEnv {
  calls: FakeCalls;
  deps: Pick<RootActorDeps, 'inspect'> & { testing: Pick<NonNullable<RootActorDeps['testing']>, 'clock'> };
  /** The path or journey about to run: a driver may pick the starting world its events need (e.g. the stored session). */
  item: PlanItem;
}

/** The plan step a gesture performs: `item.steps[index]` (what came before and what follows are there too). */
export interface StepAt {
  item: PlanItem;
  index: number;
}

/**
 * A gesture that loads a new page (the shopper opens a link: a full page load) closes `app` and
 * returns the new one, which the replay goes on with; any other gesture returns nothing.
 */
type Gesture<TEvent extends AnyEventObject> = (
  app: RenderedApp,
  event: TEvent,
  at: StepAt,
) => Promise<void | RenderedApp>;
type Gestures<TEvent extends AnyEventObject> = {
  [K in TEvent['type']]: Gesture<Extract<TEvent, { type: K }>>;
};

export interface UiDriver<TModel extends ModelDefinition> {
  /** The machine's systemId in the app's actor system; the replay follows that actor's inspection events. */
  systemId: string;
  /** Renders the app with the machine's calls routed to `env.calls` and `env.deps` passed to the root actor. */
  mount(env: UiEnv): Promise<RenderedApp>;
  /** For each event type the machine takes: the user gesture that makes the app send it. */
  gestures: Gestures<EventFromLogic<TModel['machine']>>;
  /** Throws unless the page shows `state`; `step` is how it got there (for effects outside the machine). */
  expectScreen(app: RenderedApp, state: AnyMachineSnapshot, step: PlanStep): void;
  /**
   * Steps the app never sends one-to-one, so no gesture can: for a plan item and a step index (≥ 1), the
   * reason, else undefined. An item with such a step is not replayed through the UI (the actor replay
   * covers it); the suite lists it as skipped, with the reason in its name.
   */
  undrivable?(item: PlanItem, index: number): string | undefined;
  /**
   * What only undrivable items reach: state ids and transitions (named as coverage reports name them),
   * each with why. The coverage test demands that exactly these are missing, so the list stays true.
   */
  unreachable?: { states?: Readonly<Record<string, string>>; transitions?: Readonly<Record<string, string>> };
  /**
   * Context fields the app fills by itself, with values the model cannot know (an account id the backend
   * gave, what a form reports on its own), each with why: the machine's value there is taken as the
   * model's; `expectScreen` checks what matters of them. Every other field must equal the model's.
   */
  appContext?: Readonly<Record<string, string>>;
}

/** `expected` with the app-filled context fields taken from `actual`. */
function withAppContext(
  expected: AnyMachineSnapshot,
  actual: AnyMachineSnapshot,
  fields: readonly string[],
): AnyMachineSnapshot {
  if (!fields.length) return expected;
  const context = { ...(expected.context as Record<string, unknown>) };
  for (const field of fields) context[field] = (actual.context as Record<string, unknown>)[field];
  return { ...expected, value: expected.value, context } as AnyMachineSnapshot;
}

/** Waits until the machine inside the app is in the model's state and the page shows it. */
async function expectStep(
  app: RenderedApp,
  driver: UiDriver<ModelDefinition>,
  model: ModelDefinition,
  item: PlanItem,
  index: number,
  current: () => AnyMachineSnapshot | undefined,
): Promise<void> {
  const step = item.steps[index];
  if (!step) return;
  await waitFor(() => {
    // A lazily started machine that is not running yet is in its initial state.
    const snapshot = current() ?? initialTransition(model.machine, model.input)[0];
    expectState(
      snapshot,
      step.state && withAppContext(step.state, snapshot, Object.keys(driver.appContext ?? {})),
      item,
      index,
      model.planningContext,
    );
    driver.expectScreen(app, step.state, step);
  });
}

/** Replays one path or journey through the UI, asserting machine state and screen after every step. */
export async function runPlanItemInUi<TModel extends ModelDefinition>(
  model: TModel,
  driver: UiDriver<TModel>,
  item: PlanItem,
  coverage?: Coverage,
): Promise<void> {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  // The machine's latest snapshot, as the app's inspection reports it: also once it has reached a final
  // state (and left the system), and across a page load (a gesture may start a new app with these deps).
  let latest: AnyMachineSnapshot | undefined;
  const inspect = (event: InspectionEvent) => {
    if ((event.actorRef as { systemId?: string }).systemId !== driver.systemId) return;
    if (event.type === '@xstate.snapshot') latest = event.snapshot as AnyMachineSnapshot;
    if (coverage) recordInspection(coverage, event);
  };
  const current = () => latest;
  let app = await driver.mount({ calls, deps: { inspect, testing: { clock } }, item });
  const anyDriver = driver as unknown as UiDriver<ModelDefinition>;
  try {
    await expectStep(app, anyDriver, model, item, 0, current);
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
        send: async (event) => {
          const gesture = (anyDriver.gestures as Record<string, Gesture<AnyEventObject>>)[event.type];
          if (!gesture) throw new Error(`the UI driver of ${driver.systemId} has no gesture for "${event.type}"`);
          const loaded = await gesture(app, event, { item, index });
          if (loaded) app = loaded;
        },
      });
      await expectStep(app, anyDriver, model, item, index, current);
    }
  } finally {
    app.close();
  }
}

/** Why the UI cannot replay `item` (the driver's reason for its first undrivable step), or undefined when it can. */
export function undrivableReason(driver: UiDriver<ModelDefinition>, item: PlanItem): string | undefined {
  if (!driver.undrivable) return undefined;
  for (let index = 1; index < item.steps.length; index++) {
    const reason = driver.undrivable(item, index);
    if (reason) return reason;
  }
  return undefined;
}
