/**
 * The inspector panel on its own, over a small actor system: the last 100
 * events only, the actor filter, the chart (drawn and listed) following the
 * chosen actor live, the snapshot after a chosen event, and the close button.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { InspectorPanel, SHOWN_EVENTS } from '../../src/dev-tools/inspector-panel';
import { createRecorder } from '../../src/dev-tools/recorder';

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  invoke: {
    id: 'lamp',
    src: createMachine({ id: 'lamp', initial: 'dark', states: { dark: { on: { 'lamp.light': 'lit' } }, lit: {} } }),
  },
  states: { off: { on: { 'toggle.flip': 'on' } }, on: { on: { 'toggle.flip': 'off' } } },
});

function setUp() {
  const recorder = createRecorder();
  const actor = createActor(toggle, { inspect: recorder.inspect });
  actor.start();
  onTestFinished(() => {
    actor.stop();
  });
  const onClose = vi.fn();
  render(<InspectorPanel recorder={recorder} onClose={onClose} />);
  const panel = screen.getByRole('complementary', { name: '状态机检查器' });
  return { actor, panel, onClose, user: userEvent.setup() };
}

const highlighted = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('listitem', { current: true })
    .map((item) => item.getAttribute('aria-label'));

describe('the inspector panel', () => {
  it('follows the chosen actor live and shows the snapshot after a chosen event', async () => {
    const { actor, panel, user } = setUp();
    expect(highlighted(panel)).toEqual(['toggle', 'off']);
    await act(async () => actor.send({ type: 'toggle.flip' }));
    expect(highlighted(panel)).toEqual(['toggle', 'on']);
    expect(within(panel).getByRole('list', { name: '状态图 toggle' })).toHaveTextContent('toggle.flip → off');

    await user.click(within(panel).getByRole('button', { name: 'toggle/lamp（运行中）' }));
    expect(highlighted(panel)).toEqual(['lamp', 'dark']);
    await act(async () => actor.getSnapshot().children.lamp?.send({ type: 'lamp.light' }));
    expect(highlighted(panel)).toEqual(['lamp', 'lit']);

    const events = within(panel).getByRole('region', { name: '最近事件' });
    await user.click(within(events).getByRole('button', { name: 'toggle.flip' }));
    expect(within(panel).getByRole('region', { name: '事件后的快照' })).toHaveTextContent('"value": "on"');
  });

  it('draws the chosen machine’s chart, its states and labelled transitions, and moves the highlight live', async () => {
    const { actor, panel, user } = setUp();
    const drawing = within(panel).getByRole('group', { name: '状态图示 toggle' });
    const current = () =>
      within(drawing)
        .getAllByRole('group', { current: true })
        .map((state) => state.getAttribute('aria-label'));
    expect(
      within(drawing)
        .getAllByRole('group')
        .map((state) => state.getAttribute('aria-label')),
    ).toEqual(['toggle（任意状态）', 'off', 'on']);
    expect(within(drawing).getByRole('img', { name: 'toggle.flip：off → on' })).toBeInTheDocument();
    expect(within(drawing).getByRole('img', { name: 'toggle.flip：on → off' })).toBeInTheDocument();
    expect(within(drawing).getByRole('img', { name: '初始状态：off' })).toBeInTheDocument();
    expect(current()).toEqual(['off']);
    await act(async () => actor.send({ type: 'toggle.flip' }));
    expect(current()).toEqual(['on']);
    expect(within(drawing).getByRole('group', { name: 'off' })).not.toHaveAttribute('aria-current');

    // Another actor: its own machine drawn.
    await user.click(within(panel).getByRole('button', { name: 'toggle/lamp（运行中）' }));
    const lamp = within(panel).getByRole('group', { name: '状态图示 toggle/lamp' });
    expect(
      within(lamp)
        .getAllByRole('group', { current: true })
        .map((state) => state.getAttribute('aria-label')),
    ).toEqual(['dark']);
    expect(within(lamp).getByRole('img', { name: 'lamp.light：dark → lit' })).toBeInTheDocument();

    // Scaled to the panel's width and back.
    const fit = within(panel).getByRole('button', { name: '缩放到面板宽度' });
    await user.click(fit);
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByRole('group', { name: '状态图示 toggle/lamp' })).toHaveAttribute('width', '100%');
  });

  it('draws compound states around their children and parallel regions, highlighting every active one', async () => {
    const nested = createMachine({
      id: 'nested',
      type: 'parallel',
      states: {
        door: {
          initial: 'shut',
          states: {
            shut: { on: { open: 'open' } },
            open: {
              initial: 'wide',
              states: { wide: { on: { narrow: 'ajar' } }, ajar: {} },
              on: { close: [{ guard: 'isQuiet', target: 'shut' }, { target: 'shut' }] },
            },
          },
        },
        light: { initial: 'off', states: { off: { on: { switch: 'on' } }, on: { on: { switch: 'off' } } } },
      },
    }).provide({ guards: { isQuiet: () => false } });
    const recorder = createRecorder();
    const actor = createActor(nested, { inspect: recorder.inspect }).start();
    onTestFinished(() => {
      actor.stop();
    });
    render(<InspectorPanel recorder={recorder} onClose={() => {}} />);
    const drawing = screen.getByRole('group', { name: '状态图示 nested' });
    const current = () =>
      within(drawing)
        .getAllByRole('group', { current: true })
        .map((state) => state.getAttribute('aria-label'));
    expect(current()).toEqual(['nested', 'door', 'door.shut', 'light', 'light.off']);
    // A region holds its states: door.open is drawn inside door, and its children inside it.
    const door = within(drawing).getByRole('group', { name: 'door' });
    expect(within(door).getByRole('group', { name: 'door.open.ajar' })).toBeInTheDocument();
    expect(within(drawing).getByRole('img', { name: 'close [isQuiet]：door.open → door.shut' })).toBeInTheDocument();
    expect(within(drawing).getByRole('img', { name: 'close：door.open → door.shut' })).toBeInTheDocument();

    await act(async () => actor.send({ type: 'open' }));
    expect(current()).toEqual(['nested', 'door', 'door.open', 'door.open.wide', 'light', 'light.off']);
    await act(async () => actor.send({ type: 'switch' }));
    expect(current()).toEqual(['nested', 'door', 'door.open', 'door.open.wide', 'light', 'light.on']);
  });

  it('lists the last 100 events, and only those of the chosen actor when filtered', async () => {
    const { actor, panel, user } = setUp();
    await act(async () => {
      for (let i = 0; i < 150; i += 1) actor.send({ type: 'toggle.flip' });
      actor.getSnapshot().children.lamp?.send({ type: 'lamp.light' });
    });
    const events = within(panel).getByRole('region', { name: '最近事件' });
    const rows = () => within(events).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(SHOWN_EVENTS);
    expect(within(rows().at(-1) as HTMLElement).getByRole('button', { name: 'lamp.light' })).toBeInTheDocument();

    await user.selectOptions(
      within(events).getByRole('combobox', { name: '按 actor 筛选' }),
      within(events).getByRole('option', { name: 'toggle/lamp' }),
    );
    expect(rows().map((row) => within(row).getByRole('button').textContent)).toEqual(['xstate.init', 'lamp.light']);
  });

  it('closes with its button', async () => {
    const { panel, onClose, user } = setUp();
    await user.click(within(panel).getByRole('button', { name: '关闭检查器' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
