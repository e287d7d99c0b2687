/**
 * Fault matrix, UI layer: the wishlist (愿望单, an extension: docs/following-wishlist.md): the 愿望单 tab's list, 加入愿望单 on a
 * game, 移除 in the tab, and the merge of a visitor's list at login, each through the nine faults in the
 * rendered app. What docs/following-wishlist.md promises: a non-auth failure keeps the shopper's choice, the
 * tab says 愿望单暂未同步 with 重试 (no error toast), and once the fault clears 重试 brings the server's list;
 * an auth answer ends the session like any call, and the write waits for its account; a failed merge leaves
 * the visitor's games to be merged at the next try, never shown to another account.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientState } from '../../src/api/client-state';
import { getWishlist, postWishlistAdd } from '../../src/api/wishlist';
import type { UserInfo } from '../../src/api/user';
import { VISITOR_KEY } from '../../src/features/wishlist/wishlist-effects';
import { catalogue } from '../mock/helpers';
import { nextPhone } from '../integration/buying/helpers';
import { createAccount, fastSession, storeSession } from '../integration/session/helpers';
import { renderApp } from '../support/render-app';
import { FAULTS, isAuthFault } from './support/faults';
import { UI_PLAN } from './support/ui-plan';
import {
  clearToasts,
  expectPageAndFlows,
  expectAllFaultsTried,
  expectExpiryThenLogBackIn,
  expectFaultsUsed,
  expectNoProblems,
  resetBrowser,
  injectFault,
  logBackIn,
  siteHeader,
  tally,
  setUpFaultMatrixFile,
} from './support/ui';

setUpFaultMatrixFile('wishlist', () => [
  import('../../src/features/session/setting-page'),
  import('../../src/features/wishlist/wishlist-panel'),
  import('../../src/features/wishlist/wishlist-toggle'),
  import('../../src/features/session/login-modal'),
]);

const released = catalogue.games.filter((g) => g.releaseDate < Date.now());
const [gameA, gameB] = released as [(typeof released)[number], (typeof released)[number]];

const errorToasts = () => screen.getByRole('alert', { name: '错误提示' });
const toggle = (name: '加入愿望单' | '已加入愿望单') =>
  screen.findByRole('button', { name, pressed: name === '已加入愿望单' });
const wishlistGames = () => screen.findByRole('list', { name: '愿望单游戏' });
/** The tab's note 愿望单暂未同步 (a status line; its text is its content, not its name). */
const notSyncedNote = () =>
  screen.queryAllByRole('status').find((el) => el.textContent?.includes('愿望单暂未同步')) ?? null;
const shownNames = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

type Router = Awaited<ReturnType<typeof renderApp>>['router'];

async function visitGame(router: Router, game: { gameId: number; name: string }) {
  await router.navigate({ to: '/gameDetail/$id', params: { id: String(game.gameId) } });
  await screen.findByRole('heading', { level: 1, name: game.name });
}

const openTab = (router: Router) => router.navigate({ to: '/setting', search: { type: 4 } });

/** The tab shows exactly these games (the list as the server has it once synced). */
async function expectTabShows(names: readonly string[], where: string) {
  if (names.length === 0) {
    expect(await screen.findByText(/愿望单还是空的/), where).toBeInTheDocument();
    return;
  }
  const list = await wishlistGames();
  await waitFor(() => expect([...shownNames(list)].sort(), where).toEqual([...names].sort()));
}

/** The quiet failure: 愿望单暂未同步 with 重试 in the tab, no error toast. */
async function expectNotSynced(where: string): Promise<HTMLElement> {
  const note = await waitFor(() => {
    const found = notSyncedNote();
    expect(found, where).not.toBeNull();
    return found!;
  });
  expect(within(note).getByRole('button', { name: '重试' }), where).toBeEnabled();
  expect(errorToasts(), where).toBeEmptyDOMElement();
  return note;
}

/** The account's list on the server (read as the account). */
async function serverList(account: UserInfo): Promise<number[]> {
  const saved = clientState.get().token;
  clientState.set({ token: account.token });
  try {
    return (await getWishlist(account.userId)).map((i) => i.gameId).sort((a, b) => a - b);
  } finally {
    clientState.set({ token: saved });
  }
}

