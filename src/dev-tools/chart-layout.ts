/**
 * Lays out a machine's chart for the inspector panel (./state-graph.tsx draws
 * it): the same reading of the machine as the generated Mermaid charts in
 * docs/machines/ (scripts/lib/machine-introspection.ts: its states, every
 * transition, named and guarded as the charts name them), placed by
 * `@dagrejs/dagre`, top to bottom as Mermaid draws them. Loaded only with the
 * panel's chunk: never in a live build (`npm run budgets` checks).
 *
 * What is drawn, as in scripts/lib/mermaid.ts:
 * - a compound or parallel state is a box around its children, its title at
 *   the top; each region of a parallel state is a dashed box;
 * - the root's own transitions (those taken in any state) leave a box
 *   `<id>（任意状态）`, unless the root is parallel, when the root is a box too;
 * - a transition is an arrow per target, labelled `event [guard]`; one without
 *   a target (actions only) is a line `↻ event [guard] / actions` in its
 *   state's box; an initial state is entered by an arrow from its parent's
 *   title (or from a dot, at the top).
 *
 * dagre cannot route an edge to a box that holds others, so such an edge is
 * laid out to the box's title and cut where it crosses the box's border (what
 * Mermaid does too).
 */
import dagre from '@dagrejs/dagre';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  listInvokes,
  listTransitions,
  relativeStateName,
  transitionLabel,
} from '../../scripts/lib/machine-introspection';

/** What both views of a machine (the drawn graph and the list of transitions) are given. */
export interface MachineViewProps {
  machine: AnyStateMachine;
  /** XState state node ids of the active states, marked in the view */
  active: ReadonlySet<string>;
  label: string;
}

/** Said of a transition that stays in its state (no target), in the chart and in the list. */
export const STAYS = '（不换状态）';

export interface Point {
  x: number;
  y: number;
}

/** Top-left corner and size, in SVG user units (px). @internal (a test seam) */
export interface Box extends Point {
  width: number;
  height: number;
}

interface ChartLoop {
  /** The transition's key (scripts/lib/machine-introspection.ts). */
  key: string;
  label: string;
}

export interface ChartState {
  /** XState's id of the state node (`session.loggedIn`), or `""` for the root's 任意状态 box. */
  id: string;
  /** Accessible name: the state's path in its machine (`loggedIn.active`), the machine id for the root. */
  name: string;
  /** Shown in the box: the state's key, with （并行） / （终态） / （历史） as the list says it. */
  title: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history' | 'any';
  /** A box around other states. */
  cluster: boolean;
  /** A region of a parallel state. */
  region: boolean;
  box: Box;
  /** Where the title and the lines are written: the whole box for a plain state, the top of a cluster. */
  header: Box;
  /** Invokes and tags, as the Mermaid charts write them. */
  lines: string[];
  /** Transitions without a target: actions only, the state is not left. */
  loops: ChartLoop[];
  children: ChartState[];
}

export interface ChartEdge {
  /** `<transition key>><target index>`; `initial:<state id>` for the arrow to an initial state. */
  key: string;
  /** `event [guard]`; empty for an initial arrow. */
  label: string;
  initial: boolean;
  /** Accessible names (ChartState.name) of both ends; `source` is `""` for the top initial dot. */
  source: string;
  target: string;
  points: Point[];
  /** Centre of the label. */
  labelAt: Point | undefined;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** The outermost boxes, each holding its children. */
  states: ChartState[];
  edges: ChartEdge[];
  /** The dot the top-level initial arrow starts from (not for a parallel root). */
  start: Point | undefined;
}

export const LINE_HEIGHT = 16;
const PAD_X = 8;
const PAD_Y = 4;
const START_SIZE = 10;

