/**
 * The login hand-over's one list of what a visitor keeps in this browser (docs/decisions/0035-one-login-hand-over.md).
 * The session machine takes them aside for the account in the step that stores a login (`take`), waits for them
 * to reach the account before it says 登录成功 and announces the login (`handOver`), and forgets the account's
 * copies at its logout (`forget`). A list that comes later (a cart) adds one entry here and nothing else.
 *
 * Each list's hand-over is its own: one that fails stays set aside for that account (and is finished when its
 * list next opens for it: the wishlist as it opens, 最近浏览 as the account appears, src/features/catalog/
 * recent-views-join.ts) while the others go on.
 */
import { waitFor, type ActorRefFrom } from 'xstate';
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

/**
 * 愿望单: set aside in storage at once; handed over when the root's wishlist child, which hears the login as it is
 * stored (`session.signingIn`), has opened the account's list: its opening merges what was set aside (on the
 * server, or in the browser's account list without the extension). A failed opening is a failed hand-over.
 */
export const wishlistVisitorList = (effects: WishlistEffects, wishlist: () => WishlistRef | undefined): VisitorList => ({
  take: (userId) => effects.takeVisitorList(userId),
  handOver: async (userId) => {
    const actor = wishlist();
    if (!actor) return;
    const opened = await waitFor(actor, (s) => s.context.owner === userId && !s.hasTag('wishlist:loading'));
    if (opened.matches('openFailed')) throw new Error('the wishlist could not be opened for the account');
  },
  forget: (userId) => effects.forgetAccount(userId),
});

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
      const failed = (await Promise.allSettled(lists.map((list) => list.handOver(userId)))).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    forget: (userId) => {
      for (const list of lists) list.forget(userId);
    },
  };
}
