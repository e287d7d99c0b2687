import { useSelector } from '@xstate/react';
import { openModals } from '../../machines/modal.machine';
import { useAppActor } from '../shared/app-actor';
import { loadedModal } from './modal-registry';

/**
 * Renders the modal machine's stack, bottom to top. Components were loaded by
 * the machine's `loadModal` actor before a modal enters the stack, so nothing
 * suspends here.
 */
export function ModalHost() {
  const actor = useAppActor();
  const modal = actor.getSnapshot().children.modal;
  if (!modal) return null;
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
        return (
          <Component
            key={entry.name}
            props={entry.props ?? {}}
            onClose={() => actor.send({ type: 'modal.close', name: entry.name })}
          />
        );
      })}
    </>
  );
}
