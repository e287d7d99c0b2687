/**
 * The page's one wishlist actor (machines/wishlist.machine.ts), started by the first part of the page that needs
 * it (the toggle, the 愿望单 tab, the header's count) and kept for the root actor's life. It is no child of the
 * app machine: it hears the session's `session.changed` as the root emits it, so its code loads only with
 * the parts that use it (docs/decisions/0027-wishlist.md).
 */
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { wishlistMachine, type WishlistAnswer, type WishOp } from '../../../machines/wishlist.machine';
import type { AppActor } from '../../shared/app-actor';
import { sessionUserId } from '../../shared/app-actor';
import { browserStorage } from '../../shared/storage';
import { apiWishlistServer, createWishlistEffects, VISITOR_KEY, type WishlistEffects } from './wishlist-effects';

export type WishlistActor = Actor<typeof wishlistMachine>;

const actors = new WeakMap<AppActor, WishlistActor>();

/** Where the wishlist keeps what it keeps in this browser (wishlist-effects.ts, wishlist-rules.ts name the keys). */
export const wishlistStorage = () => browserStorage('localStorage');

/**
 * The machine with the given effects: the page's (the extension's calls and this browser's localStorage), or a
 * property test's server.
 * @internal
 */
export function wishlistWithEffects(effects: WishlistEffects) {
  return wishlistMachine.provide({
    actors: {
      openList: fromPromise<WishlistAnswer, { owner: number | null; parked: readonly WishOp[] }>(({ input }) => effects.openList(input)),
      applyOp: fromPromise<WishlistAnswer, { owner: number; op: WishOp }>(({ input }) => effects.applyOp(input)),
    },
    actions: {
      takeVisitorList: (_, params: { owner: number }) => effects.takeVisitorList(params.owner),
      applyVisitorOp: (_, params: { op: WishOp }) => effects.applyVisitorOp(params.op),
    },
  });
}

/** The wishlist actor of this root actor, started on first use. */
function wishlistActorOf(root: AppActor): WishlistActor {
  const known = actors.get(root);
  if (known) return known;
  const effects = createWishlistEffects({ storage: wishlistStorage(), server: apiWishlistServer });
  const actor = createActor(wishlistWithEffects(effects), { input: { owner: sessionUserId(root.system) } });
  actors.set(root, actor);
  root.on('session.changed', (event) => actor.send(event));
  // Another tab changed the visitor's list in this browser: read it again.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === VISITOR_KEY && actor.getSnapshot().context.owner === null) actor.send({ type: 'wishlist.refresh' });
    });
  }
  actor.start();
  return actor;
}

/** The wishlist as the page shows it, for the account the session holds now (nothing while they differ). */
export function useWishlist(root: AppActor) {
  const actor = wishlistActorOf(root);
  const snapshot = useSelector(actor, (s) => s);
  const owner = useSelector(root, () => sessionUserId(root.system));
  const mine = snapshot.context.owner === owner;
  return {
    actor,
    owner,
    entries: mine ? snapshot.context.entries : [],
    items: mine ? snapshot.context.items : null,
    where: snapshot.context.where,
    loading: !mine || snapshot.hasTag('wishlist:loading'),
    failed: snapshot.hasTag('wishlist:failed'),
  };
}
