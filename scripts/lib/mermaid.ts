/**
 * Pure generator: XState machine → Mermaid `stateDiagram-v2` text and the
 * Markdown pages of docs/machines/. No file system here; scripts/charts.ts
 * writes (or, with --check, compares) what these functions return.
 *
 * Mermaid's state-diagram grammar allows neither ':' nor ';' in transition
 * labels or state descriptions, so labels use U+A789 (꞉), which looks like a
 * colon; the table below the chart uses the real one. Nested ids may not
 * contain '-' or '.', hence `modal_opening` for `modal.opening`.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { DiscoveredMachine } from './machines';
import {
  guardLabel,
  listDelays,
  listImplementations,
  listInvokes,
  listStateNodes,
  listTransitions,
  relativeStateName,
  transitionLabel,
  type TransitionInfo,
} from './machine-introspection';

const MERMAID_COLON = '\uA789';

export const CHARTS_DIR = 'docs/machines';

/** The first sentence of a comment, on one line (the index's "What it models"). */
function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const match = /^(.*?[.!?])(?:\s|$)/.exec(flat);
  return match?.[1] ?? flat;
}

const nodeId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');
const safeLabel = (text: string) => text.replace(/:/g, MERMAID_COLON).replace(/;/g, ',').replace(/"/g, "'");
const isComposite = (node: AnyStateNode) => node.type === 'compound' || node.type === 'parallel';

/** `event [guard] / actions`: unlike the inspector's arrows, every Mermaid label names the actions it runs. */
const edgeLabel = (t: TransitionInfo) =>
  safeLabel(
    t.targets.length && t.actions.length ? `${transitionLabel(t)} / ${t.actions.join(', ')}` : transitionLabel(t),
  );

/** The node whose block declares `node` (the root's pseudo node lives at the top level). */
const container = (node: AnyStateNode, root: AnyStateNode) => node.parent ?? root;

function ancestorsOrSelf(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) chain.unshift(current);
  return chain;
}

/** The block an edge is written in: the deepest block containing both ends, never between parallel regions. */
function edgeBlock(t: TransitionInfo, target: AnyStateNode, root: AnyStateNode): AnyStateNode {
  const a = ancestorsOrSelf(container(t.source, root));
  const b = ancestorsOrSelf(container(target, root));
  let common = root;
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) common = a[i] as AnyStateNode;
  while (common.type === 'parallel' && common.parent) common = common.parent;
  return common;
}

