/**
 * Pure generator: XState machine → the definition Stately's editor reads with
 * "Import from code": one `createMachine({...})` call with no imports, every
 * guard, action, actor and delay referenced by its name (a string), `invoke`
 * ids and `src` names, tags and descriptions kept. Written by `npm run charts`
 * to docs/machines/stately/<id>.ts, with the same definition as JSON in
 * <id>.json; tests/machines/stately-export.test.ts rebuilds each machine from
 * them and compares its graph with the real machine's.
 *
 * Built from the machine's state nodes (what XState made of the config), so
 * the export names a guard or an action exactly as the charts do
 * (./machine-introspection.ts). A higher-order guard becomes one name
 * (`isA && !isB`); implementation details that are code (inputs, params,
 * inline assigns' bodies, context factories) are left out: the editor draws
 * the chart, the app supplies the code.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { DiscoveredMachine } from './machines';
import { actionLabel, guardLabel } from './machine-introspection';

export const STATELY_DIR = 'docs/machines/stately';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface StatelyNames {
  guards: string[];
  actions: string[];
  actors: string[];
  delays: string[];
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const SNAPSHOT = 'xstate.snapshot.';
const DONE_STATE = 'xstate.done.state.';
const AFTER = 'xstate.after.';

/** A target as an absolute reference (`#modal.opening`), which reads the same from any state. */
const targetRef = (node: AnyStateNode) => `#${node.id}`;

function actionNames(actions: readonly unknown[]): Json[] {
  return actions.map((action) => actionLabel(action));
}

function configActions(actions: unknown): Json[] {
  if (actions === undefined || actions === null) return [];
  return actionNames(Array.isArray(actions) ? actions : [actions]);
}

function exportTransition(definition: AnyTransitionDefinition): JsonObject {
  const out: JsonObject = {};
  const targets = definition.target ?? [];
  if (targets.length === 1 && targets[0]) out.target = targetRef(targets[0]);
  else if (targets.length > 1) out.target = targets.map(targetRef);
  const guard = guardLabel(definition.guard);
  if (guard !== undefined) out.guard = guard;
  if (definition.actions.length) out.actions = actionNames(definition.actions);
  if (definition.reenter) out.reenter = true;
  if (definition.description) out.description = definition.description;
  return out;
}

const transitions = (definitions: readonly AnyTransitionDefinition[]): Json => {
  const list = definitions.map(exportTransition);
  return list.length === 1 && list[0] ? list[0] : list;
};

function exportNode(node: AnyStateNode): JsonObject {
  const out: JsonObject = {};
  if (!node.parent) out.id = node.id;
  else if (node.id !== [node.machine.id, ...node.path].join('.')) out.id = node.id;
  if (node.type === 'parallel' || node.type === 'final' || node.type === 'history') out.type = node.type;
  if (node.type === 'history') {
    out.history = node.history === 'deep' ? 'deep' : 'shallow';
    const target = node.config.target;
    if (typeof target === 'string') out.target = target;
  }
  if (node.type === 'compound') {
    const initial = node.initial.target[0];
    if (initial) out.initial = initial.key;
  }
  if (node.description) out.description = node.description;
  if (node.tags.length) out.tags = [...node.tags];
  // From the config: XState adds the `after` timers' own raise and cancel to the state node's entry and exit.
  const entry = configActions(node.config.entry);
  const exit = configActions(node.config.exit);
  if (entry.length) out.entry = entry;
  if (exit.length) out.exit = exit;

  const invokeIds = new Set(node.invoke.map((invoke) => invoke.id));
  const on: JsonObject = {};
  const after: JsonObject = {};
  let onDone: Json | undefined;
  const invokeHandlers = new Map<string, JsonObject>();
  const handlersOf = (id: string) => {
    const existing = invokeHandlers.get(id);
    if (existing) return existing;
    const created: JsonObject = {};
    invokeHandlers.set(id, created);
    return created;
  };

  for (const [eventType, definitions] of node.transitions) {
    const ownInvoke = (prefix: string) =>
      eventType.startsWith(prefix) && invokeIds.has(eventType.slice(prefix.length))
        ? eventType.slice(prefix.length)
        : undefined;
    const done = ownInvoke(DONE_ACTOR);
    const error = ownInvoke(ERROR_ACTOR);
    const snapshot = ownInvoke(SNAPSHOT);
    if (done !== undefined) handlersOf(done).onDone = transitions(definitions);
    else if (error !== undefined) handlersOf(error).onError = transitions(definitions);
    else if (snapshot !== undefined) handlersOf(snapshot).onSnapshot = transitions(definitions);
    else if (eventType === `${DONE_STATE}${node.id}`) onDone = transitions(definitions);
    else if (eventType.startsWith(AFTER)) {
      for (const definition of definitions) {
        const delay = String((definition as AnyTransitionDefinition & { delay?: unknown }).delay);
        const existing = after[delay];
        const next = exportTransition(definition);
        after[delay] = existing === undefined ? next : [...(Array.isArray(existing) ? existing : [existing]), next];
      }
    } else on[eventType] = transitions(definitions);
  }

  if (node.invoke.length) {
    const invokes = node.invoke.map(
      (invoke): JsonObject => ({
        id: invoke.id,
        src: typeof invoke.src === 'string' ? invoke.src : 'inline',
        ...(invoke.systemId ? { systemId: invoke.systemId } : {}),
        ...invokeHandlers.get(invoke.id),
      }),
    );
    out.invoke = invokes.length === 1 && invokes[0] ? invokes[0] : invokes;
  }
  if (Object.keys(on).length) out.on = on;
  if (Object.keys(after).length) out.after = after;
  if (node.always?.length) out.always = transitions(node.always);
  if (onDone !== undefined) out.onDone = onDone;
  const children = Object.values(node.states);
  if (children.length) out.states = Object.fromEntries(children.map((child) => [child.key, exportNode(child)]));
  return out;
}