/** Text width without a layout engine (the panel's font is monospace, 12 px): wide scripts take two cells. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) >= 0x2e80 ? 12 : 7.2;
  return Math.ceil(width);
}

const isComposite = (node: AnyStateNode) => node.type === 'compound' || node.type === 'parallel';

function titleOf(node: AnyStateNode): string {
  const suffix =
    node.type === 'parallel'
      ? '（并行）'
      : node.type === 'final'
        ? '（终态）'
        : node.type === 'history'
          ? '（历史）'
          : '';
  return `${node.key}${suffix}`;
}

const nameOf = (node: AnyStateNode) => (node.parent ? relativeStateName(node) : node.id);

function isDescendant(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

const inside = (p: Point, b: Box) =>
  p.x > b.x + 0.5 && p.x < b.x + b.width - 0.5 && p.y > b.y + 0.5 && p.y < b.y + b.height - 0.5;

/** Where the segment from `a` (inside `b`) to `c` (outside) crosses the border of `b`. */
function exitPoint(a: Point, c: Point, b: Box): Point {
  let t = 1;
  const dx = c.x - a.x;
  const dy = c.y - a.y;
  if (dx > 0) t = Math.min(t, (b.x + b.width - a.x) / dx);
  if (dx < 0) t = Math.min(t, (b.x - a.x) / dx);
  if (dy > 0) t = Math.min(t, (b.y + b.height - a.y) / dy);
  if (dy < 0) t = Math.min(t, (b.y - a.y) / dy);
  return { x: a.x + dx * t, y: a.y + dy * t };
}

/**
 * The path without its part inside `box`, at its start (an edge leaving a cluster) or its end (entering one).
 * @internal (a test seam)
 */
export function clipPath(points: Point[], box: Box, end: 'start' | 'end'): Point[] {
  if (end === 'end') return clipPath([...points].reverse(), box, 'start').reverse();
  let last = -1;
  points.forEach((p, i) => {
    if (inside(p, box)) last = i;
  });
  if (last < 0 || last === points.length - 1) return points;
  return [exitPoint(points[last] as Point, points[last + 1] as Point, box), ...points.slice(last + 1)];
}

/** The point halfway along a path. @internal (a test seam) */
export function midpoint(points: Point[]): Point | undefined {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p.x - (points[i] as Point).x, p.y - (points[i] as Point).y));
  let rest = lengths.reduce((sum, l) => sum + l, 0) / 2;
  for (const [i, length] of lengths.entries()) {
    const a = points[i] as Point;
    const b = points[i + 1] as Point;
    if (rest <= length && length > 0)
      return { x: a.x + ((b.x - a.x) * rest) / length, y: a.y + ((b.y - a.y) * rest) / length };
    rest -= length;
  }
  return points[0];
}

interface NodeLabel {
  width: number;
  height: number;
  x?: number;
  y?: number;
}

interface EdgeLabel {
  width?: number;
  height?: number;
  minlen?: number;
  weight?: number;
  labelpos?: 'c';
  points?: Point[];
  x?: number;
  y?: number;
}

const boxOf = (label: NodeLabel | undefined): Box => {
  const { x = 0, y = 0, width, height } = label ?? { width: 0, height: 0 };
  return { x: x - width / 2, y: y - height / 2, width, height };
};

/**
 * The chart of `machine`, laid out. Pure: the same machine gives the same layout (cache it per machine).
 * @internal (a test seam: the panel reads it through its cache)
 */
