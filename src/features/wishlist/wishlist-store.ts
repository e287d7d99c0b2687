/**
 * The page's wishlist: the root actor system's `wishlist` child (machines/wishlist.machine.ts, started with the
 * session at start-up and told of every account change by the app machine), with its effects
 * (./wishlist-effects.ts) provided by the composition root. Components read it here and send their writes to
 * the root actor, which forwards `wishlist.*` to it (docs/decisions/0035-one-login-hand-over.md).
 */
import { useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { isWishlisted, wishlistMachine, type WishlistAnswer, type WishOp } from '../../../machines/wishlist.machine';
import type { WishEntry } from '../../api/wishlist';
import type { AppActor } from '../../shared/app-actor';
import { sessionUserId } from '../../shared/app-actor';
import { browserStorage } from '../../shared/storage';
import { VISITOR_KEY, type WishlistEffects } from './wishlist-effects';

type WishlistActor = ActorRefFrom<typeof wishlistMachine>;

/** Where the wishlist keeps what it keeps in this browser (wishlist-effects.ts, wishlist-rules.ts name the keys). */
export const wishlistStorage = () => browserStorage('localStorage');

/**
 * The machine with the given effects: the page's (the extension's calls and this browser's localStorage), or a
 * test's server. `notifyNotSaved` says why a visitor's write was not kept.
 */
export function wishlistWithEffects(
  effects: WishlistEffects,
  notifyNotSaved: (reason: 'storageFull' | 'listFull') => void = () => {},
) {
  return wishlistMachine.provide({
    actors: {
      openList: fromPromise<WishlistAnswer, { owner: number | null; parked: readonly WishOp[] }>(({ input, signal }) =>
        effects.openList(input, signal),
      ),
      applyOp: fromPromise<WishlistAnswer, { owner: number; op: WishOp }>(({ input, signal }) =>
        effects.applyOp(input, signal),
      ),
    },
    actions: {
      takeVisitorList: (_, params: { owner: number }) => effects.takeVisitorList(params.owner),
      applySetAside: (_, params: { owner: number; op: WishOp }) => effects.applySetAside(params.owner, params.op),
      applyVisitorOp: ({ self }, params: { op: WishOp }) => {
        const outcome = effects.applyVisitorOp(params.op);
        if (outcome === 'saved') return;
        const gameId = params.op.kind === 'add' ? params.op.entry.gameId : params.op.gameId;
        self.send({ type: 'wishlist.notSaved', gameId, reason: outcome, entries: effects.visitorEntries() });
      },
      notifyNotSaved: (_, params) => notifyNotSaved(params.reason),
    },
  });
}

/** The root system's wishlist child (started with the session: it is there whenever the page renders one of its parts). */
function wishlistActorOf(root: AppActor): WishlistActor {
  const actor = root.system.get('wishlist') as WishlistActor | undefined;
  if (!actor) throw new Error('The root actor has no "wishlist" child; was it started?');
  return actor;
}

/** The wishlist as the page shows it, for the account the session holds now (nothing while they differ). */
export function useWishlist(root: AppActor) {
  const actor = wishlistActorOf(root);
  const snapshot = useSelector(actor, (s) => s);
  const owner = useSelector(root, () => sessionUserId(root.system));
  const mine = snapshot.context.owner === owner;
  return {
    owner,
    entries: mine ? snapshot.context.entries : [],
    items: mine ? snapshot.context.items : null,
    where: snapshot.context.where,
    loading: !mine || snapshot.hasTag('wishlist:loading'),
    failed: snapshot.hasTag('wishlist:failed'),
  };
}

/**
 * Adds a game and tells whether it is on the list now: the machine takes the add at once (a visitor's is written
 * to this browser in the same step), so false means it was not kept, which the machine has already said
 * (`notifyNotSaved`): the page never says 已加入 for a game it did not keep.
 */
export function addToWishlist(root: AppActor, entry: WishEntry): boolean {
  root.send({ type: 'wishlist.add', entry });
  return isWishlisted(wishlistActorOf(root).getSnapshot().context, entry.gameId);
}

/** Another tab changed the visitor's list in this browser: the visitor's wishlist reads it again. Returns the unsubscribe. */
export function installWishlistSync(root: AppActor): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === VISITOR_KEY && wishlistActorOf(root).getSnapshot().context.owner === null)
      root.send({ type: 'wishlist.refresh' });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