/** The Mermaid `stateDiagram-v2` text for one machine. */
export function toMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  const transitions = listTransitions(machine);
  const invokesByState = new Map<string, string[]>();
  for (const invoke of listInvokes(machine)) {
    invokesByState.set(invoke.stateId, [
      ...(invokesByState.get(invoke.stateId) ?? []),
      invoke.src === invoke.id ? invoke.id : `${invoke.src} as ${invoke.id}`,
    ]);
  }

  const edges = new Map<AnyStateNode, string[]>();
  const notes = new Map<AnyStateNode, string[]>();
  const addTo = <K, V>(map: Map<K, V[]>, key: K, value: V) => map.set(key, [...(map.get(key) ?? []), value]);
  const rootHasOwnTransitions = transitions.some((t) => t.source === root);
  const rootIsDrawnAsNode = root.type === 'parallel' || rootHasOwnTransitions || root.invoke.length > 0;

  for (const t of transitions) {
    if (t.targets.length === 0) {
      // A targetless transition runs actions without leaving the state: a self-loop, or a note on a composite.
      if (isComposite(t.source) && t.source !== root) addTo(notes, t.source, `${edgeLabel(t)} (no state change)`);
      else addTo(edges, edgeBlock(t, t.source, root), `${nodeId(t.source)} --> ${nodeId(t.source)} : ${edgeLabel(t)}`);
      continue;
    }
    for (const target of t.targets) {
      addTo(edges, edgeBlock(t, target, root), `${nodeId(t.source)} --> ${nodeId(target)} : ${edgeLabel(t)}`);
    }
  }

  const lines: string[] = ['stateDiagram-v2'];
  const emit = (depth: number, text: string) => lines.push(`${'  '.repeat(depth)}${text}`);

  const emitDeclaration = (node: AnyStateNode, depth: number) => {
    emit(depth, `state "${safeLabel(node.key)}" as ${nodeId(node)}`);
    for (const invoke of invokesByState.get(node.id) ?? [])
      emit(depth, `${nodeId(node)} : invoke ${safeLabel(invoke)}`);
    if (isComposite(node)) {
      emit(depth, `state ${nodeId(node)} {`);
      emitBody(node, depth + 1);
      emit(depth, '}');
    }
    const noteLines = notes.get(node) ?? [];
    if (noteLines.length) {
      emit(depth, `note right of ${nodeId(node)}`);
      for (const line of noteLines) emit(depth + 1, line.replace(/;/g, ','));
      emit(depth, 'end note');
    }
    if (node.type === 'final') emit(depth, `${nodeId(node)} --> [*]`);
  };

  const emitBody = (node: AnyStateNode, depth: number) => {
    const children = Object.values(node.states);
    if (node.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) emit(depth, '--');
        emitDeclaration(child, depth);
      });
    } else {
      const initial = node.initial?.target[0];
      if (initial) emit(depth, `[*] --> ${nodeId(initial)}`);
      for (const child of children) emitDeclaration(child, depth);
    }
    // A parallel root's own edges are written once, after its block (below).
    if (node !== root || node.type !== 'parallel') for (const edge of edges.get(node) ?? []) emit(depth, edge);
  };

  if (root.type === 'parallel') {
    emit(1, `[*] --> ${nodeId(root)}`);
    emitDeclaration(root, 1);
    for (const edge of edges.get(root) ?? []) emit(1, edge);
  } else {
    if (rootIsDrawnAsNode) {
      // The root as a node: its transitions apply in any state, its invokes run as long as the machine.
      emit(1, `state "${safeLabel(`${root.id} (any state)`)}" as ${nodeId(root)}`);
      for (const invoke of invokesByState.get(root.id) ?? []) emit(1, `${nodeId(root)} : invoke ${safeLabel(invoke)}`);
    }
    emitBody(root, 1);
  }
  return `${lines.join('\n')}\n`;
}

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');

/**
 * The page's one list: the events the machine takes, then every name it declares (supplied with
 * `.provide()`) and its tags. The chart shows where each is used.
 */
function nameRows(machine: AnyStateMachine): string[] {
  const names = listImplementations(machine);
  const invokes = listInvokes(machine);
  const list = (items: string[]) => (items.length ? items.join(', ') : '—');
  const actors = names.actors.map((name) => {
    const systemIds = invokes
      .filter((i) => i.src === name && i.systemId)
      .map((i) => `systemId ${code(i.systemId ?? '')}`);
    return `${code(name)}${systemIds.length ? ` (${systemIds.join(', ')})` : ''}`;
  });
  const delays = listDelays(machine).map(
    (d) =>
      `${code(d.name)}${d.ms !== undefined && String(d.ms) !== d.name ? ` = ${d.ms} ms` : d.ms === undefined ? ' (computed)' : ' ms'}`,
  );
  const rows = [
    `- Events: ${list(externalEvents(machine).map(code))}`,
    `- Guards: ${list(names.guards.map((name) => guardCell(machine, name)))}`,
    `- Actions: ${list(names.actions.map(code))}`,
    `- Actors: ${list(actors)}`,
    `- Delays: ${list(delays)}`,
  ];
  const tags = tagCells(machine);
  return tags.length ? [...rows, `- Tags: ${tags.join(', ')}`] : rows;
}

/** A named guard, with its definition when it is built from other guards (`and`, `not`, `stateIn`). */
function guardCell(machine: AnyStateMachine, name: string): string {
  const implementation: unknown = machine.implementations.guards[name];
  const composed =
    typeof implementation === 'function' && 'check' in implementation ? guardLabel(implementation) : undefined;
  return composed ? `${code(name)} = ${code(composed)}` : code(name);
}

/** External event types the machine reacts to (what callers may send). */
function externalEvents(machine: AnyStateMachine): string[] {
  return [
    ...new Set(
      listTransitions(machine)
        .filter((t) => t.kind === 'event')
        .map((t) => t.eventType),
    ),
  ].sort();
}

/** `tag` (states carrying it), by tag name. */
function tagCells(machine: AnyStateMachine): string[] {
  const byTag = new Map<string, string[]>();
  for (const node of listStateNodes(machine))
    for (const tag of node.tags) byTag.set(tag, [...(byTag.get(tag) ?? []), relativeStateName(node)]);
  return [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, states]) => `${code(tag)} (${states.map(code).join(', ')})`);
}

