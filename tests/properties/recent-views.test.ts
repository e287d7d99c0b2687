/**
 * Property tests of 最近浏览's store (src/features/catalog/recent-views.ts) over random interleavings of views,
 * 移除, 清空 and 撤销 by whoever the session names, logins (the join) and logouts, another tab's visitor view
 * written late (after a login it had not heard of), the join's code arriving after the account has gone, and
 * storage that is full for a while.
 *
 * Each viewer views only games of its own range (account A 1–30, account B 31–60, the visitor 61–90), so a game
 * in a list says where it came from. Properties, after every step:
 * 1. no list holds a game twice, nor more than 20;
 * 2. nothing of one account reaches another account or the visitor: A's list holds A's and visitor games
 *    only, B's B's and visitor games, the visitor's visitor games only;
 * 3. after a login, the visitor's list is empty (the next person at the computer sees nothing);
 * 4. nothing lost: the game the current viewer just viewed is at the top of that viewer's list (storage
 *    allowing), and each list equals a reference model's (the join: union, newest view first).
 *
 * Reproduce or widen: FC_SEED=<seed> FC_RUNS=<runs> npx vitest run tests/properties/recent-views.test.ts
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RECENT_VIEWS_MAX,
  clearViews,
  joinVisitorViews,
  readRecentViews,
  recordView,
  removeView,
  restoreViews,
  type RecentView,
} from '../../src/features/catalog/recent-views';
import { recentViewsKey } from '../../src/features/catalog/recent-views-keys';

const SEED = Number(process.env.FC_SEED ?? 20261128);
const RUNS = Number(process.env.FC_RUNS ?? 200);

const ACCOUNTS = { A: 1, B: 2 } as const;
type Who = 'u1' | 'u2' | 'visitor';
const RANGE: Record<Who, [number, number]> = { u1: [1, 30], u2: [31, 60], visitor: [61, 90] };
const owner = (gameId: number): Who => (gameId <= 30 ? 'u1' : gameId <= 60 ? 'u2' : 'visitor');

type Op =
  | { type: 'view'; pick: number }
  | { type: 'remove'; pick: number }
  | { type: 'clear' }
  | { type: 'undo' }
  | { type: 'login'; who: keyof typeof ACCOUNTS }
  | { type: 'logout' }
  | { type: 'lateVisitorView'; pick: number }
  | { type: 'staleJoin'; who: keyof typeof ACCOUNTS }
  | { type: 'storageFull'; full: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('view' as const), pick: fc.nat(29) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('remove' as const), pick: fc.nat(29) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'clear' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'undo' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('login' as const), who: fc.constantFrom('A' as const, 'B' as const) }),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'logout' as const }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('lateVisitorView' as const), pick: fc.nat(29) }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('staleJoin' as const), who: fc.constantFrom('A' as const, 'B' as const) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('storageFull' as const), full: fc.boolean() }) },
);

/** The reference: each viewer's list as the rules say it should be. */
type Model = Record<Who, RecentView[]>;
const cap = (list: RecentView[]) => list.slice(0, RECENT_VIEWS_MAX);
const union = (a: RecentView[], b: RecentView[]) =>
  cap(
    [...a, ...b]
      .sort((x, y) => y.viewedAt - x.viewedAt)
      .filter((v, i, all) => all.findIndex((w) => w.gameId === v.gameId) === i),
  );

