/**
 * The wishlist (愿望单): whose list the page shows, and how adds and removes reach it. A child of the
 * root actor (`systemId: 'wishlist'`). A visitor's list is kept in this browser and handed to the
 * account in the login (decision 0035): merged on the server, the visitor's copy gone.
 *
 * Invariants (tests/properties/wishlist.test.ts, login-hand-over.test.ts): a write reaches only the
 * list of its `owner` when made: an account change parks unsent writes (`parked`) until that account
 * holds the tab again, replayed first; the same account announced again with writes unanswered reopens
 * its list and sends them under the new session; a game the account removes stays removed when a
 * hand-over is merged later; the list is the account's from `session.signingIn`; an account change
 * empties the list before the next loads; the visitor's list goes to exactly one account
 * (`takeVisitorList`); another tab's change (`wishlist.refresh`) heard while the list is read or a
 * write is out is read again; a write this browser did not keep (`wishlist.notSaved`) is taken back.
 *
 * Not here: where lists are kept (`openList`, `applyOp`), the visitor's storage (`takeVisitorList`,
 * `applyVisitorOp`), and the page (src/features/wishlist).
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { WishEntry, WishItem } from '../src/api/wishlist';
import { accountChanges, listGuards, loginChange, parkedFor, queuedAfter, unparked } from './parked-writes';

/** A shopper's add or remove. */
export type WishOp = { kind: 'add'; entry: WishEntry } | { kind: 'remove'; gameId: number };

/** What opening a list or applying a write answers: the owner's whole list. */
export interface WishlistAnswer {
  entries: WishEntry[];
  /** the server's items with what the tab shows; null when the list is kept in this browser */
  items: WishItem[] | null;
  /** where the owner's list is kept: `browser` for a visitor, or for an account when the server lacks the extension */
  where: 'server' | 'browser';
}

export interface WishlistContext {
  /** whose list this is: an account's user id, or null for the visitor's list in this browser */
  owner: number | null;
  /** the list as shown: the last answer with the writes not yet answered applied */
  entries: WishEntry[];
  /** the last answer */
  confirmed: WishEntry[];
  items: WishItem[] | null;
  where: 'server' | 'browser';
  /** the owner's writes not yet answered, oldest first (the first is in flight while `syncing`) */
  queue: WishOp[];
  /** by user id: an account's writes not yet answered when it stopped holding the tab */
  parked: Record<string, WishOp[]>;
}

interface WishlistInput {
  owner: number | null;
}

/** What the machine needs of `session.changed` (the session's own event satisfies it). */
interface SessionChange {
  type: 'session.changed';
  user: { userId: number } | null;
}

/** What the machine needs of `session.signingIn`: the account a login being stored is for. */
interface SessionSigningIn {
  type: 'session.signingIn';
  user: { userId: number };
}

type WishlistEvent =
  | SessionChange
  | SessionSigningIn
  | { type: 'wishlist.add'; entry: WishEntry }
  | { type: 'wishlist.remove'; gameId: number }
  /** another tab changed the owner's list: read it again */
  | { type: 'wishlist.refresh' }
  /** try again after a failed load or write */
  | { type: 'wishlist.retry' }
  /** this browser did not keep a visitor's write of `gameId` (`entries`: the list as it stays stored) */
  | WishlistNotSavedEvent;

/** Why a visitor's write was not kept: storage refused it, or an add over the visitor's bound. */
type NotSavedReason = 'storageFull' | 'listFull';

interface WishlistNotSavedEvent {
  type: 'wishlist.notSaved';
  gameId: number;
  reason: NotSavedReason;
  entries: WishEntry[];
}

/** The wishlist's events that come from the page (the app machine forwards `wishlist.*` to this child). */
export type WishlistUiEvent = Exclude<WishlistEvent, SessionChange | SessionSigningIn>;

/** A list with one write applied: an add of a listed game keeps the earlier entry. */
export function applyWishOp(entries: readonly WishEntry[], op: WishOp): WishEntry[] {
  if (op.kind === 'remove') return entries.filter((e) => e.gameId !== op.gameId);
  if (entries.some((e) => e.gameId === op.entry.gameId)) return [...entries];
  return [op.entry, ...entries].sort((a, b) => b.addedAt - a.addedAt);
}

const gameOf = (op: WishOp) => (op.kind === 'add' ? op.entry.gameId : op.gameId);

/**
 * Writes with the same end as `ops` and at most two per game (a remove, then an add): an add after an add keeps
 * the first (the earlier added price), a remove after anything leaves the remove. Games keep their order.
 */
function compactWishOps(ops: readonly WishOp[]): WishOp[] {
  const byGame = new Map<number, WishOp[]>();
  for (const op of ops) {
    const kept = byGame.get(gameOf(op)) ?? [];
    const last = kept[kept.length - 1];
    byGame.set(gameOf(op), op.kind === 'remove' ? [op] : last?.kind === 'add' ? kept : [...kept, op]);
  }
  return [...byGame.values()].flat();
}

