/**
 * The page's cart: the root actor system's `cart` child (machines/cart.machine.ts), with its effects
 * (./cart-effects.ts). This module is the cart's chunk, loaded on demand (docs/cart.md, "What it costs"): the app
 * machine opens the cart with what `createCartLogic` returns, for the account holding the tab then, and tells it of
 * every account change after. The page sends its writes to the root actor, which forwards `cart.*` to it; the pay
 * gate hears 去结算 as the child's `cart.handOff` (`installCart`).
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { cartMachine, type CartAnswer, type CartNotSavedReason, type CartOp } from '../../../machines/cart.machine';
import { CART_LINES_MAX } from '../../api/cart';
import type { AppActor } from '../../shared/app-actor';
import type { StorageLike } from '../../shared/storage';
import { toast } from '../../shared/toast';
import {
  apiCartServer,
  CART_VISITOR_KEY,
  cartAccountKey,
  cartChangedKey,
  createCartEffects,
  type CartEffects,
  type CartServer,
} from './cart-effects';
import { installCartCheckout } from './checkout';
import { whenCartOpen } from './cart-open';
import { CART_NOT_SAVED, cartFull } from './texts';

type CartActor = ActorRefFrom<typeof cartMachine>;

/**
 * The machine with the given effects: the page's (`createCartLogic`), or a test's server. `notifyNotSaved` says why a
 * visitor's write was not kept.
 * @internal exported for the tests
 */
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

/** The cart the app machine opens: the browser's effects, or a test's server and storage. A write not kept is said in a toast. */
export function createCartLogic(options: { storage: StorageLike | undefined; server?: CartServer | undefined }) {
  const effects = createCartEffects({ storage: options.storage, server: options.server ?? apiCartServer });
  return cartWithEffects(effects, (reason) =>
    toast.warning(reason === 'cartFull' ? cartFull(CART_LINES_MAX) : CART_NOT_SAVED),
  );
}

/**
 * Once the cart runs (the app's `loadCart`, src/app/root-actor.ts, calls this as the cart's code arrives): another
 * tab's change reaches it, and 去结算 reaches the pay gate.
 */
export function installCart(root: AppActor): void {
  void whenCartOpen(root, { load: false }).then(
    () => {
      const uninstall = [installCartSync(root), installCartCheckout(root)];
      // Until the root actor stops (a test's app ends; a page never stops it).
      root.subscribe({ complete: () => uninstall.forEach((undo) => undo()) });
      // (A root actor stopped before its cart opened needs neither.)
    },
    () => undefined,
  );
}

/** The root system's cart child (once the app machine opened it). */
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
function installCartSync(root: AppActor): () => void {
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
