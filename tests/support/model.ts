/**
 * Model-based path testing for any machine, on `xstate/graph` (the successor
 * of `@xstate/test`, which only supports XState 4).
 *
 * A model definition (`defineModel`) gives typed fixtures for every event the
 * machine accepts, outcomes (done outputs / errors) for every invoke id, and
 * hand-written journeys. From it:
 *
 * - `planModel()` builds a `TestModel` (`xstate/graph`) over the machine and
 *   takes its shortest and simple paths (or one kind of them: `paths`). The machine is `.provide()`d with
 *   inert actors and its invokes and delays are explored as the events
 *   XState itself uses: `xstate.done.actor.<id>`, `xstate.error.actor.<id>`,
 *   `xstate.after.<delay>.<stateId>`. (`createTestModel()` refuses machines
 *   that invoke or use `after`; the traversal functions do not.) Journeys are
 *   expanded with the pure `transition()` so each of their steps has an
 *   expected state too.
 * - `runPlanItem()` replays one path or journey against a real actor: every
 *   invoked actor is a controllable fake (a done step resolves it, an error
 *   step rejects it), delays run on XState's `SimulatedClock` (an after step
 *   advances it by the delay), other events are sent. After each step the
 *   actor's state value and context must equal the model's. No real time
 *   passes and no timers are faked globally.
 * - A `Coverage` records, from the actor's inspection events, every state node
 *   entered and every transition taken (`@xstate.microstep` reports the
 *   transition definitions), and reports what is missing.
 *
 * Plain TypeScript, no vitest import: the model tests and
 * scripts/model-coverage.ts (`npm run test:model`) share it.
 */
import {
  createActor,
  fromPromise,
  initialTransition,
  SimulatedClock,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type ContextFrom,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
} from 'xstate';
import { serializeSnapshot, TestModel, type StatePath } from 'xstate/graph';
import {
  describeTransition,
  keyOfDefinition,
  listInvokes,
  listStateNodes,
  listTransitions,
  resolveDelayMs,
} from '../../scripts/lib/machine-introspection';

// ---------------------------------------------------------------------------
// Definitions

/** At least one fixture for each event type of the machine, each typed as that event. */
type EventFixtures<TEvent extends EventObject> = {
  [K in TEvent['type']]: readonly [Extract<TEvent, { type: K }>, ...Extract<TEvent, { type: K }>[]];
};

/** What an invoked actor may do in the model: finish with one of `done`, or fail with one of `error`. */
interface InvokeFixtures {
  done?: readonly unknown[];
  error?: readonly unknown[];
}

export interface DoneEvent {
  type: `xstate.done.actor.${string}`;
  output: unknown;
}
export interface ErrorEvent {
  type: `xstate.error.actor.${string}`;
  error: unknown;
}
export interface AfterEvent {
  type: `xstate.after.${string}`;
}

/** A step of a path or journey: an event the machine takes, or an invoke outcome, or a delay elapsing. */
type ModelEvent<TEvent extends EventObject = AnyEventObject> = TEvent | DoneEvent | ErrorEvent | AfterEvent;

/**
 * What a journey ends in, written by hand from what it is named for: what the shopper or the server sees at its
 * end. Checked on the real actor after the last step, against its snapshot and the effect calls it made, not
 * against the machine's own transition function (which the per-step check uses): a chart that is wrong but
 * consistent with itself still fails here.
 */
interface JourneyOutcome<TContext = unknown> {
  /** The state it ends in: `snapshot.matches(state)` (a parent state matches its children). */
  state: string | Readonly<Record<string, unknown>>;
  /** Context fields it ends with; only the fields named are compared (objects by their named keys, arrays by length and each item so). */
  context?: DeepPartial<TContext>;
  /**
   * Every effect call the actor made, in order, each as `{ name: args }` (args compared like `context`) or just its
   * name: an invoked actor started (its id, with its input), a named effect action of `setup()` run by the app
   * (`notify`, `persistSession`, …, with its params), an event to its parent (the event type, with the event's
   * other fields), an event to one of its children (`to payGate: purchase.start`), and an event it emits for
   * listeners (`emit cart.handOff`, with the event's other fields). Omitted: the calls are not
   * checked.
   */
  calls?: readonly EffectMatcher[];
  /** These effect calls, in this order, among others (for a journey whose every call would drown what it is named for). */
  someCalls?: readonly EffectMatcher[];
}

type EffectMatcher = string | Readonly<Record<string, unknown>>;

