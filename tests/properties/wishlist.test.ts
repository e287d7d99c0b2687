// @vitest-environment node
/**
 * The wishlist (docs/following-wishlist.md): an add or remove that races a login, a logout, an expiry or another tab loses nothing and
 * never lands on another account.
 *
 * The REAL wishlist machine (machines/wishlist.machine.ts) with the REAL effects (src/features/wishlist/
 * wishlist-effects.ts) over a storage and a server played by the test. The server applies a call when it is
 * sent (calls reach it in the order the page sent them), with the session of that moment, and refuses one
 * whose session is gone (auth) or speaks for another account than the one named (wishlist_40901), as the
 * simulated backend does; the page hears each answer later, in any order the commands choose. An auth answer
 * for the tab's current session ends it (the HTTP layer's rule): the machine hears `session.changed` at once.
 *
 * Commands, in any order: add or remove one of three games (as the toggle does: add when not shown, remove when
 * shown), log in as account 1 or 2 in this tab (heard first as it is stored, `session.signingIn`) or in another
 * tab, log out, the session expires (the tab is told), the server ends the session without the tab knowing yet,
 * another tab puts game 4 on the list where it is kept (this tab hears `wishlist.refresh`), an answer arrives.
 *
 * Properties, at every call the server applies: a game reaches only the list of the account that added it (or
 * that took the visitor's list it was on), and no list holds a game twice. After every command: what the machine shows is its owner's and the owner is the tab's account; no
 * game is shown twice. At the end, once every answer arrived and each account has held the tab once more: every
 * account's list on the server is exactly what its own adds and removes, and the visitor lists it took at its
 * logins, make it; the visitor's copy in this browser is gone. Run once against a server with the extension and
 * once against one without it (the lists kept in this browser).
 *
 * 1000 runs of at most 30 commands per server kind at the fixed seed; FC_RUNS=2000 at seeds 1 and 2 also pass.
 * Reproduce or widen: FC_SEED=<seed> FC_RUNS=<runs> npx vitest run tests/properties/wishlist.test.ts
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import type { wishlistMachine } from '../../machines/wishlist.machine';
import type { ApiError } from '../../src/api/errors';
import type { WishEntry, WishItem } from '../../src/api/wishlist';
import { createWishlistEffects, VISITOR_KEY, type WishlistServer } from '../../src/features/wishlist/wishlist-effects';
import { wishlistWithEffects } from '../../src/features/wishlist/wishlist-store';
import { answerAll, answerLater, answerOne, MemoryStorage, refusalOf, settle, wishItem } from './pending-answers';

const SEED = Number(process.env.FC_SEED ?? 3);
const RUNS = Number(process.env.FC_RUNS ?? 1000);
const GAMES = [1, 2, 3] as const;
/** the game another tab of the same shopper puts on the list */
const OTHER_TAB_GAME = 4;
const ACCOUNTS = [1, 2] as const;

type Command =
  | { kind: 'toggle'; gameId: number }
  | { kind: 'login'; userId: number; elsewhere: boolean }
  | { kind: 'otherTab' }
  | { kind: 'logout'; elsewhere: boolean }
  | { kind: 'expire' }
  | { kind: 'serverEnds' }
  | { kind: 'answer'; pick: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.constantFrom(...GAMES).map((gameId): Command => ({ kind: 'toggle', gameId })), weight: 4 },
  {
    arbitrary: fc
      .record({ userId: fc.constantFrom(...ACCOUNTS), elsewhere: fc.boolean() })
      .map((c): Command => ({ kind: 'login', ...c })),
    weight: 2,
  },
  { arbitrary: fc.boolean().map((elsewhere): Command => ({ kind: 'logout', elsewhere })), weight: 1 },
  { arbitrary: fc.constant<Command>({ kind: 'otherTab' }), weight: 1 },
  { arbitrary: fc.constant<Command>({ kind: 'expire' }), weight: 1 },
  { arbitrary: fc.constant<Command>({ kind: 'serverEnds' }), weight: 1 },
  { arbitrary: fc.nat(5).map((pick): Command => ({ kind: 'answer', pick })), weight: 5 },
);

/** The server, the browser and the tab's session, as the page meets them. */
class World {
  readonly storage = new MemoryStorage();
  readonly lists = new Map<number, WishEntry[]>();
  /** the server's live sessions: id → account */
  readonly sessions = new Map<number, number>();
  /** the tab's session: its id and account, null for a visitor */
  tab: { session: number; userId: number } | null = null;
  nextSession = 1;
  clock = 1;
  /** answers the page has not heard yet, in the order they were sent */
  readonly pending: { settle: () => void }[] = [];
  readonly actor: Actor<typeof wishlistMachine>;
  readonly expected = new Map<number, Set<number>>(ACCOUNTS.map((u) => [u, new Set<number>()]));
  visitor = new Set<number>();
  owner: number | null = null;
  /** who made each add (by its `addedAt`): an account, or null for a visitor until a login takes the visitor's list */
  readonly makers = new Map<number, number | null>();
  /** another tab over the same storage (its effects write the visitor's list) */
  readonly otherTab;

