/**
 * The React side of the root actor system: components read machine state
 * through selectors (so a change re-renders only what reads it) and send
 * events; they never keep a copy of state a machine owns.
 */
import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo } from 'react';
import type { Actor, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from '../../machines/app.machine';
import type { autoLoginMachine } from '../../machines/auto-login.machine';
import type { loginMachine } from '../../machines/login.machine';
import type { qrLoginMachine } from '../../machines/qr-login.machine';
import type { sessionMachine } from '../../machines/session.machine';
import type { UserInfo } from '../api/user';

/** The one root actor of the app (created in src/app/root-actor.ts). */
export type AppActor = Actor<typeof appMachine>;

export const AppActorContext = createContext<AppActor | null>(null);

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor() needs <AppActorContext.Provider>');
  return actor;
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

export function useModals(): ModalControls {
  const actor = useAppActor();
  return useMemo(
    () => ({
      open: (name, props) => actor.send({ type: 'modal.open', name, props, source: 'user' }),
      close: (name) => actor.send({ type: 'modal.close', name }),
      closeAll: () => actor.send({ type: 'modal.closeAll' }),
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

/** Selects from the session's snapshot (systemId `session`); re-renders only when the selection changes. */
export function useSessionSelector<T>(selector: (snapshot: SnapshotFrom<typeof sessionMachine>) => T): T {
  return useSelector(useSystemChild('session'), selector);
}

/** The logged-in user, or null. */
export function useCurrentUser(): UserInfo | null {
  return useSessionSelector((snapshot) => snapshot.context.user);
}
