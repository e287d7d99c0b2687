/**
 * 加入愿望单 / 已加入愿望单: a toggle button (`aria-pressed`) beside 立即购买, in the buy row that is the phone's
 * sticky bar (src/features/buying/purchase-panel.tsx). An add is said in a toast (a visitor's: kept in this browser,
 * 登录后同步到账号). Its own chunk, loaded with the game's buy row.
 */
import { useOptionalAppActor, type AppActor } from '../../shared/app-actor';
import { isWishlisted } from '../../../machines/wishlist.machine';
import { toast } from '../../shared/toast';
import { WISHLIST_ADDED, WISHLIST_ADDED_VISITOR } from './texts';
import { addToWishlist, useWishlist } from './wishlist-store';

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
  const { owner, entries } = useWishlist(root);
  const pressed = isWishlisted({ entries }, gameId);
  const add = () => {
    // Said in a toast (announced); an add this browser did not keep is said by the machine instead.
    if (addToWishlist(root, { gameId, addedPrice: price, addedAt: Date.now() }))
      toast.success(owner === null ? WISHLIST_ADDED_VISITOR : WISHLIST_ADDED);
  };
  return (
    <button
      type="button"
      className={`button wishlist-toggle${pressed ? ' is-pressed' : ''}`}
      aria-pressed={pressed}
      onClick={() => (pressed ? root.send({ type: 'wishlist.remove', gameId }) : add())}
    >
      <span aria-hidden="true">{pressed ? '♥' : '♡'}</span>{' '}
      <span className="wishlist-toggle-label">{pressed ? WISHLIST_ADDED : '加入愿望单'}</span>
    </button>
  );
}
