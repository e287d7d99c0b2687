import type { PurchaseStartEvent } from '../../../machines/pay-gate.machine';
import type { AppActor } from '../../shared/app-actor';

/**
 * Hands the chosen goods and quantity to the purchase flow: the pay-gating
 * machine decides what happens next (login modal for a visitor, real name,
 * stock check, pay modal).
 */
export function startPurchase(actor: AppActor, payload: Omit<PurchaseStartEvent, 'type'> & { buyNum: number }): void {
  actor.send({ type: 'purchase.start', ...payload });
}