type DeepPartial<T> = T extends readonly (infer U)[]
  ? readonly DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** One effect call of a replay: `{ name, args }` (see `JourneyOutcome.calls`). */
interface EffectCall {
  name: string;
  args: unknown;
}

/**
 * A hand-written journey: either named for an outcome, which `then` states, or a coverage replay (its name starts
 * with `coverage:`), which takes transitions the generated paths miss and states nothing of its own end.
 */
interface Journey<TEvent extends EventObject = AnyEventObject, TContext = unknown> {
  /** A sentence about the behaviour, used as the test name. */
  name: string;
  events: readonly ModelEvent<TEvent>[];
  then?: JourneyOutcome<TContext>;
}

const COVERAGE_REPLAY = 'coverage: ';

export interface ModelDefinition<TMachine extends AnyStateMachine = AnyStateMachine> {
  readonly kind: 'model';
  machine: TMachine;
  input?: InputFrom<TMachine>;
  events: EventFixtures<EventFromLogic<TMachine>>;
  /** Keyed by invoke id; required for every invoke that has onDone/onError. */
  invokes?: Readonly<Record<string, InvokeFixtures>>;
  /**
   * Path generators: `both` (default: the shortest path to every state, and every simple path — each
   * state visited at most once), or `shortest` alone for a machine whose simple paths grow too fast
   * (say why in the model), or `simple` alone.
   */
  paths?: 'shortest' | 'simple' | 'both';
  /** What generated paths never contain: self-transitions, retries, re-entry. */
  journeys?: readonly Journey<EventFromLogic<TMachine>, ContextFrom<TMachine>>[];
  /** The machine as written, before `withoutParent()`: a replay catches its parent events as effect calls. */
  readonly bare: TMachine;
  /** A short phrase for a context, used in path names (`stack login < pay`). */
  describeContext?: (context: ContextFrom<TMachine>) => string;
  /**
   * What of the context tells two states apart while planning (default: all of it), for a machine whose context can
   * grow without end (a queue): say in the model what it folds together. Replays still compare the whole context.
   */
  planningContext?: (context: ContextFrom<TMachine>) => unknown;
}

export function defineModel<TMachine extends AnyStateMachine>(
  definition: Omit<ModelDefinition<TMachine>, 'kind' | 'bare'>,
): ModelDefinition<TMachine> {
  // The model plans and replays the machine on its own, without the root its parent events go to.
  return { kind: 'model', ...definition, bare: definition.machine, machine: withoutParent(definition.machine) };
}

export function isModelDefinition(value: unknown): value is ModelDefinition {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'model' && 'machine' in value
  );
}

export const doneEvent = (invokeId: string, output?: unknown): DoneEvent => ({
  type: `xstate.done.actor.${invokeId}`,
  output,
});
export const errorEvent = (invokeId: string, error: unknown = new Error('fake failure')): ErrorEvent => ({
  type: `xstate.error.actor.${invokeId}`,
  error,
});
/** `stateId` is the full id of the state that owns the `after`, e.g. `buildPoll.active.build.polling.idle`. */
export const afterEvent = (delay: string | number, stateId: string): AfterEvent => ({
  type: `xstate.after.${delay}.${stateId}`,
});

// ---------------------------------------------------------------------------
// Planning

export interface PlanStep {
  event: AnyEventObject;
  /** The state the model expects after `event` (for the first step: the initial state). */
  state: AnyMachineSnapshot;
}

export interface PlanItem {
  kind: 'path' | 'journey';
  name: string;
  /** `steps[0]` is `xstate.init` with the initial state. */
  steps: PlanStep[];
  /** A journey's stated outcome, checked after its last step. */
  then?: JourneyOutcome;
}

const inertLogic = fromPromise<unknown, unknown>(() => new Promise<never>(() => {}));

function invokedSources(machine: AnyStateMachine): string[] {
  const invokes = listInvokes(machine);
  const inline = invokes.filter((i) => i.src === 'inline');
  if (inline.length) {
    throw new Error(
      `${machine.id}: name every invoked actor in setup({ actors }) so tests can replace it (inline src at ${inline.map((i) => i.stateId).join(', ')})`,
    );
  }
  return [...new Set(invokes.map((i) => i.src))];
}

/**
 * The machine with every event it sends its parent (`sendParent` actions, named in its setup) caught by
 * `onParentEvent` instead: a machine under test runs without the root it belongs to, and sending to a
 * parent that is not there is an error.
 */
