/**
 * The honest "from" price (docs/catalog.md): 星砂回响 sells a ¥28.00 art book (DLC) beside its ¥40.80 standard edition
 * (−40 % off ¥68.00). Every place that shows the game's price shows the edition's, with its original price and
 * discount: the home page's cards and rankings, 新品, search, the header's suggestions and the detail.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameCard } from '../../../src/api/games';
import type { Goods } from '../../../src/api/goods';
import { renderApp } from '../../support/render-app';
import { answerPost, backendData, warmPages } from './helpers';

const GOODS = '/goods/mall/goods/gameDetail';
const NAME = '星砂回响';
const HONEST = ['¥40.80', '原价¥68.00', '-40%'];

const expectHonest = (element: HTMLElement) => {
  for (const text of HONEST) expect(element).toHaveAccessibleName(expect.stringContaining(text));
  expect(element).not.toHaveAccessibleName(expect.stringContaining('¥28.00'));
};
const gameLinks = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .filter((a) => a.getAttribute('href') === '/gameDetail/1');

beforeAll(warmPages, 30_000);
describe('the from price of a game', () => {
  it('is its standard edition, not its cheaper DLC, as the backend says', async () => {
    const { goods } = await backendData<{ goods: Goods[] }>(GOODS, { gameId: 1 });
    const dlc = goods.find((g) => g.type === 'dlc')!;
    expect(dlc.price).toBe(2800);
    const { list } = await backendData<{ list: GameCard[] }>('/sgame/mall/game/search', { keyword: NAME });
    expect(list[0]).toMatchObject({ gameId: 1, minPrice: 4080, originalPrice: 6800 });
  });

  it('is the same on the home page’s cards and in its rankings', async () => {
    await renderApp('/');
    const plate = (await screen.findByRole('heading', { level: 2, name: '热门推荐' })).closest('section')!;
    expectHonest(gameLinks(plate)[0]!);
    const ranking = await screen.findByRole('tabpanel');
    await waitFor(() => expect(gameLinks(ranking)).not.toHaveLength(0));
    expectHonest(gameLinks(ranking)[0]!);
  });

  it('is the same on 新品', async () => {
    await renderApp('/new');
    const section = (await screen.findByRole('heading', { level: 2, name: '最近上架' })).closest('section')!;
    expectHonest(gameLinks(section)[0]!);
  });

  it('is the same in the search results and in the header’s suggestions', async () => {
    const { user } = await renderApp(`/search?keyword=${encodeURIComponent(NAME)}`);
    const results = (await screen.findByRole('heading', { level: 2, name: '搜索结果' })).closest('section')!;
    expectHonest(gameLinks(results)[0]!);

    await user.clear(screen.getByRole('searchbox', { name: '搜索' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索' }), '星砂');
    const games = await within(await screen.findByRole('region', { name: '搜索建议' })).findByRole('list', {
      name: '游戏',
    });
    expectHonest(gameLinks(games)[0]!);
  });

  it('is the price under the title on the detail, with its edition chosen', async () => {
    await renderApp('/gameDetail/1');
    const price = await screen.findByRole('group', { name: '价格' });
    await waitFor(() => expect(price).toHaveTextContent('标准版'));
    for (const text of HONEST) expect(price).toHaveTextContent(text);
    expect(screen.getByRole('radio', { name: /标准版/ })).toBeChecked();
  });

  it('leaves out DLC and accelerators on the detail too, while nothing is chosen', async () => {
    // All sold out: nothing is chosen, so the headline is the from price of the goods the page has.
    const { goods, gameId } = await backendData<{ gameId: number; goods: Goods[] }>(GOODS, { gameId: 1 });
    answerPost(GOODS, { gameId, goods: goods.map((g) => ({ ...g, stock: 0 })) });
    await renderApp('/gameDetail/1');
    await screen.findByText('商品已全部售罄，请关注补货');
    const price = screen.getByRole('group', { name: '价格' });
    for (const text of HONEST) expect(price).toHaveTextContent(text);
    expect(price).toHaveTextContent('起');
  });

  it('chooses the from-price edition on the detail when the goods come in another order', async () => {
    const { goods, gameId } = await backendData<{ gameId: number; goods: Goods[] }>(GOODS, { gameId: 1 });
    answerPost(GOODS, { gameId, goods: [...goods].reverse() });
    await renderApp('/gameDetail/1');
    expect(await screen.findByRole('radio', { name: /标准版/ })).toBeChecked();
    for (const text of HONEST) expect(screen.getByRole('group', { name: '价格' })).toHaveTextContent(text);
  });

  it('shows no discount badge under 5 %, on cards and on the detail', async () => {
    const { list } = await backendData<{ list: GameCard[] }>('/sgame/mall/game/search', { keyword: '', pageSize: 100 });
    // a top-up sold 2 % under its face value (¥5.90 for ¥6.00)
    const small = list.find(
      (g) => g.originalPrice > g.minPrice && (g.originalPrice - g.minPrice) / g.originalPrice < 0.05,
    )!;
    expect(small).toBeDefined();
    await renderApp(`/search?keyword=${encodeURIComponent(small.name)}`);
    const results = (await screen.findByRole('heading', { level: 2, name: '搜索结果' })).closest('section')!;
    const card = within(results)
      .getAllByRole('link')
      .find((a) => a.getAttribute('href') === `/gameDetail/${small.gameId}`)!;
    expect(card).toHaveAccessibleName(expect.stringContaining(`原价¥${(small.originalPrice / 100).toFixed(2)}`));
    expect(card).not.toHaveAccessibleName(expect.stringMatching(/-\d+%/));
  });
});
