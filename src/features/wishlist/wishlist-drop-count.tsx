/**
 * 愿望单降价 in the personal centre's overview: how many games on the list are cheaper now than when they were added
 * (the rows' 降价 ¥x). Its own chunk; `fallback` while the list loads, or when its prices are not the server's
 * (kept in this browser: no 加入时 price from the server to compare with).
 */
import type { ReactNode } from 'react';
import { useAppActor } from '../../shared/app-actor';
import { priceDrop } from './wishlist-rules';
import { useWishlist } from './wishlist-store';

export default function WishlistDropCount({ children }: { children: (count: number | undefined) => ReactNode }) {
  const { entries, items, loading } = useWishlist(useAppActor());
  const known = !loading && items !== null;
  return children(
    known
      ? items.filter((item) => entries.some((e) => e.gameId === item.gameId) && priceDrop(item) > 0).length
      : undefined,
  );
}
