/**
 * 加入愿望单 / 已加入愿望单: a toggle button (`aria-pressed`) beside 立即购买, in the buy row that is the phone's
 * sticky bar (src/features/buying/purchase-panel.tsx). Its own chunk, loaded with the game's buy row.
 */
import { useOptionalAppActor, type AppActor } from '../../shared/app-actor';
import { isWishlisted } from '../../../machines/wishlist.machine';
import { useWishlist } from './wishlist-store';

export interface WishlistToggleProps {
  gameId: number;
  /** the game's from price now, fen: the price when added */
  price: number;
}

export default function WishlistToggle(props: WishlistToggleProps) {
  const root = useOptionalAppActor();
  // Before the store's flows run (a prerendered page hydrating), the place is kept.
  if (!root) return <span className="wishlist-toggle-slot" aria-hidden="true" />;
  return <Toggle root={root} {...props} />;
}

function Toggle({ root, gameId, price }: WishlistToggleProps & { root: AppActor }) {
  const { entries } = useWishlist(root);
  const pressed = isWishlisted({ entries }, gameId);
  return (
    <button
      type="button"
      className={`button wishlist-toggle${pressed ? ' is-pressed' : ''}`}
      aria-pressed={pressed}
      onClick={() =>
        root.send(pressed ? { type: 'wishlist.remove', gameId } : { type: 'wishlist.add', entry: { gameId, addedPrice: price, addedAt: Date.now() } })
      }
    >
      <span aria-hidden="true">{pressed ? '♥' : '♡'}</span> <span className="wishlist-toggle-label">{pressed ? '已加入愿望单' : '加入愿望单'}</span>
    </button>
  );
}
