/**
 * The header's quiet count on the account entry: 愿望单 N 款降价, the wishlisted games cheaper now than at the
 * shopper's last visit to the 愿望单 tab, as a link to it. Never a popup. Its own chunk, loaded once the account
 * chip shows (after hydration); it takes no room until it has something to say (site-chrome's chip keeps its
 * place: the count is laid over the header's edge, not in its flow).
 */
import { Link } from '@tanstack/react-router';
import { useAppActor } from '../../shared/app-actor';
import { dropsSinceLastVisit, readSeenPrices } from './wishlist-rules';
import { useWishlist, wishlistStorage } from './wishlist-store';
import './wishlist.css';

export default function WishlistDrops() {
  const { owner, entries, items } = useWishlist(useAppActor());
  if (owner === null || !items) return null;
  const listed = items.filter((i) => entries.some((e) => e.gameId === i.gameId));
  const count = dropsSinceLastVisit(listed, readSeenPrices(wishlistStorage(), owner));
  if (count === 0) return null;
  return (
    <Link to="/setting" search={{ type: 4 }} className="wishlist-drops">
      愿望单 {count} 款降价
    </Link>
  );
}
