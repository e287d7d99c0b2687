// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, assign, createMachine, fromPromise, not, setup, type AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { discoverMachines, repoRoot } from '../../scripts/lib/machines';
import { findStaleCharts } from '../../scripts/lib/mermaid';
import {
  actionLabel,
  guardLabel,
  listInvokes,
  listStateNodes,
  listTransitions,
} from '../../scripts/lib/machine-introspection';
import {
  generateStatelyFiles,
  namesIn,
  STATELY_DIR,
  statelyPath,
  toStatelyConfig,
} from '../../scripts/lib/stately-export';

const read = (relativePath: string) => {
  const absolute = path.join(repoRoot, relativePath);
  return existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined;
};

/** Runs an exported `.ts` file as it is, with xstate's own `createMachine`, and returns its definition. */
function configOfModule(source: string): Record<string, unknown> {
  expect(source).not.toMatch(/^\s*import\b/m);
  const body = source.replace(/^export const \w+ = /m, 'return ');
  let captured: Record<string, unknown> | undefined;
  const capture = (config: Record<string, unknown>) => {
    captured = config;
    return config;
  };
  new Function('createMachine', body)(capture);
  if (!captured) throw new Error('the file makes no createMachine call');
  return captured;
}

/** A machine built from an exported definition, with a stub for every name it references. */
function rebuild(config: Record<string, unknown>): AnyStateMachine {
  const names = namesIn(config as never);
  return createMachine(
    config as never,
    {
      guards: Object.fromEntries(names.guards.map((name) => [name, () => false])),
      actions: Object.fromEntries(names.actions.map((name) => [name, () => {}])),
      actors: Object.fromEntries(names.actors.map((name) => [name, fromPromise(() => new Promise<never>(() => {}))])),
      delays: Object.fromEntries(names.delays.map((name) => [name, 1000])),
    } as never,
  );
}

