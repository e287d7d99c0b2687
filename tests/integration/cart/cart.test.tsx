/**
 * The cart's screens (docs/cart.md) through the rendered app and the simulated backend (msw): 加入购物车 on the game
 * detail and on a wishlist row, the 购物车 count in the header and the sidebar, and the /cart page: its lines with
 * their marks and changes, quantity, 移除 with 撤销, the lines chosen for 去结算 and the total with the best coupon,
 * a visitor's 去结算 opening the login, an empty cart, and a cart that failed to load with 重试.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../machines/cart.machine';
import type { CartHandOff } from '../../../machines/cart-view';
import { cartList, cartMerge, cartRemove, cartSet, postCartSet } from '../../../src/api/cart';
import { clientState } from '../../../src/api/client-state';
import { postReceiveCoupon } from '../../../src/api/coupons';
import { fromPriceGoods } from '../../../src/api/from-price';
import { goodsGameDetail } from '../../../src/api/goods';
import { CART_VISITOR_KEY } from '../../../src/features/cart/cart-effects';
import { whenCartOpen } from '../../../src/features/cart/cart-open';
import { VISITOR_KEY as WISHLIST_VISITOR_KEY } from '../../../src/features/wishlist/wishlist-effects';
import type { AppActor } from '../../../src/shared/app-actor';
import { renderApp } from '../../support/render-app';
import { API, backend, testServer } from '../../support/server';
import { catalogue } from '../../mock/helpers';
import { createAccount, errorToasts, fastSession, header, storeSession, toasts } from '../session/helpers';

const FLOW_TIMEOUT = { timeout: 20_000 };
const goodsById = (goodsId: number) => catalogue.goods.find((g) => g.goodsId === goodsId)!;
const gameOf = (goodsId: number) => catalogue.games.find((g) => g.gameId === goodsById(goodsId).gameId)!;
// 标准版 of the first game (limit 3), of the third (limit 4), and the second's, sold out.
const STANDARD = goodsById(1);
const OTHER = goodsById(6);
const SOLD_OUT = goodsById(4);

let phoneSeq = 0;
const nextPhone = () => `1350000${String((phoneSeq += 1)).padStart(4, '0')}`;

afterEach(() => backend.control.clearFaults());

const lineOf = (goods: typeof STANDARD, buyNum: number, price = goods.price): CartLine => ({
  goodsId: goods.goodsId,
  gameId: goods.gameId,
  gameName: goods.gameName,
  goodsName: goods.name,
  cover: goods.cover,
  buyNum,
  addedPrice: price,
  addedAt: 1,
  price,
});
const nameOf = (goods: typeof STANDARD) => `${goods.gameName} ${goods.name}`;

const cartLinks = () => ({
  header: header().getByRole('link', { name: /购物车/ }),
  sidebar: within(screen.getByRole('complementary', { name: '快捷入口' })).getByRole('link', { name: /购物车/ }),
});
const cartList_ = () => screen.findByRole('list', { name: '购物车商品' }, { timeout: 10_000 });
const rowOf = (list: HTMLElement, goods: typeof STANDARD) =>
  within(list)
    .getByRole('heading', { name: nameOf(goods) })
    .closest('li')!;
const checkout = () => screen.getByRole('button', { name: /^去结算/ });

/** What 去结算 hands to the pay gate, as the pay gate hears it. */
async function handOffs(actor: AppActor): Promise<CartHandOff[]> {
  const heard: CartHandOff[] = [];
  (await whenCartOpen(actor)).on('cart.handOff', (event) => heard.push(event.handOff));
  return heard;
}

async function visitorCart(lines: CartLine[]) {
  localStorage.setItem(CART_VISITOR_KEY, JSON.stringify(lines));
  return renderApp('/cart', { deps: fastSession });
}

