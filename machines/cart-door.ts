/**
 * The app machine's `cart` region (machines/app.machine.ts): the cart's code loads on demand (docs/cart.md, "What it
 * costs"), asked for by `cart.load` (the app once the page is idle; the /cart page; the login's hand-over when a
 * visitor's cart was set aside) or by the first `cart.*` event, which is kept until the cart runs. The loaded cart
 * opens for the account holding the tab then, and hears only the kept events of that account: one made for an
 * account or a visitor that no longer holds the tab is dropped, as a logout drops a purchase waiting for the flows.
 * A failed load keeps nothing and is tagged (`app:cartFailed`); the next `cart.*` asks again.
 */
import type { AnyActorLogic } from 'xstate';
import type { CartUiEvent } from './cart.machine';

/** What the app machine's `enqueueActions` hands `openCart` (only what it uses). */
interface OpenCartArgs {
  context: { pendingCart: readonly PendingCartEvent[] };
  event: unknown;
  system: { get(id: string): unknown };
  enqueue: {
    spawnChild: unknown;
    sendTo(to: 'cart', event: CartUiEvent): void;
    assign(values: { pendingCart: PendingCartEvent[] }): void;
  };
}

/** A `cart.*` event kept until the cart runs, with the account holding the tab when it came (null: a visitor). */
export interface PendingCartEvent {
  owner: number | null;
  event: CartUiEvent;
}

/** The account holding the tab now, as the session child says (null: a visitor). */
function sessionOwner(system: { get(id: string): unknown }): number | null {
  const session = system.get('session') as
    | { getSnapshot(): { context: { user: { userId: number } | null } } }
    | undefined;
  return session?.getSnapshot().context.user?.userId ?? null;
}

/** The loaded cart (`loadCart`'s output), opened for the account holding the tab now; then what was kept for it. */
export function openCart({ context, event, system, enqueue }: OpenCartArgs): void {
  const owner = sessionOwner(system);
  const spawn = enqueue.spawnChild as (
    logic: AnyActorLogic,
    options: { id: string; systemId: string; input: unknown },
  ) => void;
  spawn((event as { output: AnyActorLogic }).output, { id: 'cart', systemId: 'cart', input: { owner } });
  for (const kept of context.pendingCart) if (kept.owner === owner) enqueue.sendTo('cart', kept.event);
  enqueue.assign({ pendingCart: [] });
}

/** A `cart.*` event that came before the cart runs, kept with the account holding the tab now. */
export const keptCartEvent = (
  context: { pendingCart: readonly PendingCartEvent[] },
  event: unknown,
  system: { get(id: string): unknown },
) => ({ pendingCart: [...context.pendingCart, { owner: sessionOwner(system), event: event as CartUiEvent }] });

export const cartDoorRegion = {
  initial: 'closed',
  states: {
    closed: {
      initial: 'notAsked',
      on: {
        'cart.load': { target: 'loading' },
        'cart.*': { target: 'loading', actions: 'keepPendingCart' },
      },
      states: {
        notAsked: {},
        // The last load failed: tagged, so that whenCartOpen (src/features/cart/cart-open.ts) rejects.
        failed: { tags: 'app:cartFailed' },
      },
    },
    loading: {
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: { target: 'open', actions: 'openCart' },
        onError: { target: 'closed.failed', actions: 'dropPendingCart' },
      },
      on: {
        'cart.load': {},
        'cart.*': { actions: 'keepPendingCart' },
      },
    },
    open: {
      tags: 'app:cartOpen',
      on: {
        'cart.load': {},
        'cart.*': { actions: 'forwardToCart' },
      },
    },
  },
} as const;
