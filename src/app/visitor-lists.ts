/**
 * The login hand-over's one list of what a visitor keeps in this browser (docs/decisions/0035-one-login-hand-over.md).
 * The session machine takes them aside for the account in the step that stores a login (`take`), waits for them
 * to reach the account before it says 登录成功 and announces the login (`handOver`), and forgets the account's
 * copies at its logout (`forget`). A list that comes later adds one entry here and nothing else, as the cart did
 * (docs/cart.md).
 *
 * Each list's hand-over is its own: one that fails stays set aside for that account (and is finished when its
 * list next opens for it: the wishlist and the cart as they open, 最近浏览 as the account appears,
 * src/features/catalog/recent-views-join.ts) while the others go on.
 */
import { waitFor, type ActorRefFrom } from 'xstate';
import type { cartMachine } from '../../machines/cart.machine';
import type { wishlistMachine } from '../../machines/wishlist.machine';
import type { VisitorListsEffects } from '../features/session/session-effects';
import { hasVisitorViews, recentViewsKey, viewerOf } from '../features/catalog/recent-views-keys';
import type { WishlistEffects } from '../features/wishlist/wishlist-effects';
import { browserStorage, removeStored } from '../shared/storage';

/** One list a visitor keeps in this browser. */
export interface VisitorList {
  take(userId: number): void;
  handOver(userId: number): Promise<unknown>;
  forget(userId: number): void;
}

/** The wishlist child as the hand-over reads it. */
export type WishlistRef = ActorRefFrom<typeof wishlistMachine>;
/** The cart child as the hand-over reads it. */
export type CartRef = ActorRefFrom<typeof cartMachine>;

/**
 * A list a machine child of the root keeps (愿望单, 购物车): set aside in storage at once (`take`); handed over when
 * the child, which hears the login as it is stored (`session.signingIn`), has opened the account's list: its opening
 * merges what was set aside (on the server, or in the browser's account list without the extension). A failed
 * opening is a failed hand-over.
 */
function childVisitorList(
  effects: StoredList,
  child: (userId: number) => Promise<WishlistRef | CartRef | undefined>,
  loadingTag: 'wishlist:loading' | 'cart:loading',
): VisitorList {
  return {
    take: (userId) => effects.take(userId),
    handOver: async (userId) => {
      const actor = await child(userId);
      if (!actor) return;
      const opened = await waitFor(
        actor as CartRef,
        (s) => s.context.owner === userId && !s.hasTag(loadingTag as 'cart:loading'),
      );
      if (opened.matches('openFailed')) throw new Error(`the ${actor.id} could not be opened for the account`);
    },
    forget: (userId) => effects.forget(userId),
  };
}

/** What a list keeps in this browser does at login (`take`: set aside for the account) and at logout (`forget`). */
interface StoredList {
  take(userId: number): void;
  forget(userId: number): void;
}

/** 愿望单 (machines/wishlist.machine.ts). */
export const wishlistVisitorList = (
  effects: WishlistEffects,
  wishlist: () => Promise<WishlistRef | undefined>,
): VisitorList =>
  childVisitorList(
    { take: (userId) => effects.takeVisitorList(userId), forget: (userId) => effects.forgetAccount(userId) },
    wishlist,
    'wishlist:loading',
  );

/**
 * 购物车 (machines/cart.machine.ts, docs/cart.md): its code loads on demand, so `cart` answers the cart once it runs
 * when there is one to hand over for the account (and nothing when there is none: the login does not wait for it).
 */
export const cartVisitorList = (
  stored: StoredList,
  cart: (userId: number) => Promise<CartRef | undefined>,
): VisitorList => childVisitorList(stored, cart, 'cart:loading');

/** 最近浏览: joined into the account's list in this browser (its code loads only when a visitor's list is there). */
export const recentViewsVisitorList: VisitorList = {
  take: () => {},
  handOver: async (userId) => {
    if (!hasVisitorViews()) return;
    const { joinVisitorViews } = await import('../features/catalog/recent-views');
    joinVisitorViews(userId);
  },
  forget: (userId) => void removeStored(browserStorage('localStorage'), recentViewsKey(viewerOf(userId))),
};

/** The lists as one: each taken, handed over side by side (the first failure reported once all have run), forgotten. */
export function joinVisitorLists(lists: readonly VisitorList[]): VisitorListsEffects {
  return {
    take: (userId) => {
      for (const list of lists) list.take(userId);
    },
    handOver: async (userId) => {
      const failed = (await Promise.allSettled(lists.map((list) => list.handOver(userId)))).find(
        (r) => r.status === 'rejected',
      );
      if (failed) throw failed.reason;
    },
    forget: (userId) => {
      for (const list of lists) list.forget(userId);
    },
  };
}
