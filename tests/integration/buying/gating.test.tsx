import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getOrders } from '../../../src/api/orders';
import { resetToasts } from '../../../src/shared/toast';
import { renderApp } from '../../support/render-app';
import { loginWithSms } from '../session/helpers';
import {
  backend,
  fastDeps,
  PLAIN,
  payDialog,
  preloadBuyingChunks,
  renderLoggedIn,
  SOLD_OUT,
  startPurchase,
  toasts,
  FLOW_TIMEOUT,
} from './helpers';

beforeAll(preloadBuyingChunks);

afterEach(() => {
  resetToasts();
});

const buyButton = () => screen.findByRole('button', { name: '立即购买' });

describe('what 立即购买 leads to', FLOW_TIMEOUT, () => {
  it('opens the pay dialog for a logged-in shopper when real name is not required and stock is enough', async () => {
    const { user } = await renderLoggedIn(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}`);
    await user.click(await buyButton());
    const dialog = await payDialog();
    expect(await within(dialog).findByText(PLAIN.name)).toBeInTheDocument();
  });

  it('warns 请先实名 and opens the real-name dialog; after verifying, the pay dialog opens without starting over', async () => {
    const { user } = await renderLoggedIn(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}`, {
      requireRealName: true,
    });
    await user.click(await buyButton());

    const realName = await screen.findByRole('dialog', { name: '实名认证' });
    expect(toasts().getByText('请先实名')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
    await user.type(within(realName).getByRole('textbox', { name: '姓名' }), '张三');
    await user.type(within(realName).getByRole('textbox', { name: '身份证号' }), '11010519491231002X');
    await user.click(within(realName).getByRole('button', { name: '提交' }));

    expect(await payDialog()).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '实名认证' })).not.toBeInTheDocument();
  });

  it('ends quietly when the real-name dialog is closed without verifying', async () => {
    const { user } = await renderLoggedIn(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}`, {
      requireRealName: true,
    });
    await user.click(await buyButton());
    const realName = await screen.findByRole('dialog', { name: '实名认证' });

    await user.click(within(realName).getByRole('button', { name: '关闭' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: '实名认证' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
    expect(toasts().getAllByText('请先实名')).toHaveLength(1);
    expect(screen.getByRole('alert', { name: '错误提示' })).toBeEmptyDOMElement();
  });

  it('closes and warns 库存不足，请联系客服 when the stock is not enough', async () => {
    const { actor } = await renderLoggedIn('/');
    startPurchase(actor, { goodsId: SOLD_OUT.goodsId, gameId: 1 });
    expect(await toasts().findByText('库存不足，请联系客服')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
  });

  it('counts a failed stock check as available and opens the pay dialog', async () => {
    const { actor } = await renderLoggedIn('/');
    backend.control.setFault('/goods/mall/storage/checkStorage', { kind: 'network' });
    startPurchase(actor, PLAIN);
    expect(await payDialog()).toBeInTheDocument();
  });

  it('asks an anonymous visitor to log in, then goes on to the pay dialog with the same goods', async () => {
    backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
    const { user } = await renderApp(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}&num=2`, { deps: fastDeps });
    await user.click(await buyButton());
    const login = await screen.findByRole('dialog', { name: '登录' });

    await loginWithSms(user, login);

    const dialog = await payDialog();
    expect(await within(dialog).findByText(PLAIN.name)).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: '购买数量' })).toHaveValue(2);
  });

  it('ends quietly when an anonymous visitor closes the login dialog', async () => {
    const { user } = await renderApp(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}`, { deps: fastDeps });
    await user.click(await buyButton());
    const login = await screen.findByRole('dialog', { name: '登录' });

    await user.click(within(login).getByRole('button', { name: '关闭' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
  });

  it('opens one pay dialog and creates no order for a double click on 立即购买', async () => {
    const { user } = await renderLoggedIn(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}`);
    await user.dblClick(await buyButton());
    expect(await payDialog()).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect((await getOrders({})).total).toBe(0);
  });
});