export function withoutParent<TMachine extends AnyStateMachine>(
  machine: TMachine,
  onParentEvent: (name: string, event: AnyEventObject) => void = () => {},
): TMachine {
  const actions = Object.fromEntries(
    Object.entries(machine.implementations.actions).flatMap(([name, action]) => {
      const build = parentEventOf(action);
      return build ? [[name, (args: unknown, params: unknown) => onParentEvent(name, build(args, params))]] : [];
    }),
  );
  return machine.provide({ actions } as Parameters<TMachine['provide']>[0]) as TMachine;
}

/** For a `sendParent` action of a machine's setup: how it builds its event; otherwise undefined. */
function parentEventOf(action: unknown): ((args: unknown, params: unknown) => AnyEventObject) | undefined {
  if (typeof action !== 'function') return undefined;
  const { type, to, event } = action as unknown as {
    type?: unknown;
    to?: unknown;
    event: AnyEventObject | ((args: unknown, params: unknown) => AnyEventObject);
  };
  if (type !== 'xstate.sendTo' || to !== '#_parent') return undefined;
  return (args, params) => (typeof event === 'function' ? event(args, params) : event);
}

function withActors(machine: AnyStateMachine, logic: () => unknown): AnyStateMachine {
  const actors = Object.fromEntries(invokedSources(machine).map((src) => [src, logic()]));
  return machine.provide({ actors } as Parameters<AnyStateMachine['provide']>[0]);
}

/** Checks the fixtures against the machine and returns every event the traversal may try. */
function modelEvents(definition: ModelDefinition): {
  external: AnyEventObject[];
  invoke: (DoneEvent | ErrorEvent)[];
  after: { event: AfterEvent; stateId: string }[];
} {
  const { machine } = definition;
  const fixtures = definition.events as Record<string, readonly AnyEventObject[]>;
  const transitions = listTransitions(machine);
  const problems: string[] = [];

  for (const type of new Set(transitions.filter((t) => t.kind === 'event').map((t) => t.eventType))) {
    // A wildcard descriptor (`modal.*`) is driven by the fixtures of the events it matches.
    const driven = type.endsWith('.*')
      ? Object.entries(fixtures).some(([key, list]) => key.startsWith(type.slice(0, -1)) && list?.length)
      : Boolean(fixtures[type]?.length);
    if (!driven) problems.push(`no fixture for event "${type}"`);
  }
  const invoke: (DoneEvent | ErrorEvent)[] = [];
  for (const { id } of listInvokes(machine)) {
    const outcomes = definition.invokes?.[id];
    const handlesDone = transitions.some((t) => t.eventType === `xstate.done.actor.${id}`);
    const handlesError = transitions.some((t) => t.eventType === `xstate.error.actor.${id}`);
    if (handlesDone && !outcomes?.done?.length) problems.push(`no done fixture for invoke "${id}"`);
    if (handlesError && !outcomes?.error?.length) problems.push(`no error fixture for invoke "${id}"`);
    for (const output of outcomes?.done ?? []) invoke.push(doneEvent(id, output));
    for (const error of outcomes?.error ?? []) invoke.push(errorEvent(id, error));
  }
  const after = transitions
    .filter((t) => t.kind === 'after')
    .filter((t, i, all) => all.findIndex((o) => o.eventType === t.eventType) === i)
    .map((t) => ({ event: { type: t.eventType } as AfterEvent, stateId: t.source.id }));
  if (problems.length) throw new Error(`Model for "${machine.id}": ${problems.join('; ')}`);

  return { external: Object.values(fixtures).flat(), invoke, after };
}

const nodeIds = (snapshot: unknown): string[] =>
  ((snapshot as { _nodes?: { id: string }[] })._nodes ?? []).map((n) => n.id);

/** How the planner tells two snapshots apart: state value and context, or the part of it `planningContext` keeps. */
const planningSerializer =
  (planningContext?: (context: never) => unknown) =>
  (snapshot: AnyMachineSnapshot): string =>
    serializeSnapshot(
      planningContext ? ({ ...snapshot, context: planningContext(snapshot.context as never) } as never) : snapshot,
    );