/** What xstate/graph sees of a machine: every state node, and every edge as source, event, guard name and targets. */
function shape(machine: AnyStateMachine) {
  const nodes: DirectedGraphNode[] = [];
  const visit = (node: DirectedGraphNode) => {
    nodes.push(node);
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  const edges = nodes.flatMap((node) =>
    node.edges.map(
      (edge) =>
        `${edge.source.id} --${edge.transition.eventType}${edge.transition.guard ? ` [${guardLabel(edge.transition.guard)}]` : ''}--> ${edge.target.id}`,
    ),
  );
  return {
    states: listStateNodes(machine).map((n) => ({
      id: n.id,
      type: n.type,
      tags: [...n.tags],
      description: n.description ?? null,
      entry: n.entry.map(actionLabel),
      exit: n.exit.map(actionLabel),
    })),
    edges: edges.sort(),
    // Targetless transitions (actions only) are no edge of the graph; compare them too.
    transitions: listTransitions(machine)
      .map(
        (t) =>
          `${t.source.id} --${t.eventType}${t.guard ? ` [${t.guard}]` : ''}--> ${t.targets.map((n) => n.id).join(',')}${t.reenter ? ' (reenter)' : ''} / ${t.actions.join(',')}`,
      )
      .sort(),
    invokes: listInvokes(machine).map((i) => `${i.stateId}: ${i.id} = ${i.src}${i.systemId ? ` (${i.systemId})` : ''}`),
  };
}

describe('Stately export (docs/machines/stately)', () => {
  it('every committed file rebuilds its machine with exactly its states and transitions (run `npm run charts` if this fails)', async () => {
    const machines = await discoverMachines();
    expect(machines.length).toBeGreaterThan(0);
    for (const { id, machine } of machines) {
      const module = read(statelyPath(id, 'ts'));
      const json = read(statelyPath(id, 'json'));
      expect(module, `${statelyPath(id, 'ts')} is missing`).toBeDefined();
      expect(json, `${statelyPath(id, 'json')} is missing`).toBeDefined();
      const real = shape(machine);
      const fromModule = configOfModule(module ?? '');
      expect(fromModule).toEqual(JSON.parse(json ?? '{}'));
      expect(shape(rebuild(fromModule)), `${id}: the export differs from the machine`).toEqual(real);
    }
  });

  it('the committed files equal a fresh export, and nothing else is in the folder', async () => {
    const expected = generateStatelyFiles(await discoverMachines());
    const dir = path.join(repoRoot, STATELY_DIR);
    const existing = readdirSync(dir).map((name) => `${STATELY_DIR}/${name}`);
    expect(findStaleCharts(expected, read, existing)).toEqual([]);
  });

  it('names everything by a string: guards (higher-order ones as one name), actions, actors, delays', async () => {
    const machines = await discoverMachines();
    const byId = (id: string) => toStatelyConfig(machines.find((m) => m.id === id)?.machine as AnyStateMachine);
    const text = JSON.stringify(machines.map((m) => toStatelyConfig(m.machine)));
    expect(text).not.toContain('function');
    const buildPoll = namesIn(byId('buildPoll'));
    expect(buildPoll.delays).toEqual(expect.arrayContaining(['firstCheckDelay', 'pollInterval']));
    expect(buildPoll.actors).toContain('fetchLatestBuild');
    expect(buildPoll.guards).toEqual(expect.arrayContaining(['isNewerBuild', 'isPaymentIdle']));
    const payGate = byId('payGate') as {
      states: Record<string, { invoke?: { id: string; src: string }; tags?: string[] }>;
    };
    expect(payGate.states.returning?.invoke).toMatchObject({ id: 'readReturnSession', src: 'readSession' });
    expect(payGate.states.returning?.tags).toEqual(['payGate:busy']);
  });

  it('a stale export fails the comparison', async () => {
    const machines = await discoverMachines();
    const payGate = machines.find((m) => m.id === 'payGate');
    if (!payGate) throw new Error('payGate machine not found');
    const config = toStatelyConfig(payGate.machine) as { states: { idle: { on: Record<string, unknown> } } };
    delete config.states.idle.on['purchase.return'];
    expect(shape(rebuild(config))).not.toEqual(shape(payGate.machine));
  });

  it('keeps descriptions, tags, delays, invokes with system ids, parallel, final and history states of any machine', () => {
    const sample = setup({
      guards: { isReady: () => true, isLate: () => false },
      actions: { note: () => {} },
      actors: { load: fromPromise(async () => 1) },
      delays: { patience: 500 },
    }).createMachine({
      id: 'sample',
      type: 'parallel',
      states: {
        work: {
          initial: 'idle',
          description: 'What the worker does',
          states: {
            idle: {
              tags: ['work:idle'],
              on: {
                start: { target: 'loading', guard: and(['isReady', not('isLate')]), description: 'Begin when ready' },
              },
            },
            loading: {
              invoke: {
                id: 'loader',
                src: 'load',
                systemId: 'theLoader',
                onDone: { target: 'done', actions: ['note', assign({})] },
                onError: 'idle',
              },
              after: { patience: 'idle', 2000: 'done' },
            },
            done: { type: 'final' },
            back: { type: 'history', history: 'deep' },
          },
          onDone: '#sample.watch.seen',
        },
        watch: {
          initial: 'unseen',
          states: { unseen: { always: { target: 'seen', guard: 'isLate' } }, seen: { entry: 'note', exit: 'note' } },
        },
      },
    });
    const config = toStatelyConfig(sample) as {
      type: string;
      states: {
        work: { description: string; onDone: unknown; states: Record<string, Record<string, unknown>> };
        watch: { states: Record<string, Record<string, unknown>> };
      };
    };
    expect(config.type).toBe('parallel');
    const work = config.states.work;
    expect(work.description).toBe('What the worker does');
    expect(work.onDone).toEqual({ target: '#sample.watch.seen' });
    expect(work.states.idle).toMatchObject({
      tags: ['work:idle'],
      on: { start: { target: '#sample.work.loading', guard: 'isReady && !isLate', description: 'Begin when ready' } },
    });
    expect(work.states.loading).toMatchObject({
      invoke: {
        id: 'loader',
        src: 'load',
        systemId: 'theLoader',
        onDone: { target: '#sample.work.done', actions: ['note', 'assign'] },
        onError: { target: '#sample.work.idle' },
      },
      after: { patience: { target: '#sample.work.idle' }, 2000: { target: '#sample.work.done' } },
    });
    expect(work.states.done).toEqual({ type: 'final' });
    expect(work.states.back).toMatchObject({ type: 'history', history: 'deep' });
    expect(config.states.watch.states.unseen).toEqual({ always: { target: '#sample.watch.seen', guard: 'isLate' } });
    expect(config.states.watch.states.seen).toEqual({ entry: ['note'], exit: ['note'] });
    expect(namesIn(config as never)).toEqual({
      guards: ['isLate', 'isReady && !isLate'],
      actions: ['assign', 'note'],
      actors: ['load'],
      delays: ['patience'],
    });
    expect(shape(rebuild(config as never))).toEqual(shape(sample));
  });
});