describe('the wishlist', () => {
  it('the list, 加入愿望单 and 移除 keep the shopper’s choice and say 愿望单暂未同步 (or end the session for an auth answer)', async () => {
    const ids = ['wishlist.list', 'wishlist.add', 'wishlist.remove'] as const;
    for (const fault of FAULTS) {
      // A logged-in shopper whose account lists game A.
      const account = await createAccount(nextPhone());
      clientState.set({ token: account.token });
      await postWishlistAdd(account.userId, { gameId: gameA.gameId, addedPrice: gameA.minPrice, addedAt: 1 });
      clientState.set({ token: undefined });
      storeSession(account);

      // wishlist.list: the tab's first reading of the list.
      let where = `wishlist.list × ${fault.name}`;
      let clear = await injectFault(['wishlist.list'], fault);
      const { actor, router, user, close } = await renderApp('/setting?type=4', { deps: fastSession });
      try {
        await expectFaultsUsed(['wishlist.list'], where);
        if (isAuthFault(fault)) {
          await expectExpiryThenLogBackIn(actor, account, where);
          clear();
        } else {
          const note = await expectNotSynced(where);
          clear();
          await user.click(within(note).getByRole('button', { name: '重试' }));
        }
        await expectTabShows([gameA.name], where);
        expect(notSyncedNote(), where).toBeNull();
        expectPageAndFlows(actor, where);
        await expectNoProblems(where);
        tally(['wishlist.list'], fault);
        clearToasts();

        // wishlist.add: 加入愿望单 on game B.
        where = `wishlist.add × ${fault.name}`;
        await visitGame(router, gameB);
        const add = await toggle('加入愿望单');
        clear = await injectFault(['wishlist.add'], fault);
        await user.click(add);
        await expectFaultsUsed(['wishlist.add'], where);
        if (isAuthFault(fault)) {
          await expectExpiryThenLogBackIn(actor, account, where);
          clear();
          // The add waited for its account and is sent at the login.
          expect(await toggle('已加入愿望单'), where).toBeInTheDocument();
          await openTab(router);
        } else {
          // The choice is kept on the game's page.
          expect(await toggle('已加入愿望单'), where).toBeInTheDocument();
          expect(errorToasts(), where).toBeEmptyDOMElement();
          await openTab(router);
          const note = await expectNotSynced(where);
          clear();
          await user.click(within(note).getByRole('button', { name: '重试' }));
        }
        await expectTabShows([gameA.name, gameB.name], where);
        await waitFor(async () =>
          expect(await serverList(account), where).toEqual([gameA.gameId, gameB.gameId].sort((a, b) => a - b)),
        );
        expect(notSyncedNote(), where).toBeNull();
        expectPageAndFlows(actor, where);
        await expectNoProblems(where);
        tally(['wishlist.add'], fault);
        clearToasts();

        // wishlist.remove: 移除 game A in the tab.
        where = `wishlist.remove × ${fault.name}`;
        const list = await wishlistGames();
        clear = await injectFault(['wishlist.remove'], fault);
        await user.click(within(list).getByRole('button', { name: `移除 ${gameA.name}` }));
        await expectFaultsUsed(['wishlist.remove'], where);
        if (isAuthFault(fault)) {
          await expectExpiryThenLogBackIn(actor, account, where);
          clear();
        } else {
          // The choice is kept: game A is gone from the tab at once.
          await expectTabShows([gameB.name], where);
          const note = await expectNotSynced(where);
          clear();
          await user.click(within(note).getByRole('button', { name: '重试' }));
        }
        await waitFor(async () => expect(await serverList(account), where).toEqual([gameB.gameId]));
        await expectTabShows([gameB.name], where);
        expect(notSyncedNote(), where).toBeNull();
        expectPageAndFlows(actor, where);
        await expectNoProblems(where);
        tally(['wishlist.remove'], fault);
        close();
      } finally {
        clear();
        resetBrowser();
      }
    }
    expectAllFaultsTried(ids);
  });

  it('a merge that fails at login loses none of the visitor’s games and shows them to no other account', async () => {
    for (const fault of FAULTS) {
      const where = `wishlist.merge × ${fault.name}`;
      const [owner, other] = [await createAccount(nextPhone()), await createAccount(nextPhone())];
      const { actor, router, user, close } = await renderApp(`/gameDetail/${gameA.gameId}`, { deps: fastSession });
      let clear = () => {};
      try {
        // A visitor wishlists game A, then logs in: the merge meets the fault.
        await user.click(await toggle('加入愿望单'));
        await toggle('已加入愿望单');
        clear = await injectFault(['wishlist.merge'], fault);
        // As a login way does (an auth answer to the merge ends the session at once, so nothing waits for it here).
        act(() => {
          actor.send({ type: 'session.login', user: owner });
        });
        await expectFaultsUsed(['wishlist.merge'], where);
        if (!isAuthFault(fault)) await within(siteHeader()).findByRole('button', { name: /个人中心/ });
        // The visitor's copy is gone at once, whatever the merge met.
        expect(localStorage.getItem(VISITOR_KEY), where).toBeNull();
        if (isAuthFault(fault)) {
          // The session ends; logging in again merges the visitor's games.
          await expectExpiryThenLogBackIn(actor, owner, where);
          clear();
          await openTab(router);
        } else {
          await openTab(router);
          await expectNotSynced(where);
          clear();
          // Another account at this computer sees none of it.
          await logBackIn(actor, other);
          await expectTabShows([], where);
          expect(await serverList(other), where).toEqual([]);
          // The owner's next login merges them.
          await logBackIn(actor, owner);
        }
        await expectTabShows([gameA.name], where);
        expect(await serverList(owner), where).toEqual([gameA.gameId]);
        expect(notSyncedNote(), where).toBeNull();
        expectPageAndFlows(actor, where);
        await expectNoProblems(where);
        tally(['wishlist.merge'], fault);
        close();
      } finally {
        clear();
        resetBrowser();
      }
    }
    expectAllFaultsTried(['wishlist.merge']);
  });

  it('covers the plan', () => {
    expectAllFaultsTried(UI_PLAN.wishlist);
  });
});