/** Generated paths (deduplicated: a path that is a prefix of another is dropped) followed by the journeys. */
export function planModel(definition: ModelDefinition): PlanItem[] {
  const { external, invoke, after } = modelEvents(definition);
  const logic = withActors(definition.machine, () => inertLogic);
  const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const active = new Set(nodeIds(snapshot));
    return [
      ...external,
      // Invoke outcomes only while that actor runs, delays only while their state is active: as in a real run.
      ...invoke.filter((e) => e.type.replace(/^xstate\.(done|error)\.actor\./, '') in snapshot.children),
      ...after.filter((a) => active.has(a.stateId)).map((a) => a.event),
    ];
  };
  // A TestModel over the machine with inert actors: its path generators explore the invoke and delay
  // events like any other (createTestModel() would refuse the machine). Snapshots are told apart as the
  // machine traversal tells them apart (state value and context), and transitions the machine's way.
  const model = new TestModel(logic, {
    input: definition.input,
    events,
    serializeState: planningSerializer(definition.planningContext),
    serializeTransition: undefined,
  });
  const mode = definition.paths ?? 'both';
  const generated = [
    ...(mode === 'simple' ? [] : model.getShortestPaths({ allowDuplicatePaths: true })),
    ...(mode === 'shortest' ? [] : model.getSimplePaths({ allowDuplicatePaths: true })),
  ] as StatePath<AnyMachineSnapshot, AnyEventObject>[];
  const paths = dedupePaths(generated.filter((p) => p.state.status !== 'error'));

  const items: PlanItem[] = paths.map((path) => ({
    kind: 'path',
    name: `reaches ${describeState(definition, path.state)}${
      path.steps.length > 1
        ? ` via ${path.steps
            .slice(1)
            .map((s) => formatEvent(s.event))
            .join(', ')}`
        : ''
    }`,
    steps: path.steps.map((s) => ({ event: s.event, state: s.state })),
  }));
  for (const journey of definition.journeys ?? []) {
    if (!journey.then && !journey.name.startsWith(COVERAGE_REPLAY) && !process.env.MODEL_DUMP) {
      throw new Error(
        `Model for "${definition.machine.id}": journey "${journey.name}" states no outcome; give it a \`then\`, or name it "${COVERAGE_REPLAY}…" if it only takes transitions`,
      );
    }
    items.push(expandJourney(logic, definition, journey));
  }
  return items;
}

/**
 * The generated paths less those whose events another path starts with (or repeats), shortest first: the other path
 * takes the same steps and more.
 */
export function dedupePaths<T extends StatePath<AnyMachineSnapshot, AnyEventObject>>(paths: T[]): T[] {
  // A path's events, one JSON text each, joined by a line break (which JSON text never holds unescaped).
  const sequence = (events: string[], length = events.length) => events.slice(0, length).join('\n');
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const kept: T[] = [];
  // Every prefix of a kept path's events: longest first, so a path is dropped when a kept one starts with all of it.
  // (Comparing each path with each kept one instead took 6 of the payment plan's 7 s.)
  const prefixes = new Set<string>();
  for (const path of sorted) {
    const events = path.steps.slice(1).map((s) => JSON.stringify(s.event));
    if (prefixes.has(sequence(events))) continue;
    kept.push(path);
    for (let length = 0; length <= events.length; length += 1) prefixes.add(sequence(events, length));
  }
  // Shortest first reads better as a test plan.
  return kept.reverse();
}

/**
 * A journey planned on its own: its events (e.g. a recorded session's, tests/support/recorded-session.ts) with the
 * state the model expects after each, ready for `runPlanItem`.
 */
export function planJourney(definition: ModelDefinition, journey: Journey): PlanItem {
  return expandJourney(
    withActors(definition.machine, () => inertLogic),
    definition,
    journey,
  );
}

function expandJourney(logic: AnyStateMachine, definition: ModelDefinition, journey: Journey): PlanItem {
  const [initial] = initialTransition(logic, definition.input);
  const steps: PlanStep[] = [{ event: { type: 'xstate.init' }, state: initial }];
  let snapshot = initial;
  journey.events.forEach((event, i) => {
    const [next] = transition(logic, snapshot, event as AnyEventObject);
    if (next.status === 'error')
      throw new Error(
        `Journey "${journey.name}", step ${i + 1} (${formatEvent(event)}): the model errors (${String(next.error)})`,
      );
    snapshot = next;
    steps.push({ event: event as AnyEventObject, state: next });
  });
  return { kind: 'journey', name: journey.name, steps, then: journey.then as JourneyOutcome | undefined };
}

// ---------------------------------------------------------------------------
// Coverage

