/**
 * The page's cart: the root actor system's `cart` child (machines/cart.machine.ts, started with the session at
 * start-up and told of every account change by the app machine), with its effects (./cart-effects.ts) provided by
 * the composition root. The page sends its writes to the root actor, which forwards `cart.*` to it; the pay gate
 * hears 去结算 as the child's `cart.handOff` (docs/cart.md).
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { cartMachine, type CartAnswer, type CartNotSavedReason, type CartOp } from '../../../machines/cart.machine';
import type { AppActor } from '../../shared/app-actor';
import { CART_VISITOR_KEY, cartAccountKey, cartChangedKey, type CartEffects } from './cart-effects';

type CartActor = ActorRefFrom<typeof cartMachine>;

/** The machine with the given effects: the page's, or a test's server. `notifyNotSaved` says why a visitor's write was not kept. */
export function cartWithEffects(effects: CartEffects, notifyNotSaved: (reason: CartNotSavedReason) => void = () => {}) {
  return cartMachine.provide({
    actors: {
      openCart: fromPromise<CartAnswer, { owner: number | null; parked: readonly CartOp[] }>(({ input, signal }) =>
        effects.openCart(input, signal),
      ),
      applyOp: fromPromise<CartAnswer, { owner: number; op: CartOp }>(({ input, signal }) =>
        effects.applyOp(input, signal),
      ),
    },
    actions: {
      takeVisitorCart: (_, params: { owner: number }) => effects.takeVisitorCart(params.owner),
      applySetAside: (_, params: { owner: number; ops: CartOp[] }) => effects.applySetAside(params.owner, params.ops),
      applyVisitorOps: ({ self }, params: { ops: CartOp[] }) => {
        const outcome = effects.applyVisitorOps(params.ops);
        if (outcome !== 'saved') self.send({ type: 'cart.notSaved', reason: outcome, lines: effects.visitorLines() });
      },
      notifyNotSaved: (_, params) => notifyNotSaved(params.reason),
    },
  });
}

/** The root system's cart child (started with the session). */
function cartActorOf(root: AppActor): CartActor {
  const actor = root.system.get('cart') as CartActor | undefined;
  if (!actor) throw new Error('The root actor has no "cart" child; was it started?');
  return actor;
}

/**
 * Another tab changed the cart this tab shows: the visitor's cart or a browser-kept account's cart in storage, or
 * an account's cart on the server (that tab marks `cart:changed:<userId>` after each write): read it again.
 * Returns the unsubscribe.
 */
export function installCartSync(root: AppActor): () => void {
  const onStorage = (event: StorageEvent) => {
    const { owner } = cartActorOf(root).getSnapshot().context;
    const mine =
      owner === null
        ? event.key === CART_VISITOR_KEY
        : event.key === cartChangedKey(owner) || event.key === cartAccountKey(owner);
    if (mine) root.send({ type: 'cart.refresh' });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
