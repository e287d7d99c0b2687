/**
 * Fault matrix, UI layer: the cart (购物车, an extension: docs/cart.md): `/cart`'s reading of the cart, 加入购物车
 * on a game, 移除 on `/cart`, and the merge of a visitor's cart at login, each through the nine faults in the
 * rendered app. What docs/cart.md promises: a non-auth failure keeps the shopper's choice, `/cart` says 购物车暂未同步
 * with 重试, and once the fault clears 重试 brings the server's cart; an auth answer ends the session like any
 * call, and the write waits for its account; a failed merge leaves the visitor's lines for the next try, never
 * shown to another account.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientState } from '../../src/api/client-state';
import { getCart, postCartSet } from '../../src/api/cart';
import type { UserInfo } from '../../src/api/user';
import { CART_VISITOR_KEY } from '../../src/features/cart/cart-effects';
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

setUpFaultMatrixFile('cart', () => [
  import('../../src/features/cart/cart-page'),
  import('../../src/features/cart/add-to-cart-button'),
  import('../../src/features/session/login-modal'),
]);

/** Two goods of two games, in stock (each named in the game's URL, `?goods=`, so 加入购物车 adds it). */
const inStock = catalogue.goods.filter((g) => g.stock >= 50 && g.limitPerOrder >= 2);
const goodsA = inStock[0]!;
const goodsB = inStock.find((g) => g.gameId !== goodsA.gameId)!;
const gameOf = (goods: { gameId: number }) => catalogue.games.find((g) => g.gameId === goods.gameId)!;

const lineList = () => screen.findByRole('list', { name: '购物车商品' });
/** `/cart`'s failure note (an alert: 购物车暂未同步 with 重试). */
const failedNote = () =>
  screen.queryAllByRole('alert').find((el) => el.textContent?.includes('购物车暂未同步')) ?? null;
const shownGoods = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '');

type Router = Awaited<ReturnType<typeof renderApp>>['router'];

const openCart = (router: Router) => router.navigate({ to: '/cart' });

/** `/cart` shows exactly the lines of these goods (as the server has them once synced). */
async function expectCartShows(goods: readonly { gameId: number; name: string }[], where: string) {
  if (goods.length === 0) {
    expect(await screen.findByText('购物车是空的'), where).toBeInTheDocument();
    return;
  }
  const list = await lineList();
  await waitFor(() => {
    const shown = shownGoods(list);
    expect(shown.length, where).toBe(goods.length);
    for (const g of goods)
      expect(
        shown.some((name) => name.includes(gameOf(g).name)),
        where,
      ).toBe(true);
  });
}

/** The failure: 购物车暂未同步 with 重试 on `/cart`; returns the note. */
async function expectNotSynced(where: string): Promise<HTMLElement> {
  const note = await waitFor(() => {
    const found = failedNote();
    expect(found, where).not.toBeNull();
    return found!;
  });
  expect(within(note).getByRole('button', { name: '重试' }), where).toBeEnabled();
  return note;
}

/** The account's cart on the server (read as the account): its goods ids. */
async function serverCart(account: UserInfo): Promise<number[]> {
  const saved = clientState.get().token;
  clientState.set({ token: account.token });
  try {
    return (await getCart(account.userId)).map((i) => i.goodsId).sort((a, b) => a - b);
  } finally {
    clientState.set({ token: saved });
  }
}

