import { useSelector } from '@xstate/react';
import { openModals } from '../../machines/modal.machine';
import { useAppActor } from '../shared/app-actor';
import { useHydrated } from '../shared/hydration';
import { loadedModal } from './modal-registry';

/**
 * Renders the modal machine's stack, bottom to top. Components were loaded by
 * the machine's `loadModal` actor before a modal enters the stack, so nothing
 * suspends here.
 */
export function ModalHost() {
  const actor = useAppActor();
  const hydrated = useHydrated();
  const modal = actor.getSnapshot().children.modal;
  // A prerendered page's HTML has no dialog: one opened before it hydrated (the daily popup) shows right after.
  if (!modal || !hydrated) return null;
  return <ModalStack modal={modal} />;
}

type ModalActor = NonNullable<ReturnType<ReturnType<typeof useAppActor>['getSnapshot']>['children']['modal']>;

function ModalStack({ modal }: { modal: ModalActor }) {
  const actor = useAppActor();
  const stack = useSelector(modal, openModals);
  return (
    <>
      {stack.map((entry) => {
        const Component = loadedModal(entry.name);
        if (!Component) return null;
        return <Component key={entry.name} props={entry.props ?? {}} onClose={() => actor.send({ type: 'modal.close', name: entry.name })} />;
      })}
    </>
  );
}