describe('the cart’s screens', FLOW_TIMEOUT, () => {
  it('加入购物车 on the game detail adds the chosen edition and quantity within its limit, says so, stays, and both counts show it', async () => {
    const { user, router } = await renderApp(`/gameDetail/${STANDARD.gameId}?goods=${STANDARD.goodsId}&num=2`, {
      deps: fastSession,
    });
    await screen.findByRole('heading', { level: 1, name: gameOf(1).name });
    const add = await screen.findByRole('button', { name: '加入购物车' }, { timeout: 10_000 });
    await user.click(add);
    expect(await toasts().findByText('已加入购物车')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/gameDetail/${STANDARD.gameId}`);
    await waitFor(() => expect(cartLinks().header).toHaveTextContent('2'));
    await waitFor(() => expect(cartLinks().sidebar).toHaveTextContent('2'));

    // 2 more of a goods limited to 3 an order: the cart holds 3, then says the limit is reached.
    await user.click(add);
    await waitFor(() => expect(cartLinks().header).toHaveTextContent('3'));
    await user.click(add);
    expect(await toasts().findByText(`购物车中该商品已达每单限购 ${STANDARD.limitPerOrder} 件`)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_VISITOR_KEY) ?? '[]')).toMatchObject([
      { goodsId: STANDARD.goodsId, buyNum: 3 },
    ]);
  });

  it('a cart whose code failed to load says so at 加入购物车, keeps nothing, and the next tap loads it', async () => {
    // The cart's code arrives as a chunk of its own (docs/cart.md, "What it costs"): the first load fails here.
    let loads = 0;
    const loadCart = async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return (await import('../../../src/features/cart/cart-store')).createCartLogic({ storage: localStorage });
    };
    const { user, router } = await renderApp(`/gameDetail/${STANDARD.gameId}?goods=${STANDARD.goodsId}`, {
      deps: { ...fastSession, testing: { ...fastSession.testing, loadCart } },
    });
    const add = await screen.findByRole('button', { name: '加入购物车' }, { timeout: 10_000 });
    await user.click(add);
    expect(await errorToasts().findByText('购物车加载失败，请检查网络后重试')).toBeInTheDocument();
    expect(localStorage.getItem(CART_VISITOR_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe(`/gameDetail/${STANDARD.gameId}`);

    await user.click(add);
    expect(await toasts().findByText('已加入购物车')).toBeInTheDocument();
    expect(loads).toBe(2);
    await waitFor(() => expect(cartLinks().header).toHaveTextContent('1'));
  });

  it('a wishlist row’s 加入购物车 adds the goods its price is of', async () => {
    localStorage.setItem(
      WISHLIST_VISITOR_KEY,
      JSON.stringify([{ gameId: STANDARD.gameId, addedPrice: STANDARD.price, addedAt: 1 }]),
    );
    const { user } = await renderApp('/setting?type=4', { deps: fastSession });
    await user.click(await screen.findByRole('button', { name: `加入购物车 ${gameOf(1).name}` }, { timeout: 10_000 }));
    expect(await toasts().findByText('已加入购物车')).toBeInTheDocument();
    const goods = fromPriceGoods(catalogue.goods.filter((g) => g.gameId === STANDARD.gameId))!;
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(CART_VISITOR_KEY) ?? '[]')).toMatchObject([
        { goodsId: goods.goodsId, buyNum: 1 },
      ]),
    );
    expect(cartLinks().header).toHaveTextContent('1');
  });

  it('/cart shows each line’s edition, price, discount, 降价 and 史低, and totals the chosen lines with the best coupon', async () => {
    backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
    const account = await createAccount(nextPhone());
    clientState.set({ token: account.token });
    await postCartSet(account.userId, { goodsId: STANDARD.goodsId, buyNum: 2 });
    await postCartSet(account.userId, { goodsId: OTHER.goodsId, buyNum: 1 });
    await postReceiveCoupon(1); // 5 元, no threshold
    await postReceiveCoupon(2); // 满 100 减 10 元
    clientState.set({ token: undefined });
    // Down to ¥0.10 since it was added: 降价, and its historical low.
    expect(fromPriceGoods(catalogue.goods.filter((g) => g.gameId === STANDARD.gameId))!.goodsId).toBe(STANDARD.goodsId);
    backend.control.lowerPrice(STANDARD.gameId, 10);
    storeSession(account);
    const { user, actor } = await renderApp('/cart', { deps: fastSession });
    const heard = await handOffs(actor);

    const list = await cartList_();
    const cheap = rowOf(list, STANDARD);
    expect(cheap).toHaveTextContent('¥0.10');
    expect(cheap).toHaveTextContent(`降价 ¥${((STANDARD.price - 10) / 100).toFixed(2)}`);
    expect(within(cheap).getByText('史低')).toBeInTheDocument();
    expect(cheap).toHaveTextContent(`加入时 ¥${(STANDARD.price / 100).toFixed(2)}`);
    expect(within(cheap).getByRole('spinbutton', { name: '购买数量' })).toHaveValue(2);
    const other = rowOf(list, OTHER);
    expect(other).toHaveTextContent(`¥${(OTHER.price / 100).toFixed(2)}`);
    expect(within(other).getByText('-20%')).toBeInTheDocument();

    // Both lines, ¥102.60: the best coupon of the two is 满 100 减 10 元.
    const total = screen.getByRole('region', { name: '结算' });
    await waitFor(() => expect(total).toHaveTextContent('优惠券：满 100 减 10 元，省 ¥10.00'));
    expect(total).toHaveTextContent('商品合计 ¥102.60');
    expect(total).toHaveTextContent('应付 ¥92.60');
    expect(checkout()).toHaveTextContent('去结算 (3)');

    // Without the ¥102.40 line the order is ¥0.20: the coupon without threshold takes all of it.
    await user.click(within(other).getByRole('checkbox', { name: `选择 ${nameOf(OTHER)}` }));
    await waitFor(() => expect(total).toHaveTextContent('优惠券：新人专享 5 元无门槛券，省 ¥0.20'));
    expect(total).toHaveTextContent('应付 ¥0.00');
    expect(checkout()).toHaveTextContent('去结算 (2)');
    await user.click(checkout());
    expect(heard).toEqual([
      {
        owner: account.userId,
        plan: 'oneOrder',
        lines: [{ goodsId: STANDARD.goodsId, gameId: STANDARD.gameId, buyNum: 2, price: 10 }],
      },
    ]);
  });

  it('the stepper changes a quantity within the limit, 移除 takes a line out and 撤销 brings it back', async () => {
    const { user } = await visitorCart([lineOf(STANDARD, 1), lineOf(OTHER, 2)]);
    const list = await cartList_();
    await waitFor(() => expect(checkout()).toHaveTextContent('去结算 (3)'));
    const row = rowOf(list, STANDARD);
    const more = within(row).getByRole('button', { name: '增加数量' });
    await user.click(more);
    await user.click(more);
    expect(within(row).getByRole('spinbutton', { name: '购买数量' })).toHaveValue(STANDARD.limitPerOrder);
    expect(more).toBeDisabled();
    expect(checkout()).toHaveTextContent('去结算 (5)');
    expect(cartLinks().header).toHaveTextContent('5');

    await user.click(within(rowOf(list, OTHER)).getByRole('button', { name: `移除 ${nameOf(OTHER)}` }));
    expect(within(list).queryByRole('heading', { name: nameOf(OTHER) })).not.toBeInTheDocument();
    expect(screen.getByText(`已移除「${nameOf(OTHER)}」`, { exact: false })).toBeInTheDocument();
    expect(checkout()).toHaveTextContent('去结算 (3)');
    await user.click(screen.getByRole('button', { name: '撤销' }));
    expect(within(list).getByRole('heading', { name: nameOf(OTHER) })).toBeInTheDocument();
    expect(within(rowOf(list, OTHER)).getByRole('spinbutton', { name: '购买数量' })).toHaveValue(2);
    expect(checkout()).toHaveTextContent('去结算 (5)');
  });

  it('says on each line what changed since it was added, and 去结算 takes only lines that can be paid', async () => {
    const gone = { ...lineOf(STANDARD, 1), goodsId: 999_001, goodsName: '已下架版' };
    const { user, actor } = await visitorCart([lineOf(STANDARD, 1, STANDARD.price + 1000), lineOf(SOLD_OUT, 1), gone]);
    const heard = await handOffs(actor);
    const list = await cartList_();
    const dearer = rowOf(list, STANDARD);
    await waitFor(() =>
      expect(dearer).toHaveTextContent(`当前售价 ¥${(STANDARD.price / 100).toFixed(2)}，结算时以当前售价为准`),
    );
    const soldOut = rowOf(list, SOLD_OUT);
    await waitFor(() => expect(soldOut).toHaveTextContent('该商品已售罄，暂无法结算'));
    expect(within(soldOut).getByRole('checkbox')).toBeDisabled();
    const offSale = within(list)
      .getByRole('heading', { name: `${gone.gameName} ${gone.goodsName}` })
      .closest('li')!;
    expect(offSale).toHaveTextContent('该商品已下架，无法结算');
    expect(within(offSale).getByRole('checkbox')).not.toBeChecked();

    // A visitor's 去结算: the chosen line goes to the pay gate, to be paid after the login, which opens.
    expect(checkout()).toHaveTextContent('去结算 (1)');
    await user.click(checkout());
    expect(await screen.findByRole('dialog', { name: '登录' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(heard).toMatchObject([{ owner: null, plan: 'afterLogin', lines: [{ goodsId: STANDARD.goodsId }] }]);
  });

  it('an empty cart leads back to the deals; a cart that failed to load says so and 重试 reads it again', async () => {
    const account = await createAccount(nextPhone());
    backend.control.setFault(cartList.path, { kind: 'network' });
    storeSession(account);
    const { user } = await renderApp('/cart', { deps: fastSession });
    const failed = await screen.findByText('购物车暂未同步', { exact: false }, { timeout: 10_000 });
    expect(failed).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('购物车是空的')).not.toBeInTheDocument();

    backend.control.setFault(cartList.path, null);
    await user.click(within(failed).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('购物车是空的')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去看看今日特惠' })).toHaveAttribute('href', '/');
  });

  it('a server without the extension: the cart kept in this browser says it pays one order per goods, with no coupon total and no error', async () => {
    testServer.use(
      ...[cartList, cartSet, cartRemove, cartMerge].map((def) =>
        http.post(`${API}${def.path}`, () => new HttpResponse('Not Found', { status: 404 })),
      ),
    );
    const account = await createAccount(nextPhone());
    storeSession(account);
    const { user, actor } = await renderApp(`/gameDetail/${OTHER.gameId}?goods=${OTHER.goodsId}`, {
      deps: fastSession,
    });
    const heard = await handOffs(actor);
    await user.click(await screen.findByRole('button', { name: '加入购物车' }, { timeout: 10_000 }));
    expect(await toasts().findByText('已加入购物车')).toBeInTheDocument();
    await user.click(cartLinks().header);

    const list = await cartList_();
    expect(rowOf(list, OTHER)).toBeInTheDocument();
    expect(screen.getByText('购物车保存在本浏览器；结算时将按商品分别下单、分别支付')).toBeInTheDocument();
    await waitFor(() => expect(checkout()).toHaveTextContent('去结算 (1)'));
    expect(screen.getByRole('region', { name: '结算' })).not.toHaveTextContent('优惠券');
    await user.click(checkout());
    expect(heard).toMatchObject([{ owner: account.userId, plan: 'orderPerGoods' }]);
    expect(errorToasts().queryByText(/.+/)).not.toBeInTheDocument();
  });

  it('a line whose goods cannot be read today says so, cannot be chosen, and 重试 reads it again', async () => {
    backend.control.setFault(goodsGameDetail.path, { kind: 'network' });
    const { user } = await visitorCart([lineOf(OTHER, 1)]);
    const list = await cartList_();
    const row = rowOf(list, OTHER);
    await waitFor(() => expect(row).toHaveTextContent('暂时无法读取该商品的当前信息'));
    expect(within(row).getByRole('checkbox')).toBeDisabled();
    expect(checkout()).toBeDisabled();

    backend.control.setFault(goodsGameDetail.path, null);
    await user.click(within(row).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(within(row).getByRole('checkbox')).toBeChecked());
    expect(row).not.toHaveTextContent('暂时无法读取');
    expect(checkout()).toHaveTextContent('去结算 (1)');
  });
});
