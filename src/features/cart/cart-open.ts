/**
 * The cart's code loads on demand (docs/cart.md, "What it costs"): the app machine opens the cart (the root system's
 * `cart` child) on `cart.load` or on its first `cart.*` event. What needs the cart now waits here for it.
 */
import { waitFor, type ActorRefFrom } from 'xstate';
import type { cartMachine } from '../../../machines/cart.machine';
import type { AppActor } from '../../shared/app-actor';

export type CartActor = ActorRefFrom<typeof cartMachine>;

/**
 * Resolves with the cart once it runs, asking for it unless `load` is false; rejects if its code failed to load
 * after this asked (a failure seen before is not this load's answer). For a 加入购物车, the login's hand-over, tests.
 */
export async function whenCartOpen(root: AppActor, { load = true } = {}): Promise<CartActor> {
  if (load && !root.getSnapshot().hasTag('app:cartOpen')) root.send({ type: 'cart.load' });
  let asked = false;
  const settled = await waitFor(root, (snapshot) => {
    if (!snapshot.hasTag('app:cartFailed')) asked = true;
    return snapshot.hasTag('app:cartOpen') || (load && asked && snapshot.hasTag('app:cartFailed'));
  });
  const cart = root.system.get('cart') as CartActor | undefined;
  if (!settled.hasTag('app:cartOpen') || !cart) throw new Error("The cart's code failed to load");
  return cart;
}
