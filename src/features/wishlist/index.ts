/**
 * The wishlist's door (愿望单, docs/following-wishlist.md): the toggle for the buy row (buying), the 愿望单 tab (session), the
 * header's ♥ count and 降价 count (shell), the personal centre's 愿望单降价 count (session). Each is loaded when it is first rendered.
 */
export { WishlistCount, WishlistDropCount, WishlistDrops, WishlistPanel, WishlistToggle } from './lazy';
export type { WishlistBuy } from './wishlist-panel';
export { WISHLIST_LOADING } from './texts';
