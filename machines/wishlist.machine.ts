/**
 * The wishlist (愿望单): whose list the page shows, and how a shopper's adds and removes reach it. A child of the
 * root actor (`systemId: 'wishlist'`). A visitor's list is kept in this browser; a login hands it to that
 * account as part of the login (the session's `takeVisitorLists` / `handOverVisitorLists`, whose wishlist share is
 * this machine's opening for the account: decision 0035): merged on the server (union, no duplicates, the earlier
 * added price kept) and the visitor's copy gone, so the next person at a shared computer sees nothing. An
 * account's adds and removes go to the server one at a time, in order.
 *
 * Invariants (tests/properties/wishlist.test.ts and login-hand-over.test.ts check them over interleavings):
 * - an add or remove belongs to the owner of the list when it was made (`owner`), and only ever reaches that
 *   owner's list: a write names its account, and an account change parks the account's unsent writes
 *   (`parked`) until that account holds the tab again, when they are replayed before anything else;
 * - the list is the account's from the moment its login is stored (`session.signingIn`), so nothing written
 *   while the login reads its facts goes to the visitor's list;
 * - nothing of one owner is shown to another: an account change empties the list before the next one loads,
 *   and a visitor's list is read afresh at every change (a login may have taken it meanwhile);
 * - the visitor's list goes to exactly one account: the one that logs in first after it was made
 *   (`takeVisitorList`, at the change itself, before any other event, and at start for a stored account);
 * - a visitor's write this browser did not keep (`wishlist.notSaved`) is taken back off the list and said.
 *
 * Not handled here: where the lists are kept (the app provides `openList` and `applyOp`: the server, or this
 * browser when the server lacks the extension), the visitor's storage (`takeVisitorList`, `applyVisitorOp`),
 * what the tab and the toggle show (src/features/wishlist).
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { WishEntry, WishItem } from '../src/api/wishlist';

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

/** A write that failed because its account no longer holds the session (`accountGone` on the error). */
const isAccountGone = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { accountGone?: unknown }).accountGone === true;

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
const queued = (queue: readonly WishOp[], op: WishOp): WishOp[] => (queue.length === 0 ? [op] : [queue[0]!, ...compactWishOps([...queue.slice(1), op])]);

const applyAll = (entries: readonly WishEntry[], ops: readonly WishOp[]) => ops.reduce<WishEntry[]>(applyWishOp, [...entries]);

const opOf = (event: WishlistEvent): WishOp | null =>
  event.type === 'wishlist.add' ? { kind: 'add', entry: event.entry } : event.type === 'wishlist.remove' ? { kind: 'remove', gameId: event.gameId } : null;

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
    openList: fromPromise<WishlistAnswer, { owner: number | null; parked: readonly WishOp[] }>(async () => NOT_PROVIDED('openList')()),
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
    queueOp: assign(({ context }, params: { op: WishOp }) => ({ queue: queued(context.queue, params.op), entries: applyWishOp(context.entries, params.op) })),
    /** A visitor's write, shown at once (the app has written it); remembered while the list is read, to apply to what is read. */
    showVisitorOp: assign(({ context }, params: { op: WishOp; remember: boolean }) => ({
      entries: applyWishOp(context.entries, params.op),
      queue: params.remember ? queued(context.queue, params.op) : context.queue,
    })),
    /** Another owner holds the tab: the previous account's unanswered writes wait for it, and nothing of it stays on screen. */
    changeOwner: assign(({ context }, params: { owner: number | null }) => {
      const parked = { ...context.parked };
      if (context.owner !== null && context.queue.length > 0) parked[context.owner] = compactWishOps([...(parked[context.owner] ?? []), ...context.queue]);
      return { owner: params.owner, parked, queue: [], entries: [], confirmed: [], items: null, where: 'server' as const };
    }),
    /** The opened list, with the writes made meanwhile applied (a visitor's are already written). */
    takeOpened: assign(({ context }, params: { answer: WishlistAnswer }) => {
      const parked = { ...context.parked };
      if (context.owner !== null) delete parked[context.owner];
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
      return { confirmed: params.answer.entries, items: params.answer.items, where: params.answer.where, queue, entries: applyAll(params.answer.entries, queue) };
    }),
    /** The account lost the session under a write: its writes wait for its next login; the last answer is shown. */
    parkQueue: assign(({ context }) => {
      if (context.owner === null) return {};
      return { parked: { ...context.parked, [context.owner]: compactWishOps([...(context.parked[context.owner] ?? []), ...context.queue]) }, queue: [], entries: context.confirmed };
    }),
  },
  guards: {
    /** The same account again (a visitor's list is read afresh at every change: a login may have taken it meanwhile). */
    isSameOwner: ({ context, event }) => (event.type === 'session.changed' || event.type === 'session.signingIn') && event.user !== null && event.user.userId === context.owner,
    isLogin: ({ event }) => (event.type === 'session.changed' || event.type === 'session.signingIn') && event.user !== null,
    isVisitor: ({ context }) => context.owner === null,
    hasQueue: ({ context }) => context.owner !== null && context.queue.length > 0,
    hasMoreQueued: ({ context }) => context.queue.length > 1,
    isAccountGone: (_, params: { error: unknown }) => isAccountGone(params.error),
  },
});

