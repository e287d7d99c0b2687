/**
 * The wishlist (docs/following-wishlist.md): the wishlist through the rendered app and the simulated backend (msw): the toggle on a
 * game, a visitor's list merged at login, the 愿望单 tab's marks and sorts, the header's quiet count, account
 * changes, and a server without the extension (the list kept in this browser, said quietly, no error toast).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getWishlist,
  postWishlistAdd,
  wishlistAdd,
  wishlistList,
  wishlistMerge,
  wishlistRemove,
} from '../../../src/api/wishlist';
import { clientState } from '../../../src/api/client-state';
import { BROWSER_ONLY_NOTE } from '../../../src/features/wishlist/wishlist-rules';
import { VISITOR_KEY } from '../../../src/features/wishlist/wishlist-effects';
import { renderApp } from '../../support/render-app';
import { backend } from '../../support/server';
import { createAccount, fastSession, header, loginWithSms, openLoginDialog, storeSession } from '../session/helpers';
import { catalogue } from '../../mock/helpers';
import { otherTabStores } from '../../model/ui-helpers';

const FLOW_TIMEOUT = { timeout: 20_000 };
const released = catalogue.games.filter((g) => g.releaseDate < Date.now());
const [gameA, gameB, gameC] = released;

let phoneSeq = 0;
const nextPhone = () => `1360000${String((phoneSeq += 1)).padStart(4, '0')}`;

const toggle = (name: '加入愿望单' | '已加入愿望单') =>
  screen.findByRole('button', { name, pressed: name === '已加入愿望单' }, { timeout: 10_000 });

async function visitGame(
  router: { navigate: (o: { to: '/gameDetail/$id'; params: { id: string } }) => Promise<void> },
  gameId: number,
) {
  await router.navigate({ to: '/gameDetail/$id', params: { id: String(gameId) } });
  await screen.findByRole('heading', { level: 1, name: catalogue.games.find((g) => g.gameId === gameId)!.name });
}

async function wishlistTab(router: { navigate: (o: { to: '/setting'; search: { type: number } }) => Promise<void> }) {
  await router.navigate({ to: '/setting', search: { type: 4 } });
  return screen.findByRole('list', { name: '愿望单游戏' }, { timeout: 10_000 });
}

const rowOf = (list: HTMLElement, name: string) => within(list).getByRole('link', { name }).closest('li')!;
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

/** A logged-in shopper whose account already lists these games (added at these prices). */
/** `beforeVisit`: what happens on the server between the account's last visit and this one. */
async function loggedInWith(
  entries: { gameId: number; addedPrice: number; addedAt: number }[],
  url = '/',
  beforeVisit: () => void = () => {},
) {
  const account = await createAccount(nextPhone());
  clientState.set({ token: account.token });
  // The server takes each add's price and time from itself: added oldest first, a second apart.
  for (const entry of [...entries].sort((a, b) => a.addedAt - b.addedAt)) {
    await postWishlistAdd(account.userId, entry);
    backend.control.advanceClock(1000);
  }
  clientState.set({ token: undefined });
  storeSession(account);
  beforeVisit();
  const app = await renderApp(url, { deps: fastSession });
  return { ...app, account };
}