export interface CoverageReport {
  machine: string;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

export interface Coverage {
  recordSnapshot(snapshot: unknown): void;
  recordTransitions(definitions: readonly AnyTransitionDefinition[]): void;
  report(): CoverageReport;
}

export function createCoverage(machine: AnyStateMachine): Coverage {
  const allStates = listStateNodes(machine).map((n) => n.id);
  const allTransitions = listTransitions(machine);
  const states = new Set<string>();
  const transitions = new Set<string>();
  return {
    recordSnapshot: (snapshot) => nodeIds(snapshot).forEach((id) => states.add(id)),
    // A transition taken from a state means that state was active, also one entered and left in the same
    // macrostep (a start-up step that only runs its entry and moves on never shows in a snapshot).
    recordTransitions: (definitions) =>
      definitions.forEach((d) => {
        transitions.add(keyOfDefinition(d));
        states.add(d.source.id);
      }),
    report: () => ({
      machine: machine.id,
      states: {
        covered: allStates.filter((id) => states.has(id)).length,
        total: allStates.length,
        missing: allStates.filter((id) => !states.has(id)),
      },
      transitions: {
        covered: allTransitions.filter((t) => transitions.has(t.key)).length,
        total: allTransitions.length,
        missing: allTransitions.filter((t) => !transitions.has(t.key)).map(describeTransition),
      },
    }),
  };
}

/** A UI replay's coverage (tests/support/model-ui-suite.ts writes it; `npm run test:model` prints it). */
export interface UiCoverageFile extends CoverageReport {
  /** Paths and journeys planned, and how many of them the UI replayed (the drivable ones' transition-pair cover). */
  items: number;
  replayed: number;
  /** The items no gesture can drive (the actor replay runs them): how many for each of the driver's reasons. */
  undrivable: Record<string, number>;
  /** What only the undrivable items reach, with why (the driver's declaration; equal to what is missing). */
  unreachable: { states: Record<string, string>; transitions: Record<string, string> };
}

/**
 * What is wrong with a UI replay's coverage: anything missing that the driver did not declare unreachable
 * from the UI, and anything declared that the replay reached after all (the declaration went stale).
 */
export function uiCoverageProblems(report: UiCoverageFile): string[] {
  const declared = { ...report.unreachable.states, ...report.unreachable.transitions };
  const missing = [...report.states.missing, ...report.transitions.missing];
  return [
    ...missing.filter((key) => !(key in declared)).map((key) => `the UI replay misses ${key}`),
    ...Object.keys(declared)
      .filter((key) => !missing.includes(key))
      .map((key) => `declared unreachable from the UI but reached: ${key}`),
  ];
}

export function isComplete(report: CoverageReport): boolean {
  return report.states.covered === report.states.total && report.transitions.covered === report.transitions.total;
}

// ---------------------------------------------------------------------------
// Running against a real actor

/**
 * Controllable stand-ins for the machine's calls, keyed by invoke id: each
 * call waits until the model settles it. The actor replay uses them as the
 * invoked actors' logic; the UI replay (./model-ui.ts) routes the app's API
 * calls of the same names to them.
 */
export class FakeCalls {
  private readonly running = new Map<
    string,
    { resolve: (output: unknown) => void; reject: (error: unknown) => void }
  >();

  /** A pending call under `id`, forgotten when `signal` aborts (its state was left). */
  call(id: string, signal: AbortSignal): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const entry = { resolve, reject };
      this.running.set(id, entry);
      // Leaving the invoking state stops the actor: forget it so a stale settle cannot reach it.
      signal.addEventListener('abort', () => {
        if (this.running.get(id) === entry) this.running.delete(id);
      });
    });
  }

  /** The stand-in logic; `onCall` hears each call with its invoke id and input (the effect calls a journey checks). */
  logic(onCall?: (id: string, input: unknown) => void) {
    return fromPromise<unknown, unknown>(({ self, signal, input }) => {
      onCall?.(self.id, input);
      return this.call(self.id, signal);
    });
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  settle(id: string, outcome: { output: unknown } | { error: unknown }): void {
    const entry = this.running.get(id);
    if (!entry) throw new Error(`the model expects invoke "${id}" to settle, but no such actor is running`);
    this.running.delete(id);
    if ('error' in outcome) entry.reject(outcome.error);
    else entry.resolve(outcome.output);
  }
}

/** Lets promise callbacks and the actor mailbox run; only microtasks, no timers. */
async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** Records what one inspection event of the machine under test entered and took. */
export function recordInspection(coverage: Coverage, event: InspectionEvent): void {
  if (event.type === '@xstate.microstep') {
    coverage.recordTransitions(event._transitions);
    coverage.recordSnapshot(event.snapshot);
  } else if (event.type === '@xstate.snapshot') {
    coverage.recordSnapshot(event.snapshot);
  }
}