/** An account holds the tab now: it owns the list, and the visitor's list in this browser is handed to it. */
const LOGIN_CHANGE = [
  { type: 'changeOwner', params: ({ event }: { event: WishlistEvent }) => ({ owner: 'user' in event && event.user ? event.user.userId : null }) },
  { type: 'takeVisitorList', params: ({ event }: { event: WishlistEvent }) => ({ owner: 'user' in event && event.user ? event.user.userId : 0 }) },
] as const;

/** A write goes to the queue (and is shown at once). */
const QUEUE_OP = { type: 'queueOp', params: ({ event }: { event: WishlistEvent }) => ({ op: opOf(event)! }) } as const;
/** A visitor's write is written to this browser at once (and remembered, to apply to the list being read). */
const visitorWrite = (remember: boolean) =>
  [
    { type: 'applyVisitorOp', params: ({ event }: { event: WishlistEvent }) => ({ op: opOf(event)! }) },
    { type: 'showVisitorOp', params: ({ event }: { event: WishlistEvent }) => ({ op: opOf(event)!, remember }) },
  ] as const;
/** While a list is read (or could not be): a visitor's write is written, an account's queued. */
const WRITE_WHILE_OPENING = [{ guard: 'isVisitor', actions: visitorWrite(true) }, { actions: QUEUE_OP }] as const;
/** On a read list: a visitor's write is written, an account's goes out. */
const WRITE_WHEN_READY = [{ guard: 'isVisitor', actions: visitorWrite(false) }, { target: 'syncing', actions: QUEUE_OP }] as const;

export const wishlistMachine = wishlistSetup.createMachine({
  id: 'wishlist',
  context: ({ input }) => ({ owner: input.owner, entries: [], confirmed: [], items: null, where: 'server', queue: [], parked: {} }),
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
    'session.changed': [
      { guard: 'isSameOwner' },
      {
        guard: 'isLogin',
        target: '.opening',
        reenter: true,
        actions: LOGIN_CHANGE,
      },
      { target: '.opening', reenter: true, actions: { type: 'changeOwner', params: { owner: null } } },
    ],
    // A login being stored: the list is the account's at once (its opening merges the visitor's list handed to
    // it), so nothing written meanwhile goes to the visitor's list; its announcement once signed in is the same owner.
    'session.signingIn': [{ guard: 'isSameOwner' }, { target: '.opening', reenter: true, actions: LOGIN_CHANGE }],
  },
  states: {
    opening: {
      tags: ['wishlist:loading'],
      invoke: {
        id: 'openList',
        src: 'openList',
        input: ({ context }) => ({ owner: context.owner, parked: context.owner === null ? [] : (context.parked[context.owner] ?? []) }),
        onDone: [
          { guard: 'hasQueue', target: 'syncing', actions: { type: 'takeOpened', params: ({ event }) => ({ answer: event.output }) } },
          { target: 'ready', actions: { type: 'takeOpened', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: 'openFailed',
      },
      on: { 'wishlist.add': WRITE_WHILE_OPENING, 'wishlist.remove': WRITE_WHILE_OPENING },
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
          { guard: 'hasMoreQueued', target: 'syncing', reenter: true, actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) } },
          { target: 'ready', actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [{ guard: { type: 'isAccountGone', params: ({ event }) => ({ error: event.error }) }, target: 'ready', actions: 'parkQueue' }, { target: 'syncFailed' }],
      },
      on: { 'wishlist.add': { actions: QUEUE_OP }, 'wishlist.remove': { actions: QUEUE_OP } },
    },
    syncFailed: {
      tags: ['wishlist:failed'],
      on: {
        'wishlist.add': { target: 'syncing', actions: QUEUE_OP },
        'wishlist.remove': { target: 'syncing', actions: QUEUE_OP },
        'wishlist.retry': 'syncing',
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
export const isWishlisted = (context: Pick<WishlistContext, 'entries'>, gameId: number): boolean => context.entries.some((e) => e.gameId === gameId);