export function layoutMachine(machine: AnyStateMachine): ChartLayout {
  const root = machine.root;
  const transitions = listTransitions(machine);
  const linesOf = new Map<AnyStateNode, string[]>();
  const addLine = (node: AnyStateNode, line: string) => linesOf.set(node, [...(linesOf.get(node) ?? []), line]);
  for (const invoke of listInvokes(machine)) {
    const node = machine.getStateNodeById(invoke.stateId);
    addLine(node, `invoke ${invoke.src === invoke.id ? invoke.id : `${invoke.src} as ${invoke.id}`}`);
  }
  const loopsOf = new Map<AnyStateNode, ChartLoop[]>();
  for (const t of transitions) {
    if (t.targets.length === 0)
      loopsOf.set(t.source, [...(loopsOf.get(t.source) ?? []), { key: t.key, label: transitionLabel(t) }]);
  }

  const graph = new dagre.graphlib.Graph<object, NodeLabel, EdgeLabel>({ compound: true, multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 20, ranksep: 32, edgesep: 10, marginx: 8, marginy: 8 });

  const rootIsBox = root.type === 'parallel';
  const rootHasOwn = transitions.some((t) => t.source === root || t.targets.includes(root)) || root.invoke.length > 0;
  const anyBox = !rootIsBox && rootHasOwn;
  const ANY = 'any';
  const START = 'start';

  const textBox = (node: AnyStateNode | undefined, title: string): NodeLabel => {
    const lines = [
      title,
      ...(node ? (linesOf.get(node) ?? []) : []),
      ...(node ? (loopsOf.get(node) ?? []).map((l) => `↻ ${l.label}`) : []),
    ];
    return { width: Math.max(...lines.map(textWidth)) + 2 * PAD_X, height: lines.length * LINE_HEIGHT + 2 * PAD_Y };
  };
  /** The dagre node an edge to or from `node` is laid out to: a plain state's own, a cluster's title. */
  const anchor = (node: AnyStateNode) =>
    node === root && !rootIsBox ? ANY : isComposite(node) ? `h:${node.id}` : `s:${node.id}`;
  const initials: Array<{ from: string; to: AnyStateNode; parent: AnyStateNode | undefined; name: string }> = [];

  const place = (node: AnyStateNode, parent: string | undefined) => {
    if (!isComposite(node)) {
      graph.setNode(`s:${node.id}`, textBox(node, titleOf(node)));
      if (parent) graph.setParent(`s:${node.id}`, parent);
      return;
    }
    const cluster = `c:${node.id}`;
    const header = `h:${node.id}`;
    graph.setNode(cluster, { width: 0, height: 0 });
    if (parent) graph.setParent(cluster, parent);
    graph.setNode(header, textBox(node, titleOf(node)));
    graph.setParent(header, cluster);
    const initial = node.type === 'compound' ? node.initial?.target[0] : undefined;
    for (const child of Object.values(node.states)) {
      place(child, cluster);
      // The title above every child: a hidden edge ranks it first, the initial one is drawn.
      const name = `${child === initial ? 'initial' : 'hidden'}:${child.id}`;
      graph.setEdge(
        header,
        anchor(child),
        child === initial ? { minlen: 1, weight: 2 } : { minlen: 1, weight: 1 },
        name,
      );
      if (child === initial) initials.push({ from: header, to: child, parent: node, name });
    }
  };

  if (rootIsBox) {
    place(root, undefined);
  } else {
    if (anyBox) graph.setNode(ANY, textBox(root, `${root.id}（任意状态）`));
    const initial = root.initial?.target[0];
    if (initial) {
      graph.setNode(START, { width: START_SIZE, height: START_SIZE });
      graph.setEdge(START, anchor(initial), { minlen: 1, weight: 2 }, `initial:${initial.id}`);
      initials.push({ from: START, to: initial, parent: undefined, name: `initial:${initial.id}` });
    }
    for (const child of Object.values(root.states)) place(child, undefined);
  }

  const drawn: Array<{ name: string; label: string; source: AnyStateNode; target: AnyStateNode }> = [];
  for (const t of transitions) {
    const label = transitionLabel(t);
    t.targets.forEach((target, i) => {
      const name = `${t.key}>${i}`;
      graph.setEdge(
        anchor(t.source),
        anchor(target),
        { width: textWidth(label) + 4, height: LINE_HEIGHT, labelpos: 'c', minlen: 1, weight: 1 },
        name,
      );
      drawn.push({ name, label, source: t.source, target });
    });
  }

  dagre.layout(graph);

  const stateOf = (node: AnyStateNode): ChartState => {
    const composite = isComposite(node);
    const header = boxOf(graph.node(anchor(node)));
    return {
      id: node.id,
      name: nameOf(node),
      title: titleOf(node),
      type: node.type as ChartState['type'],
      cluster: composite,
      region: node.parent?.type === 'parallel',
      box: composite ? boxOf(graph.node(`c:${node.id}`)) : header,
      header,
      lines: linesOf.get(node) ?? [],
      loops: loopsOf.get(node) ?? [],
      children: Object.values(node.states).map(stateOf),
    };
  };
  const states: ChartState[] = rootIsBox ? [stateOf(root)] : Object.values(root.states).map(stateOf);
  if (anyBox) {
    const box = boxOf(graph.node(ANY));
    states.unshift({
      id: '',
      name: `${root.id}（任意状态）`,
      title: `${root.id}（任意状态）`,
      type: 'any',
      cluster: false,
      region: false,
      box,
      header: box,
      lines: linesOf.get(root) ?? [],
      loops: loopsOf.get(root) ?? [],
      children: [],
    });
  }

  const boxById = new Map<string, Box>();
  const collect = (s: ChartState) => {
    boxById.set(s.id, s.box);
    s.children.forEach(collect);
  };
  states.forEach(collect);

  const edges: ChartEdge[] = [];
  for (const { from, to, parent, name } of initials) {
    const e = graph.edge({ v: from, w: anchor(to), name });
    let points = e?.points ?? [];
    if (isComposite(to)) points = clipPath(points, boxById.get(to.id) as Box, 'end');
    edges.push({
      key: `initial:${to.id}`,
      label: '',
      initial: true,
      source: parent ? nameOf(parent) : '',
      target: nameOf(to),
      points,
      labelAt: undefined,
    });
  }
  for (const { name, label, source, target } of drawn) {
    const e = graph.edge({ v: anchor(source), w: anchor(target), name });
    let points = e?.points ?? [];
    let labelAt = e?.x === undefined || e.y === undefined ? undefined : { x: e.x, y: e.y };
    // Cut at a cluster's border unless the other end is inside it (an edge from a state to its own child);
    // a label left inside the cut part moves to the middle of what is drawn.
    const sourceBox =
      isComposite(source) && source !== target && !isDescendant(target, source) ? boxById.get(source.id) : undefined;
    const targetBox =
      isComposite(target) && source !== target && !isDescendant(source, target) ? boxById.get(target.id) : undefined;
    if (sourceBox) points = clipPath(points, sourceBox, 'start');
    if (targetBox) points = clipPath(points, targetBox, 'end');
    if (labelAt && [sourceBox, targetBox].some((box) => box && inside(labelAt as Point, box)))
      labelAt = midpoint(points);
    edges.push({
      key: name,
      label,
      initial: false,
      source: source === root && !rootIsBox ? `${root.id}（任意状态）` : nameOf(source),
      target: target === root && !rootIsBox ? `${root.id}（任意状态）` : nameOf(target),
      points,
      labelAt,
    });
  }

  const size = graph.graph() as { width?: number; height?: number };
  const startNode = graph.hasNode(START) ? graph.node(START) : undefined;
  return {
    width: Math.ceil(size.width ?? 0),
    height: Math.ceil(size.height ?? 0),
    states,
    edges,
    start: startNode?.x === undefined || startNode.y === undefined ? undefined : { x: startNode.x, y: startNode.y },
  };
}

const cache = new WeakMap<AnyStateMachine, ChartLayout>();

/** `layoutMachine`, once per machine: the layout does not change while the machine runs, only what is active. */
export function chartOf(machine: AnyStateMachine): ChartLayout {
  let layout = cache.get(machine);
  if (!layout) {
    layout = layoutMachine(machine);
    cache.set(machine, layout);
  }
  return layout;
}