/** A named delay of the machine in ms (what a simulated clock must advance). */
export function delayMs(machine: AnyStateMachine, delay: string): number {
  const ms = resolveDelayMs(machine, delay);
  if (ms === undefined)
    throw new Error(
      `delay "${delay}" of ${machine.id} is not a number; give the model machine a numeric delay with .provide({ delays })`,
    );
  return ms;
}

/** How a replay performs each kind of step; the actor replay and the UI replay differ only here. */
export interface StepDriver {
  /** An invoked actor finishes (`output`) or fails (`error`). */
  settle(invokeId: string, outcome: { output: unknown } | { error: unknown }): void | Promise<void>;
  /** The named delay (`qrPollInterval`, or a number of ms) elapses. */
  elapse(delay: string): void | Promise<void>;
  /** Any other event: sent to the actor, or performed as the user gesture that sends it. */
  send(event: AnyEventObject): void | Promise<void>;
}

export async function driveStep(event: AnyEventObject, driver: StepDriver): Promise<void> {
  const { type } = event;
  if (type.startsWith('xstate.done.actor.')) {
    await driver.settle(type.slice('xstate.done.actor.'.length), { output: (event as DoneEvent).output });
  } else if (type.startsWith('xstate.error.actor.')) {
    await driver.settle(type.slice('xstate.error.actor.'.length), { error: (event as ErrorEvent).error });
  } else if (type.startsWith('xstate.after.')) {
    await driver.elapse(type.slice('xstate.after.'.length).split('.')[0] ?? '');
  } else {
    await driver.send(event);
  }
}

/**
 * The machine as written with every effect call recorded: its events to its parent (by event type) and its named
 * effect actions (the plain functions of its `setup()` that the app replaces with `.provide()`, by name). Its
 * assigns, raises and enqueues run as they are.
 */
function recordingEffects(
  bare: AnyStateMachine,
  record: (name: string, args: unknown) => void,
  fakes: FakeCalls,
): AnyStateMachine {
  const actions: Record<string, unknown> = {};
  for (const [name, action] of Object.entries(bare.implementations.actions)) {
    const build = parentEventOf(action);
    if (build) {
      actions[name] = (args: unknown, params: unknown) => {
        const { type, ...rest } = build(args, params);
        record(type, rest);
      };
    } else if (typeof action === 'function' && (action as { type?: unknown }).type === undefined) {
      actions[name] = (_args: unknown, params: unknown) => record(name, params);
    }
  }
  const actors = Object.fromEntries(invokedSources(bare).map((src) => [src, fakes.logic(record)]));
  // One provide(): a machine as large as payment's costs a clone per call, and the replay runs hundreds of items.
  return bare.provide({ actions, actors } as Parameters<AnyStateMachine['provide']>[0]);
}

/** What a replay ended in: the snapshot and every effect call, in order. */
export interface ReplayEnd {
  snapshot: AnyMachineSnapshot;
  calls: EffectCall[];
}

/**
 * Replays one path or journey on a real actor, asserting every step and, for a journey, its stated outcome
 * (`then`); records coverage if given. Returns where it ended.
 */
export async function runPlanItem(
  definition: ModelDefinition,
  item: PlanItem,
  coverage?: Coverage,
): Promise<ReplayEnd> {
  const fakes = new FakeCalls();
  const clock = new SimulatedClock();
  const calls: EffectCall[] = [];
  const record = (name: string, args: unknown) => calls.push({ name, args });
  const machine = recordingEffects(definition.bare, record, fakes);
  const inspect = (event: InspectionEvent) => {
    // Only the machine under test, not its fakes.
    if (coverage && event.actorRef.sessionId === event.rootId) recordInspection(coverage, event);
    // An event the machine sends one of its children (the root forwarding to a flow): a call `to <child>: <type>`.
    if (
      event.type === '@xstate.event' &&
      event.sourceRef?.sessionId === event.rootId &&
      event.actorRef.sessionId !== event.rootId &&
      event.event.type !== 'xstate.init'
    ) {
      const { type, ...rest } = event.event;
      record(`to ${(event.actorRef as { id?: string }).id}: ${type}`, rest);
    }
  };
  const actor = createActor(machine, { input: definition.input, clock, inspect });
  // An event the machine emits for listeners (`emit()`): a call `emit <type>`.
  actor.on('*', (emitted) => {
    const { type, ...rest } = emitted;
    record(`emit ${type}`, rest);
  });
  actor.start();
  try {
    await flush();
    coverage?.recordSnapshot(actor.getSnapshot());
    expectState(actor.getSnapshot(), item.steps[0]?.state, item, 0, definition.planningContext);
    for (const [index, step] of item.steps.entries()) {
      if (index === 0) continue;
      await driveStep(step.event, {
        settle: (id, outcome) => fakes.settle(id, outcome),
        elapse: (delay) => clock.increment(delayMs(machine, delay)),
        send: (event) => actor.send(event),
      });
      await flush();
      expectState(actor.getSnapshot(), step.state, item, index, definition.planningContext);
    }
    const end = { snapshot: actor.getSnapshot(), calls };
    if (item.then) {
      const problems = outcomeProblems(item.then, end);
      if (problems.length) throw new Error(`${item.name}\n  then: ${problems.join('\n  then: ')}`);
    }
    return end;
  } finally {
    actor.stop();
  }
}

