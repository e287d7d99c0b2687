// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { BuildInfo } from '../../machines/build-poll.machine';
import { openModals } from '../../machines/modal.machine';
import { createFlowActors } from '../../src/app/flows';
import { createRootActor, whenFlowsReady, whenStartedUp } from '../../src/app/root-actor';
import type { RootActorOverrides } from '../support/render-app';
import type { AppActor } from '../../src/shared/app-actor';

vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: () => ({ inspect: { next: () => {} } }),
}));

const BUILD = 'build-1';

function rootActor(overrides: RootActorOverrides = {}) {
  let answer: BuildInfo = { id: BUILD, timestamp: 1 };
  const deps = {
    ...overrides,
    build: { id: BUILD, fetchLatest: vi.fn(async () => answer), reloadPage: vi.fn(), ...overrides.build },
    modals: { load: vi.fn(async () => undefined), reportLoadFailure: vi.fn(), ...overrides.modals },
    testing: {
      // From a static import: ready within the tick that loads a modal needing them.
      loadFlows: vi.fn(async () => createFlowActors()),
      ...overrides.testing,
    },
  };
  const actor = createRootActor(deps);
  return { actor, deps, deployNewBuild: () => (answer = { id: 'build-2', timestamp: 2 }) };
}

function modalSnapshot(actor: AppActor) {
  const modal = actor.getSnapshot().children.modal;
  if (!modal) throw new Error('the modal child is not running');
  return modal.getSnapshot();
}

