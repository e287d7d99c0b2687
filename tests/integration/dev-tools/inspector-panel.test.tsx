/**
 * The dev inspector's panel beside the running store: an anonymous shopper
 * takes 立即购买, logs in by SMS and reaches the pay dialog, and the panel
 * lists the actors as they start, highlights each machine's states in the
 * order it passes them (in the drawn chart and in the nested list), masks
 * the phone number and the token everywhere (context, event snapshots, the
 * exported log), and the exported log replays as a path test of the pay
 * gate's model.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { clientState } from '../../../src/api/client-state';
import { InspectorPanel } from '../../../src/dev-tools/inspector-panel';
import { parseSessionLog } from '../../../src/dev-tools/log-schema';
import { createRecorder } from '../../../src/dev-tools/recorder';
import { payGateModel } from '../../model/pay-gate.model';
import { runPlanItem } from '../../support/model';
import { planRecordedSession } from '../../support/recorded-session';
import { mergeDeps, renderApp } from '../../support/render-app';
import { backend, fastDeps, payDialog, PLAIN, preloadBuyingChunks } from '../buying/helpers';
import { loginWithSms, MASKED_PHONE, PHONE } from '../session/helpers';

beforeAll(async () => {
  await preloadBuyingChunks();
  await import('../../../src/dev-tools/inspector-panel');
}, 60_000);

/**
 * The states the charts highlight, each time they change: what a developer sees move. `listed`: the nested list's
 * items (keys, the root first); `drawn`: the drawn chart's states (paths in the machine).
 */
