/**
 * Build poll: notices that a newer build is deployed and turns the next navigation into a full page
 * load, so shoppers never run stale code for long.
 *
 * Invariants: at most one request in flight, none offline, none once `stale`; never a reload during a
 * payment (the first navigation after `payment.ended` reloads); fetch errors are silent.
 *
 * Not here: reading `builds/latest.json` (`fetchLatestBuild`), the reload (`reloadPage`) and the
 * chunk-load-failure reload (src/shared/chunk-reload.ts).
 */
import { assign, fromPromise, setup, stateIn } from 'xstate';

export interface BuildInfo {
  id: string;
  timestamp: number;
}

export interface BuildPollInput {
  currentBuildId: string;
}

export interface BuildPollContext {
  currentBuildId: string;
  /** The newer build seen by polling; null until the build is stale. */
  latestBuildId: string | null;
}

export type BuildPollEvent =
  | { type: 'navigation.requested'; to: string }
  | { type: 'app.offline' }
  | { type: 'app.online' }
  | { type: 'payment.started' }
  | { type: 'payment.ended' };

export const buildPollMachine = setup({
  types: {} as {
    context: BuildPollContext;
    events: BuildPollEvent;
    input: BuildPollInput;
    tags: 'build:checking' | 'build:offline' | 'build:stale' | 'payment:inProgress';
  },
  actors: {
    /** Reads the latest deployed build; the app provides the real request. */
    fetchLatestBuild: fromPromise<BuildInfo>(async () => {
      throw new Error('fetchLatestBuild is supplied by the app through buildPollMachine.provide()');
    }),
  },
  actions: {
    assignLatestBuild: assign((_, params: { id: string }) => ({ latestBuildId: params.id })),
    /** The app does a full page load of `to` (window.location.assign). */
    reloadPage: (_, _params: { to: string }) => {},
  },
  guards: {
    // Build ids are opaque: any id other than the running one is the newer deploy.
    isNewerBuild: ({ context }, params: { id: string }) => params.id !== context.currentBuildId,
    isPaymentIdle: stateIn('#buildPoll.active.payment.idle'),
  },
  delays: {
    firstCheckDelay: 1000,
    pollInterval: 300_000,
  },
}).createMachine({
  id: 'buildPoll',
  context: ({ input }) => ({ currentBuildId: input.currentBuildId, latestBuildId: null }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        build: {
          initial: 'polling',
          states: {
            polling: {
              initial: 'waiting',
              on: {
                'app.offline': 'offline',
              },
              states: {
                waiting: {
                  after: { firstCheckDelay: 'checking' },
                },
                checking: {
                  tags: ['build:checking'],
                  invoke: {
                    id: 'fetchLatestBuild',
                    src: 'fetchLatestBuild',
                    onDone: [
                      {
                        guard: { type: 'isNewerBuild', params: ({ event }) => ({ id: event.output.id }) },
                        target: '#buildPoll.active.build.stale',
                        actions: { type: 'assignLatestBuild', params: ({ event }) => ({ id: event.output.id }) },
                      },
                      { target: 'idle' },
                    ],
                    onError: { target: 'idle' },
                  },
                },
                idle: {
                  after: { pollInterval: 'checking' },
                },
              },
            },
            offline: {
              tags: ['build:offline'],
              on: {
                'app.online': 'polling.checking',
              },
            },
            stale: {
              tags: ['build:stale'],
              on: {
                'navigation.requested': {
                  guard: 'isPaymentIdle',
                  target: '#buildPoll.reloading',
                  actions: { type: 'reloadPage', params: ({ event }) => ({ to: event.to }) },
                },
              },
            },
          },
        },
        payment: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'payment.started': 'inProgress' },
            },
            inProgress: {
              tags: ['payment:inProgress'],
              on: { 'payment.ended': 'idle' },
            },
          },
        },
      },
    },
    reloading: {
      type: 'final',
    },
  },
});

/**
 * Whether the build is known to be outdated (the next navigation may reload).
 * @internal
 */
export function isBuildStale(snapshot: { hasTag(tag: 'build:stale'): boolean }): boolean {
  return snapshot.hasTag('build:stale');
}

/**
 * Whether a navigation sent now would reload the page (stale and no payment in
 * progress). The router can use it to skip client-side work for that navigation.
 * @internal
 */
export function willReloadOnNavigation(snapshot: { can(event: BuildPollEvent): boolean }): boolean {
  return snapshot.can({ type: 'navigation.requested', to: '/' });
}
