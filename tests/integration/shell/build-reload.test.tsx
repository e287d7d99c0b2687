import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';

describe('the build-poll reload', () => {
  it('turns the next navigation into a full page load once a newer build is published', async () => {
    let latest = { id: 'test-build', timestamp: 1 };
    const { router, reloads, actor } = await renderApp('/', {
      deps: { build: { fetchLatest: async () => latest, pollIntervalMs: 10 }, testing: { firstCheckDelayMs: 0 } },
    });
    await screen.findByRole('heading', { level: 1, name: '星游商城首页' });

    // Same build: navigating stays inside the app.
    await router.navigate({ to: '/notice' });
    expect(reloads).toEqual([]);

    // A second build appears (what `npm run build` writes as builds/latest.json).
    latest = { id: 'next-build', timestamp: 2 };
    await waitFor(
      () => expect(actor.getSnapshot().children.buildPoll?.getSnapshot().hasTag('build:stale')).toBe(true),
      { timeout: 5000 },
    );
    await router.navigate({ to: '/help' });
    expect(reloads).toEqual(['/help']);
  });

  it('waits for the payment in progress before reloading', async () => {
    const { router, reloads, actor } = await renderApp('/', {
      deps: {
        build: { fetchLatest: async () => ({ id: 'next-build', timestamp: 2 }) },
        testing: { firstCheckDelayMs: 0 },
      },
    });
    actor.send({ type: 'payment.started' });
    await waitFor(
      () => expect(actor.getSnapshot().children.buildPoll?.getSnapshot().hasTag('build:stale')).toBe(true),
      { timeout: 5000 },
    );
    await router.navigate({ to: '/notice' });
    expect(reloads).toEqual([]);
    actor.send({ type: 'payment.ended' });
    await router.navigate({ to: '/help' });
    expect(reloads).toEqual(['/help']);
  });
});
