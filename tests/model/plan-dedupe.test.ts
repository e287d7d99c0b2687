// @vitest-environment node
/** The model plans keep a generated path only when no other path takes its steps and more (tests/support/model.ts). */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { dedupePaths, planModel } from '../support/model';
import { modalModel } from './modal.model';

type Path = StatePath<AnyMachineSnapshot, AnyEventObject>;

/** A path from the initial state through `events` (each `{ type }`, or with a payload), named by `name`. */
const path = (name: string, ...events: (string | AnyEventObject)[]): Path =>
  ({
    state: { name } as unknown as AnyMachineSnapshot,
    weight: events.length,
    steps: [{ type: 'xstate.init' }, ...events].map((event) => ({
      event: typeof event === 'string' ? { type: event } : event,
      state: {} as AnyMachineSnapshot,
    })),
  }) as unknown as Path;

const names = (paths: Path[]) => paths.map((one) => (one.state as unknown as { name: string }).name);

describe('the plan’s paths', () => {
  it('drop a path another path starts with, or repeats, and the initial state alone', () => {
    const kept = dedupePaths([
      path('a-b', 'a', 'b'),
      path('a-b-c', 'a', 'b', 'c'),
      path('initial'),
      path('a-d', 'a', 'd'),
      path('a-b-c again', 'a', 'b', 'c'),
      path('a', 'a'),
    ]);
    expect(names(kept)).toEqual(['a-d', 'a-b-c']);
  });

  it('tell events apart by their payload, not only their type', () => {
    const kept = dedupePaths([
      path('pick 1', { type: 'pick', id: 1 }),
      path('pick 2 then go', { type: 'pick', id: 2 }, 'go'),
    ]);
    expect(names(kept)).toEqual(['pick 1', 'pick 2 then go']);
  });

  it('leave no path in a model’s plan that another of its paths starts with', () => {
    const sequences = planModel(modalModel)
      .filter((item) => item.kind === 'path')
      .map((item) => item.steps.slice(1).map((step) => JSON.stringify(step.event)));
    expect(sequences.length).toBeGreaterThan(5);
    for (const [i, one] of sequences.entries()) {
      const within = sequences.filter(
        (other, j) => j !== i && other.length >= one.length && one.every((event, k) => other[k] === event),
      );
      expect(within, `path ${i} is the start of another`).toEqual([]);
    }
  });
});
