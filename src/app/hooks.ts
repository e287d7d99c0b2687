/**
 * The React side of the root actor system: components read machine state
 * through selectors (so a change re-renders only what reads it) and send
 * events; they never keep a copy of state a machine owns.
 */
import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo } from 'react';
import type { UserInfo } from '../api/user';
import type { AppActor } from './root-actor';

export const AppActorContext = createContext<AppActor | null>(null);

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor() needs <AppActorContext.Provider>');
  return actor;
}

export type { ModalName } from '../../machines/modal.machine';
import type { ModalName } from '../../machines/modal.machine';

export interface ModalControls {
  open(name: ModalName, props?: Record<string, unknown>): void;
  close(name: ModalName): void;
  closeAll(): void;
}

export function useModals(): ModalControls {
  const actor = useAppActor();
  return useMemo(
    () => ({
      open: (name, props) => actor.send({ type: 'modal.open', name, props }),
      close: (name) => actor.send({ type: 'modal.close', name }),
      closeAll: () => actor.send({ type: 'modal.closeAll' }),
    }),
    [actor],
  );
}

/** The logged-in user, or null. */
export function useCurrentUser(): UserInfo | null {
  const actor = useAppActor();
  return useSelector(actor, (snapshot) => selectUser(snapshot));
}

function selectUser(snapshot: unknown): UserInfo | null {
  const session = (snapshot as { children?: Record<string, { getSnapshot(): { context?: { user?: UserInfo | null } } } | undefined> })
    .children?.session;
  return session?.getSnapshot().context?.user ?? null;
}