// ---------------------------------------------------------------------------
// Outcomes (a journey's `then`)

/** Where `actual` differs from what `expected` names (objects by their named keys, arrays element by element). */
function differences(actual: unknown, expected: unknown, at: string): string[] {
  const show = (value: unknown) => (value instanceof Error ? `Error(${value.message})` : JSON.stringify(value));
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: expected an array ${show(expected)}, got ${show(actual)}`];
    if (actual.length !== expected.length)
      return [`${at}: expected ${expected.length} items ${show(expected)}, got ${actual.length}: ${show(actual)}`];
    return expected.flatMap((item, i) => differences(actual[i], item, `${at}[${i}]`));
  }
  if (expected instanceof Error) {
    return actual instanceof Error && actual.message === expected.message
      ? []
      : [`${at}: expected ${show(expected)}, got ${show(actual)}`];
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null)
      return [`${at}: expected ${show(expected)}, got ${show(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) =>
      differences((actual as Record<string, unknown>)[key], value, `${at}.${key}`),
    );
  }
  return Object.is(actual, expected) ? [] : [`${at}: expected ${show(expected)}, got ${show(actual)}`];
}

const formatCall = ({ name, args }: EffectCall) =>
  args === undefined || (typeof args === 'object' && args !== null && Object.keys(args).length === 0)
    ? name
    : `${name} ${JSON.stringify(args)}`;

/** What is wrong with a replay's end against a journey's stated outcome (nothing: it holds). */
function outcomeProblems(then: JourneyOutcome, { snapshot, calls }: ReplayEnd): string[] {
  const problems: string[] = [];
  if (!snapshot.matches(then.state as never))
    problems.push(`expected state ${JSON.stringify(then.state)}, but it ends in ${JSON.stringify(snapshot.value)}`);
  if (then.context) problems.push(...differences(snapshot.context, then.context, 'context'));
  const wanted = (matchers: readonly EffectMatcher[]) =>
    matchers.map((m) =>
      typeof m === 'string'
        ? { name: m, args: undefined }
        : { name: Object.keys(m)[0] ?? '', args: Object.values(m)[0] },
    );
  const fits = (call: EffectCall | undefined, w: { name: string; args: unknown }) =>
    call?.name === w.name && (w.args === undefined || differences(call.args, w.args, '').length === 0);
  const made = () => calls.map(formatCall).join('\n    ') || '(none)';
  if (then.calls) {
    const list = wanted(then.calls);
    if (list.length !== calls.length || list.some((w, i) => !fits(calls[i], w))) {
      problems.push(
        `expected the calls\n    ${then.calls.map((m) => JSON.stringify(m)).join('\n    ')}\n  but it made\n    ${made()}`,
      );
    }
  }
  if (then.someCalls) {
    let from = 0;
    for (const w of wanted(then.someCalls)) {
      const at = calls.findIndex((call, i) => i >= from && fits(call, w));
      if (at < 0) {
        problems.push(
          `expected the call ${JSON.stringify(w)} (after the ones before it in someCalls), but it made\n    ${made()}`,
        );
        break;
      }
      from = at + 1;
    }
  }
  return problems;
}

export function expectState(
  actual: AnyMachineSnapshot,
  expected: AnyMachineSnapshot | undefined,
  item: PlanItem,
  index: number,
  planningContext?: (context: never) => unknown,
): void {
  if (!expected) return;
  if (actual.status === 'error')
    throw new Error(`${item.name}: step ${index} failed the actor: ${String(actual.error)}`);
  // A path's states are the planner's: compared as it told them apart.
  const serialize = planningSerializer(planningContext);
  const got = serialize(actual);
  const want = serialize(expected);
  if (got !== want) {
    const event = item.steps[index]?.event;
    throw new Error(
      `${item.name}\n  step ${index}${event ? ` (${formatEvent(event)})` : ''}: expected ${want}\n  but the actor is in ${got}`,
    );
  }
}

