/**
 * 价格走势 and 史低 (docs/following-prices.md): the detail's section for the chosen goods (summary, chart, table), the 史低 mark
 * on it and on cards, and a server without the extension (no section, no mark, nothing said).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameCard } from '../../../src/api/games';
import type { Goods } from '../../../src/api/goods';
import type { PriceHistory } from '../../../src/api/price-history';
import { historySummary } from '../../../src/features/catalog/price-history';
import { chineseDay } from '../../../src/features/catalog/price-verdict-text';
import { renderApp } from '../../support/render-app';
import { API, answerPost, backendData, testServer, warmPages } from './helpers';

const HISTORY = '/sgame/mall/goods/priceHistory';
const SEARCH = '/sgame/mall/game/search';
const GOODS = '/goods/mall/goods/gameDetail';

const historySection = () => screen.findByRole('region', { name: '价格走势' });
const allCards = () =>
  backendData<{ list: GameCard[] }>(SEARCH, { keyword: '', pageNum: 1, pageSize: 100 }).then((p) => p.list);
const atLow = (c: GameCard) => c.historicalLow !== undefined && c.minPrice <= c.historicalLow;
/**
 * The first game `fits` whose goods at the card's price is in stock (the detail chooses that goods), with its goods.
 * Which games fit moves with the calendar (the histories do), so the pick never assumes one.
 */
async function pickGame(fits: (card: GameCard) => boolean) {
  for (const game of (await allCards()).filter(fits)) {
    const { goods } = await backendData<{ goods: Goods[] }>(GOODS, { gameId: game.gameId });
    const chosen = goods.find((g) => g.price === game.minPrice && g.stock > 0);
    if (chosen) return { game, goods, chosen };
  }
  throw new Error('no game in the catalogue fits');
}

beforeAll(async () => {
  await warmPages();
  await import('../../../src/features/catalog/price-history');
}, 30_000);

describe('价格走势 on the game detail', () => {
  it('summarises the chosen goods’ last 180 days, draws them, and lists them in a table', async () => {
    const { game, chosen } = await pickGame(
      (c) => c.minPrice < c.originalPrice && c.historicalLow !== undefined && !atLow(c),
    );
    const history = await backendData<PriceHistory>(HISTORY, { goodsId: chosen.goodsId });

    const { user } = await renderApp(`/gameDetail/${game.gameId}?goods=${chosen.goodsId}`);
    const section = await historySection();
    const summary = historySummary(history);
    expect(summary).toMatch(/^(近180天|发售以来)最低 ¥\d+\.\d\d（\d{4}年\d{1,2}月\d{1,2}日），当前 ¥\d+\.\d\d$/);
    expect(within(section).getByText(summary)).toBeInTheDocument();
    expect(
      within(section).getByRole('slider', { name: `价格走势图：${summary}。左右方向键逐次查看价格变化` }),
    ).toHaveAttribute('aria-valuetext', `今天 ¥${(chosen.price / 100).toFixed(2)}`);
    // Not at its low: no 史低 mark.
    expect(within(section).queryByText('史低')).not.toBeInTheDocument();

    // The table alternative, behind a disclosure.
    await user.click(within(section).getByText('查看价格明细'));
    const table = within(section).getByRole('table', { name: /^(近180天|发售以来)的价格变化$/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(history.points.length);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent(chineseDay(history.points[0]!.date));
    expect(within(rows.at(-1)!).getByRole('cell')).toHaveTextContent(`¥${(chosen.price / 100).toFixed(2)}`);
  });

  it('marks 史低 when the chosen goods is at its historical low, and follows another choice', async () => {
    const { game, goods, chosen } = await pickGame(atLow);
    const { user } = await renderApp(`/gameDetail/${game.gameId}?goods=${chosen.goodsId}`);
    const section = await historySection();
    expect(within(section).getByText('史低')).toBeInTheDocument();
    expect(section).toHaveTextContent(`当前 ¥${(chosen.price / 100).toFixed(2)}`);

    const other = goods.find((g) => g.goodsId !== chosen.goodsId && g.stock > 0);
    if (other) {
      const otherHistory = await backendData<PriceHistory>(HISTORY, { goodsId: other.goodsId });
      await user.click(screen.getByRole('radio', { name: new RegExp(other.name) }));
      await waitFor(() =>
        expect(screen.getByRole('region', { name: '价格走势' })).toHaveTextContent(historySummary(otherHistory)),
      );
    }
  });

  it('is absent, with nothing said, when the server does not have the extension', async () => {
    testServer.use(
      http.post(`${API}${HISTORY}`, () =>
        HttpResponse.json({ success: false, retCode: '404', retMsg: `接口不存在：${HISTORY}` }, { status: 404 }),
      ),
    );
    let asked = 0;
    testServer.events.on('request:end', ({ request }) => {
      if (request.url.endsWith(HISTORY)) asked += 1;
    });
    await renderApp('/gameDetail/1');
    await screen.findByRole('radio', { name: /标准版/ });
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('status', { name: '正在加载价格走势' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: '价格走势' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: '错误提示' })?.textContent ?? '').toBe('');
    testServer.events.removeAllListeners('request:end');
  });
});

describe('史低 on cards', () => {
  it('marks the cards at their historical low, and only those, in the search results', async () => {
    const cards = await allCards();
    const low = cards.find(atLow)!;
    const notLow = cards.find((c) => !atLow(c) && c.minPrice > 0)!;
    await renderApp(`/search?keyword=${encodeURIComponent(low.name)}`);
    const lowCard = await screen.findByRole('link', { name: new RegExp(`^${low.name}`) });
    expect(within(lowCard).getByText('史低')).toBeInTheDocument();
    await renderApp(`/search?keyword=${encodeURIComponent(notLow.name)}`);
    const otherCard = await screen.findByRole('link', { name: new RegExp(`^${notLow.name}`) });
    expect(within(otherCard).queryByText('史低')).not.toBeInTheDocument();
  });

  it('shows no mark from a server whose cards do not carry the historical low', async () => {
    const cards = await allCards();
    const low = cards.find(atLow)!;
    answerPost(SEARCH, () => ({
      list: [low, ...cards.filter((c) => c.gameId !== low.gameId).slice(0, 5)].map(
        ({ historicalLow: _, ...card }) => card,
      ),
      total: 6,
      pageNum: 1,
      pageSize: 20,
    }));
    await renderApp('/search');
    const lowCard = await screen.findByRole('link', { name: new RegExp(`^${low.name}`) });
    expect(within(lowCard).queryByText('史低')).not.toBeInTheDocument();
    expect(screen.queryByText('史低')).not.toBeInTheDocument();
  });
});
