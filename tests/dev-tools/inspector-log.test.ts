/**
 * The inspector's recorder and its session log format (src/dev-tools/): what
 * an inspected actor system leaves in it, how personal data is masked, and how
 * a log becomes one actor's path.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { assign, createActor, createMachine, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import { LOG_FORMAT, recordedPath } from '../../src/dev-tools/log-format';
import { parseSessionLog } from '../../src/dev-tools/log-schema';
import { maskPersonal } from '../../src/dev-tools/mask';
import { createRecorder } from '../../src/dev-tools/recorder';
import { isInspectorChord } from '../../src/dev-tools/inspector-session';

const TOKEN = 'tok-abcdef-123456';

const child = createMachine({
  id: 'child',
  initial: 'waiting',
  states: { waiting: { on: { 'child.go': 'done' } }, done: { type: 'final' } },
});

const parent = setup({
  types: { context: {} as { user: { telNum: string; token: string; realName: string; idCardNo: string } | null } },
  actors: {
    child,
    fetchUser: fromPromise(async () => ({
      telNum: '13812345678',
      token: TOKEN,
      realName: '张三丰',
      idCardNo: '110101199003074477',
    })),
  },
}).createMachine({
  id: 'parent',
  context: { user: null },
  initial: 'loading',
  invoke: { id: 'child', src: 'child' },
  states: {
    loading: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: { target: 'ready', actions: assign({ user: ({ event }) => event.output }) },
      },
    },
    ready: { on: { poke: { actions: sendTo('child', { type: 'child.go' }) } } },
  },
});

async function recordedRun(limit?: number) {
  let clock = 0;
  const recorder = createRecorder({
    now: () => (clock += 5),
    limit,
    secrets: () => [TOKEN],
    recordedAt: () => new Date('2026-01-02T03:04:05Z'),
  });
  const actor = createActor(parent, { inspect: recorder.inspect });
  actor.start();
  onTestFinished(() => {
    actor.stop();
  });
  await new Promise((resolve) => actor.subscribe((s) => s.matches('ready') && resolve(undefined)));
  actor.send({ type: 'poke' });
  return { recorder, actor };
}

describe('the recorder', () => {
  it('keeps every actor of the system with its label, machine and parent, and tells running from stopped ones', async () => {
    const { recorder, actor } = await recordedRun();
    const labels = recorder.actors().map((a) => a.label);
    expect(labels).toEqual(expect.arrayContaining(['parent', 'parent/child', 'parent/fetchUser']));
    const byLabel = (label: string) => recorder.actors().find((a) => a.label === label)!;
    expect(byLabel('parent/child').machine?.id).toBe('child');
    expect(byLabel('parent/fetchUser').machine).toBeNull();
    expect(byLabel('parent/child').parent).toBe(byLabel('parent'));
    // The promise settled and the child reached its final state: both stopped; the root runs.
    expect(recorder.isRunning(byLabel('parent'))).toBe(true);
    expect(recorder.isRunning(byLabel('parent/fetchUser'))).toBe(false);
    expect(recorder.isRunning(byLabel('parent/child'))).toBe(false);
    actor.stop();
    expect(recorder.isRunning(byLabel('parent'))).toBe(false);
  });

  it('records each event with its time, source, target and the snapshot after it', async () => {
    const { recorder } = await recordedRun();
    const events = recorder.events();
    const poke = events.find((e) => e.event.type === 'poke')!;
    expect(poke.source).toBeNull();
    expect(poke.target.label).toBe('parent');
    expect((poke.snapshot as { value: unknown }).value).toBe('ready');
    const go = events.find((e) => e.event.type === 'child.go')!;
    expect(go.source?.label).toBe('parent');
    expect(go.target.label).toBe('parent/child');
    expect((go.snapshot as { value: unknown }).value).toBe('done');
    const times = events.map((e) => e.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it('keeps only the last `limit` events', async () => {
    const { recorder } = await recordedRun(3);
    expect(recorder.events()).toHaveLength(3);
    expect(recorder.events().at(-1)?.event.type).toBe('xstate.done.actor.child');
  });

  it('tells its listeners once per burst of events', async () => {
    const recorder = createRecorder();
    let calls = 0;
    recorder.subscribe(() => (calls += 1));
    const actor = createActor(child, { inspect: recorder.inspect });
    actor.start();
    actor.send({ type: 'child.go' });
    expect(calls).toBe(0);
    await Promise.resolve();
    expect(calls).toBe(1);
  });
});

describe('the session log', () => {
  it('exports the session as a log that parses, with phone, token, real name and ID number masked', async () => {
    const { recorder } = await recordedRun();
    const text = JSON.stringify(recorder.exportLog());
    const log = parseSessionLog(text);
    expect(log).toMatchObject({ format: LOG_FORMAT, version: 1, recordedAt: '2026-01-02T03:04:05.000Z' });
    expect(log.actors.find((a) => a.label === 'parent/child')).toMatchObject({
      machine: 'child',
      parent: log.actors.find((a) => a.label === 'parent')?.sessionId,
    });
    for (const secret of ['13812345678', TOKEN, '张三丰', '110101199003074477']) expect(text).not.toContain(secret);
    const ready = log.events.find((e) => e.event.type === 'xstate.done.actor.fetchUser');
    expect(ready?.after).toMatchObject({
      status: 'active',
      value: 'ready',
      context: {
        user: { telNum: '138****5678', token: '[Filtered]', realName: '张**', idCardNo: '1101**********4477' },
      },
    });
    expect(ready?.event).toMatchObject({ output: { telNum: '138****5678', token: '[Filtered]' } });
  });

  it('refuses what is not a session log, naming the problem', () => {
    expect(() => parseSessionLog('{"format":"something else"}')).toThrow(/Not an inspector session log: format/);
  });

  it("turns one machine's events into its path, without the start", async () => {
    const { recorder } = await recordedRun();
    const path = recordedPath(recorder.exportLog(), 'child');
    expect(path.actor).toBe('parent/child');
    expect(path.steps).toEqual([{ event: { type: 'child.go' }, value: 'done' }]);
    expect(() => recordedPath(recorder.exportLog(), 'payGate')).toThrow(
      'The log has no events of a "payGate" actor (machines in it: parent, child)',
    );
  });
});

describe('masking', () => {
  it('masks as the store does: the phone as on the account page, real name and ID as the real-name dialog, secrets filtered', () => {
    expect(
      maskPersonal(
        {
          phone: '13812345678',
          realName: '李四',
          idCard: '110101199003074477',
          token: 'abcdefgh',
          note: `link?token=abcdefgh`,
        },
        ['abcdefgh'],
      ),
    ).toEqual({
      phone: '138****5678',
      realName: '李*',
      idCard: '1101**********4477',
      token: '[Filtered]',
      note: 'link?token=[Filtered]',
    });
  });

  it('writes actor references and machines by name, and functions as a mark', () => {
    const actor = createActor(child) as AnyActorRef;
    expect(maskPersonal({ ref: actor, logic: child, fn: () => 1 })).toEqual({
      ref: { xstate$$type: 1, id: actor.id },
      logic: '[machine child]',
      fn: '[function]',
    });
  });
});

describe('the key chord', () => {
  it('is Alt+Shift+I by key position, and nothing else', () => {
    const chord = { altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, code: 'KeyI' };
    expect(isInspectorChord(chord)).toBe(true);
    expect(isInspectorChord({ ...chord, ctrlKey: true })).toBe(false);
    expect(isInspectorChord({ ...chord, code: 'KeyJ' })).toBe(false);
    expect(isInspectorChord({ ...chord, shiftKey: false })).toBe(false);
  });
});