function watchHighlights(panel: HTMLElement): { listed: string[][]; drawn: string[][] } {
  const seen = { listed: [] as string[][], drawn: [] as string[][] };
  const note = (into: string[][], current: string[]) => {
    const last = into.at(-1);
    if (!last || last.join() !== current.join()) into.push(current);
  };
  const read = () => {
    const chart = panel.querySelector('[aria-label^="状态图 "]');
    const drawing = panel.querySelector('[aria-label^="状态图示 "]');
    const names = (container: Element, role: string) =>
      within(container as HTMLElement)
        .queryAllByRole(role, { current: true })
        .map((item) => item.getAttribute('aria-label') ?? '');
    if (chart) note(seen.listed, names(chart, 'listitem'));
    if (drawing) note(seen.drawn, names(drawing, 'group'));
  };
  read();
  const observer = new MutationObserver(read);
  observer.observe(panel, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-current'] });
  onTestFinished(() => observer.disconnect());
  return seen;
}

// A whole purchase with the panel re-rendering beside it at every burst of events: about 11 s alone, near the
// buying tests' 20 s when the machine is busy (seen once); give it room.
describe('the inspector panel through a login and a purchase', { timeout: 45_000 }, () => {
  it('lists the actors, highlights the states in order, masks phone and token, and exports a log that replays as a path test', async () => {
    backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
    const secrets = () => [clientState.get().token];
    const recorder = createRecorder({ secrets });
    const exported: string[] = [];
    const { user } = await renderApp(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}`, {
      deps: mergeDeps(fastDeps, { inspect: recorder.inspect }),
    });
    render(
      <InspectorPanel
        recorder={recorder}
        secrets={secrets}
        onClose={() => {}}
        save={(_name, text) => exported.push(text)}
      />,
    );

    const panel = screen.getByRole('complementary', { name: '状态机检查器' });
    const actors = within(panel).getByRole('region', { name: 'Actor 列表' });
    expect(await within(actors).findByRole('button', { name: 'app（运行中）' })).toBeInTheDocument();
    // The wishlist is the root's child from start-up, beside the session (it hears the account changes).
    expect(await within(actors).findByRole('button', { name: 'app/wishlist（运行中）' })).toBeInTheDocument();
    await user.click(within(actors).getByRole('button', { name: 'app/session（运行中）' }));
    const { listed: sessionStates, drawn: sessionDrawn } = watchHighlights(panel);
    expect(sessionStates.at(-1)).toEqual(['session', 'anonymous']);
    expect(sessionDrawn.at(-1)).toEqual(['anonymous']);

    await user.click(await screen.findByRole('button', { name: '立即购买' }));
    await loginWithSms(user, await screen.findByRole('dialog', { name: '登录' }));
    await payDialog();

    // The session moved from anonymous to logged in, and the panel followed it.
    await waitFor(() => expect(sessionStates.at(-1)).toContain('loggedIn'));
    const order = sessionStates.map((states) => states[1]);
    expect(order.indexOf('anonymous')).toBeLessThan(order.indexOf('loggedIn'));
    // The drawn chart moved with it, through the signing-in steps (both regions of the parallel state lit at once:
    // the real-name reads and the visitor's lists being handed over), to the logged-in session at rest.
    await waitFor(() => expect(sessionDrawn.at(-1)).toEqual(['loggedIn', 'loggedIn.active', 'loggedIn.active.ready']));
    expect(sessionDrawn[0]).toEqual(['anonymous']);
    const signingIn = sessionDrawn.findIndex((states) =>
      states.includes('loggedIn.active.signingIn.facts.fetchingConfig'),
    );
    expect(sessionDrawn[signingIn]).toEqual(
      expect.arrayContaining([
        'loggedIn.active.signingIn',
        'loggedIn.active.signingIn.facts',
        'loggedIn.active.signingIn.lists',
      ]),
    );
    expect(sessionDrawn[signingIn]?.filter((state) => state.startsWith('loggedIn.active.signingIn.lists.'))).toEqual([
      'loggedIn.active.signingIn.lists.handingOver',
    ]);
    expect(signingIn).toBeGreaterThan(0);
    expect(signingIn).toBeLessThan(sessionDrawn.length - 1);
    // The nested list lit the same states: both regions under signingIn, then ready.
    expect(sessionStates).toContainEqual([
      'session',
      'loggedIn',
      'active',
      'signingIn',
      'facts',
      'fetchingConfig',
      'lists',
      'handingOver',
    ]);
    const drawing = within(panel).getByRole('group', { name: '状态图示 app/session' });
    expect(
      within(drawing).getByRole('img', { name: 'session.login：session（任意状态） → loggedIn.active.signingIn' }),
    ).toBeInTheDocument();
    // The flows were spawned as the purchase asked for them, and the login's invocations come and go.
    for (const name of [
      'app/modal（运行中）',
      'app/payGate（运行中）',
      'app/login（运行中）',
      'app/payment（运行中）',
    ]) {
      expect(within(actors).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(actors).getAllByRole('button', { name: /（已停止）$/ }).length).toBeGreaterThan(0);

    // Masked context: the phone as the account page shows it, the token filtered.
    const token = clientState.get().token;
    expect(token).toBeTruthy();
    const context = within(panel).getByRole('region', { name: '上下文 app/session' });
    expect(context).toHaveTextContent(MASKED_PHONE);
    expect(context).toHaveTextContent('[Filtered]');
    expect(panel).not.toHaveTextContent(PHONE);
    expect(panel).not.toHaveTextContent(token as string);

    // The pay gate: chosen, its events filtered, each showing the snapshot after it.
    await user.click(within(actors).getByRole('button', { name: 'app/payGate（运行中）' }));
    expect(
      within(panel)
        .getAllByRole('listitem', { current: true })
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['payGate', 'idle']);
    const payGateDrawing = within(panel).getByRole('group', { name: '状态图示 app/payGate' });
    expect(
      within(payGateDrawing)
        .getAllByRole('group', { current: true })
        .map((state) => state.getAttribute('aria-label')),
    ).toEqual(['idle']);
    const events = within(panel).getByRole('region', { name: '最近事件' });
    await user.selectOptions(
      within(events).getByRole('combobox', { name: '按 actor 筛选' }),
      within(events).getByRole('option', { name: 'app/payGate' }),
    );
    const rows = within(events).getAllByRole('row').slice(1);
    expect(
      rows.every((row) =>
        within(row)
          .getAllByRole('cell')
          .some((cell) => cell.textContent === 'app/payGate'),
      ),
    ).toBe(true);
    await user.click(within(events).getByRole('button', { name: 'purchase.start' }));
    const after = within(panel).getByRole('region', { name: '事件后的快照' });
    expect(after).toHaveTextContent('"value": { "gating": "readingSession" }');

    // The session's login event (forwarded by the root), clicked: its snapshot is masked too.
    await user.selectOptions(
      within(events).getByRole('combobox', { name: '按 actor 筛选' }),
      within(events).getByRole('option', { name: 'app/session' }),
    );
    await user.click(within(events).getByRole('button', { name: 'session.login' }));
    expect(within(panel).getByRole('region', { name: '事件后的快照' })).toHaveTextContent(MASKED_PHONE);
    expect(panel).not.toHaveTextContent(PHONE);

    // Exported: the whole session as JSON, nothing personal in clear, and it replays as a pay gate path.
    await user.click(within(panel).getByRole('button', { name: '导出本次会话' }));
    expect(exported).toHaveLength(1);
    const text = exported[0] ?? '';
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain(token as string);
    expect(text).toContain(MASKED_PHONE);
    const log = parseSessionLog(text);
    const plan = planRecordedSession(payGateModel, log, 'recorded purchase');
    expect(plan.differences).toEqual([]);
    expect(plan.item.steps.map((s) => s.event.type)).toContain('purchase.start');
    await runPlanItem(payGateModel, plan.item);
  });
});
