/**
 * A price that changes while the shopper looks at a game (a prerendered detail shows the build's price until
 * the live one arrives, docs/prerendering.md, "Prices in the HTML") changes visibly: the headline says
 * 价格已更新 (or 刚刚降价 ¥x) with the price it was (之前 ¥y), as a status, until the shopper chooses something else. A choice of
 * another goods is not a change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gameGoodsQueryOptions, type Goods } from '../../../src/api/goods';
import { renderApp } from '../../support/render-app';
import { backendData } from './helpers';

const priceGroup = () => screen.getByRole('group', { name: '价格' });

describe('a game detail whose price changes on screen', () => {
  it('says 价格已更新 with the price it was, and says nothing for a choice of other goods', async () => {
    const { goods } = await backendData<{ goods: Goods[] }>('/goods/mall/goods/gameDetail', { gameId: 1 });
    const [first, second] = goods.filter((g) => g.stock > 0);
    const { queryClient, user } = await renderApp(`/gameDetail/1?goods=${first!.goodsId}`);
    await waitFor(() => expect(within(priceGroup()).getByText(first!.name)).toBeInTheDocument());
    expect(within(priceGroup()).queryByRole('status')).not.toBeInTheDocument();

    // The answer the page showed first was the build's, at another price; the live one replaces it.
    const key = gameGoodsQueryOptions(1).queryKey;
    const live = queryClient.getQueryData(key)!;
    queryClient.setQueryData(key, {
      ...live,
      goods: live.goods.map((g) => (g.goodsId === first!.goodsId ? { ...g, price: g.price + 500 } : g)),
    });
    await waitFor(() =>
      expect(within(priceGroup()).getByRole('status')).toHaveTextContent(/^价格已更新（之前 ¥\d+\.\d\d）$/),
    );
    const was = within(priceGroup()).getByRole('status').textContent;
    expect(was).toContain(`¥${(first!.price / 100).toFixed(2)}`);

    // A drop says how much, in the same words: never a second 原价 beside the struck list price.
    queryClient.setQueryData(key, {
      ...live,
      goods: live.goods.map((g) => (g.goodsId === first!.goodsId ? { ...g, price: g.price - 100 } : g)),
    });
    await waitFor(() =>
      expect(within(priceGroup()).getByRole('status')).toHaveTextContent(/^刚刚降价 ¥6\.00（之前 ¥\d+\.\d\d）$/),
    );
    expect(within(priceGroup()).getByRole('status')).not.toHaveTextContent('原价');

    // Another goods chosen: its own price, no note.
    await user.click(screen.getByRole('radio', { name: new RegExp(second!.name.replace(/[()（）]/g, '.')) }));
    await waitFor(() => expect(within(priceGroup()).getByText(second!.name)).toBeInTheDocument());
    expect(within(priceGroup()).queryByRole('status')).not.toBeInTheDocument();
  });
});
