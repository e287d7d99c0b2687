/**
 * The cart's parts other features show, each its own chunk: the buy row's 加入购物车 and the 购物车 count.
 * Importing one of these names brings only the `lazy()` wrapper.
 */
import { lazy } from 'react';

export const AddToCartButton = lazy(() => import('./add-to-cart-button'));
export const CartCount = lazy(() => import('./cart-count'));
