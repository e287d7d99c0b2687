import { useSelector } from '@xstate/react';
import { useAppActor, type ModalName } from '../app/hooks';
import { loadedModal } from './registry';

/**
 * Renders the modal machine's stack, bottom to top. Components were loaded by
 * the machine's `loadModal` actor before a modal enters the stack, so nothing
 * suspends here.
 */
export function ModalHost() {
  const actor = useAppActor();
  const modal = actor.system.get('modal') as ModalActorLike | undefined;
  if (!modal) return null;
  return <ModalStack modal={modal} close={(name) => actor.send({ type: 'modal.close', name })} />;
}

interface StackEntry {
  name: string;
  props?: Record<string, unknown> | undefined;
}

type ModalActorLike = Parameters<typeof useSelector>[0] & { getSnapshot(): { context: { stack: StackEntry[] } } };

function ModalStack({ modal, close }: { modal: ModalActorLike; close: (name: ModalName) => void }) {
  const stack = useSelector(modal, (snapshot: { context: { stack: StackEntry[] } }) => snapshot.context.stack);
  return (
    <>
      {stack.map((entry) => {
        const Component = loadedModal(entry.name);
        if (!Component) return null;
        return <Component key={entry.name} props={entry.props ?? {}} onClose={() => close(entry.name as ModalName)} />;
      })}
    </>
  );
}
