/**
 * Reads a machine's structure (state nodes, every defined transition, invokes,
 * delays, implementations) in the shape the chart generator, the path printer
 * and the model-coverage helper share, so that all three name a transition the
 * same way.
 */
import { and, not, or, stateIn, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

type TransitionKind = 'event' | 'after' | 'done' | 'error' | 'stateDone' | 'snapshot' | 'always';

export interface TransitionInfo {
  /** Stable identity: `<source id>|<event type>|<index among that source's transitions for the event>`. */
  key: string;
  source: AnyStateNode;
  eventType: string;
  index: number;
  kind: TransitionKind;
  /** How charts and reports show the trigger: `modal.open`, `after pollInterval`, `done: loadModal`, `always`. */
  eventLabel: string;
  guard: string | undefined;
  /** Empty for targetless transitions (actions only, no state change). */
  targets: AnyStateNode[];
  actions: string[];
  reenter: boolean;
  definition: AnyTransitionDefinition;
}

export interface InvokeInfo {
  stateId: string;
  id: string;
  src: string;
  systemId: string | undefined;
}

export interface DelayInfo {
  /** The name given in setup({ delays }), or the literal number of ms. */
  name: string;
  ms: number | undefined;
  stateIds: string[];
}

/** Event types XState uses internally; the UI never sends these. */
const NULL_EVENT = '';

export function isStateMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    '__xstatenode' in value &&
    'root' in value &&
    typeof (value as { getInitialSnapshot?: unknown }).getInitialSnapshot === 'function'
  );
}

/** The root node and every descendant, depth first in document order. */
export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return nodes;
}

function transitionKey(sourceId: string, eventType: string, index: number): string {
  return `${sourceId}|${eventType}|${index}`;
}

/** The key of a transition definition taken at run time (as reported by `@xstate.microstep`). */
export function keyOfDefinition(definition: AnyTransitionDefinition): string {
  const source = definition.source;
  const siblings =
    definition.eventType === NULL_EVENT ? (source.always ?? []) : (source.transitions.get(definition.eventType) ?? []);
  return transitionKey(source.id, definition.eventType, siblings.indexOf(definition));
}

export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const result: TransitionInfo[] = [];
  for (const node of listStateNodes(machine)) {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((definition, index) => result.push(describe(node, eventType, index, definition)));
    }
    (node.always ?? []).forEach((definition, index) => result.push(describe(node, NULL_EVENT, index, definition)));
  }
  return result;
}

function describe(
  source: AnyStateNode,
  eventType: string,
  index: number,
  definition: AnyTransitionDefinition,
): TransitionInfo {
  const { kind, label } = classifyEvent(eventType, definition);
  return {
    key: transitionKey(source.id, eventType, index),
    source,
    eventType,
    index,
    kind,
    eventLabel: label,
    guard: guardLabel(definition.guard),
    targets: [...(definition.target ?? [])],
    actions: definition.actions.map(actionLabel),
    reenter: definition.reenter,
    definition,
  };
}

function classifyEvent(
  eventType: string,
  definition: AnyTransitionDefinition,
): { kind: TransitionKind; label: string } {
  if (eventType === NULL_EVENT) return { kind: 'always', label: 'always' };
  if (eventType.startsWith('xstate.after.')) {
    const delay = (definition as AnyTransitionDefinition & { delay?: unknown }).delay;
    return { kind: 'after', label: `after ${typeof delay === 'number' ? `${delay}ms` : String(delay)}` };
  }
  if (eventType.startsWith('xstate.done.actor.'))
    return { kind: 'done', label: `done: ${eventType.slice('xstate.done.actor.'.length)}` };
  if (eventType.startsWith('xstate.error.actor.'))
    return { kind: 'error', label: `error: ${eventType.slice('xstate.error.actor.'.length)}` };
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'stateDone', label: 'done' };
  if (eventType.startsWith('xstate.snapshot.'))
    return { kind: 'snapshot', label: `snapshot: ${eventType.slice('xstate.snapshot.'.length)}` };
  return { kind: 'event', label: eventType };
}

// The higher-order guards are recognised by their `check` function, which is shared by every instance.
const checkOf = (guard: unknown) => (guard as { check?: unknown }).check;
const NOT_CHECK = checkOf(not('x'));
const AND_CHECK = checkOf(and(['x']));
const OR_CHECK = checkOf(or(['x']));
const STATE_IN_CHECK = checkOf(stateIn('x'));

