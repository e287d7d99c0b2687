// @vitest-environment node
/**
 * The root actor's inspect hook with both inspectors on (`npm run dev:inspect` in a dev build): the offline
 * recorder and @statelyai/inspect's observer each hear every inspection event.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import { bothInspectors } from '../../src/app/inspector';

describe('bothInspectors', () => {
  it('tells a function and an observer object every event, in that order', () => {
    const heard: string[] = [];
    const recorder = (event: InspectionEvent) => heard.push(`recorder ${event.type}`);
    const stately = { next: (event: InspectionEvent) => heard.push(`stately ${event.type}`) };
    const actor = createActor(createMachine({ initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } }), {
      inspect: bothInspectors(recorder, stately),
    });
    actor.start();
    actor.send({ type: 'go' });
    actor.stop();
    const events = heard.filter((line) => line.startsWith('recorder ')).map((line) => line.slice('recorder '.length));
    expect(events).toEqual(expect.arrayContaining(['@xstate.actor', '@xstate.event', '@xstate.snapshot']));
    expect(heard.filter((line) => line.startsWith('stately ')).map((line) => line.slice('stately '.length))).toEqual(
      events,
    );
    expect(heard[0]).toBe('recorder @xstate.actor');
    expect(heard[1]).toBe('stately @xstate.actor');
  });

  it('is the one that is there when the other is missing, and nothing when both are', () => {
    const only = () => {};
    expect(bothInspectors(only, undefined)).toBe(only);
    expect(bothInspectors(undefined, only)).toBe(only);
    expect(bothInspectors(undefined, undefined)).toBeUndefined();
  });
});