/** The queue with one more write; the first, which may be in flight, stays as it is. */
const queued = (queue: readonly WishOp[], op: WishOp): WishOp[] => queuedAfter(queue, [op], compactWishOps);

const applyAll = (entries: readonly WishEntry[], ops: readonly WishOp[]) =>
  ops.reduce<WishEntry[]>(applyWishOp, [...entries]);

const opOf = (event: WishlistEvent): WishOp | null =>
  event.type === 'wishlist.add'
    ? { kind: 'add', entry: event.entry }
    : event.type === 'wishlist.remove'
      ? { kind: 'remove', gameId: event.gameId }
      : null;

const NOT_PROVIDED = (name: string) => () => {
  throw new Error(`${name} is supplied by the app through wishlistMachine.provide()`);
};

const wishlistSetup = setup({
  types: {} as {
    context: WishlistContext;
    events: WishlistEvent;
    input: WishlistInput;
    tags: 'wishlist:loading' | 'wishlist:failed';
  },
  actors: {
    /** The owner's list: the visitor's from this browser; an account's after its parked writes and the visitor's list handed to it. */
    openList: fromPromise<WishlistAnswer, { owner: number | null; parked: readonly WishOp[] }>(async () =>
      NOT_PROVIDED('openList')(),
    ),
    /** One write to an account's list. */
    applyOp: fromPromise<WishlistAnswer, { owner: number; op: WishOp }>(async () => NOT_PROVIDED('applyOp')()),
  },
  actions: {
    /** The app moves the visitor's list in this browser to the account's hand-over slot (merged by its next `openList`). */
    takeVisitorList: (_, _params: { owner: number }) => {},
    /** At start with an account: the visitor's list in this browser is handed to it, as at a login. */
    adoptVisitorList: enqueueActions(({ context, enqueue }) => {
      // (Cast: an action named inside its own setup() is not typed yet.)
      if (context.owner !== null) enqueue({ type: 'takeVisitorList', params: { owner: context.owner } } as never);
    }),
    /**
     * An account's write also reaches what this browser set aside for it and has not merged yet (a visitor's list
     * handed to it at a login whose opening did not finish): a game it removes is taken off, so that merge, which may
     * come after the remove is sent, does not bring it back.
     */
    applySetAside: (_, _params: { owner: number; op: WishOp }) => {},
    /** The app writes a visitor's add or remove to the list in this browser; one it did not keep comes back as `wishlist.notSaved`. */
    applyVisitorOp: (_, _params: { op: WishOp }) => {},
    /** The shopper hears that the game was not saved, and why. */
    notifyNotSaved: (_, _params: { reason: NotSavedReason }) => {},
    /** A visitor's write this browser did not keep: the list shows what is stored, and the write is not applied again. */
    dropVisitorOp: assign(({ context }, params: { gameId: number; entries: WishEntry[] }) => ({
      entries: params.entries,
      queue: context.queue.filter((op) => gameOf(op) !== params.gameId),
    })),
    /** A write, shown at once and queued for the owner's list. */
    queueOp: assign(({ context }, params: { op: WishOp }) => ({
      queue: queued(context.queue, params.op),
      entries: applyWishOp(context.entries, params.op),
    })),
    /** A visitor's write, shown at once (the app has written it); remembered while the list is read, to apply to what is read. */
    showVisitorOp: assign(({ context }, params: { op: WishOp; remember: boolean }) => ({
      entries: applyWishOp(context.entries, params.op),
      queue: params.remember ? queued(context.queue, params.op) : context.queue,
    })),
    /** Another owner holds the tab: the previous account's unanswered writes wait for it, and nothing of it stays on screen. */
    changeOwner: assign(({ context }, params: { owner: number | null }) => {
      const parked =
        context.owner !== null && context.queue.length > 0
          ? parkedFor(context.parked, context.owner, context.queue, compactWishOps)
          : context.parked;
      return {
        owner: params.owner,
        parked,
        queue: [],
        entries: [],
        confirmed: [],
        items: null,
        where: 'server' as const,
      };
    }),
    /** The opened list, with the writes made meanwhile applied (a visitor's are already written). */
    takeOpened: assign(({ context }, params: { answer: WishlistAnswer }) => {
      const parked = unparked(context.parked, context.owner);
      const visitor = context.owner === null;
      return {
        confirmed: params.answer.entries,
        items: params.answer.items,
        where: params.answer.where,
        entries: applyAll(params.answer.entries, context.queue),
        queue: visitor ? [] : context.queue,
        parked,
      };
    }),
    /** The first queued write was answered. */
    takeAnswer: assign(({ context }, params: { answer: WishlistAnswer }) => {
      const queue = context.queue.slice(1);
      return {
        confirmed: params.answer.entries,
        items: params.answer.items,
        where: params.answer.where,
        queue,
        entries: applyAll(params.answer.entries, queue),
      };
    }),
    /** The account lost the session under a write: its writes wait for its next login; the last answer is shown. */
    parkQueue: assign(({ context }) => {
      if (context.owner === null) return {};
      return {
        parked: parkedFor(context.parked, context.owner, context.queue, compactWishOps),
        queue: [],
        entries: context.confirmed,
      };
    }),
  },
  guards: {
    ...listGuards,
  },
});