export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    const check = checkOf(guard);
    const inner = ((guard as { guards?: unknown[] }).guards ?? []).map((g) => guardLabel(g) ?? '?');
    if (check === NOT_CHECK) return `!${wrap(inner[0] ?? '?')}`;
    if (check === AND_CHECK) return inner.map(wrap).join(' && ');
    if (check === OR_CHECK) return inner.map(wrap).join(' || ');
    if (check === STATE_IN_CHECK) return `in(${JSON.stringify((guard as { stateValue?: unknown }).stateValue)})`;
    return guard.name && guard.name !== 'guard' ? guard.name : 'inline guard';
  }
  return 'guard';
}

const wrap = (label: string) => (/[ &|]/.test(label) ? `(${label})` : label);

export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action)
    return String((action as { type: unknown }).type);
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    if (typeof type === 'string') return type.replace(/^xstate\./, '');
    return action.name || 'inline action';
  }
  return 'action';
}

export function listInvokes(machine: AnyStateMachine): InvokeInfo[] {
  return listStateNodes(machine).flatMap((node) =>
    node.invoke.map((def) => ({
      stateId: node.id,
      id: def.id,
      src: typeof def.src === 'string' ? def.src : 'inline',
      systemId: def.systemId,
    })),
  );
}

export function listDelays(machine: AnyStateMachine): DelayInfo[] {
  const byName = new Map<string, DelayInfo>();
  for (const node of listStateNodes(machine)) {
    for (const transition of node.after) {
      const delay = (transition as { delay: unknown }).delay;
      const name = String(delay);
      const info = byName.get(name) ?? { name, ms: resolveDelayMs(machine, delay), stateIds: [] };
      if (!info.stateIds.includes(node.id)) info.stateIds.push(node.id);
      byName.set(name, info);
    }
  }
  for (const name of Object.keys(machine.implementations.delays)) {
    if (!byName.has(name)) byName.set(name, { name, ms: resolveDelayMs(machine, name), stateIds: [] });
  }
  return [...byName.values()];
}

/** The delay in ms for a numeric delay or a named one whose implementation is a number. */
export function resolveDelayMs(machine: AnyStateMachine, delay: unknown): number | undefined {
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'string' && /^\d+$/.test(delay)) return Number(delay);
  const implementation: unknown = machine.implementations.delays[String(delay)];
  return typeof implementation === 'number' ? implementation : undefined;
}

export interface Implementations {
  actors: string[];
  guards: string[];
  actions: string[];
  delays: string[];
}

/** The names the machine declares in setup(): what the app (or a test) may provide. */
export function listImplementations(machine: AnyStateMachine): Implementations {
  const { actors, guards, actions, delays } = machine.implementations;
  return {
    actors: Object.keys(actors).sort(),
    guards: Object.keys(guards).sort(),
    actions: Object.keys(actions).sort(),
    delays: Object.keys(delays).sort(),
  };
}

/** `a.b.c` state id without the machine id: `b.c`; the root is shown as `(machine)`. */
export function relativeStateName(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : `(${node.id})`;
}

/**
 * How a chart labels a transition: its trigger, its guard in brackets, and for a targetless one the actions it
 * runs (`session.refresh [isStale] / refreshToken`). The Mermaid charts (scripts/lib/mermaid.ts) and the
 * inspector's drawn chart (src/dev-tools/chart-layout.ts) both use it, so the two read alike (the Mermaid labels add
 * the actions of a transition with a target too).
 */
export function transitionLabel(info: TransitionInfo): string {
  const guard = info.guard ? ` [${info.guard}]` : '';
  const actions = info.targets.length === 0 && info.actions.length ? ` / ${info.actions.join(', ')}` : '';
  return `${info.eventLabel}${guard}${actions}`;
}

export function describeTransition(info: TransitionInfo): string {
  const guard = info.guard ? ` [${info.guard}]` : '';
  const targets = info.targets.length ? info.targets.map(relativeStateName).join(', ') : '(no state change)';
  return `${relativeStateName(info.source)} --${info.eventLabel}${guard}--> ${targets}`;
}
