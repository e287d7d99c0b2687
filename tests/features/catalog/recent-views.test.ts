/**
 * 最近浏览's store (src/features/catalog/recent-views.ts): order, cap, dedupe, one list per viewer, the
 * visitor's list joining an account's, damaged and unusable storage.
 */
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  RECENT_VIEWS_MAX,
  clearViews,
  joinVisitorViews,
  mergeViews,
  readRecentViews,
  recordView,
  removeView,
  restoreViews,
  type RecentView,
} from '../../../src/features/catalog/recent-views';
import { RECENT_VIEWS_VISITOR_KEY, recentViewsKey, viewerOf } from '../../../src/features/catalog/recent-views-keys';
import { installRecentViewsJoin } from '../../../src/features/catalog/recent-views-join';

const game = (gameId: number) => ({ gameId, name: `游戏${gameId}`, cover: `/covers/${gameId}.jpg` });
const ids = (views: readonly RecentView[]) => views.map((v) => v.gameId);

afterEach(() => {
  vi.restoreAllMocks();
});

/** The root actor as the login hook reads it: the session's user, and a subscription to every change. */
function fakeActor(userId: number | null) {
  let user = userId === null ? null : { userId };
  const listeners: (() => void)[] = [];
  const session = { getSnapshot: () => ({ context: { user } }) };
  const actor = {
    system: { get: (id: string) => (id === 'session' ? session : undefined) },
    subscribe: (listener: () => void) => {
      listeners.push(listener);
      return { unsubscribe: () => undefined };
    },
  } as unknown as Parameters<typeof installRecentViewsJoin>[0];
  const become = (next: number | null) => {
    user = next === null ? null : { userId: next };
    for (const listener of listeners) listener();
  };
  return { actor, become };
}

