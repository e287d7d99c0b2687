/**
 * The wishlist's door (愿望单, issue 34): the toggle for the buy row (buying), the 愿望单 tab (session), the
 * header's count (shell). Each is loaded when it is first rendered.
 */
export { WishlistDrops, WishlistPanel, WishlistToggle } from './lazy';
export { WISHLIST_LOADING } from './texts';
