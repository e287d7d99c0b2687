// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  buildPollMachine,
  isBuildStale,
  willReloadOnNavigation,
  type BuildInfo,
} from '../../machines/build-poll.machine';

const CURRENT: BuildInfo = { id: 'build-1', timestamp: 1 };
const NEWER: BuildInfo = { id: 'build-2', timestamp: 2 };
const INTERVAL = 300_000;

/** A build-poll actor on vitest's fake clock; `answers` are returned by successive checks. */
function startPoll(answers: (BuildInfo | Error)[], delays?: { pollInterval?: number }) {
  const fetchLatestBuild = vi.fn(async (): Promise<BuildInfo> => {
    const answer = answers.shift() ?? CURRENT;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const reloadPage = vi.fn();
  const actor = createActor(
    buildPollMachine.provide({
      actors: { fetchLatestBuild: fromPromise(() => fetchLatestBuild()) },
      actions: { reloadPage: (_, { to }) => reloadPage(to) },
      delays: delays ?? {},
    }),
    { input: { currentBuildId: CURRENT.id } },
  ).start();
  return { actor, fetchLatestBuild, reloadPage };
}

const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('build-poll machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks for a new build 1 s after start, not before', async () => {
    const { fetchLatestBuild } = startPoll([CURRENT]);

    await tick(999);
    expect(fetchLatestBuild).not.toHaveBeenCalled();
    await tick(1);
    expect(fetchLatestBuild).toHaveBeenCalledTimes(1);
  });

  it('checks again on every interval while the build is current', async () => {
    const { actor, fetchLatestBuild } = startPoll([CURRENT, CURRENT, CURRENT]);

    await tick(1000);
    await tick(INTERVAL - 1);
    expect(fetchLatestBuild).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(fetchLatestBuild).toHaveBeenCalledTimes(2);
    await tick(INTERVAL);
    expect(fetchLatestBuild).toHaveBeenCalledTimes(3);
    expect(isBuildStale(actor.getSnapshot())).toBe(false);
  });

  it('uses the poll interval the app provides', async () => {
    const { fetchLatestBuild } = startPoll([CURRENT, CURRENT], { pollInterval: 60_000 });

    await tick(1000 + 60_000);

    expect(fetchLatestBuild).toHaveBeenCalledTimes(2);
  });

  it('ignores navigation while the build is current', async () => {
    const { actor, reloadPage } = startPoll([CURRENT]);
    await tick(1000);

    actor.send({ type: 'navigation.requested', to: '/new' });

    expect(reloadPage).not.toHaveBeenCalled();
    expect(willReloadOnNavigation(actor.getSnapshot())).toBe(false);
  });

  it('after seeing a newer build, reloads on the next navigation and stops polling', async () => {
    const { actor, fetchLatestBuild, reloadPage } = startPoll([NEWER]);
    await tick(1000);

    expect(isBuildStale(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.latestBuildId).toBe('build-2');
    expect(willReloadOnNavigation(actor.getSnapshot())).toBe(true);
    expect(reloadPage).not.toHaveBeenCalled();

    await tick(INTERVAL * 3);
    expect(fetchLatestBuild).toHaveBeenCalledTimes(1);

    actor.send({ type: 'navigation.requested', to: '/gameDetail/7' });
    expect(reloadPage).toHaveBeenCalledExactlyOnceWith('/gameDetail/7');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().matches('reloading')).toBe(true);
  });

  it('stays quiet when a check fails and tries again at the next interval', async () => {
    const { actor, fetchLatestBuild } = startPoll([new Error('Network Error'), NEWER]);

    await tick(1000);
    expect(actor.getSnapshot().status).toBe('active');
    expect(isBuildStale(actor.getSnapshot())).toBe(false);

    await tick(INTERVAL);
    expect(fetchLatestBuild).toHaveBeenCalledTimes(2);
    expect(isBuildStale(actor.getSnapshot())).toBe(true);
  });

  it('pauses polling while offline and checks at once when back online', async () => {
    const { actor, fetchLatestBuild } = startPoll([CURRENT, CURRENT]);
    await tick(1000);

    actor.send({ type: 'app.offline' });
    expect(actor.getSnapshot().hasTag('build:offline')).toBe(true);
    await tick(INTERVAL * 5);
    expect(fetchLatestBuild).toHaveBeenCalledTimes(1);

    actor.send({ type: 'app.online' });
    await tick(0);
    expect(fetchLatestBuild).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().hasTag('build:offline')).toBe(false);
  });

  it('going offline before the first check postpones it until back online', async () => {
    const { actor, fetchLatestBuild } = startPoll([CURRENT]);

    actor.send({ type: 'app.offline' });
    await tick(5000);
    expect(fetchLatestBuild).not.toHaveBeenCalled();

    actor.send({ type: 'app.online' });
    await tick(0);
    expect(fetchLatestBuild).toHaveBeenCalledTimes(1);
  });

  it('does not reload while a payment is in progress, but on the first navigation after it ends', async () => {
    const { actor, reloadPage } = startPoll([NEWER]);
    actor.send({ type: 'payment.started' });
    await tick(1000);
    expect(isBuildStale(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'navigation.requested', to: '/orderDateil?id=9' });
    expect(reloadPage).not.toHaveBeenCalled();
    expect(willReloadOnNavigation(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'payment.ended' });
    expect(reloadPage).not.toHaveBeenCalled();

    actor.send({ type: 'navigation.requested', to: '/setting?type=0' });
    expect(reloadPage).toHaveBeenCalledExactlyOnceWith('/setting?type=0');
  });

  it('a payment that starts after the build went stale also defers the reload', async () => {
    const { actor, reloadPage } = startPoll([NEWER]);
    await tick(1000);

    actor.send({ type: 'payment.started' });
    actor.send({ type: 'navigation.requested', to: '/new' });

    expect(reloadPage).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('payment:inProgress')).toBe(true);
  });
});
