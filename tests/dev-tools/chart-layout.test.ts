// @vitest-environment node
/**
 * The inspector's drawn chart (src/dev-tools/chart-layout.ts), for every
 * machine of the store: the same states and transitions as the generated
 * charts read (scripts/lib/machine-introspection.ts), each state inside its
 * parent's box, regions of a parallel state marked, every arrow a real path
 * with its label, and an arrow into or out of a box starting or ending on the
 * box's border.
 */
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import {
  listStateNodes,
  listTransitions,
  relativeStateName,
  transitionLabel,
} from '../../scripts/lib/machine-introspection';
import { discoverMachines } from '../../scripts/lib/machines';
import {
  clipPath,
  layoutMachine,
  midpoint,
  type Box,
  type ChartLayout,
  type ChartState,
  type Point,
} from '../../src/dev-tools/chart-layout';

function flatten(states: ChartState[]): ChartState[] {
  return states.flatMap((s) => [s, ...flatten(s.children)]);
}

const contains = (outer: Box, inner: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const onBorder = (p: Point, b: Box) =>
  (Math.abs(p.x - b.x) < 0.5 ||
    Math.abs(p.x - b.x - b.width) < 0.5 ||
    Math.abs(p.y - b.y) < 0.5 ||
    Math.abs(p.y - b.y - b.height) < 0.5) &&
  p.x >= b.x - 0.5 &&
  p.x <= b.x + b.width + 0.5 &&
  p.y >= b.y - 0.5 &&
  p.y <= b.y + b.height + 0.5;

const machines = await discoverMachines();

describe('the inspector’s drawn chart', () => {
  describe.each(machines.map((m) => [m.id, m] as const))('%s', (_id, { machine }) => {
    const layout: ChartLayout = layoutMachine(machine);
    const drawn = flatten(layout.states);
    const byId = new Map(drawn.map((s) => [s.id, s]));

    it('draws every state of the machine once, inside its parent’s box, regions of a parallel state marked', () => {
      const expected = listStateNodes(machine).filter((node) => node.parent || node.type === 'parallel');
      expect(
        drawn
          .filter((s) => s.type !== 'any')
          .map((s) => s.id)
          .sort(),
      ).toEqual(expected.map((n) => n.id).sort());
      for (const node of expected) {
        const state = byId.get(node.id) as ChartState;
        expect(state.name).toBe(node.parent ? relativeStateName(node) : node.id);
        expect(state.cluster).toBe(node.type === 'compound' || node.type === 'parallel');
        expect(state.region).toBe(node.parent?.type === 'parallel');
        expect(state.children.map((c) => c.id)).toEqual(Object.values(node.states).map((c) => c.id));
        for (const child of state.children) expect(contains(state.box, child.box)).toBe(true);
        expect(contains({ x: 0, y: 0, width: layout.width, height: layout.height }, state.box)).toBe(true);
      }
    });

    it('draws every transition with a target as a labelled arrow per target, and lists the others in their state', () => {
      const transitions = listTransitions(machine);
      const arrows = layout.edges.filter((e) => !e.initial);
      const anyName = `${machine.root.id}（任意状态）`;
      const name = (node: (typeof transitions)[number]['source']) =>
        node === machine.root && machine.root.type !== 'parallel'
          ? anyName
          : node.parent
            ? relativeStateName(node)
            : node.id;
      expect(arrows.map((e) => [e.label, e.source, e.target])).toEqual(
        transitions.flatMap((t) => t.targets.map((target) => [transitionLabel(t), name(t.source), name(target)])),
      );
      const loops = drawn.flatMap((s) => s.loops.map((l) => l.label)).sort();
      expect(loops).toEqual(
        transitions
          .filter((t) => t.targets.length === 0)
          .map(transitionLabel)
          .sort(),
      );
      for (const edge of layout.edges) {
        expect(edge.points.length).toBeGreaterThanOrEqual(2);
        expect(edge.points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
        if (!edge.initial) expect(edge.labelAt).toBeDefined();
      }
    });

    it('enters each initial state by an arrow', () => {
      const initials = listStateNodes(machine).flatMap((node) =>
        node.type === 'compound' && node.initial ? node.initial.target : [],
      );
      expect(
        layout.edges
          .filter((e) => e.initial)
          .map((e) => e.key)
          .sort(),
      ).toEqual(initials.map((n) => `initial:${n.id}`).sort());
    });
  });

  it('cuts an arrow into or out of a box at its border, and moves a label left inside it onto what is drawn', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { on: { go: 'b', jump: 'b.y' } },
        b: { initial: 'x', on: { back: 'a' }, states: { x: { on: { next: 'y' } }, y: {} } },
      },
    });
    const layout = layoutMachine(machine);
    const box = (flatten(layout.states).find((s) => s.id === 'm.b') as ChartState).box;
    const edge = (label: string) => layout.edges.find((e) => e.label === label);
    expect(onBorder(edge('go')?.points.at(-1) as Point, box)).toBe(true);
    expect(onBorder(edge('back')?.points[0] as Point, box)).toBe(true);
    // Into a child of the box: drawn to the child itself, through the border.
    const child = (flatten(layout.states).find((s) => s.id === 'm.b.y') as ChartState).box;
    expect(onBorder(edge('jump')?.points.at(-1) as Point, child)).toBe(true);

    const square = { x: 0, y: 0, width: 10, height: 10 };
    expect(
      clipPath(
        [
          { x: 5, y: 5 },
          { x: 5, y: 8 },
          { x: 5, y: 20 },
        ],
        square,
        'start',
      ),
    ).toEqual([
      { x: 5, y: 10 },
      { x: 5, y: 20 },
    ]);
    expect(
      clipPath(
        [
          { x: 5, y: 20 },
          { x: 5, y: 5 },
        ],
        square,
        'end',
      ),
    ).toEqual([
      { x: 5, y: 20 },
      { x: 5, y: 10 },
    ]);
    expect(
      midpoint([
        { x: 0, y: 0 },
        { x: 0, y: 10 },
        { x: 10, y: 10 },
      ]),
    ).toEqual({ x: 0, y: 10 });
  });
});
