import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameCard } from '../../../src/api/games';
import { renderApp } from '../../support/render-app';
import { backendData, countRequests, warmPages } from './helpers';

const GAME_DETAIL = '/sgame/game/mall/gameDetail';

beforeAll(warmPages, 30_000);

/** The home page's 为你推荐 cards, once shown, with the games they stand for (same order). */
async function recommendedCards() {
  // The first render of the whole app in this file: on a loaded machine (the full suite on two cores) it can take
  // longer than the default bound; nothing waits for the bound to pass.
  const section = await screen.findByRole('region', { name: '为你推荐' }, { timeout: 15_000 });
  const games = await backendData<GameCard[]>('/sgame/mall/game/recommend');
  return within(section)
    .getAllByRole('link')
    .map((link, index) => ({ link, game: games[index]! }));
}

describe("a game card on the home page loads the game's detail on intent", () => {
  it('starts loading the detail when the pointer rests on the card, so the click needs no new request', async () => {
    const details = countRequests(GAME_DETAIL);
    const { user, router } = await renderApp('/');
    const { link, game } = (await recommendedCards())[0]!;
    expect(link).toHaveAttribute('href', `/gameDetail/${game.gameId}`);
    expect(details.count).toBe(0);

    await user.hover(link);
    await waitFor(() => expect(details.count).toBe(1));
    expect(router.state.location.pathname).toBe('/');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: game.name })).toBeInTheDocument();
    expect(details.count).toBe(1);
  });

  it('starts loading the detail when the card gets keyboard focus, before any click', async () => {
    const details = countRequests(GAME_DETAIL);
    const { router, queryClient } = await renderApp('/');
    const cards = await recommendedCards();
    const { link } = cards[1]!;
    // A link drops its pending intent preload when it re-renders with a new destination (TanStack Router
    // clears the 50 ms timer), and focus, unlike a resting pointer, does not come again. On a loaded
    // machine the home page's last answers can arrive inside those 50 ms (seen in full-suite runs), so the
    // focus waits for the page to be done loading; the hover test above does not wait.
    await waitFor(() => expect(queryClient.isFetching() + (router.state.status === 'idle' ? 0 : 1)).toBe(0));

    act(() => link.focus());
    await waitFor(() => expect(details.count).toBe(1));
    expect(router.state.location.pathname).toBe('/');
  });
});