describe('the cart', () => {
  it('the cart, 加入购物车 and 移除 keep the shopper’s choice and say 购物车暂未同步 (or end the session for an auth answer)', async () => {
    const ids = ['cart.list', 'cart.set', 'cart.remove'] as const;
    for (const fault of FAULTS) {
      // A logged-in shopper whose cart holds goods A.
      const account = await createAccount(nextPhone());
      clientState.set({ token: account.token });
      await postCartSet(account.userId, { goodsId: goodsA.goodsId, buyNum: 1 });
      clientState.set({ token: undefined });
      storeSession(account);

      // cart.list: /cart's first reading of the cart.
      let where = `cart.list × ${fault.name}`;
      let clear = await injectFault(['cart.list'], fault);
      const { actor, router, user, close } = await renderApp('/cart', { deps: fastSession });
      try {
        await expectFaultsUsed(['cart.list'], where);
        if (isAuthFault(fault)) {
          await expectExpiryThenLogBackIn(actor, account, where);
          clear();
        } else {
          const note = await expectNotSynced(where);
          clear();
          await user.click(within(note).getByRole('button', { name: '重试' }));
        }
        await expectCartShows([goodsA], where);
        await waitFor(() => expect(failedNote(), where).toBeNull());
        expectPageAndFlows(actor, where);
        await expectNoProblems(where);
        tally(['cart.list'], fault);
        clearToasts();

        // cart.set: 加入购物车 on game B's page.
        where = `cart.set × ${fault.name}`;
        await router.navigate({
          to: '/gameDetail/$id',
          params: { id: String(goodsB.gameId) },
          search: { goods: goodsB.goodsId },
        });
        await screen.findByRole('heading', { level: 1, name: gameOf(goodsB).name });
        const add = await screen.findByRole('button', { name: '加入购物车' });
        await waitFor(() => expect(add).toBeEnabled());
        clear = await injectFault(['cart.set'], fault);
        await user.click(add);
        await expectFaultsUsed(['cart.set'], where);
        if (isAuthFault(fault)) {
          // The add waits for its account and is sent at the login.
          await expectExpiryThenLogBackIn(actor, account, where);
          clear();
          await openCart(router);
        } else {
          await openCart(router);
          const note = await expectNotSynced(where);
          clear();
          await user.click(within(note).getByRole('button', { name: '重试' }));
        }
        await expectCartShows([goodsA, goodsB], where);
        await waitFor(async () =>
          expect(await serverCart(account), where).toEqual([goodsA.goodsId, goodsB.goodsId].sort((a, b) => a - b)),
        );
        await waitFor(() => expect(failedNote(), where).toBeNull());
        expectPageAndFlows(actor, where);
        await expectNoProblems(where);
        tally(['cart.set'], fault);
        clearToasts();

        // cart.remove: 移除 goods A on /cart.
        where = `cart.remove × ${fault.name}`;
        const list = await lineList();
        const removeA = within(list)
          .getAllByRole('button', { name: /^移除 / })
          .find((b) => b.getAttribute('aria-label')?.includes(gameOf(goodsA).name));
        expect(removeA, where).toBeDefined();
        clear = await injectFault(['cart.remove'], fault);
        await user.click(removeA!);
        await expectFaultsUsed(['cart.remove'], where);
        if (isAuthFault(fault)) {
          await expectExpiryThenLogBackIn(actor, account, where);
          clear();
        } else {
          // The choice is kept: goods A is gone from the cart at once.
          await expectCartShows([goodsB], where);
          const note = await expectNotSynced(where);
          clear();
          await user.click(within(note).getByRole('button', { name: '重试' }));
        }
        await waitFor(async () => expect(await serverCart(account), where).toEqual([goodsB.goodsId]));
        await expectCartShows([goodsB], where);
        await waitFor(() => expect(failedNote(), where).toBeNull());
        expectPageAndFlows(actor, where);
        await expectNoProblems(where);
        tally(['cart.remove'], fault);
        close();
      } finally {
        clear();
        resetBrowser();
      }
    }
    expectAllFaultsTried(ids);
  });

  it('a merge that fails at login loses none of the visitor’s lines and shows them to no other account', async () => {
    for (const fault of FAULTS) {
      const where = `cart.merge × ${fault.name}`;
      const [owner, other] = [await createAccount(nextPhone()), await createAccount(nextPhone())];
      const { actor, router, user, close } = await renderApp(`/gameDetail/${goodsA.gameId}?goods=${goodsA.goodsId}`, {
        deps: fastSession,
      });
      let clear = () => {};
      try {
        // A visitor adds game A's goods, then logs in: the merge meets the fault.
        const add = await screen.findByRole('button', { name: '加入购物车' });
        await waitFor(() => expect(add).toBeEnabled());
        await user.click(add);
        await waitFor(() => expect(localStorage.getItem(CART_VISITOR_KEY), where).not.toBeNull());
        clear = await injectFault(['cart.merge'], fault);
        act(() => {
          actor.send({ type: 'session.login', user: owner });
        });
        await expectFaultsUsed(['cart.merge'], where);
        if (!isAuthFault(fault)) await within(siteHeader()).findByRole('button', { name: /个人中心/ });
        // The visitor's copy is gone at once, whatever the merge met.
        expect(localStorage.getItem(CART_VISITOR_KEY), where).toBeNull();
        if (isAuthFault(fault)) {
          await expectExpiryThenLogBackIn(actor, owner, where);
          clear();
          await openCart(router);
        } else {
          await openCart(router);
          await expectNotSynced(where);
          clear();
          // Another account at this computer sees none of it.
          await logBackIn(actor, other);
          await expectCartShows([], where);
          expect(await serverCart(other), where).toEqual([]);
          // The owner's next login merges them.
          await logBackIn(actor, owner);
        }
        await expectCartShows([goodsA], where);
        expect(await serverCart(owner), where).toEqual([goodsA.goodsId]);
        await waitFor(() => expect(failedNote(), where).toBeNull());
        expectPageAndFlows(actor, where);
        await expectNoProblems(where);
        tally(['cart.merge'], fault);
        close();
      } finally {
        clear();
        resetBrowser();
      }
    }
    expectAllFaultsTried(['cart.merge']);
  });

  it('covers the plan', () => {
    expectAllFaultsTried(UI_PLAN.cart);
  });
});