export function chartPath(machineId: string): string {
  return `${CHARTS_DIR}/${machineId}.md`;
}

function renderMachinePage(entry: DiscoveredMachine): string {
  const { machine } = entry;
  const parts = [
    `<!-- Generated by \`npm run charts\` from ${entry.file}. -->`,
    `# \`${entry.id}\` machine`,
    '',
    `[\`${entry.file}\`](../../${entry.file}), export \`${entry.exportName}\`. For Stately's editor: [ts](stately/${entry.id}.ts), [json](stately/${entry.id}.json) ([how](README.md)).`,
    '',
    entry.comment || '_The machine file has no opening comment._',
    '',
    '## Chart',
    '',
    'Labels: `event [guard] / actions`.',
    '',
    '```mermaid',
    toMermaid(machine).trimEnd(),
    '```',
    '',
    '## Names',
    '',
    ...nameRows(machine),
    '',
  ];
  return parts.join('\n');
}

function renderIndex(entries: readonly DiscoveredMachine[]): string {
  const rows = entries.map((e) => `| [\`${e.id}\`](${e.id}.md) | ${cell(firstSentence(e.comment))} |`);
  return [
    '<!-- Generated by `npm run charts`. -->',
    '# Machines',
    '',
    'For: the chart of every flow that cuts across pages (an XState machine in `machines/`), generated from its code: every state, transition, guard, action and invoked actor, and a list of its events, names, delays and tags.',
    '',
    '| Machine | What it models |',
    '| --- | --- |',
    ...rows,
    '',
    "## Opening a machine in Stately's editor",
    '',
    'In https://stately.ai/editor choose "Import from code" and paste `stately/<id>.ts`: one `createMachine({...})` call with no imports, every guard, action, actor and delay by name, targets as absolute ids (`#payGate.idle`), a higher-order guard as one name (`isA && !isB`); code (inputs, assign bodies) is left out. The `.json` is the same definition. Stately\'s VS Code extension reads XState v4 only (statelyai/xstate-tools issue 501).',
    '',
    '## Inspecting the running store',
    '',
    "- **Offline, in the page** (`npm run dev` and mock builds, never live ones): Alt+Shift+I, or 打开状态机检查器 on `/demo`. The panel (`src/dev-tools/`, decision 0018) lists every actor of the root system (`app/<id>`), draws the chosen one's chart as these pages read it (laid out by `@dagrejs/dagre`, active states filled yellow) with the same states as a text list, its masked context and the last 100 events. 导出本次会话 downloads `inspector-session.json`, which `npm run paths -- <machine> --from <file>` turns into a path test ([../model-testing.md](../model-testing.md)).",
    "- **In Stately's inspector** (needs stately.ai): `npm run dev:inspect` attaches `@statelyai/inspect` to the same hook.",
    '',
    '## Keeping these pages current',
    '',
    '`npm run charts` regenerates this folder and `stately/`; `-- --check` only names stale files. `tests/machines/charts.test.ts` fails when a page differs from a fresh generation; `tests/machines/stately-export.test.ts` when an export is stale or does not rebuild its machine (compared through `xstate/graph`).',
    '',
  ].join('\n');
}

/** Every file `npm run charts` writes, keyed by repository-relative path. */
export function generateChartFiles(entries: readonly DiscoveredMachine[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of entries) files.set(chartPath(entry.id), renderMachinePage(entry));
  files.set(`${CHARTS_DIR}/README.md`, renderIndex(entries));
  return files;
}

export interface StaleChart {
  path: string;
  reason: 'missing' | 'different' | 'orphaned';
}

/**
 * Compares fresh output with what is on disk. `existing` lists the .md files
 * currently in docs/machines/, so pages of deleted machines are reported too.
 */
export function findStaleCharts(
  expected: ReadonlyMap<string, string>,
  read: (path: string) => string | undefined,
  existing: readonly string[],
): StaleChart[] {
  const stale: StaleChart[] = [];
  for (const [path, content] of expected) {
    const current = read(path);
    if (current === undefined) stale.push({ path, reason: 'missing' });
    else if (current.replace(/\r\n/g, '\n') !== content) stale.push({ path, reason: 'different' });
  }
  for (const path of existing) if (!expected.has(path)) stale.push({ path, reason: 'orphaned' });
  return stale;
}
