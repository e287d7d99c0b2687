/**
 * What the login's hand-over and the logout do to the carts this browser keeps, without the cart's code (which
 * loads on demand, docs/cart.md "What it costs"): the storage keys, the visitor's cart set aside for the account in
 * the step that stores the login, and an account's copies removed at its logout.
 */
import { forgetKeptList, hasSetAside, keptListKeys, setAsideVisitorList } from '../../shared/kept-list';
import { removeStored, type StorageLike } from '../../shared/storage';

export const CART_KEYS = keptListKeys('cart');
/** Bumped after each write this page made to an account's cart on the server: another tab reads it again. */
export const cartChangedKey = (userId: number) => `cart:changed:${userId}`;

/** The login's step for the cart, the visitor's part of docs/decisions/0035-one-login-hand-over.md. */
export const takeVisitorCart = (storage: StorageLike | undefined, owner: number) =>
  setAsideVisitorList(storage, CART_KEYS, owner);

/** Whether the account's cart has a visitor's cart to merge as it opens (the login waits for that opening). */
export const hasCartSetAside = (storage: StorageLike | undefined, owner: number) =>
  hasSetAside(storage, CART_KEYS, owner);

/** Removes every copy of the account's cart this browser keeps (its logout). */
export function forgetCart(storage: StorageLike | undefined, owner: number): void {
  forgetKeptList(storage, CART_KEYS, owner);
  removeStored(storage, cartChangedKey(owner));
}