function buildPollSnapshot(actor: AppActor) {
  const buildPoll = actor.getSnapshot().children.buildPoll;
  if (!buildPoll) throw new Error('the buildPoll child is not running');
  return buildPoll.getSnapshot();
}
const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('root actor and app machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('is returned unstarted: nothing is polled until start()', async () => {
    const { actor, deps } = rootActor();

    await tick(10_000);
    expect(deps.build.fetchLatest).not.toHaveBeenCalled();

    actor.start();
    await whenStartedUp(actor);
    await tick(1000);
    expect(deps.build.fetchLatest).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('runs one system whose children are reachable by systemId', async () => {
    const { actor } = rootActor();
    actor.start();
    await whenStartedUp(actor);

    const modal = actor.system.get('modal') as AnyActorRef | undefined;
    const buildPoll = actor.system.get('buildPoll') as AnyActorRef | undefined;
    expect(modal).toBeDefined();
    expect(buildPoll).toBeDefined();
    expect(modal?.system).toBe(actor.system);
    expect(buildPoll?.system).toBe(actor.system);
    expect(actor.getSnapshot().children.modal).toBe(modal);
    expect(actor.getSnapshot().children.buildPoll).toBe(buildPoll);
    expect(buildPollSnapshot(actor).context.currentBuildId).toBe(BUILD);
    actor.stop();
  });

  it('forwards modal events to the modal child, which loads through the app', async () => {
    const { actor, deps } = rootActor();
    actor.start();
    await whenStartedUp(actor);

    actor.send({ type: 'modal.open', name: 'pay', props: { goodsId: 3 }, source: 'user' });
    expect(modalSnapshot(actor).hasTag('modal:opening')).toBe(true);
    expect(deps.modals.load).toHaveBeenCalledWith('pay');
    await tick(0);
    actor.send({ type: 'modal.open', name: 'login', source: 'user' });
    await tick(0);
    expect(openModals(modalSnapshot(actor)).map((m) => m.name)).toEqual(['pay', 'login']);

    actor.send({ type: 'modal.close', name: 'login' });
    expect(openModals(modalSnapshot(actor)).map((m) => m.name)).toEqual(['pay']);
    actor.send({ type: 'modal.closeAll' });
    expect(openModals(modalSnapshot(actor))).toEqual([]);
    actor.stop();
  });

  it('hands a failed modal load to reportLoadFailure', async () => {
    const failure = new Error('chunk failed');
    const { actor, deps } = rootActor({ modals: { load: vi.fn(async () => Promise.reject(failure)) } });
    actor.start();
    await whenStartedUp(actor);

    actor.send({ type: 'modal.open', name: 'realName', source: 'user' });
    await tick(0);

    expect(deps.modals.reportLoadFailure).toHaveBeenCalledWith('realName', failure);
    expect(openModals(modalSnapshot(actor))).toEqual([]);
    actor.stop();
  });

  it('forwards offline, online and payment events to the build poll', async () => {
    const { actor, deps } = rootActor();
    actor.start();
    await whenStartedUp(actor);

    actor.send({ type: 'app.offline' });
    expect(buildPollSnapshot(actor).hasTag('build:offline')).toBe(true);
    await tick(5000);
    expect(deps.build.fetchLatest).not.toHaveBeenCalled();

    actor.send({ type: 'app.online' });
    await tick(0);
    expect(deps.build.fetchLatest).toHaveBeenCalledTimes(1);

    actor.send({ type: 'payment.started' });
    expect(buildPollSnapshot(actor).hasTag('payment:inProgress')).toBe(true);
    actor.send({ type: 'payment.ended' });
    expect(buildPollSnapshot(actor).hasTag('payment:inProgress')).toBe(false);
    actor.stop();
  });

  it('reloads on the navigation after a new build, then keeps modals working', async () => {
    const { actor, deps, deployNewBuild } = rootActor({ build: { pollIntervalMs: 60_000 } });
    actor.start();
    await whenStartedUp(actor);
    await tick(1000);

    actor.send({ type: 'navigation.requested', to: '/new' });
    expect(deps.build.reloadPage).not.toHaveBeenCalled();

    deployNewBuild();
    await tick(60_000);
    actor.send({ type: 'navigation.requested', to: '/gameDetail/12' });

    expect(deps.build.reloadPage).toHaveBeenCalledExactlyOnceWith('/gameDetail/12');
    expect(actor.getSnapshot().hasTag('app:reloading')).toBe(true);
    expect(actor.system.get('buildPoll')).toBeUndefined();

    // A navigation racing the reload is dropped instead of reaching a finished child.
    expect(() => actor.send({ type: 'navigation.requested', to: '/help' })).not.toThrow();
    actor.send({ type: 'modal.open', name: 'login', source: 'user' });
    await tick(0);
    expect(openModals(modalSnapshot(actor)).map((m) => m.name)).toEqual(['login']);
    actor.stop();
  });

  it('passes the inspector to the whole system', async () => {
    const seen = new Set<string>();
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.actor') seen.add((event.actorRef as AnyActorRef).id);
    };
    const { actor } = rootActor({ inspect });
    actor.start();
    await whenStartedUp(actor);

    // Every long-lived child (and whatever they invoke at start) reports to the same inspector.
    expect([...seen]).toEqual(
      expect.arrayContaining([actor.id, 'modal', 'buildPoll', 'couponPopup', 'session', 'autoLogin']),
    );
    actor.stop();
  });

  it('passes the inspector to the flows it loads later', async () => {
    const seen = new Set<string>();
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.actor') seen.add((event.actorRef as AnyActorRef).id);
    };
    const { actor } = rootActor({ inspect });
    actor.start();
    await whenStartedUp(actor);
    await whenFlowsReady(actor);

    expect([...seen]).toEqual(expect.arrayContaining(['login', 'qrLogin', 'payGate', 'payment']));
    actor.stop();
  });
});