  constructor(readonly extension: boolean) {
    const server: WishlistServer = {
      list: (userId) => this.call(userId, (list) => list),
      add: (userId, entry) =>
        this.call(userId, (list) => (list.some((e) => e.gameId === entry.gameId) ? list : [entry, ...list])),
      remove: (userId, gameId) => this.call(userId, (list) => list.filter((e) => e.gameId !== gameId)),
      merge: (userId, entries) =>
        this.call(userId, (list) => [...list, ...entries.filter((e) => !list.some((l) => l.gameId === e.gameId))]),
    };
    const effects = createWishlistEffects({ storage: this.storage, server });
    this.actor = createActor(wishlistWithEffects(effects), { input: { owner: null } });
    this.actor.start();
    this.otherTab = createWishlistEffects({ storage: this.storage, server });
  }

  /** A call reaches the server now, with the tab's session of this moment; the page hears the answer later. */
  private call(userId: number, change: (list: WishEntry[]) => WishEntry[]): Promise<WishItem[]> {
    const sent = this.tab;
    const refusal = refusalOf({
      extension: this.extension,
      sent,
      live: (session) => this.sessions.has(session),
      userId,
      wrongAccountCode: 'wishlist_40901',
    });
    let outcome: { ok: true; value: WishItem[] } | { ok: false; error: ApiError };
    if (refusal) outcome = { ok: false, error: refusal };
    else {
      const before = this.lists.get(userId) ?? [];
      const list = change(before);
      // A write reaches only the list of the account that made it (or took the visitor's list it was in).
      for (const e of list)
        if (!before.some((b) => b.addedAt === e.addedAt))
          expect(this.makers.get(e.addedAt), `game ${e.gameId} reached account ${userId}`).toBe(userId);
      expect(new Set(list.map((e) => e.gameId)).size, `account ${userId}'s list has a game twice`).toBe(list.length);
      this.lists.set(userId, list);
      outcome = { ok: true, value: list.map(wishItem) };
    }
    // The HTTP layer: an auth answer for the tab's current session ends it.
    return answerLater(this.pending, outcome, () => {
      if (sent && this.tab?.session === sent.session) void this.changeAccount(null);
    });
  }

  /** The tab's session changes; a login in this tab is heard first as it is stored (`session.signingIn`). */
  async changeAccount(userId: number | null, stored = false) {
    if (userId === null) this.tab = null;
    else {
      const session = this.nextSession++;
      this.sessions.set(session, userId);
      this.tab = { session, userId };
    }
    // The reference: a login takes the visitor's list, once.
    if (userId !== null && userId !== this.owner) {
      for (const g of this.visitor) this.expected.get(userId)!.add(g);
      this.visitor = new Set();
      for (const [at, maker] of this.makers) if (maker === null) this.makers.set(at, userId);
    }
    this.owner = userId;
    if (stored && userId !== null) {
      this.actor.send({ type: 'session.signingIn', user: { userId } });
      await settle();
    }
    this.actor.send({ type: 'session.changed', user: userId === null ? null : { userId } });
  }

  shown(): number[] {
    return this.actor.getSnapshot().context.entries.map((e) => e.gameId);
  }

  async run(command: Command): Promise<void> {
    switch (command.kind) {
      case 'toggle': {
        const mine = this.owner === null ? this.visitor : this.expected.get(this.owner)!;
        if (this.shown().includes(command.gameId)) {
          mine.delete(command.gameId);
          this.actor.send({ type: 'wishlist.remove', gameId: command.gameId });
        } else {
          mine.add(command.gameId);
          const addedAt = (this.clock += 1);
          this.makers.set(addedAt, this.owner);
          this.actor.send({ type: 'wishlist.add', entry: { gameId: command.gameId, addedPrice: 100, addedAt } });
        }
        break;
      }
      case 'login':
        // Another tab's login reaches this one as `session.changed`; this tab's is stored first (`signingIn`).
        await this.changeAccount(command.userId, !command.elsewhere);
        break;
      case 'otherTab': {
        // Another tab of the same shopper puts game 4 on the list where it is kept; this tab hears it.
        const mine = this.owner === null ? this.visitor : this.expected.get(this.owner)!;
        if (mine.has(OTHER_TAB_GAME)) break;
        const entry = { gameId: OTHER_TAB_GAME, addedPrice: 100, addedAt: (this.clock += 1) };
        this.makers.set(entry.addedAt, this.owner);
        if (this.owner === null) {
          if (this.otherTab.applyVisitorOp({ kind: 'add', entry }) !== 'saved') break;
        } else if (this.extension) {
          if (!this.tab || !this.sessions.has(this.tab.session)) break;
          this.lists.set(this.owner, [entry, ...(this.lists.get(this.owner) ?? [])]);
        } else {
          const key = `wishlist:account:${this.owner}`;
          this.storage.setItem(key, JSON.stringify([entry, ...JSON.parse(this.storage.getItem(key) ?? '[]')]));
        }
        mine.add(OTHER_TAB_GAME);
        this.actor.send({ type: 'wishlist.refresh' });
        break;
      }
      case 'logout':
        if (this.tab) this.sessions.delete(this.tab.session);
        void this.changeAccount(null);
        break;
      case 'expire':
        if (this.tab) this.sessions.delete(this.tab.session);
        if (this.owner !== null) void this.changeAccount(null);
        break;
      case 'serverEnds':
        if (this.tab) this.sessions.delete(this.tab.session);
        break;
      case 'answer':
        answerOne(this.pending, command.pick);
        break;
    }
    await settle();
  }

