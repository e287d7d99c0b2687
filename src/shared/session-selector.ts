/**
 * Selections from the session's snapshot for what renders once the store's flows run (the account pages and
 * dialogs). Apart from ./app-actor.ts, which the entry chunk carries: @xstate/react brings XState with it.
 */
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';
import { useSystemChild } from './app-actor';

/** Selects from the session's snapshot (systemId `session`); re-renders only when the selection changes. */
export function useSessionSelector<T>(selector: (snapshot: SnapshotFrom<typeof sessionMachine>) => T): T {
  return useSelector(useSystemChild('session'), selector);
}