describe('the flows loaded on demand', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const payGateSnapshot = (actor: AppActor) =>
    (actor.system.get('payGate') as AnyActorRef).getSnapshot() as { value: unknown; context: { request: unknown } };

  it('starts without them, and loads them once on flows.load', async () => {
    const { actor, deps } = rootActor();
    actor.start();
    await whenStartedUp(actor);
    expect(actor.system.get('login')).toBeUndefined();
    expect(actor.system.get('payment')).toBeUndefined();
    // Meant for a flow that does not run yet: dropped, not an error.
    expect(() => actor.send({ type: 'login.opened' })).not.toThrow();

    actor.send({ type: 'flows.load' });
    actor.send({ type: 'flows.load' });
    await tick(0);

    expect(deps.testing.loadFlows).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('app:flowsReady')).toBe(true);
    for (const id of ['login', 'qrLogin', 'payGate', 'payment'])
      expect(actor.system.get(id)).toBe((actor.getSnapshot().children as Record<string, unknown>)[id]);
    actor.stop();
  });

  it('keeps a purchase.start that comes first and delivers it once they run', async () => {
    const { actor } = rootActor();
    actor.start();
    await whenStartedUp(actor);
    actor.send({ type: 'purchase.start', goodsId: 7, buyNum: 2, gameId: 3 });
    await tick(0);

    expect(payGateSnapshot(actor).context.request).toMatchObject({ goodsId: 7, buyNum: 2, gameId: 3 });
    expect(actor.getSnapshot().context.pendingPurchase).toBeNull();
    actor.stop();
  });

  it('drops the waiting purchase.start on a logout', async () => {
    let finish: (logics: ReturnType<typeof createFlowActors>) => void = () => {};
    const { actor } = rootActor({
      testing: {
        loadFlows: vi.fn(() => new Promise<ReturnType<typeof createFlowActors>>((resolve) => (finish = resolve))),
      },
    });
    actor.start();
    await whenStartedUp(actor);
    actor.send({ type: 'purchase.start', goodsId: 7, gameId: 3 });
    actor.send({ type: 'session.changed', user: null });
    finish(createFlowActors());
    await tick(0);

    expect(actor.getSnapshot().hasTag('app:flowsReady')).toBe(true);
    expect(payGateSnapshot(actor).value).toBe('idle');
    actor.stop();
  });

  it('opens the login and pay modals only once the flows run', async () => {
    let finish: (logics: ReturnType<typeof createFlowActors>) => void = () => {};
    const { actor } = rootActor({
      testing: {
        loadFlows: vi.fn(() => new Promise<ReturnType<typeof createFlowActors>>((resolve) => (finish = resolve))),
      },
    });
    actor.start();
    await whenStartedUp(actor);
    actor.send({ type: 'modal.open', name: 'login', source: 'user' });
    await tick(0);
    expect(openModals(modalSnapshot(actor))).toEqual([]);

    finish(createFlowActors());
    await tick(0);
    expect(openModals(modalSnapshot(actor)).map((m) => m.name)).toEqual(['login']);
    actor.stop();
  });

  it('reports a failed load (a lost purchase, a modal that cannot open) and tries again on the next ask', async () => {
    const failure = new Error('chunk failed');
    const loadFlows = vi.fn(async () => Promise.reject<ReturnType<typeof createFlowActors>>(failure));
    const reportFlowsFailure = vi.fn();
    const { actor, deps } = rootActor({ testing: { loadFlows }, reportFlowsFailure });
    actor.start();
    await whenStartedUp(actor);

    actor.send({ type: 'purchase.start', goodsId: 7, gameId: 3 });
    await tick(0);
    expect(reportFlowsFailure).toHaveBeenLastCalledWith(failure, true);
    expect(actor.getSnapshot().hasTag('app:flowsFailed')).toBe(true);
    expect(actor.getSnapshot().context.pendingPurchase).toBeNull();

    actor.send({ type: 'modal.open', name: 'pay', source: 'user' });
    await tick(0);
    expect(reportFlowsFailure).toHaveBeenLastCalledWith(failure, false);
    expect(deps.modals.reportLoadFailure).toHaveBeenCalledWith('pay', expect.any(Error));
    expect(openModals(modalSnapshot(actor))).toEqual([]);

    loadFlows.mockImplementation(async () => createFlowActors());
    await expect(whenFlowsReady(actor)).resolves.toBeUndefined();
    expect(loadFlows).toHaveBeenCalledTimes(3);
    actor.stop();
  });
});