  drain(): Promise<void> {
    return answerAll(this.pending);
  }

  /** What the page shows is its owner's: a subset of what that owner's writes make, each game once. */
  checkShown(): void {
    const snapshot = this.actor.getSnapshot();
    expect(snapshot.context.owner).toBe(this.owner);
    const shown = this.shown();
    expect(new Set(shown).size).toBe(shown.length);
    const mine = this.owner === null ? this.visitor : this.expected.get(this.owner)!;
    for (const g of shown) expect(mine.has(g), `game ${g} shown to ${this.owner ?? 'the visitor'}`).toBe(true);
    if (snapshot.matches('ready')) expect([...shown].sort()).toEqual([...mine].sort());
  }

  /** The list of an account where it is kept. */
  listOf(userId: number): number[] {
    if (this.extension) return (this.lists.get(userId) ?? []).map((e) => e.gameId);
    return (JSON.parse(this.storage.getItem(`wishlist:account:${userId}`) ?? '[]') as WishEntry[]).map((e) => e.gameId);
  }
}

async function checkRun(extension: boolean, commands: Command[]): Promise<void> {
  const world = new World(extension);
  await settle();
  for (const command of commands) {
    await world.run(command);
    world.checkShown();
  }
  await world.drain();
  // Each account holds the tab once more: its parked writes and hand-over reach its list.
  for (const userId of ACCOUNTS) {
    await world.changeAccount(userId);
    await world.drain();
    world.checkShown();
    const list = world.listOf(userId);
    expect(new Set(list).size, `account ${userId}'s list has a game twice`).toBe(list.length);
    expect([...list].sort(), `account ${userId}'s list`).toEqual([...world.expected.get(userId)!].sort());
  }
  expect(world.storage.getItem(VISITOR_KEY)).toBeNull();
  world.actor.stop();
}

describe('wishlist over interleavings with login, logout, expiry and another tab', () => {
  it('loses nothing, duplicates nothing and shows nothing to another account (server with the extension)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 30 }), (commands) => checkRun(true, commands)),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('the same, with the lists kept in this browser (server without the extension)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 30 }), (commands) => checkRun(false, commands)),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

/**
 * Plain regressions: the counterexamples the properties found, replayed as they were (the machine and effects
 * changes that fixed them are in docs/following-wishlist.md).
 */
describe('wishlist regressions the properties found', () => {
  const login = (userId: number, elsewhere = false): Command => ({ kind: 'login', userId, elsewhere });
  const toggle = (gameId: number): Command => ({ kind: 'toggle', gameId });
  const answer = (pick: number): Command => ({ kind: 'answer', pick });
  const logout: Command = { kind: 'logout', elsewhere: false };
  const serverEnds: Command = { kind: 'serverEnds' };
  const otherTab: Command = { kind: 'otherTab' };
  it.each<[string, boolean, Command[]]>([
    [
      'a write refused for an older session of the account announced again goes out again',
      true,
      [login(1), answer(0), serverEnds, toggle(1), login(1), answer(0)],
    ],
    [
      'a game removed after a hand-over whose merge failed is not brought back by that merge',
      true,
      [login(1), toggle(1), logout, toggle(1), login(1), serverEnds, toggle(1), toggle(1), answer(0)],
    ],
    ['another tab’s change heard while the list is read is read again', true, [login(1), otherTab, answer(0)]],
    [
      'an opening superseded before the server answered as without the extension writes nothing in this browser',
      false,
      [login(1), toggle(1), toggle(1), login(2), login(1), answer(0), toggle(1), login(1), answer(0)],
    ],
  ])('%s', async (_name, extension, commands) => {
    await checkRun(extension, commands);
  });
});
