/**
 * The React side of the root actor system: components read machine state
 * through selectors (so a change re-renders only what reads it) and send
 * events; they never keep a copy of state a machine owns.
 */
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { Actor, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from '../../machines/app.machine';
import type { autoLoginMachine } from '../../machines/auto-login.machine';
import type { loginMachine } from '../../machines/login.machine';
import type { qrLoginMachine } from '../../machines/qr-login.machine';
import type { sessionMachine } from '../../machines/session.machine';
import type { UserInfo } from '../api/user';
import { useHydrated } from './hydration';

/** The one root actor of the app (created in src/app/root-actor.ts). */
export type AppActor = Actor<typeof appMachine>;

/**
 * The root actor, or null while a prerendered page hydrates before the store's flows have started
 * (docs/prerendering.md, "When the app starts"): what reads it then renders as for nobody, and a tap made
 * meanwhile is kept by src/app/boot.js and acted on once the actor is there.
 */
export const AppActorContext = createContext<AppActor | null>(null);

/** The root actor. Only for what renders once the store's flows run (dialogs, account pages, the toaster's owner). */
export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor() needs <AppActorContext.Provider> with a started actor');
  return actor;
}

/** The root actor, or null before the store's flows have started (a prerendered page's first renders). */
export function useOptionalAppActor(): AppActor | null {
  return useContext(AppActorContext);
}

export type { ModalName } from '../../machines/modal.machine';
import type { ModalName } from '../../machines/modal.machine';

/** What every dialog component the modal host renders receives. */
export interface ModalComponentProps {
  /** close this modal (the machine removes it from the stack) */
  onClose: () => void;
  /** whatever the opener passed with `modal.open` */
  props: Record<string, unknown>;
}

export interface ModalControls {
  open(name: ModalName, props?: Record<string, unknown>): void;
  close(name: ModalName): void;
  closeAll(): void;
}

/**
 * Opens and closes dialogs. Safe to call before the store's flows have started (a prerendered page
 * hydrating): no handler runs then, because src/app/boot.js keeps every tap until they have.
 */
export function useModals(): ModalControls {
  const actor = useOptionalAppActor();
  return useMemo(
    () => ({
      open: (name, props) => actor?.send({ type: 'modal.open', name, props, source: 'user' }),
      close: (name) => actor?.send({ type: 'modal.close', name }),
      closeAll: () => actor?.send({ type: 'modal.closeAll' }),
    }),
    [actor],
  );
}

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
type LoginActor = ActorRefFrom<typeof loginMachine>;
type QrLoginActor = ActorRefFrom<typeof qrLoginMachine>;
type AutoLoginActor = ActorRefFrom<typeof autoLoginMachine>;

interface SystemChildren {
  session: SessionActor;
  login: LoginActor;
  qrLogin: QrLoginActor;
  autoLogin: AutoLoginActor;
}

/** A long-lived child of the root system, by systemId (read-only: send events to the root). */
export function useSystemChild<K extends keyof SystemChildren>(systemId: K): SystemChildren[K] {
  const actor = useAppActor();
  const child = actor.system.get(systemId) as SystemChildren[K] | undefined;
  if (!child) throw new Error(`The root actor has no "${systemId}" child; was it started?`);
  return child;
}

/** Anything that can look up the root system's children (an actor's `system`, or the root actor's). */
type SystemLike = { get(systemId: string): unknown };

/** The `session` child's snapshot, or undefined before it exists: the one place outside React that finds it. */
export function sessionSnapshotOf(system: SystemLike): SnapshotFrom<typeof sessionMachine> | undefined {
  return (system.get('session') as SessionActor | undefined)?.getSnapshot();
}

/** The session's user id: null when anonymous, or when there is no session child yet. */
export function sessionUserId(system: SystemLike): number | null {
  return sessionSnapshotOf(system)?.context.user?.userId ?? null;
}

/**
 * Calls `listener` with the user id now (only when logged in) and whenever it changes. The root actor
 * emits a snapshot for every event it handles, and the session announces logins and logouts to it
 * (`session.changed`), so a change is seen right after it happens.
 */
export function watchUserId(
  actor: Pick<AppActor, 'system' | 'subscribe'>,
  listener: (userId: number | null) => void,
): () => void {
  let last = sessionUserId(actor.system);
  if (last !== null) listener(last);
  const subscription = actor.subscribe(() => {
    const next = sessionUserId(actor.system);
    if (next === last) return;
    last = next;
    listener(next);
  });
  return () => subscription.unsubscribe();
}

/**
 * The logged-in user, or null: also while a prerendered page hydrates (its HTML was made for nobody,
 * ./hydration.ts) and before the store's flows have started.
 */
export function useCurrentUser(): UserInfo | null {
  // React's own store hook, not @xstate/react's: this module is in the entry chunk, which carries no XState
  // (the session's other selections use `useSessionSelector`, ./session-selector.ts).
  const session = useOptionalAppActor()?.system.get('session') as SessionActor | undefined;
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = session?.subscribe(changed);
      return () => subscription?.unsubscribe();
    },
    [session],
  );
  const read = () => session?.getSnapshot().context.user ?? null;
  const user = useSyncExternalStore(subscribe, read, () => null);
  return useHydrated() ? user : null;
}
