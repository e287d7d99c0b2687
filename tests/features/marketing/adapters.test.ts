/**
 * The third-party adapters with fakes: no script is fetched, no SDK is loaded
 * and nothing leaves the test.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsPageName, createAnalytics, type AnalyticsWindow } from '../../../src/features/marketing/analytics';
import { BUFFER_LIMIT, startErrorReporting, type SentryLike } from '../../../src/features/marketing/error-reporting';
import { afterFirstPaint, loadScript, startAdAttribution } from '../../../src/features/marketing/external-scripts';
import { startIntegrations } from '../../../src/features/marketing/integrations';
import type { ChunkFailureListener } from '../../../src/shared/chunk-reload';

function fakeSentry() {
  const sdk = {
    init: vi.fn<SentryLike['init']>(),
    captureException: vi.fn<SentryLike['captureException']>(() => 'event-id'),
    setUser: vi.fn<SentryLike['setUser']>(),
  };
  return sdk;
}

function chunkFailures() {
  const listeners = new Set<ChunkFailureListener>();
  return {
    subscribe: (listener: ChunkFailureListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fail: (error: unknown, path: string) => listeners.forEach((l) => l(error, path)),
    count: () => listeners.size,
  };
}

afterEach(() => {
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('script loading', () => {
  it('adds an async script tag once per id, never a blocking one', () => {
    void loadScript('https://stats.example.com/hm.js', { id: 'analytics-script' }).catch(() => {});
    void loadScript('https://stats.example.com/hm.js', { id: 'analytics-script' }).catch(() => {});
    const scripts = document.head.querySelectorAll('script#analytics-script');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
    expect((scripts[0] as HTMLScriptElement).src).toBe('https://stats.example.com/hm.js');
  });

  it('resolves when the script has loaded and rejects when it fails', async () => {
    const loaded = loadScript('https://a.example.com/a.js', { id: 'a' });
    document.getElementById('a')?.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBeUndefined();
    const failed = loadScript('https://b.example.com/b.js', { id: 'b' });
    document.getElementById('b')?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Failed to load script https://b.example.com/b.js');
  });

  it('waits for the first paint (two frames, then a task) before running deferred work', () => {
    const frames: FrameRequestCallback[] = [];
    const tasks: (() => void)[] = [];
    const win = {
      requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(cb),
      setTimeout: (cb: () => void) => tasks.push(cb),
    } as unknown as Pick<Window, 'requestAnimationFrame' | 'setTimeout'>;
    const task = vi.fn();
    afterFirstPaint(task, win);
    frames.shift()?.(0);
    frames.shift()?.(16);
    expect(task).not.toHaveBeenCalled();
    tasks.shift()?.();
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('the analytics adapter', () => {
  it('is off, and loads nothing, without a script URL', () => {
    const load = vi.fn();
    expect(createAnalytics({ scriptUrl: undefined, win: {}, load })).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the configured script and queues page views by route name until it arrives', () => {
    const win: AnalyticsWindow = {};
    const load = vi.fn();
    const analytics = createAnalytics({ scriptUrl: 'https://stats.example.com/hm.js', win, load });
    analytics?.pageView({ routeName: 'search', path: '/search' });
    expect(load).toHaveBeenCalledWith('https://stats.example.com/hm.js');
    expect(win._hmt).toEqual([
      ['_setCustomVar', 1, 'route', 'search', 3],
      ['_trackPageview', '/search'],
    ]);
  });

  it('reports every game detail page under the gameDetail prefix', () => {
    expect(analyticsPageName('gameDetail-id')).toBe('gameDetail');
    expect(analyticsPageName('sem-activity')).toBe('sem-activity');
    expect(analyticsPageName(undefined)).toBe('notFound');
  });

  it('sets the user id after login and clears it after logout', () => {
    const win: AnalyticsWindow = {};
    const analytics = createAnalytics({ scriptUrl: 'https://stats.example.com/hm.js', win, load: () => {} });
    analytics?.setUserId(10001);
    analytics?.setUserId(null);
    expect(win._hmt).toEqual([
      ['_setUserId', '10001'],
      ['_setUserId', ''],
    ]);
  });
});

describe('the ad attribution adapter', () => {
  it('loads its script only when configured', () => {
    const load = vi.fn();
    expect(startAdAttribution({ scriptUrl: undefined, load })).toBe(false);
    expect(startAdAttribution({ scriptUrl: 'https://ads.example.com/conv.js', load })).toBe(true);
    expect(load).toHaveBeenCalledExactlyOnceWith('https://ads.example.com/conv.js');
  });
});

describe('the error reporting adapter', () => {
  it('is off without a DSN: the SDK is never imported and nothing listens', () => {
    const load = vi.fn();
    const target = new EventTarget() as unknown as Window;
    const chunks = chunkFailures();
    expect(startErrorReporting({ dsn: undefined, load, target, onChunkFailure: chunks.subscribe })).toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(chunks.count()).toBe(0);
  });

  it('loads the SDK after the first paint and initialises it with the DSN, without its own global handlers', async () => {
    const sdk = fakeSentry();
    const scheduled: (() => void)[] = [];
    const reporting = startErrorReporting({
      dsn: 'https://key@o0.ingest.example.com/1',
      release: 'build-7',
      target: new EventTarget() as unknown as Window,
      load: async () => sdk,
      schedule: (task) => scheduled.push(task),
      onChunkFailure: chunkFailures().subscribe,
    });
    expect(sdk.init).not.toHaveBeenCalled();
    scheduled.shift()?.();
    await expect(reporting?.ready).resolves.toBe(true);
    const options = sdk.init.mock.calls[0]?.[0];
    expect(options).toMatchObject({ dsn: 'https://key@o0.ingest.example.com/1', release: 'build-7' });
    expect(options?.integrations?.([{ name: 'GlobalHandlers' }, { name: 'Dedupe' }])).toEqual([{ name: 'Dedupe' }]);
    reporting?.stop();
  });

  it('reports uncaught errors and unhandled rejections, including those before the SDK arrived', async () => {
    const sdk = fakeSentry();
    const target = new EventTarget() as unknown as Window;
    let runLoad = () => {};
    const reporting = startErrorReporting({
      dsn: 'https://key@o0.ingest.example.com/1',
      target,
      load: async () => sdk,
      schedule: (task) => (runLoad = task),
      onChunkFailure: chunkFailures().subscribe,
    });
    const early = new Error('before the SDK');
    target.dispatchEvent(Object.assign(new Event('error'), { error: early }));
    runLoad();
    await reporting?.ready;
    const late = new Error('after the SDK');
    target.dispatchEvent(Object.assign(new Event('error'), { error: late }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'rejected' }));
    expect(sdk.captureException.mock.calls).toEqual([
      [early, { tags: { kind: 'uncaught' } }],
      [late, { tags: { kind: 'uncaught' } }],
      ['rejected', { tags: { kind: 'unhandledrejection' } }],
    ]);
    reporting?.stop();
  });

  it('reports failed chunk loads with their path', async () => {
    const sdk = fakeSentry();
    const chunks = chunkFailures();
    const reporting = startErrorReporting({
      dsn: 'https://key@o0.ingest.example.com/1',
      target: new EventTarget() as unknown as Window,
      load: async () => sdk,
      schedule: (task) => task(),
      onChunkFailure: chunks.subscribe,
    });
    await reporting?.ready;
    const error = new Error('Failed to fetch dynamically imported module: /assets/search-page.js');
    chunks.fail(error, '/search');
    expect(sdk.captureException).toHaveBeenCalledWith(error, {
      tags: { kind: 'chunk-load' },
      extra: { path: '/search' },
    });
    reporting?.stop();
    expect(chunks.count()).toBe(0);
  });

  it('keeps at most 20 errors while the SDK loads, and the latest user', async () => {
    const sdk = fakeSentry();
    const target = new EventTarget() as unknown as Window;
    let runLoad = () => {};
    const reporting = startErrorReporting({
      dsn: 'https://key@o0.ingest.example.com/1',
      target,
      load: async () => sdk,
      schedule: (task) => (runLoad = task),
      onChunkFailure: chunkFailures().subscribe,
    });
    for (let i = 0; i < BUFFER_LIMIT + 5; i += 1) reporting?.captureException(new Error(`e${i}`));
    reporting?.setUser(10001);
    runLoad();
    await reporting?.ready;
    expect(sdk.captureException).toHaveBeenCalledTimes(BUFFER_LIMIT);
    expect(sdk.setUser).toHaveBeenLastCalledWith({ id: '10001' });
    reporting?.setUser(null);
    expect(sdk.setUser).toHaveBeenLastCalledWith(null);
    reporting?.stop();
  });

  it('gives up quietly (a warning) when the SDK cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reporting = startErrorReporting({
      dsn: 'https://key@o0.ingest.example.com/1',
      target: new EventTarget() as unknown as Window,
      load: async () => Promise.reject(new Error('blocked by an ad blocker')),
      schedule: (task) => task(),
      onChunkFailure: chunkFailures().subscribe,
    });
    await expect(reporting?.ready).resolves.toBe(false);
    expect(warn).toHaveBeenCalled();
    reporting?.stop();
  });
});

describe('start-up integrations', () => {
  function fakes(routeName: string | undefined) {
    const state = { matches: [{ staticData: { meta: routeName ? { name: routeName } : undefined } }] };
    const router = { state } as unknown as Parameters<typeof startIntegrations>[0]['router'];
    let user: { userId: number } | null = null;
    const observers = new Set<() => void>();
    const actor = {
      system: { get: (id: string) => (id === 'session' ? { getSnapshot: () => ({ context: { user } }) } : undefined) },
      subscribe: (next: () => void) => {
        observers.add(next);
        return { unsubscribe: () => observers.delete(next) };
      },
    } as unknown as Parameters<typeof startIntegrations>[0]['actor'];
    const shown = new Set<(location: { pathname: string; href: string }) => void>();
    return {
      router,
      actor,
      navigate: (name: string, pathname: string) => {
        state.matches = [{ staticData: { meta: { name } } }];
        shown.forEach((l) => l({ pathname, href: pathname }));
      },
      login: (userId: number | null) => {
        user = userId === null ? null : { userId };
        observers.forEach((o) => o());
      },
      subscribePageShown: (listener: (location: { pathname: string; href: string }) => void) => {
        shown.add(listener);
        return () => shown.delete(listener);
      },
      observerCount: () => observers.size,
    };
  }

  it('turns nothing on by default', () => {
    const f = fakes('index');
    const loadScript = vi.fn();
    const loadSentry = vi.fn();
    const integrations = startIntegrations({
      router: f.router,
      actor: f.actor,
      loadScript,
      loadSentry,
      subscribePageShown: f.subscribePageShown,
    });
    expect(integrations).toMatchObject({ analytics: null, errors: null, ads: false });
    expect(loadScript).not.toHaveBeenCalled();
    expect(loadSentry).not.toHaveBeenCalled();
    expect(f.observerCount()).toBe(0);
  });

  it('sends analytics a page view per page shown with its route name, and the user id after login', () => {
    const f = fakes('index');
    const win: AnalyticsWindow = {};
    const integrations = startIntegrations({
      router: f.router,
      actor: f.actor,
      analyticsScriptUrl: 'https://stats.example.com/hm.js',
      adScriptUrl: 'https://ads.example.com/conv.js',
      win,
      loadScript: vi.fn(),
      subscribePageShown: f.subscribePageShown,
    });
    f.navigate('index', '/');
    f.navigate('gameDetail-id', '/gameDetail/12');
    f.login(10001);
    f.login(null);
    expect(win._hmt).toEqual([
      ['_setCustomVar', 1, 'route', 'index', 3],
      ['_trackPageview', '/'],
      ['_setCustomVar', 1, 'route', 'gameDetail', 3],
      ['_trackPageview', '/gameDetail/12'],
      ['_setUserId', '10001'],
      ['_setUserId', ''],
    ]);
    expect(integrations.ads).toBe(true);
    integrations.stop();
    f.navigate('search', '/search');
    expect(win._hmt).toHaveLength(6);
  });
});
