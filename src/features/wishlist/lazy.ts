/**
 * The wishlist's parts, each its own chunk: the buy row's toggle, the 愿望单 tab, the header's ♥ count and its
 * quiet 降价 count.
 * Importing one of these names brings only the `lazy()` wrapper.
 */
import { lazy } from 'react';

export const WishlistToggle = lazy(() => import('./wishlist-toggle'));
export const WishlistPanel = lazy(() => import('./wishlist-panel'));
export const WishlistDrops = lazy(() => import('./wishlist-drops'));
export const WishlistCount = lazy(() => import('./wishlist-count'));
export const WishlistDropCount = lazy(() => import('./wishlist-drop-count'));