/** An account's write goes to the queue (and is shown at once), and reaches what is set aside for the account. */
const QUEUE_OP = [
  { type: 'queueOp', params: ({ event }: { event: WishlistEvent }) => ({ op: opOf(event)! }) },
  {
    type: 'applySetAside',
    params: ({ context, event }: { context: WishlistContext; event: WishlistEvent }) => ({
      owner: context.owner ?? 0,
      op: opOf(event)!,
    }),
  },
] as const;
/** A visitor's write is written to this browser at once (and remembered, to apply to the list being read). */
const visitorWrite = (remember: boolean) =>
  [
    { type: 'applyVisitorOp', params: ({ event }: { event: WishlistEvent }) => ({ op: opOf(event)! }) },
    { type: 'showVisitorOp', params: ({ event }: { event: WishlistEvent }) => ({ op: opOf(event)!, remember }) },
  ] as const;
/** While a list is read (or could not be): a visitor's write is written, an account's queued. */
const WRITE_WHILE_OPENING = [{ guard: 'isVisitor', actions: visitorWrite(true) }, { actions: QUEUE_OP }] as const;
/** On a read list: a visitor's write is written, an account's goes out. */
const WRITE_WHEN_READY = [
  { guard: 'isVisitor', actions: visitorWrite(false) },
  { target: 'syncing', actions: QUEUE_OP },
] as const;

export const wishlistMachine = wishlistSetup.createMachine({
  id: 'wishlist',
  context: ({ input }) => ({
    owner: input.owner,
    entries: [],
    confirmed: [],
    items: null,
    where: 'server',
    queue: [],
    parked: {},
  }),
  // A page that starts with an account (a reload in the middle of a login) takes what a visitor left meanwhile.
  entry: { type: 'adoptVisitorList' },
  initial: 'opening',
  on: {
    'wishlist.notSaved': {
      guard: 'isVisitor',
      actions: [
        { type: 'dropVisitorOp', params: ({ event }) => event },
        { type: 'notifyNotSaved', params: ({ event }) => ({ reason: event.reason }) },
      ],
    },
    ...accountChanges(loginChange('takeVisitorList')),
  },
  states: {
    opening: {
      tags: ['wishlist:loading'],
      invoke: {
        id: 'openList',
        src: 'openList',
        input: ({ context }) => ({
          owner: context.owner,
          parked: context.owner === null ? [] : (context.parked[context.owner] ?? []),
        }),
        onDone: [
          {
            guard: 'hasQueue',
            target: 'syncing',
            actions: { type: 'takeOpened', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'ready', actions: { type: 'takeOpened', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: 'openFailed',
      },
      on: {
        'wishlist.add': WRITE_WHILE_OPENING,
        'wishlist.remove': WRITE_WHILE_OPENING,
        // Another tab's change may have come after the list was read: it is read again.
        'wishlist.refresh': { target: 'opening', reenter: true },
      },
    },
    ready: {
      on: {
        'wishlist.add': WRITE_WHEN_READY,
        'wishlist.remove': WRITE_WHEN_READY,
        'wishlist.refresh': 'opening',
      },
    },
    syncing: {
      invoke: {
        id: 'applyOp',
        src: 'applyOp',
        input: ({ context }) => ({ owner: context.owner ?? 0, op: context.queue[0]! }),
        onDone: [
          {
            guard: 'hasMoreQueued',
            target: 'syncing',
            reenter: true,
            actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'ready', actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'isAccountGone', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: 'parkQueue',
          },
          { target: 'syncFailed' },
        ],
      },
      on: {
        'wishlist.add': { actions: QUEUE_OP },
        'wishlist.remove': { actions: QUEUE_OP },
        // Another tab's change may come after the answer to this write: the list is read again, then the writes
        // not yet answered go out again (an add keeps the earlier entry, a remove is a remove).
        'wishlist.refresh': 'opening',
      },
    },
    syncFailed: {
      tags: ['wishlist:failed'],
      on: {
        'wishlist.add': { target: 'syncing', actions: QUEUE_OP },
        'wishlist.remove': { target: 'syncing', actions: QUEUE_OP },
        'wishlist.retry': 'syncing',
        'wishlist.refresh': 'opening',
      },
    },
    openFailed: {
      tags: ['wishlist:failed'],
      on: {
        'wishlist.add': WRITE_WHILE_OPENING,
        'wishlist.remove': WRITE_WHILE_OPENING,
        'wishlist.retry': 'opening',
        'wishlist.refresh': 'opening',
      },
    },
  },
});

/** Whether the game is on the list as shown. */
export const isWishlisted = (context: Pick<WishlistContext, 'entries'>, gameId: number): boolean =>
  context.entries.some((e) => e.gameId === gameId);