describe('最近浏览 kept in this browser', () => {
  it('lists the games newest first; a game viewed again moves to the top and is listed once', () => {
    recordView('visitor', game(1), 1000);
    recordView('visitor', game(2), 2000);
    recordView('visitor', game(3), 3000);
    recordView('visitor', game(1), 4000);
    expect(ids(readRecentViews('visitor'))).toEqual([1, 3, 2]);
    expect(readRecentViews('visitor')[0]).toEqual({ ...game(1), viewedAt: 4000 });
  });

  it('keeps the last 20: the oldest drop off', () => {
    for (let id = 1; id <= RECENT_VIEWS_MAX + 5; id++) recordView('visitor', game(id), id);
    const views = readRecentViews('visitor');
    expect(views).toHaveLength(20);
    expect(views[0]?.gameId).toBe(25);
    expect(views.at(-1)?.gameId).toBe(6);
  });

  it('keeps one list per viewer: an account’s never shows to another account or to the visitor', () => {
    recordView('u1', game(1), 1);
    recordView('u2', game(2), 2);
    recordView('visitor', game(3), 3);
    expect(ids(readRecentViews('u1'))).toEqual([1]);
    expect(ids(readRecentViews('u2'))).toEqual([2]);
    expect(ids(readRecentViews('visitor'))).toEqual([3]);
    expect(localStorage.getItem(recentViewsKey('u2'))).not.toContain('"gameId":1');
    expect(recentViewsKey(viewerOf(7))).toBe('recent-views:v1:u7');
    expect(recentViewsKey(viewerOf(null))).toBe(RECENT_VIEWS_VISITOR_KEY);
  });

  it('joins the visitor’s list into the account’s at login, newest first, each game once at its latest view, and empties the visitor’s', () => {
    recordView('u5', game(1), 1000);
    recordView('u5', game(2), 2000);
    // as a visitor on this computer before logging in (written directly: a write for u5 would join it at once)
    localStorage.setItem(
      RECENT_VIEWS_VISITOR_KEY,
      JSON.stringify({
        views: [
          { ...game(3), viewedAt: 3000 },
          { ...game(1), viewedAt: 2500 },
        ],
      }),
    );
    joinVisitorViews(5);
    expect(ids(readRecentViews('u5'))).toEqual([3, 1, 2]);
    expect(readRecentViews('u5')[1]?.viewedAt).toBe(2500);
    expect(localStorage.getItem(RECENT_VIEWS_VISITOR_KEY)).toBeNull();
    expect(readRecentViews('visitor')).toEqual([]);
    // twice (another tab joining too): nothing lost, nothing duplicated
    joinVisitorViews(5);
    expect(ids(readRecentViews('u5'))).toEqual([3, 1, 2]);
  });

  it('joins at login through the store’s hook, and not for an account gone before the store’s code arrived', async () => {
    recordView('visitor', game(1), 1);
    const { actor, become } = fakeActor(null);
    const stop = installRecentViewsJoin(actor);
    onTestFinished(stop);
    become(7);
    await vi.waitFor(() => expect(ids(readRecentViews('u7'))).toEqual([1]));
    expect(localStorage.getItem(RECENT_VIEWS_VISITOR_KEY)).toBeNull();

    // Another install whose store code arrives only when the test says: u8 logs in, then out, before it does.
    recordView('visitor', game(2), 2);
    let arrive = () => undefined as void;
    const joined = vi.fn(joinVisitorViews);
    const held = new Promise<void>((resolve) => {
      arrive = resolve;
    }).then(() => ({ joinVisitorViews: joined }));
    const late = fakeActor(null);
    installRecentViewsJoin(late.actor, () => held);
    late.become(8);
    late.become(null);
    arrive();
    await held;
    await Promise.resolve();
    expect(joined).not.toHaveBeenCalled();
    expect(readRecentViews('u8')).toEqual([]);
    expect(ids(readRecentViews('visitor'))).toEqual([2]);
  });

  it('joins a visitor view written late (a tab that had not heard of the login) at the account’s next change', () => {
    recordView('u5', game(1), 1000);
    localStorage.setItem(RECENT_VIEWS_VISITOR_KEY, JSON.stringify({ views: [{ ...game(2), viewedAt: 2000 }] }));
    removeView('u5', 9);
    expect(ids(readRecentViews('u5'))).toEqual([2, 1]);
    expect(localStorage.getItem(RECENT_VIEWS_VISITOR_KEY)).toBeNull();
  });

  it('removes one game; 清空 empties the list and returns it, 撤销 brings it back merged with views since', () => {
    for (const id of [1, 2, 3]) recordView('u1', game(id), id * 1000);
    removeView('u1', 2);
    expect(ids(readRecentViews('u1'))).toEqual([3, 1]);
    const cleared = clearViews('u1');
    expect(ids(cleared)).toEqual([3, 1]);
    expect(readRecentViews('u1')).toEqual([]);
    expect(localStorage.getItem(recentViewsKey('u1'))).toBeNull();
    recordView('u1', game(4), 4000);
    restoreViews('u1', cleared);
    expect(ids(readRecentViews('u1'))).toEqual([4, 3, 1]);
  });

  it('reads damaged storage as empty, and skips bad entries one by one', () => {
    for (const raw of ['not json', '[]', '{"views":"x"}', 'null']) {
      localStorage.setItem(RECENT_VIEWS_VISITOR_KEY, raw);
      expect(readRecentViews('visitor')).toEqual([]);
    }
    localStorage.setItem(
      RECENT_VIEWS_VISITOR_KEY,
      JSON.stringify({
        views: [
          { gameId: -1, name: 'x', cover: '', viewedAt: 1 },
          'junk',
          { ...game(8), viewedAt: 5 },
          { ...game(8), viewedAt: 4 },
          { gameId: 9 },
        ],
      }),
    );
    expect(readRecentViews('visitor')).toEqual([{ ...game(8), viewedAt: 5 }]);
    recordView('visitor', game(9), 10);
    expect(ids(readRecentViews('visitor'))).toEqual([9, 8]);
  });

  it('goes on quietly when storage is full or blocked: nothing thrown, nothing kept', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => recordView('visitor', game(1), 1)).not.toThrow();
    expect(readRecentViews('visitor')).toEqual([]);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(readRecentViews('u1')).toEqual([]);
    expect(() => clearViews('u1')).not.toThrow();
  });

  it('merges two lists newest first, a game once', () => {
    const a = [
      { ...game(1), viewedAt: 5 },
      { ...game(2), viewedAt: 1 },
    ];
    const b = [
      { ...game(2), viewedAt: 7 },
      { ...game(3), viewedAt: 3 },
    ];
    expect(mergeViews(a, b).map((v) => [v.gameId, v.viewedAt])).toEqual([
      [2, 7],
      [1, 5],
      [3, 3],
    ]);
  });
});