describe('the wishlist', FLOW_TIMEOUT, () => {
  it('a visitor wishlists two games on their pages, logs in, and finds them merged with the account’s list', async () => {
    const account = await createAccount(nextPhone());
    clientState.set({ token: account.token });
    await postWishlistAdd(account.userId, { gameId: gameC!.gameId, addedPrice: gameC!.minPrice, addedAt: 1 });
    clientState.set({ token: undefined });

    const { user, router } = await renderApp('/', { deps: fastSession });
    await visitGame(router, gameA!.gameId);
    await user.click(await toggle('加入愿望单'));
    expect(await toggle('已加入愿望单')).toBeInTheDocument();
    await visitGame(router, gameB!.gameId);
    await user.click(await toggle('加入愿望单'));
    await toggle('已加入愿望单');
    expect(JSON.parse(localStorage.getItem(VISITOR_KEY) ?? '[]')).toHaveLength(2);

    await loginWithSms(user, await openLoginDialog(user), account.telNum);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    // The visitor's copy is gone at once: the next person at this computer sees nothing.
    expect(localStorage.getItem(VISITOR_KEY)).toBeNull();
    const list = await wishlistTab(router);
    await waitFor(() => expect(names(list)).toHaveLength(3));
    expect(names(list)).toEqual(expect.arrayContaining([gameA!.name, gameB!.name, gameC!.name]));
  });

  it('the tab marks 降价 and 史低, sorts by 加入时间, 降价幅度 and 价格, and 移除 removes; the header counts drops quietly', async () => {
    // Down to ¥0.10 since the last visit, no higher than any sale of its seeded history can be (salePrice's floor):
    // at its historical low now. (The page's wishlist opens at start-up, so the drop comes before the visit.)
    let lowered = 0;
    const { user, router } = await loggedInWith(
      [
        { gameId: gameA!.gameId, addedPrice: gameA!.minPrice, addedAt: 3 },
        { gameId: gameB!.gameId, addedPrice: gameB!.minPrice, addedAt: 2 },
        { gameId: gameC!.gameId, addedPrice: gameC!.minPrice, addedAt: 1 },
      ],
      '/',
      () => {
        lowered = backend.control.lowerPrice(gameB!.gameId, 10);
      },
    );
    // A new visit: the header says it, as a link, never as a dialog.
    const count = await header().findByRole('link', { name: '愿望单 1 款降价' }, { timeout: 10_000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const list = await wishlistTab(router);
    expect(names(list)).toEqual([gameA!.name, gameB!.name, gameC!.name]);
    const rowB = rowOf(list, gameB!.name);
    expect(within(rowB).getByText(`降价 ¥${((gameB!.minPrice - lowered) / 100).toFixed(2)}`)).toBeInTheDocument();
    expect(within(rowB).getByText('史低')).toBeInTheDocument();
    expect(within(rowB).getByText(`加入时 ¥${(gameB!.minPrice / 100).toFixed(2)}`)).toBeInTheDocument();
    expect(within(rowOf(list, gameA!.name)).queryByText(/^降价/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: '排序' }), '降价幅度');
    expect(names(list)[0]).toBe(gameB!.name);
    await user.selectOptions(screen.getByRole('combobox', { name: '排序' }), '价格');
    const byPrice = [gameA!, gameB!, gameC!]
      .map((g) => ({ name: g.name, price: g.gameId === gameB!.gameId ? lowered : g.minPrice }))
      .sort((a, b) => a.price - b.price);
    expect(byPrice.filter((g) => g.price === byPrice[0]!.price).map((g) => g.name)).toContain(names(list)[0]);

    // Seen now: the count goes quiet.
    await waitFor(() => expect(count).not.toBeInTheDocument());

    await user.click(within(rowOf(list, gameA!.name)).getByRole('button', { name: `移除 ${gameA!.name}` }));
    await waitFor(() => expect(names(list)).not.toContain(gameA!.name));
  });

  it('an account change shows nothing of the previous account: logout, then another account', async () => {
    const { user, router } = await loggedInWith(
      [{ gameId: gameA!.gameId, addedPrice: gameA!.minPrice, addedAt: 1 }],
      `/gameDetail/${gameA!.gameId}`,
    );
    expect(await toggle('已加入愿望单')).toBeInTheDocument();
    await router.navigate({ to: '/setting', search: { type: 4 } });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await visitGame(router, gameA!.gameId);
    expect(await toggle('加入愿望单')).toBeInTheDocument();

    await loginWithSms(user, await openLoginDialog(user), nextPhone());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    await router.navigate({ to: '/setting', search: { type: 4 } });
    expect(await screen.findByText(/愿望单还是空的/, undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('an add that meets an expiry waits for its account and lands after the next login; another tab’s login shows only that account’s list', async () => {
    const { user, router, account } = await loggedInWith(
      [{ gameId: gameA!.gameId, addedPrice: gameA!.minPrice, addedAt: 1 }],
      `/gameDetail/${gameB!.gameId}`,
    );
    await toggle('加入愿望单');
    backend.control.expireSessions();
    await user.click(await toggle('加入愿望单'));
    // The add met the expiry: the login prompt opens, and the add waits for its account.
    const login = await screen.findByRole('dialog', { name: '登录' });
    await loginWithSms(user, login, account.telNum);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    expect(await toggle('已加入愿望单')).toBeInTheDocument();
    const list = await wishlistTab(router);
    await waitFor(() => expect([...names(list)].sort()).toEqual([gameA!.name, gameB!.name].sort()));

    otherTabStores(await createAccount(nextPhone()));
    expect(await screen.findByText(/愿望单还是空的/, undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('an add the network lost keeps the shopper’s choice, says 愿望单暂未同步 in the tab, and 重试 sends it', async () => {
    backend.control.setFault(wishlistAdd.path, { kind: 'network', times: 1 });
    const { user, router } = await loggedInWith([], `/gameDetail/${gameA!.gameId}`);
    await user.click(await toggle('加入愿望单'));
    expect(await toggle('已加入愿望单')).toBeInTheDocument();
    await router.navigate({ to: '/setting', search: { type: 4 } });
    expect(await screen.findByText(/愿望单暂未同步/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: '错误提示' })).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: '重试' }));
    const list = await screen.findByRole('list', { name: '愿望单游戏' });
    expect(await within(list).findByRole('link', { name: gameA!.name })).toBeInTheDocument();
    expect(screen.queryByText(/愿望单暂未同步/)).not.toBeInTheDocument();
  });

  it('a merge that met a 404 (a page leaving meets the static server) keeps the list in this browser, and the next page hands it to the server', async () => {
    backend.control.setFault(wishlistMerge.path, { kind: 'http', status: 404, times: 1 });
    const account = await createAccount(nextPhone());
    const first = await renderApp(`/gameDetail/${gameA!.gameId}`, { deps: fastSession });
    await first.user.click(await toggle('加入愿望单'));
    await toggle('已加入愿望单');
    await loginWithSms(first.user, await openLoginDialog(first.user), account.telNum);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    await wishlistTab(first.router);
    expect(screen.getByText(BROWSER_ONLY_NOTE)).toBeInTheDocument();
    first.close();

    const second = await renderApp('/', { deps: fastSession });
    const list = await wishlistTab(second.router);
    expect(await within(list).findByRole('link', { name: gameA!.name }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(BROWSER_ONLY_NOTE)).not.toBeInTheDocument();
    clientState.set({ token: account.token });
    expect((await getWishlist(account.userId)).map((i) => i.gameId)).toEqual([gameA!.gameId]);
  });

  it('a server without the extension: the list is kept in this browser, said quietly, with no error toast', async () => {
    for (const def of [wishlistList, wishlistAdd, wishlistRemove, wishlistMerge])
      backend.control.setFault(def.path, { kind: 'http', status: 404 });
    const { user, router } = await loggedInWith([], `/gameDetail/${gameA!.gameId}`);
    await user.click(await toggle('加入愿望单'));
    expect(await toggle('已加入愿望单')).toBeInTheDocument();
    const list = await wishlistTab(router);
    expect(screen.getByText(BROWSER_ONLY_NOTE)).toBeInTheDocument();
    expect(await within(list).findByRole('link', { name: gameA!.name }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: '错误提示' })).toBeEmptyDOMElement();
    await user.click(within(list).getByRole('button', { name: `移除 ${gameA!.name}` }));
    expect(await screen.findByText(/愿望单还是空的/)).toBeInTheDocument();
  });
});
