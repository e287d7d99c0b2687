/**
 * The flows the app loads on demand (docs/decisions/0006-lazy-flows.md):
 * login, qrLogin, payGate and payment, with the app's effects provided. Only
 * src/app/root-actor.ts imports this module, dynamically, so that neither
 * the four machines nor the order and user endpoints they call are in the
 * entry chunk. Nothing here runs at import.
 */
import type { FlowLogics } from '../../machines/app.machine';
import { createLoginActors } from '../features/session/login-effects';
import { createPurchaseActors, type PurchaseFlowOptions } from '../features/buying/purchase-effects';
import type { SessionFlowOptions } from '../features/session/session-effects';

export interface FlowOptions {
  sessionFlows?: SessionFlowOptions | undefined;
  purchaseFlows?: PurchaseFlowOptions | undefined;
}

export function createFlowActors(options: FlowOptions = {}): FlowLogics {
  return { ...createLoginActors(options.sessionFlows), ...createPurchaseActors(options.purchaseFlows) };
}
