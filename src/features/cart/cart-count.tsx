/**
 * The cart's count (购物车): how many goods the cart shown holds (`cartCount`), for the account the session holds
 * now. Its own chunk, loaded after hydration into the header's and the sidebar's 购物车 links
 * (src/features/shell), laid over the icon's corner so it moves nothing; nothing while the cart is empty or its
 * code has not loaded yet (the app asks for it once the page is idle: docs/cart.md, "What it costs"). It reads the
 * machine's count only.
 */
import { useSelector } from '@xstate/react';
import { cartCount } from '../../../machines/cart-view';
import { sessionUserId, useAppActor } from '../../shared/app-actor';
import { useCart } from './use-cart';

export default function CartCount({ className }: { className: string }) {
  const root = useAppActor();
  const count = useSelector(useCart({ load: false }), (s) =>
    s && s.context.owner === sessionUserId(root.system) ? cartCount(s.context) : 0,
  );
  if (count === 0) return null;
  return (
    <span className={className}>
      <span className="visually-hidden"> </span>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> 件</span>
    </span>
  );
}
