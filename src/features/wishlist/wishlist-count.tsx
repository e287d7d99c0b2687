/**
 * The header's ♥ count: how many games the shopper's 愿望单 holds, a visitor's (kept in this browser) or an
 * account's, as the list shows now. Its own chunk, loaded after hydration into the header's ♥ link
 * (src/features/shell/site-chrome.tsx), laid over the heart's corner so it moves nothing; nothing while the list
 * is empty or loading. The quiet 降价 count stays on the account chip (./wishlist-drops.tsx).
 */
import { useAppActor } from '../../shared/app-actor';
import { useWishlist } from './wishlist-store';
import './wishlist.css';

export default function WishlistCount() {
  const { entries } = useWishlist(useAppActor());
  if (entries.length === 0) return null;
  return (
    <span className="header-wishlist-count">
      {entries.length > 99 ? '99+' : entries.length}
      <span className="visually-hidden"> 款</span>
    </span>
  );
}
