/**
 * The wishlist as a place to buy from, for everyone (docs/following-wishlist.md): a visitor's add is said in a
 * toast, the header's ♥ counts the list and leads to it, the visitor's tab shows their list with
 * 登录后同步到账号 and rows that buy through the store's purchase gate; one bad item in a server's answer is dropped
 * with the rest shown; the personal centre's overview counts 愿望单降价.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { clientState } from '../../../src/api/client-state';
import { postWishlistAdd, wishlistList, WISH_PRICE_MAX } from '../../../src/api/wishlist';
import { renderApp } from '../../support/render-app';
import { API, backend, ok, testServer } from '../../support/server';
import { createAccount, fastSession, header, storeSession } from '../session/helpers';
import { catalogue } from '../../mock/helpers';

const FLOW_TIMEOUT = { timeout: 40_000 };
const released = catalogue.games.filter((g) => g.releaseDate < Date.now());
const [gameA, gameB] = released;

let phoneSeq = 0;
const nextPhone = () => `1350000${String((phoneSeq += 1)).padStart(4, '0')}`;

const toggle = (name: '加入愿望单' | '已加入愿望单') =>
  screen.findByRole('button', { name, pressed: name === '已加入愿望单' }, { timeout: 10_000 });

describe('the wishlist to buy from', FLOW_TIMEOUT, () => {
  it('a visitor’s add is said; the header’s ♥ counts it and leads to the visitor’s own list, whose 立即购买 asks for the login', async () => {
    const { user } = await renderApp(`/gameDetail/${gameA!.gameId}`, { deps: fastSession });
    await user.click(await toggle('加入愿望单'));
    expect(await screen.findByText('已加入愿望单，登录后同步到账号')).toBeInTheDocument();

    await user.click(await header().findByRole('link', { name: /^愿望单\s*1\s*款$/ }, { timeout: 10_000 }));
    const list = await screen.findByRole('list', { name: '愿望单游戏' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: '登录后同步到账号' })).toBeInTheDocument();
    const row = (
      await within(list).findByRole('heading', { level: 3, name: gameA!.name }, { timeout: 10_000 })
    ).closest('li')!;
    expect(row).toHaveTextContent('到手价');
    await user.click(within(row).getByRole('button', { name: `立即购买 ${gameA!.name}` }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });

  it('drops one bad item of the server’s answer and shows the rest; the toggle of a listed game reads 已加入', async () => {
    const item = (game: typeof gameA, addedPrice: number) => ({
      gameId: game!.gameId,
      addedPrice,
      addedAt: 1,
      name: game!.name,
      cover: game!.cover,
      price: game!.minPrice,
      originalPrice: game!.originalPrice,
      lowPrice: null,
      upcoming: false,
      soldOut: false,
    });
    // A server's mistake: the second item says it was added at an absurd price.
    testServer.use(
      http.post(`${API}${wishlistList.path}`, () => ok([item(gameA, gameA!.minPrice), item(gameB, 1e21)])),
    );
    storeSession(await createAccount(nextPhone()));
    const { router } = await renderApp(`/gameDetail/${gameA!.gameId}`, { deps: fastSession });
    expect(await toggle('已加入愿望单')).toBeInTheDocument();
    await router.navigate({ to: '/setting', search: { type: 4 } });
    const list = await screen.findByRole('list', { name: '愿望单游戏' }, { timeout: 10_000 });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([gameA!.name]);
    // No 加入时 price is the server's for that game: its 立即购买 takes the player to the game's page to choose.
    expect(within(list).getByRole('link', { name: `立即购买 ${gameA!.name}` })).toHaveAttribute(
      'href',
      `/gameDetail/${gameA!.gameId}`,
    );
    expect(WISH_PRICE_MAX).toBeLessThan(1e21);
  });

  it('the personal centre’s overview counts the games cheaper than when added, and leads to the tab', async () => {
    const account = await createAccount(nextPhone());
    clientState.set({ token: account.token });
    await postWishlistAdd(account.userId, { gameId: gameA!.gameId, addedPrice: 0, addedAt: 0 });
    await postWishlistAdd(account.userId, { gameId: gameB!.gameId, addedPrice: 0, addedAt: 0 });
    clientState.set({ token: undefined });
    backend.control.lowerPrice(gameB!.gameId);
    storeSession(account);
    const { user, router } = await renderApp('/setting?type=0', { deps: fastSession });
    const overview = await screen.findByRole('navigation', { name: '账户概览' }, { timeout: 10_000 });
    const drops = await within(overview).findByRole('link', { name: /^愿望单降价\s*1$/ }, { timeout: 10_000 });
    expect(await within(overview).findByRole('link', { name: /^待支付\s*0$/ })).toHaveAttribute(
      'href',
      '/setting?type=0&status=unpaid',
    );
    expect(await within(overview).findByRole('link', { name: /^激活码\s*0$/ })).toHaveAttribute(
      'href',
      '/setting?type=3',
    );
    await user.click(drops);
    expect(await screen.findByRole('tab', { name: '愿望单', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/setting?type=4'));
  });
});