/** The machine's definition as plain JSON: what Stately's editor imports. */
export function toStatelyConfig(machine: AnyStateMachine): JsonObject {
  const config = exportNode(machine.root);
  const context = machine.config.context;
  // A context given as a value (not a factory of the input) is kept: the editor shows it.
  if (context !== undefined && typeof context !== 'function')
    return { ...config, context: JSON.parse(JSON.stringify(context)) as Json };
  return config;
}

/** Every name the exported definition references, by kind: what a rebuild must supply. */
export function namesIn(config: JsonObject): StatelyNames {
  const names = {
    guards: new Set<string>(),
    actions: new Set<string>(),
    actors: new Set<string>(),
    delays: new Set<string>(),
  };
  const addAll = (set: Set<string>, value: Json | undefined) => {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      if (typeof item === 'string') set.add(item);
  };
  const visitTransitions = (value: Json | undefined) => {
    for (const t of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (typeof t !== 'object' || t === null || Array.isArray(t)) continue;
      addAll(names.guards, t.guard);
      addAll(names.actions, t.actions);
    }
  };
  const visit = (node: JsonObject) => {
    addAll(names.actions, node.entry);
    addAll(names.actions, node.exit);
    for (const value of Object.values((node.on ?? {}) as JsonObject)) visitTransitions(value);
    for (const [delay, value] of Object.entries((node.after ?? {}) as JsonObject)) {
      if (!/^\d+$/.test(delay)) names.delays.add(delay);
      visitTransitions(value);
    }
    visitTransitions(node.always);
    visitTransitions(node.onDone);
    const invokes = node.invoke === undefined ? [] : Array.isArray(node.invoke) ? node.invoke : [node.invoke];
    for (const invoke of invokes as JsonObject[]) {
      addAll(names.actors, invoke.src);
      visitTransitions(invoke.onDone);
      visitTransitions(invoke.onError);
      visitTransitions(invoke.onSnapshot);
    }
    for (const child of Object.values((node.states ?? {}) as JsonObject)) visit(child as JsonObject);
  };
  visit(config);
  const sorted = (set: Set<string>) => [...set].sort();
  return {
    guards: sorted(names.guards),
    actions: sorted(names.actions),
    actors: sorted(names.actors),
    delays: sorted(names.delays),
  };
}

export const statelyPath = (machineId: string, ext: 'ts' | 'json') => `${STATELY_DIR}/${machineId}.${ext}`;

/** The `.ts` file: a comment, then one `createMachine` call whose argument is the JSON definition. */
function renderStatelyModule(entry: DiscoveredMachine, config: JsonObject): string {
  return [
    `// Generated by \`npm run charts\` from ${entry.file} (${entry.exportName}). Do not edit: change the machine and regenerate.`,
    "// Stately's editor: Import from code, paste this file. Guards, actions, actors and delays are referenced by name;",
    '// the app supplies them (machines/ declares them in setup(), src/ provides them).',
    `export const ${entry.exportName} = createMachine(${JSON.stringify(config, null, 2)});`,
    '',
  ].join('\n');
}

/** docs/machines/stately/<id>.ts and <id>.json for every machine. */
export function generateStatelyFiles(entries: readonly DiscoveredMachine[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of entries) {
    const config = toStatelyConfig(entry.machine);
    files.set(statelyPath(entry.id, 'ts'), renderStatelyModule(entry, config));
    files.set(statelyPath(entry.id, 'json'), `${JSON.stringify(config, null, 2)}\n`);
  }
  return files;
}