/**
 * The fewest items (greedily) that together take every transition and every pair of consecutive transitions
 * the given items take, and enter every state they enter: hand-written journeys always, then the generated
 * path that adds most, shorter paths first on a tie. Measured on a bare actor (`runPlanItem`), in plan
 * order. The UI replay runs this cover (a page through jsdom costs a hundred times an actor step), the actor
 * replay every item.
 */
export async function transitionPairCover(
  definition: ModelDefinition,
  items: readonly PlanItem[],
): Promise<PlanItem[]> {
  const reaches = new Map<PlanItem, Set<string>>();
  for (const item of items) {
    const taken: string[] = [];
    const entered = new Set<string>();
    const recorder: Coverage = {
      recordSnapshot: (snapshot) => nodeIds(snapshot).forEach((id) => entered.add(`state ${id}`)),
      recordTransitions: (definitions) => definitions.forEach((d) => taken.push(keyOfDefinition(d))),
      report: () => {
        throw new Error('a recorder only records');
      },
    };
    await runPlanItem(definition, item, recorder);
    const reached = new Set([...entered, ...taken]);
    for (let i = 1; i < taken.length; i++) reached.add(`${taken[i - 1]} then ${taken[i]}`);
    reaches.set(item, reached);
  }
  const chosen = new Set(items.filter((item) => item.kind === 'journey'));
  const left = new Set([...reaches.values()].flatMap((reached) => [...reached]));
  const take = (item: PlanItem) => {
    chosen.add(item);
    reaches.get(item)?.forEach((key) => left.delete(key));
  };
  chosen.forEach(take);
  const candidates = items.filter((item) => item.kind === 'path').sort((a, b) => a.steps.length - b.steps.length);
  while (left.size > 0) {
    let best: PlanItem | undefined;
    let bestGain = 0;
    for (const item of candidates) {
      if (chosen.has(item)) continue;
      let gain = 0;
      reaches.get(item)?.forEach((key) => (gain += left.has(key) ? 1 : 0));
      if (gain > bestGain) [best, bestGain] = [item, gain];
    }
    if (!best) break;
    take(best);
  }
  return items.filter((item) => chosen.has(item));
}

export interface ModelRun {
  items: PlanItem[];
  report: CoverageReport;
  failures: { item: PlanItem; error: unknown }[];
}

/** Plans and runs every path and journey; used by `npm run test:model`. */
export async function runModel(definition: ModelDefinition): Promise<ModelRun> {
  const items = planModel(definition);
  const coverage = createCoverage(definition.machine);
  const failures: ModelRun['failures'] = [];
  for (const item of items) {
    try {
      await runPlanItem(definition, item, coverage);
    } catch (error) {
      failures.push({ item, error });
    }
  }
  return { items, report: coverage.report(), failures };
}

// ---------------------------------------------------------------------------
// Formatting (test names, `npm run paths`)

/** `idle`, or for parallel states `active.build.polling.waiting + active.payment.idle`. */
function formatState(snapshot: AnyMachineSnapshot): string {
  const leaves = (snapshot._nodes as { type: string; path: string[]; order: number }[])
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .sort((a, b) => a.order - b.order);
  return leaves.map((n) => n.path.join('.')).join(' + ') || '(root)';
}

/** The state with the model's context phrase, if any: `idle (stack login < pay)`. */
export function describeState(definition: ModelDefinition, snapshot: AnyMachineSnapshot): string {
  const phrase = definition.describeContext?.(snapshot.context as never);
  return `${formatState(snapshot)}${phrase ? ` (${phrase})` : ''}`;
}

export function formatEvent(event: AnyEventObject): string {
  const { type } = event;
  if (type.startsWith('xstate.done.actor.'))
    return `done: ${type.slice('xstate.done.actor.'.length)}${suffix((event as DoneEvent).output)}`;
  if (type.startsWith('xstate.error.actor.')) return `error: ${type.slice('xstate.error.actor.'.length)}`;
  if (type.startsWith('xstate.after.')) return `after ${type.slice('xstate.after.'.length).split('.')[0]}`;
  const { type: _type, ...payload } = event;
  return `${type}${Object.keys(payload).length ? ` ${JSON.stringify(payload)}` : ''}`;
}

const suffix = (output: unknown) => (output === undefined ? '' : ` ${JSON.stringify(output)}`);
