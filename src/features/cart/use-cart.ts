/**
 * The cart for a component: the root system's `cart` child once it runs (undefined until then: its code loads on
 * demand, ./cart-open.ts); `load` asks for it (the /cart page, the checkout's sheet), otherwise the component
 * waits for whatever asks (the header's count: the app, once the page is idle).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useAppActor } from '../../shared/app-actor';
import type { CartActor } from './cart-open';

export function useCart({ load }: { load: boolean }): CartActor | undefined {
  const root = useAppActor();
  const cart = useSelector(root, (snapshot) => snapshot.children.cart) as CartActor | undefined;
  useEffect(() => {
    if (load && !cart) root.send({ type: 'cart.load' });
  }, [root, load, cart]);
  return cart;
}
