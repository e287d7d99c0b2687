/**
 * Builds the one root actor of the app: `appMachine` with the real effects
 * provided to its children. This is the only place that joins machines/ (pure
 * charts) to browser effects.
 *
 * The actor is returned NOT started: the caller (src/main.tsx, or a test)
 * wires the router and any subscriptions first, then calls `actor.start()`
 * exactly once. Starting schedules the first build check (1 s later). Nothing
 * here runs at import time.
 */
import { createActor, fromPromise, type Actor, type InspectionEvent, type Observer } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import { buildPollMachine, type BuildInfo } from '../../machines/build-poll.machine';
import { modalMachine, type ModalName } from '../../machines/modal.machine';

/** What `createActor({ inspect })` accepts; `@statelyai/inspect`'s `inspector.inspect` is one. */
export type InspectionFn = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export interface RootActorDeps {
  /** The running build's id; compared with the id polling reads. */
  buildId: string;
  /** Reads builds/latest.json. Rejections are quiet: the machine retries at the next interval. */
  fetchLatestBuild: () => Promise<BuildInfo>;
  /** A full page load of `to` (in the browser: `window.location.assign(to)`). */
  reloadPage: (to: string) => void;
  /** Loads the named modal's code on demand (a dynamic import); it opens once this resolves. */
  loadModal: (name: string) => Promise<unknown>;
  /** Hears about a modal whose code failed to load. Defaults to a console warning. */
  reportLoadFailure?: (name: string, error: unknown) => void;
  /** Poll interval in ms (default 300 000, the machine's `pollInterval`). */
  pollIntervalMs?: number;
  /** Stately inspector (see ./inspector.ts); undefined in normal runs. */
  inspect?: InspectionFn;
}

export type AppActor = Actor<typeof appMachine>;

function warnLoadFailure(name: string, error: unknown): void {
  console.warn(`[modal] failed to load "${name}"`, error);
}

export function createRootActor(deps: RootActorDeps): AppActor {
  const reportLoadFailure = deps.reportLoadFailure ?? warnLoadFailure;
  const modal = modalMachine.provide({
    actors: {
      loadModal: fromPromise<unknown, ModalName>(({ input }) => deps.loadModal(input)),
    },
    actions: {
      reportLoadFailure: (_, { name, error }) => reportLoadFailure(name, error),
    },
  });
  const buildPoll = buildPollMachine.provide({
    actors: {
      fetchLatestBuild: fromPromise<BuildInfo>(() => deps.fetchLatestBuild()),
    },
    actions: {
      reloadPage: (_, { to }) => deps.reloadPage(to),
    },
    delays: deps.pollIntervalMs === undefined ? {} : { pollInterval: deps.pollIntervalMs },
  });
  const machine = appMachine.provide({ actors: { modal, buildPoll } });
  return createActor(machine, { input: { buildId: deps.buildId }, inspect: deps.inspect });
}
