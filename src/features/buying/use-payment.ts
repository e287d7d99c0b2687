/**
 * The pay modal's view of the `payment` child of the root system. Read it
 * here; send its events to the root (`actor.send({ type: 'payment.submit', … })`),
 * which forwards them.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { paymentMachine } from '../../../machines/payment.machine';
import { useAppActor } from '../../shared/app-actor';

type PaymentActor = ActorRefFrom<typeof paymentMachine>;
export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

function usePaymentActor(): PaymentActor {
  const actor = useAppActor();
  const child = actor.system.get('payment') as PaymentActor | undefined;
  if (!child) throw new Error('The root actor has no "payment" child; was it started?');
  return child;
}

export function usePaymentSelector<T>(selector: (snapshot: PaymentSnapshot) => T): T {
  return useSelector(usePaymentActor(), selector);
}
