/**
 * The queue and parking rules a list kept per account shares (the wishlist, machines/wishlist.machine.ts, and the
 * cart, machines/cart.machine.ts): one write in flight at a time, the first of the queue; an account's unanswered
 * writes parked for it when it stops holding the tab, and taken back when its list opens again. Each machine brings
 * its own compaction (which writes a later one makes unnecessary).
 */
import { isAccountGone } from './failure';

/** Which writes a later one makes unnecessary, keeping the end the same. */
type Compact<Op> = (ops: readonly Op[]) => Op[];

/** The queue with more writes; the first, which may be in flight, stays as it is. */
export const queuedAfter = <Op>(queue: readonly Op[], ops: readonly Op[], compact: Compact<Op>): Op[] =>
  queue.length === 0 ? compact(ops) : [queue[0]!, ...compact([...queue.slice(1), ...ops])];

/** `owner`'s writes parked for it, after what was parked for it before. */
export const parkedFor = <Op>(
  parked: Readonly<Record<string, Op[]>>,
  owner: number,
  ops: readonly Op[],
  compact: Compact<Op>,
): Record<string, Op[]> => ({ ...parked, [owner]: compact([...(parked[owner] ?? []), ...ops]) });

/** What stays parked once `owner`'s list has opened (its parked writes went out with the opening). */
export function unparked<Op>(parked: Readonly<Record<string, Op[]>>, owner: number | null): Record<string, Op[]> {
  const left = { ...parked };
  if (owner !== null) delete left[owner];
  return left;
}

/** What the shared guards read of a list machine's context. */
interface OwnedQueue {
  owner: number | null;
  queue: readonly unknown[];
  parked: Readonly<Record<string, readonly unknown[]>>;
}
/** What they read of its events: the session's announcements carry the account (null for a visitor). */
type OwnerEvent = { type: string; user?: { userId: number } | null };
type GuardArgs = { context: OwnedQueue; event: OwnerEvent };

const announcesAccount = (event: OwnerEvent) =>
  (event.type === 'session.changed' || event.type === 'session.signingIn') && event.user != null;
const announcesOwner = ({ context, event }: GuardArgs) =>
  announcesAccount(event) && event.user?.userId === context.owner;

/** The guards both list machines name alike (spread into their `setup({ guards })`). */
export const listGuards = {
  /** The same account again (a visitor's list is read afresh at every change: a login may have taken it meanwhile). */
  isSameOwner: announcesOwner,
  /**
   * The same account again (a new session), with writes not yet answered: queued, out under its older session
   * (whose answer would refuse them), or parked by such an answer that came after it was announced again.
   */
  hasWritesForSameOwner: (args: GuardArgs) =>
    announcesOwner(args) &&
    (args.context.queue.length > 0 || (args.context.parked[args.context.owner!]?.length ?? 0) > 0),
  isLogin: ({ event }: GuardArgs) => announcesAccount(event),
  isVisitor: ({ context }: GuardArgs) => context.owner === null,
  hasQueue: ({ context }: GuardArgs) => context.owner !== null && context.queue.length > 0,
  hasMoreQueued: ({ context }: GuardArgs) => context.queue.length > 1,
  isAccountGone: (_: unknown, params: { error: unknown }) => isAccountGone(params.error),
};

/** The account an announcement makes the owner: its user id, or `none` when it carries no account. */
const ownerOf = <None>(event: OwnerEvent, none: None) => (event.user ? event.user.userId : none);

/**
 * An account holds the tab now: it owns the list (`changeOwner`), and the visitor's list in this browser is handed
 * to it (`take`, the machine's action for that, decision 0035).
 */
export const loginChange = <const Take extends string>(take: Take) =>
  [
    { type: 'changeOwner', params: ({ event }: { event: OwnerEvent }) => ({ owner: ownerOf(event, null) }) },
    { type: take, params: ({ event }: { event: OwnerEvent }) => ({ owner: ownerOf(event, 0) }) },
  ] as const;

/**
 * How both list machines hear the session's announcements (each machine's `on`, with its `loginChange`). The same
 * account with writes not yet answered: they go out again under the new session (the opening sends the parked ones
 * first, then the queue). The same account otherwise: nothing. Another account: it owns the list, which opens
 * again. A visitor: the visitor's list opens. A login being stored (`session.signingIn`): the list is the account's
 * at once (its opening merges the visitor's list handed to it), so nothing written meanwhile goes to the visitor's
 * list; its announcement once signed in is the same owner.
 */
export const accountChanges = <const Login>(login: Login) =>
  ({
    'session.changed': [
      { guard: 'hasWritesForSameOwner', target: '.opening', reenter: true },
      { guard: 'isSameOwner' },
      { guard: 'isLogin', target: '.opening', reenter: true, actions: login },
      { target: '.opening', reenter: true, actions: { type: 'changeOwner', params: { owner: null } } },
    ],
    'session.signingIn': [
      { guard: 'hasWritesForSameOwner', target: '.opening', reenter: true },
      { guard: 'isSameOwner' },
      { target: '.opening', reenter: true, actions: login },
    ],
  }) as const;
