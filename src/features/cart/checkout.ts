/**
 * One checkout for the cart (docs/cart.md, "One checkout"): 去结算 sends `cart.checkout { goodsIds }` to the root
 * actor; the cart child answers with `cart.handOff`, which `installCartCheckout` turns into the pay gate's
 * `purchase.start` carrying the lines (with their names, at the prices shown) and the plan. From there the gate
 * does what it does for 立即购买 (login with the hand-over, real name, stock of every line) and opens the one pay
 * sheet (src/features/buying/cart-pay-editor.tsx).
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CartLine, cartMachine } from '../../../machines/cart.machine';
import { handOffOf, type CartHandOff } from '../../../machines/cart-view';
import type { CartPurchase } from '../../../machines/pay-gate.machine';
import { useAppActor, type AppActor } from '../../shared/app-actor';
import { useCart } from './use-cart';

type CartActor = ActorRefFrom<typeof cartMachine>;

/** The hand-off's lines with the names the cart shows them by (a line the cart no longer shows is left out). */
function cartPurchaseOf(handOff: CartHandOff, shown: readonly CartLine[]): CartPurchase {
  return {
    plan: handOff.plan,
    lines: handOff.lines.flatMap((line) => {
      const kept = shown.find((l) => l.goodsId === line.goodsId);
      return kept ? [{ ...line, gameName: kept.gameName, goodsName: kept.goodsName, cover: kept.cover }] : [];
    }),
  };
}

function cartOf(root: AppActor): CartActor {
  const cart = root.system.get('cart') as CartActor | undefined;
  if (!cart) throw new Error('The root actor has no "cart" child; was it started?');
  return cart;
}

/**
 * Hands every `cart.handOff` of the root's cart to the pay gate (as `purchase.start`, the first line's goods with the
 * `cart`). Installed once per root actor, once its cart runs (`installCart`, ./cart-store.ts); returns the uninstall.
 */
export function installCartCheckout(root: AppActor): () => void {
  const cart = cartOf(root);
  const subscription = cart.on('cart.handOff', ({ handOff }) => {
    const purchase = cartPurchaseOf(handOff, cart.getSnapshot().context.lines);
    const first = purchase.lines[0];
    if (!first) return;
    root.send({
      type: 'purchase.start',
      goodsId: first.goodsId,
      gameId: first.gameId,
      buyNum: first.buyNum,
      cart: purchase,
    });
  });
  return () => subscription.unsubscribe();
}

/** Where a visitor's 去结算 stands once logged in: the account's cart is being read, could not be, or is read. */
export type AccountCheckout =
  | { kind: 'loading' }
  | { kind: 'failed'; retry: () => void }
  | { kind: 'ready'; purchase: CartPurchase };

/**
 * A visitor's 去结算 after the login (`afterLogin`): the chosen goods as the account's cart shows them once the login
 * has merged the visitor's cart into it, with the account's plan. Read from the cart child while `userId` owns it.
 */
export function useAccountCheckout(userId: number | null, goodsIds: readonly number[]): AccountCheckout {
  const root = useAppActor();
  // Open once the login merged the visitor's cart; asked for, should this page have started on the pay sheet.
  const cart = useCart({ load: true });
  const state = useSelector(cart, (snapshot) =>
    !snapshot || snapshot.context.owner !== userId || userId === null || snapshot.hasTag('cart:loading')
      ? 'loading'
      : snapshot.matches('openFailed')
        ? 'failed'
        : 'ready',
  );
  // As text, so that the sheet gets the same purchase until a line changes (it reports its choices on each change).
  const purchase = useSelector(cart, (snapshot) =>
    snapshot ? JSON.stringify(cartPurchaseOf(handOffOf(snapshot.context, goodsIds), snapshot.context.lines)) : '',
  );
  const ready = useMemo(() => (purchase ? (JSON.parse(purchase) as CartPurchase) : null), [purchase]);
  if (state === 'loading' || !ready) return { kind: 'loading' };
  if (state === 'failed') return { kind: 'failed', retry: () => root.send({ type: 'cart.retry' }) };
  return { kind: 'ready', purchase: ready };
}
