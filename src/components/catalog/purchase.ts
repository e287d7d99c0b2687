import type { AppActor } from '../../app/root-actor';

/** What the buy button hands to the purchase flow (the pay-gating machine decides what happens next). */
export interface PurchaseStartEvent {
  type: 'purchase.start';
  goodsId: number;
  buyNum: number;
  gameId: number;
}

type AppEventOf<A> = A extends { send(event: infer E): void } ? E : never;

/**
 * Sends `purchase.start` to the root actor. Until the pay-gating machine adds
 * the event to the app's event union the type has to be asserted here (one
 * place); an actor that does not know the event ignores it.
 */
export function startPurchase(actor: AppActor, payload: Omit<PurchaseStartEvent, 'type'>): void {
  const event: PurchaseStartEvent = { type: 'purchase.start', ...payload };
  actor.send(event as unknown as AppEventOf<AppActor>);
}
