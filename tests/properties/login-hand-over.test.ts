// @vitest-environment node
/**
 * The login hand-over (docs/decisions/0035-one-login-hand-over.md) over random interleavings, with a page reload
 * possible at every step.
 *
 * The REAL root actor (createRootActor: the app machine, the session machine, the wishlist child and the
 * hand-over's list of lists) over a browser storage and a wishlist server played by the test. Every login way
 * (the header, 立即购买, the orders entry, the popup's 登录领取, QR, an auto-login link, a re-login after an expiry)
 * ends in the one `session.login` the session takes, so the commands log in that way, naming the entry only
 * for the failure's message. The server applies a call when it is sent and the page hears the answer later, in
 * any order the commands choose; a reload drops the answers the old page was waiting for (the calls already
 * reached the server) and starts a new page from what the browser stored, as src/app/start-store.ts does.
 *
 * Commands: a visitor or an account adds or removes one of three games (as the toggle does), log in as account
 * 1 or 2 from any entry, 退出登录, reload the page, an answer arrives.
 *
 * Properties:
 * - after every command: the wishlist's owner is the session's account and shows only that owner's games; the
 *   visitor's copy (`wishlist:visitor`) is gone from the moment a login is stored; from the tap on 退出登录,
 *   nothing the browser kept of that account is left (`wishlist:*:<id>`) and the request token is gone;
 * - 登录成功 is said only once the hand-over has reached the server;
 * - at the end, once every answer arrived and each account has held the tab once more: every game a visitor
 *   kept is on the list of the account that logged in next, unless that account removed it since, and no
 *   account's list holds a game that neither it nor a visitor before its login added.
 *
 * Reproduce or widen: FC_SEED=<seed> FC_RUNS=<runs> npx vitest run tests/properties/login-hand-over.test.ts
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { WishEntry, WishItem } from '../../src/api/wishlist';
import { clientState } from '../../src/api/client-state';
import type { UserInfo } from '../../src/api/user';
import { createRootActor } from '../../src/app/root-actor';
import { parsePersistedSession, SESSION_STORAGE_KEY } from '../../src/features/session/persisted-session';
import { VISITOR_KEY, type WishlistServer } from '../../src/features/wishlist/wishlist-effects';
import type { AppActor } from '../../src/shared/app-actor';
import { sessionUserId } from '../../src/shared/app-actor';
import { answerAll, answerOne, MemoryStorage, settle, wishItem } from './pending-answers';

const SEED = Number(process.env.FC_SEED ?? 20261202);
const RUNS = Number(process.env.FC_RUNS ?? 120);
const GAMES = [1, 2, 3] as const;
const ACCOUNTS = [1, 2] as const;
const ENTRIES = [
  'the header',
  '立即购买',
  'the orders entry',
  '登录领取',
  'QR',
  'an auto-login link',
  'a re-login after an expiry',
] as const;

type Command =
  | { kind: 'toggle'; gameId: number }
  | { kind: 'login'; userId: number; entry: (typeof ENTRIES)[number] }
  | { kind: 'logout' }
  | { kind: 'reload' }
  | { kind: 'answer'; pick: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.constantFrom(...GAMES).map((gameId): Command => ({ kind: 'toggle', gameId })), weight: 4 },
  {
    arbitrary: fc
      .record({ userId: fc.constantFrom(...ACCOUNTS), entry: fc.constantFrom(...ENTRIES) })
      .map((c): Command => ({ kind: 'login', ...c })),
    weight: 2,
  },
  { arbitrary: fc.constant<Command>({ kind: 'logout' }), weight: 1 },
  { arbitrary: fc.constant<Command>({ kind: 'reload' }), weight: 2 },
  { arbitrary: fc.nat(5).map((pick): Command => ({ kind: 'answer', pick })), weight: 5 },
);

const userOf = (userId: number): UserInfo => ({
  token: `tk_${userId}`,
  userId,
  telNum: `1380000000${userId}`,
  createTime: 0,
  registerCanal: '',
});

class World {
  readonly storage = new MemoryStorage();
  readonly lists = new Map<number, WishEntry[]>();
  /** answers the page has not heard yet; a reload drops them */
  pending: { settle: () => void }[] = [];
  page = 0;
  clock = 1;
  toasts: string[] = [];
  actor!: AppActor;
  /** the reference: what each account may hold, what a visitor handed over, what the account removed since */
  readonly mayHold = new Map<number, Set<number>>(ACCOUNTS.map((u) => [u, new Set<number>()]));
  readonly handedOver = new Map<number, Set<number>>(ACCOUNTS.map((u) => [u, new Set<number>()]));
  visitor = new Set<number>();
  /** the hand-over of each login reached the server before 登录成功 */
  loginSaidBeforeHandOver = false;

  constructor() {
    this.start();
  }

  private readonly server: WishlistServer = {
    list: (userId) => this.call(userId, (list) => list),
    add: (userId, entry) =>
      this.call(userId, (list) => (list.some((e) => e.gameId === entry.gameId) ? list : [entry, ...list])),
    remove: (userId, gameId) => this.call(userId, (list) => list.filter((e) => e.gameId !== gameId)),
    merge: (userId, entries) =>
      this.call(userId, (list) => [...list, ...entries.filter((e) => !list.some((l) => l.gameId === e.gameId))]),
  };

  private call(userId: number, change: (list: WishEntry[]) => WishEntry[]): Promise<WishItem[]> {
    const list = change(this.lists.get(userId) ?? []);
    this.lists.set(userId, list);
    const page = this.page;
    return new Promise((resolve) => {
      // An answer for a page that was reloaded away never arrives.
      this.pending.push({ settle: () => void (page === this.page && resolve(list.map(wishItem))) });
    });
  }

  /** A page: the session the browser stored, the real root actor with this world's storage and server. */
  start() {
    this.page += 1;
    this.pending = [];
    const storage = this.storage;
    this.actor = createRootActor({
      build: { id: 'build-1', fetchLatest: () => new Promise(() => {}), reloadPage: () => {} },
      modals: { load: async () => undefined },
      start: {
        couponPopupEnabled: false,
        restoredSession: parsePersistedSession(storage.getItem(SESSION_STORAGE_KEY)),
        startAttribution: () => {},
      },
      testing: {
        wishlistStorage: storage,
        wishlistServer: this.server,
        loadFlows: () => new Promise(() => {}),
        sessionFlows: {
          effects: {
            persistSession: (value) => storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(value)),
            forgetSession: () => storage.removeItem(SESSION_STORAGE_KEY),
            setTokenCookie: () => {},
            notify: (_kind, text) => {
              this.toasts.push(text);
              if (text === '登录成功') this.checkHandedOver();
            },
          },
          api: {
            checkToken: () => new Promise(() => {}),
            fetchRealNameConfig: async () => ({ enable: false, sceneType: 0 }),
            logout: async () => true,
          },
        },
      },
    });
    this.actor.start();
  }

  owner(): number | null {
    return sessionUserId(this.actor.system);
  }

  wishlist() {
    return (
      this.actor.system.get('wishlist') as {
        getSnapshot(): { context: { owner: number | null; entries: WishEntry[] }; matches(s: string): boolean };
      }
    ).getSnapshot();
  }

  /** 登录成功: every game the visitor handed to this account is on its server list already. */
  private checkHandedOver() {
    const userId = this.owner();
    if (userId === null) return;
    const onServer = new Set((this.lists.get(userId) ?? []).map((e) => e.gameId));
    for (const g of this.handedOver.get(userId)!)
      if (!onServer.has(g) && this.mayHold.get(userId)!.has(g)) this.loginSaidBeforeHandOver = true;
  }

  async run(command: Command): Promise<void> {
    switch (command.kind) {
      case 'toggle': {
        const owner = this.owner();
        // As the toggle sees it (useWishlist): nothing is shown while the wishlist has not heard of the account.
        const list = this.wishlist().context;
        const shown = list.owner === owner && list.entries.some((e) => e.gameId === command.gameId);
        if (owner === null) {
          if (shown) this.visitor.delete(command.gameId);
          else this.visitor.add(command.gameId);
        } else if (shown) this.handedOver.get(owner)!.delete(command.gameId);
        else this.mayHold.get(owner)!.add(command.gameId);
        this.actor.send(
          shown
            ? { type: 'wishlist.remove', gameId: command.gameId }
            : { type: 'wishlist.add', entry: { gameId: command.gameId, addedPrice: 100, addedAt: (this.clock += 1) } },
        );
        break;
      }
      case 'login': {
        if (this.owner() !== command.userId) {
          for (const g of this.visitor) {
            this.handedOver.get(command.userId)!.add(g);
            this.mayHold.get(command.userId)!.add(g);
          }
          this.visitor = new Set();
        }
        this.actor.send({ type: 'session.login', user: userOf(command.userId) });
        // The visitor's copy is gone in the step that stored the login.
        expect(
          this.storage.getItem(VISITOR_KEY),
          `login from ${command.entry}: the visitor's list is still there`,
        ).toBeNull();
        break;
      }
      case 'logout': {
        const leaving = this.owner();
        this.actor.send({ type: 'session.logout' });
        if (leaving !== null) {
          const left = [...this.storage.values.keys()].filter(
            (key) => key.startsWith('wishlist:') && key.endsWith(`:${leaving}`),
          );
          expect(left, `after 退出登录 of account ${leaving}`).toEqual([]);
          expect(clientState.get().token).toBeUndefined();
        }
        break;
      }
      case 'reload':
        this.actor.stop();
        clientState.reset();
        this.start();
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

  /** The wishlist shows its owner's games only, and its owner is the session's account once it settled. */
  checkShown(): void {
    const snapshot = this.wishlist();
    const owner = this.owner();
    if (snapshot.context.owner !== owner) return; // an account change the wishlist has not heard yet shows nothing (useWishlist)
    const mine = owner === null ? this.visitor : this.mayHold.get(owner)!;
    for (const e of snapshot.context.entries)
      expect(mine.has(e.gameId), `game ${e.gameId} shown to ${owner ?? 'the visitor'}`).toBe(true);
  }
}

async function checkRun(commands: Command[]): Promise<void> {
  const world = new World();
  try {
    await settle();
    for (const command of commands) {
      await world.run(command);
      world.checkShown();
    }
    await world.drain();
    for (const userId of ACCOUNTS) {
      await world.run({ kind: 'login', userId, entry: 'the header' });
      await world.drain();
      const list = (world.lists.get(userId) ?? []).map((e) => e.gameId);
      for (const g of world.handedOver.get(userId)!)
        expect(list, `account ${userId} lost the visitor's game ${g}`).toContain(g);
      for (const g of list)
        expect(world.mayHold.get(userId)!.has(g), `account ${userId} holds game ${g} nobody gave it`).toBe(true);
    }
    expect(world.loginSaidBeforeHandOver, '登录成功 before the hand-over reached the server').toBe(false);
  } finally {
    world.actor.stop();
  }
}

describe('the login hand-over over interleavings, with a reload at any step', () => {
  afterEach(() => clientState.reset());

  it('hands a visitor list to the next account only, loses none of it, and leaves nothing of an account after its logout', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 25 }), (commands) => checkRun(commands)),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