function run(ops: Op[]): void {
  localStorage.clear();
  vi.restoreAllMocks();
  let full = false;
  const realSetItem = Storage.prototype.setItem;
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
    if (full) throw new DOMException('full', 'QuotaExceededError');
    realSetItem.call(this, key, value);
  });
  const model: Model = { u1: [], u2: [], visitor: [] };
  let viewer: Who = 'visitor';
  let cleared: { viewer: Who; views: readonly RecentView[] } | null = null;
  let clock = 0;
  const game = (gameId: number) => ({ gameId, name: `游戏${gameId}`, cover: '' });
  // A write to an account's list joins a waiting visitor list first (in the model too); a full storage keeps nothing new.
  const joinModel = (account: Who) => {
    if (model.visitor.length === 0) return;
    if (!full) model[account] = union(model[account], model.visitor);
    model.visitor = [];
  };
  const write = (target: Who, next: RecentView[]) => {
    // An emptied list is removed (removeItem works on a full storage); any other write fails while full.
    if (!full || next.length === 0) model[target] = next;
  };

  for (const op of ops) {
    clock += 1;
    switch (op.type) {
      case 'view': {
        const gameId = RANGE[viewer][0] + op.pick;
        recordView(viewer, game(gameId), clock);
        if (viewer !== 'visitor') joinModel(viewer);
        const current = model[viewer];
        if (current[0]?.gameId !== gameId)
          write(viewer, cap([{ ...game(gameId), viewedAt: clock }, ...current.filter((v) => v.gameId !== gameId)]));
        if (!full) expect(readRecentViews(viewer)[0]?.gameId).toBe(gameId);
        break;
      }
      case 'remove': {
        const gameId = RANGE[viewer][0] + op.pick;
        removeView(viewer, gameId);
        if (viewer !== 'visitor') joinModel(viewer);
        write(
          viewer,
          model[viewer].filter((v) => v.gameId !== gameId),
        );
        break;
      }
      case 'clear': {
        const views = clearViews(viewer);
        if (viewer !== 'visitor') joinModel(viewer);
        expect(views).toEqual(model[viewer]);
        cleared = { viewer, views };
        write(viewer, []);
        break;
      }
      case 'undo': {
        // The 撤销 button belongs to the list it cleared: it is gone once the viewer changed.
        if (!cleared || cleared.viewer !== viewer) break;
        restoreViews(viewer, cleared.views);
        if (viewer !== 'visitor') joinModel(viewer);
        write(viewer, union(model[viewer], [...cleared.views]));
        cleared = null;
        break;
      }
      case 'login': {
        viewer = op.who === 'A' ? 'u1' : 'u2';
        cleared = null;
        joinVisitorViews(ACCOUNTS[op.who]);
        joinModel(viewer);
        expect(readRecentViews('visitor')).toEqual([]);
        break;
      }
      case 'logout': {
        viewer = 'visitor';
        cleared = null;
        break;
      }
      case 'lateVisitorView': {
        // A tab that has not heard of the login yet records as the visitor.
        const gameId = RANGE.visitor[0] + op.pick;
        recordView('visitor', game(gameId), clock);
        const current = model.visitor;
        if (current[0]?.gameId !== gameId)
          write('visitor', cap([{ ...game(gameId), viewedAt: clock }, ...current.filter((v) => v.gameId !== gameId)]));
        break;
      }
      case 'staleJoin': {
        // The join's code arrives after its account has gone: recent-views-join.ts checks the session first.
        const account: Who = op.who === 'A' ? 'u1' : 'u2';
        if (account === viewer) {
          joinVisitorViews(ACCOUNTS[op.who]);
          joinModel(account);
        }
        break;
      }
      case 'storageFull':
        full = op.full;
        break;
    }

    for (const who of ['u1', 'u2', 'visitor'] as const) {
      const list = readRecentViews(who);
      const ids = list.map((v) => v.gameId);
      // 1. no duplicates, at most 20
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeLessThanOrEqual(RECENT_VIEWS_MAX);
      // 2. nothing of another account
      for (const id of ids) expect([who, 'visitor']).toContain(owner(id));
      // 4. the reference's list
      expect(list, `${who} after ${JSON.stringify(op)}`).toEqual(model[who]);
    }
    // 3. after a login, no visitor list
    if (op.type === 'login') expect(localStorage.getItem(recentViewsKey('visitor'))).toBeNull();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('最近浏览 over interleavings of views, logins, logouts, other tabs and a full storage', () => {
  it('never shows one account’s games to another or to the visitor, loses none, duplicates none', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 80 }), (ops) => run(ops)),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
