import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameDetail } from '../../../src/api/game-detail';
import type { Goods } from '../../../src/api/goods';
import { renderApp } from '../../support/render-app';
import { otherTabStores } from '../../model/ui-helpers';
import { createAccount, storeSession } from '../session/helpers';
import { answerPost, backend, backendData, gate, holdPost, warmPages } from './helpers';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

const DETAIL = '/sgame/game/mall/gameDetail';
const GOODS = '/goods/mall/goods/gameDetail';
const EVALUATIONS = '/sgame/mall/goods/evaluationPage';

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
const quantity = () => screen.getByRole('spinbutton', { name: '购买数量' });

beforeAll(warmPages, 30_000);
describe('game detail page', () => {
  it('marks the goods of a running activity with its tag and price, and leads to the activity', async () => {
    const activity = await backendData<{ list: { goods: Goods; activityPrice: number; activityTag: string }[] }>(
      '/goods/mall/goods/activityGamePage',
      { activityId: '', pageNum: 1, pageSize: 50 },
    );
    const entry = activity.list[0]!;
    const { goods } = await backendData<{ goods: Goods[] }>(GOODS, { gameId: entry.goods.gameId });
    const item = goods.find((g) => g.goodsId === entry.goods.goodsId)!;
    expect(item).toMatchObject({ price: entry.activityPrice, activityTag: entry.activityTag });

    await renderApp(`/gameDetail/${entry.goods.gameId}?goods=${item.goodsId}`);
    const option = await screen.findByRole('radio', { name: new RegExp(item.name) });
    expect(option).toBeChecked();
    expect(option.closest('label')).toHaveTextContent(entry.activityTag);
    expect(option.closest('label')).toHaveTextContent(`¥${(entry.activityPrice / 100).toFixed(2)}`);
    const note = screen.getByText(/正以活动价出售/);
    expect(note).toHaveTextContent(`「${item.name}」`);
    expect(within(note).getByRole('link', { name: '查看全部活动商品' })).toHaveAttribute('href', '/sem/activity');
  });

  it('says nothing about an activity for a game without activity goods', async () => {
    await renderApp('/gameDetail/1');
    await screen.findByRole('radio', { name: /标准版/ });
    expect(screen.queryByText(/正以活动价出售/)).not.toBeInTheDocument();
  });

  it('shows a skeleton of the page while the game loads', async () => {
    const held = gate();
    holdPost(DETAIL, held.wait);
    const rendering = renderApp('/gameDetail/1');
    expect(await screen.findByRole('status', { name: '正在加载游戏详情' })).toBeInTheDocument();
    held.release();
    await rendering;
    expect(await screen.findByRole('heading', { level: 1, name: '星砂回响' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: '正在加载游戏详情' })).not.toBeInTheDocument();
  });

  it("shows the game with its name as the page's heading and title, and its facts", async () => {
    const game = await backendData<GameDetail>(DETAIL, { gameId: 1 });
    await renderApp('/gameDetail/1');
    expect(await screen.findByRole('heading', { level: 1, name: game.name })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${game.name} - 星游商城`));
    expect(screen.getByRole('img', { name: `${game.name}封面` })).toHaveAttribute('width', '300');
    expect(screen.getByText('发行商').nextElementSibling).toHaveTextContent(game.publisher);
    expect(screen.getByText('开发商').nextElementSibling).toHaveTextContent(game.developer);
    expect(screen.getByText('平台').nextElementSibling).toHaveTextContent(game.platforms.join(' / '));
    expect(screen.getByText(`${game.score.toFixed(1)} / 10`)).toBeInTheDocument();
    const tags = screen.getByRole('list', { name: '标签' });
    expect(within(tags).getByRole('link', { name: game.tags[0] })).toHaveAttribute(
      'href',
      expect.stringContaining('/search?keyword='),
    );
    expect(within(section('游戏介绍')).getByRole('heading', { level: 3, name: '游戏特色' })).toBeInTheDocument();
    expect(within(section('游戏截图')).getAllByRole('button', { name: /^查看第\d张截图$/ })).toHaveLength(
      game.gallery.length,
    );
    expect(within(section('配置要求')).getByRole('table', { name: '最低配置' })).toBeInTheDocument();
    expect(within(section('配置要求')).getByRole('table', { name: '推荐配置' })).toBeInTheDocument();
    expect(within(section('相关推荐')).getAllByRole('link').length).toBeGreaterThan(0);
  });

  it('shows the release date as yyyy.MM.dd', async () => {
    const game = await backendData<GameDetail>(DETAIL, { gameId: 1 });
    const date = new Date(game.releaseDate);
    const text = `${date.getFullYear()}.${String(date.getMonth() + 1).padStart(2, '0')}.${String(date.getDate()).padStart(2, '0')}`;
    await renderApp('/gameDetail/1');
    await screen.findByRole('heading', { level: 1, name: game.name });
    expect(screen.getByText(/^(发行日期|预计发售)$/).nextElementSibling).toHaveTextContent(text);
  });

  it('lists the goods with price, original price and discount, the first one chosen', async () => {
    const { goods } = await backendData<{ goods: Goods[] }>(GOODS, { gameId: 1 });
    await renderApp('/gameDetail/1');
    const panel = (await screen.findByRole('heading', { level: 2, name: '选择商品' })).closest('section')!;
    const radios = await within(panel).findAllByRole('radio');
    expect(radios).toHaveLength(goods.length);
    expect(radios[0]).toBeChecked();
    expect(radios[0]).toHaveAccessibleName(expect.stringContaining(goods[0]!.name));
    expect(radios[0]).toHaveAccessibleName(expect.stringContaining('¥40.80'));
    expect(radios[0]).toHaveAccessibleName(expect.stringContaining('原价¥68.00'));
    expect(radios[0]).toHaveAccessibleName(expect.stringContaining('-40%'));
    expect(within(panel).getByText(/^合计/)).toHaveTextContent('¥40.80');
    expect(quantity()).toHaveValue(1);
    expect(within(panel).getByRole('heading', { level: 3, name: '全网比价' })).toBeInTheDocument();
    expect(within(panel).getByText('本店比全网最低价便宜 ¥3.30')).toBeInTheDocument();
  });

  it('shows sold-out goods disabled, marked 已售罄, and chooses goods that can be bought', async () => {
    await renderApp('/gameDetail/2');
    const soldOut = await screen.findByRole('radio', { name: /已售罄/ });
    expect(soldOut).toBeDisabled();
    expect(soldOut).not.toBeChecked();
    const others = screen.getAllByRole('radio').filter((r) => r !== soldOut);
    expect(others[0]).toBeChecked();
    expect(screen.getByRole('button', { name: '立即购买' })).toBeEnabled();
  });

  it('disables the buy button when every goods is sold out', async () => {
    const { goods, gameId } = await backendData<{ gameId: number; goods: Goods[] }>(GOODS, { gameId: 1 });
    answerPost(GOODS, { gameId, goods: goods.map((g) => ({ ...g, stock: 0 })) });
    await renderApp('/gameDetail/1');
    expect(await screen.findByText('商品已全部售罄，请关注补货')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即购买' })).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it('says so, with no way to buy, when a game has no goods on sale', async () => {
    answerPost(GOODS, { gameId: 1, goods: [] });
    await renderApp('/gameDetail/1');
    expect(await screen.findByText('该游戏暂无在售商品')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即购买' })).toBeDisabled();
    expect(screen.queryByRole('spinbutton', { name: '购买数量' })).not.toBeInTheDocument();
  });

  it('keeps the quantity between 1 and min(stock, limit per order), and the choice in the URL', async () => {
    const { user, router } = await renderApp('/gameDetail/1');
    await screen.findAllByRole('radio');
    expect(screen.getByRole('button', { name: '减少数量' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '增加数量' }));
    await user.click(screen.getByRole('button', { name: '增加数量' }));
    expect(quantity()).toHaveValue(3);
    expect(router.state.location.search).toEqual({ goods: 1, num: 3 });
    expect(screen.getByRole('button', { name: '增加数量' })).toBeDisabled();
    expect(screen.getByText(/^合计/)).toHaveTextContent('¥122.40');

    await user.clear(quantity());
    await user.type(quantity(), '9');
    await user.tab();
    expect(quantity()).toHaveValue(3);

    await user.clear(quantity());
    await user.type(quantity(), '2{Enter}');
    expect(quantity()).toHaveValue(2);
    expect(router.state.location.search).toEqual({ goods: 1, num: 2 });

    await user.click(screen.getByRole('radio', { name: /豪华版/ }));
    expect(router.state.location.search).toEqual({ goods: 2, num: 2 });
    expect(screen.getByRole('radio', { name: /豪华版/ })).toBeChecked();
  });

  it("compares other shops' prices for the chosen edition, and says which edition it compares", async () => {
    type Price = { platform: string; price: number; goodsId?: number };
    const deluxe = await backendData<Price[]>('/u-nnpc/mall/activity/competitor/validaList', { gameId: 1, goodsId: 2 });
    const standard = await backendData<Price[]>('/u-nnpc/mall/activity/competitor/validaList', {
      gameId: 1,
      goodsId: 1,
    });
    expect(deluxe[0]!.price).toBeGreaterThan(standard[0]!.price);
    const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

    const { user } = await renderApp('/gameDetail/1?goods=2');
    const section = () => screen.getByRole('heading', { name: '全网比价' }).parentElement!;
    await screen.findByRole('heading', { name: '全网比价' });
    await waitFor(() => expect(section()).toHaveTextContent('比较的是：豪华版（Steam 激活码）'));
    expect(within(section()).getByText(`${deluxe[0]!.platform} ${yuan(deluxe[0]!.price)}`)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /标准版/ }));
    await waitFor(() => expect(section()).toHaveTextContent('比较的是：标准版（Steam 激活码）'));
    expect(within(section()).getByText(`${standard[0]!.platform} ${yuan(standard[0]!.price)}`)).toBeInTheDocument();
  });

  it('says what the gift of a goods with one is, and where each score comes from', async () => {
    await renderApp('/gameDetail/1');
    expect(await screen.findByRole('radio', { name: /赠礼包：全民加速器 7 天会员/ })).toBeInTheDocument();
    expect(screen.getByText('商城评分（游戏资料）')).toBeInTheDocument();
    expect(screen.getByText('商城评分（游戏资料）').nextElementSibling).toHaveTextContent(/^\d+\.\d \/ 10$/);
    const reviews = await screen.findByRole('region', { name: '用户评价' });
    expect(await within(reviews).findByText('本店买家评分')).toBeInTheDocument();
  });

  it('asks for the chosen edition and shows no price the answer does not say is for it', async () => {
    const asked: unknown[] = [];
    answerPost('/u-nnpc/mall/activity/competitor/validaList', (body) => {
      asked.push(body);
      return [
        { platform: '某店', price: 100, url: 'https://example.com/x' },
        { platform: '另一店', price: 9900, url: 'https://example.com/y', goodsId: 2 },
      ];
    });
    await renderApp('/gameDetail/1?goods=2');
    const heading = await screen.findByRole('heading', { name: '全网比价' });
    expect(heading.parentElement).toHaveTextContent('另一店 ¥99.00');
    expect(heading.parentElement).not.toHaveTextContent('某店 ¥1.00');
    expect(asked).toContainEqual({ gameId: 1, goodsId: 2 });
  });

  it('caps a quantity typed above the limit at once and says so next to it', async () => {
    const { user, router } = await renderApp('/gameDetail/1');
    await screen.findAllByRole('radio');
    await user.clear(quantity());
    await user.type(quantity(), '9');

    expect(quantity()).toHaveValue(3);
    expect(screen.getByText('每单最多购买 3 件，已改为 3 件')).toBeVisible();
    expect(quantity()).toHaveAccessibleDescription('每单最多购买 3 件，已改为 3 件');
    expect(router.state.location.search).toEqual({ goods: 1, num: 3 });
  });

  it('says when the stock, not the limit per order, caps the quantity', async () => {
    const { goods, gameId } = await backendData<{ gameId: number; goods: Goods[] }>(GOODS, { gameId: 1 });
    answerPost(GOODS, {
      gameId,
      goods: goods.map((g) => (g.goodsId === 1 ? { ...g, stock: 2, limitPerOrder: 5 } : g)),
    });
    const { user } = await renderApp('/gameDetail/1?goods=1');
    await screen.findAllByRole('radio');
    await user.clear(quantity());
    await user.type(quantity(), '4');

    expect(quantity()).toHaveValue(2);
    expect(screen.getByText('库存仅剩 2 件，已改为 2 件')).toBeVisible();
  });

  it('restores the chosen goods and quantity from the URL, e.g. after logging in or reloading', async () => {
    await renderApp('/gameDetail/1?goods=2&num=4');
    expect(await screen.findByRole('radio', { name: /豪华版/ })).toBeChecked();
    expect(quantity()).toHaveValue(4);
  });

  it('shows a sold-out goods named in the URL as sold out, with nothing chosen and no way to buy it', async () => {
    const { goods } = await backendData<{ goods: Goods[] }>(GOODS, { gameId: 2 });
    expect(goods.find((g) => g.goodsId === 4)?.stock).toBe(0);
    const { user, router } = await renderApp('/gameDetail/2?goods=4&num=2');
    const soldOut = await screen.findByRole('radio', { name: /已售罄/ });
    expect(soldOut).not.toBeChecked();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(within(section('选择商品')).getByText(/该商品已售罄/)).toHaveTextContent(
      `「${goods.find((g) => g.goodsId === 4)!.name}」`,
    );
    expect(screen.getByRole('button', { name: '立即购买' })).toBeDisabled();
    expect(screen.queryByRole('spinbutton', { name: '购买数量' })).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({ goods: 4, num: 2 });

    // Choosing another goods keeps the quantity asked for, and buying is possible again.
    const other = screen.getAllByRole('radio').find((r) => r !== soldOut && !(r as HTMLInputElement).disabled)!;
    await user.click(other);
    expect(other).toBeChecked();
    expect(quantity()).toHaveValue(2);
    expect(screen.queryByText(/该商品已售罄/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即购买' })).toBeEnabled();
  });

  // Found by probing the money path (docs/decisions/0019-money-path-trust-and-budget.md): an unknown goods id silently chose the first goods, so a shopper could buy what the link
  // did not name. Like a sold-out one, it now chooses nothing and says why.
  it('chooses nothing for a goods the URL names that the game does not have, says so, and caps the quantity once one is chosen', async () => {
    const { user } = await renderApp('/gameDetail/2?goods=999&num=99');
    await screen.findAllByRole('radio');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(within(section('选择商品')).getByText('链接中的商品已下架或不存在，请选择其他商品')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即购买' })).toBeDisabled();

    const inStock = screen.getAllByRole('radio').find((r) => !(r as HTMLInputElement).disabled)!;
    await user.click(inStock);
    expect(inStock).toBeChecked();
    expect(Number((quantity() as HTMLInputElement).value)).toBeLessThanOrEqual(4);
    expect(screen.queryByText('链接中的商品已下架或不存在，请选择其他商品')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即购买' })).toBeEnabled();
  });

  it('hands the chosen goods and quantity to the purchase flow when 立即购买 is pressed', async () => {
    const { user, actor } = await renderApp('/gameDetail/1?goods=2&num=2');
    await screen.findByRole('radio', { name: /豪华版/ });
    const send = vi.spyOn(actor, 'send');
    await user.click(screen.getByRole('button', { name: '立即购买' }));
    expect(send).toHaveBeenCalledWith({ type: 'purchase.start', goodsId: 2, buyNum: 2, gameId: 1 });
  });

  it('asks a logged-out visitor to log in to see matching coupons', async () => {
    await renderApp('/gameDetail/1');
    await screen.findAllByRole('radio');
    const panel = section('选择商品');
    expect(within(panel).getByRole('button', { name: '登录后查看可用优惠券' })).toBeInTheDocument();
    expect(within(panel).queryByText(/可用优惠券：/)).not.toBeInTheDocument();
  });

  it('tells a logged-in user which coupon fits the chosen goods and quantity', async () => {
    const user = await createAccount();
    storeSession(user);
    const asked: unknown[] = [];
    answerPost('/goods/mall/activity/goods/matchCoupon', (body) => {
      asked.push(body);
      const coupon = {
        couponId: 'c1',
        title: '满100减10',
        amount: 1000,
        threshold: 10000,
        startTime: 0,
        expireTime: Date.now() + 86_400_000,
        status: 'available',
        gameIds: [],
        description: '',
      };
      return Number(body.buyNum) >= 3 ? { coupons: [coupon], bestCouponId: 'c1' } : { coupons: [], bestCouponId: null };
    });
    const view = await renderApp('/gameDetail/1');
    const panel = (await screen.findByRole('heading', { level: 2, name: '选择商品' })).closest('section')!;
    await within(panel).findAllByRole('radio');
    expect(within(panel).queryByRole('button', { name: '登录后查看可用优惠券' })).not.toBeInTheDocument();
    expect(within(panel).queryByText(/可用优惠券：/)).not.toBeInTheDocument();
    await view.user.click(within(panel).getByRole('button', { name: '增加数量' }));
    await view.user.click(within(panel).getByRole('button', { name: '增加数量' }));
    expect(await within(panel).findByText('可用优惠券：满100减10，预计可省 ¥10.00，券后 ¥112.40')).toBeInTheDocument();
    expect(asked).toContainEqual({ goodsId: 1, buyNum: 3 });
  });

  it('never shows the next account the previous account’s coupon hint while its own answer loads', async () => {
    const user = await createAccount();
    storeSession(user);
    const coupon = {
      couponId: 'c1',
      title: '满100减10',
      amount: 1000,
      threshold: 0,
      startTime: 0,
      expireTime: Date.now() + 86_400_000,
      status: 'available',
      gameIds: [],
      description: '',
    };
    answerPost('/goods/mall/activity/goods/matchCoupon', { coupons: [coupon], bestCouponId: 'c1' });
    await renderApp('/gameDetail/1');
    const panel = (await screen.findByRole('heading', { level: 2, name: '选择商品' })).closest('section')!;
    expect(await within(panel).findByText(/可用优惠券：满100减10/)).toBeInTheDocument();

    // Another tab switches this browser to another account, whose answer is slow to come.
    const slow = gate();
    holdPost('/goods/mall/activity/goods/matchCoupon', slow.wait, () => ({ coupons: [], bestCouponId: null }));
    otherTabStores(await createAccount('13900000001'));
    await waitFor(() => expect(within(panel).queryByText(/可用优惠券：/)).not.toBeInTheDocument());
    slow.release();
  });

  it('shows the chosen goods’ price under the title, before the goods, and follows the choice', async () => {
    const { user } = await renderApp('/gameDetail/1');
    const title = await screen.findByRole('heading', { level: 1, name: '星砂回响' });
    const price = await screen.findByRole('group', { name: '价格' });
    await waitFor(() => expect(price).toHaveTextContent('标准版'));
    // right under the title, so it is on a phone's first screen; the goods come after it
    expect(title.compareDocumentPosition(price) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(price.compareDocumentPosition(section('选择商品')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(price).toHaveTextContent('¥40.80');
    // the chosen goods' trust strip sits beside the price
    const promise = screen.getByRole('list', { name: '购买保障' });
    expect(price.parentElement).toContainElement(promise);
    await user.click(screen.getByRole('radio', { name: /豪华版/ }));
    await waitFor(() => expect(price).toHaveTextContent('豪华版'));
    expect(price).toHaveTextContent('¥54.00');
    expect(price).toHaveTextContent('原价¥108.00');
    expect(price).toHaveTextContent('-50%');
  });

  it('says the price to pay, 到手价, beside the one 立即购买: the total, less the best coupon of a logged-in shopper', async () => {
    const { user } = await renderApp('/gameDetail/1');
    const panel = section('选择商品');
    await within(panel).findAllByRole('radio');
    expect(within(panel).getByText(/^到手价/)).toHaveTextContent('¥40.80');
    await user.click(within(panel).getByRole('button', { name: '增加数量' }));
    expect(within(panel).getByText(/^到手价/)).toHaveTextContent('¥81.60');
    expect(screen.getAllByRole('button', { name: '立即购买' })).toHaveLength(1);
  });

  it('takes the best coupon off 到手价 for a logged-in shopper', async () => {
    const user = await createAccount();
    storeSession(user);
    const coupon = {
      couponId: 'c1',
      title: '满50减5',
      amount: 500,
      threshold: 5000,
      startTime: 0,
      expireTime: Date.now() + 86_400_000,
      status: 'available',
      gameIds: [],
      description: '',
    };
    answerPost('/goods/mall/activity/goods/matchCoupon', (body) =>
      Number(body.buyNum) >= 2 ? { coupons: [coupon], bestCouponId: 'c1' } : { coupons: [], bestCouponId: null },
    );
    const view = await renderApp('/gameDetail/1');
    const panel = section('选择商品');
    await within(panel).findAllByRole('radio');
    expect(within(panel).getByText(/^到手价/)).toHaveTextContent('¥40.80');
    await view.user.click(within(panel).getByRole('button', { name: '增加数量' }));
    await waitFor(() => expect(within(panel).getByText(/^到手价/)).toHaveTextContent('¥76.60'));
    expect(within(panel).getByText(/^合计/)).toHaveTextContent('¥81.60');
  });

  it('moves through the screenshots with buttons, arrow keys and a swipe', async () => {
    const game = await backendData<GameDetail>(DETAIL, { gameId: 1 });
    const count = game.gallery.length;
    const { user } = await renderApp('/gameDetail/1');
    const gallery = within(
      await screen.findByRole('heading', { level: 2, name: '游戏截图' }).then((h) => h.closest('section')!),
    );
    const shown = () => gallery.getByRole('img', { name: /截图 \d+$/ });
    expect(shown()).toHaveAccessibleName(`${game.name}截图 1`);
    expect(gallery.getByText(`第1张，共${count}张`)).toBeInTheDocument();

    await user.click(gallery.getByRole('button', { name: '下一张截图' }));
    expect(shown()).toHaveAccessibleName(`${game.name}截图 2`);
    await user.click(gallery.getByRole('button', { name: '上一张截图' }));
    await user.click(gallery.getByRole('button', { name: '上一张截图' }));
    expect(shown()).toHaveAccessibleName(`${game.name}截图 ${count}`);

    // ←/→ on a thumbnail move the picture and the focus with it
    await user.click(gallery.getByRole('button', { name: '查看第1张截图' }));
    expect(gallery.getByRole('button', { name: '查看第1张截图' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAccessibleName(`${game.name}截图 2`);
    expect(gallery.getByRole('button', { name: '查看第2张截图' })).toHaveFocus();
    expect(gallery.getByRole('button', { name: '查看第2张截图' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{End}');
    expect(gallery.getByRole('button', { name: `查看第${count}张截图` })).toHaveFocus();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(shown()).toHaveAccessibleName(`${game.name}截图 ${count}`);

    // a swipe to the left shows the next picture; a short or vertical one does nothing
    await user.click(gallery.getByRole('button', { name: '查看第1张截图' }));
    fireEvent.pointerDown(shown(), { pointerType: 'touch', pointerId: 1, clientX: 300, clientY: 50 });
    fireEvent.pointerUp(shown(), { pointerType: 'touch', pointerId: 1, clientX: 120, clientY: 60 });
    expect(shown()).toHaveAccessibleName(`${game.name}截图 2`);
    fireEvent.pointerDown(shown(), { pointerType: 'touch', pointerId: 2, clientX: 100, clientY: 50 });
    fireEvent.pointerUp(shown(), { pointerType: 'touch', pointerId: 2, clientX: 110, clientY: 250 });
    expect(shown()).toHaveAccessibleName(`${game.name}截图 2`);
  });

  it('shows the 404 page for a game id that does not exist', async () => {
    await renderApp('/gameDetail/99999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /gameDetail/99999' }),
    ).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });

  it("says a server error in Chinese with a short support code, never the transport's English", async () => {
    backend.control.setFault(DETAIL, { kind: 'http', status: 500 });
    await renderApp('/gameDetail/1');
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('服务暂时不可用，请稍后重试（错误码 HTTP500）');
    expect(alert).not.toHaveTextContent(/Request failed|status code/);
  });

  it('shows an error with a retry button when the game cannot be loaded', async () => {
    backend.control.setFault(DETAIL, { kind: 'network' });
    const { user } = await renderApp('/gameDetail/1');
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('游戏信息加载失败');
    expect(alert).toHaveTextContent('网络连接失败，请检查网络后重试（错误码 NET）');
    expect(alert).not.toHaveTextContent('Network Error');
    backend.control.setFault(DETAIL, null);
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 1, name: '星砂回响' })).toBeInTheDocument();
  });

  it('shows an error in the goods panel, and no way to buy, when the goods cannot be loaded', async () => {
    backend.control.setFault(GOODS, { kind: 'http', status: 502 });
    const { user } = await renderApp('/gameDetail/1');
    const panel = (await screen.findByRole('heading', { level: 2, name: '选择商品' })).closest('section')!;
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('商品加载失败');
    expect(within(panel).getByRole('button', { name: '立即购买' })).toBeDisabled();
    backend.control.setFault(GOODS, null);
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await within(panel).findAllByRole('radio')).not.toHaveLength(0);
    expect(within(panel).getByRole('button', { name: '立即购买' })).toBeEnabled();
  });

  it('shows the average score, the distribution and pages of evaluations', async () => {
    const { user } = await renderApp('/gameDetail/6');
    const evaluations = await waitFor(() => section('用户评价'));
    expect(await within(evaluations).findByText('共 14 条评价')).toBeInTheDocument();
    expect(within(evaluations).getByRole('list', { name: '评分分布' })).toHaveTextContent('5星');
    const list = () => within(evaluations).getAllByRole('img', { name: /^\d星$/ });
    expect(list()).toHaveLength(10);
    expect(within(evaluations).getByText('第 1 / 2 页')).toBeInTheDocument();
    await user.click(within(evaluations).getByRole('button', { name: '下一页' }));
    expect(await within(evaluations).findByText('第 2 / 2 页')).toBeInTheDocument();
    await waitFor(() => expect(list()).toHaveLength(4));
    expect(within(evaluations).getByRole('button', { name: '下一页' })).toBeDisabled();
  });

  it('says so when a game has no evaluations', async () => {
    answerPost(EVALUATIONS, {
      list: [],
      total: 0,
      pageNum: 1,
      pageSize: 10,
      avgScore: 0,
      distribution: [0, 0, 0, 0, 0],
    });
    await renderApp('/gameDetail/1');
    await screen.findByRole('heading', { level: 1, name: '星砂回响' });
    expect(await within(section('用户评价')).findByText('暂无评价')).toBeInTheDocument();
  });

  it('never runs a script or an event handler from the description or an evaluation', async () => {
    const game = await backendData<GameDetail>(DETAIL, { gameId: 1 });
    const payload =
      '<p>正文</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><a href="javascript:window.__xss=3">链接</a><iframe src="https://evil.example"></iframe><a href="https://other.example/x">外站</a>';
    answerPost(DETAIL, { ...game, description: payload });
    const evaluations = await backendData<{ list: { content: string }[] }>(EVALUATIONS, { gameId: 1 });
    answerPost(EVALUATIONS, {
      ...evaluations,
      list: evaluations.list.map((e) => ({ ...e, content: `<p onmouseover="window.__xss = 4">好评</p>${payload}` })),
    });
    const { container } = await renderApp('/gameDetail/1');
    await screen.findByRole('heading', { level: 1, name: '星砂回响' });
    await within(section('用户评价')).findAllByText('好评');
    const description = section('游戏介绍');
    expect(within(description).getByText('正文')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.__xss).toBeUndefined();
    expect(container.querySelectorAll('[onerror], [onmouseover], script, iframe')).toHaveLength(0);
    expect(within(description).getByText('链接')).not.toHaveAttribute('href');
    expect(within(description).getByRole('link', { name: '外站' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(description).getByRole('link', { name: '外站' })).toHaveAttribute('target', '_blank');
  });
});
