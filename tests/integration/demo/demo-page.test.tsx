import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getGameDetail } from '../../../src/api/game-detail';
import { getQrCode, getQrStatus } from '../../../src/api/user';
import { formatYuan } from '../../../src/shared/money';
import { DEMO_CLOCK_OFFSET_KEY } from '../../../src/features/marketing/popup-record';
import { renderApp } from '../../support/render-app';
import { backend } from '../../support/server';
import { placeOrder, signUp } from '../../mock/helpers';
import '../marketing/helpers'; // longer waits for a busy machine (the marketing tests' setting)

const status = () => screen.getByRole('status', { name: '' });

// Page chunks load on first use; on a busy machine a test can take longer than the 5 s default.
describe('the demo console /demo', { timeout: 20_000 }, () => {
  it('marks a login QR code scanned', async () => {
    const qr = await getQrCode();
    const { user } = await renderApp('/demo');
    expect(await screen.findByRole('heading', { level: 1, name: '演示控制台' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('二维码 ID'), qr.qrId);
    await user.type(screen.getByLabelText('扫码手机号（可选）'), '13800001234');
    await user.click(screen.getByRole('button', { name: '标记已扫码' }));
    await waitFor(() => expect(status()).toHaveTextContent(`二维码 ${qr.qrId} 已标记为已扫码`));
    expect((await getQrStatus(qr.qrId)).status).toBe('scanned');
  });

  it('completes an unpaid order from the list and fails another by its order id', async () => {
    await signUp('13800005678');
    const first = await placeOrder();
    const second = await placeOrder();
    const { user } = await renderApp('/demo');
    const unpaid = await screen.findByRole('list', { name: '待支付订单' });
    expect(within(unpaid).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(unpaid).getByRole('button', { name: `订单 ${first.orderId} 支付成功` }));
    await waitFor(() => expect(status()).toHaveTextContent(`订单 ${first.orderId} 当前状态：delivered`));

    await user.type(screen.getByLabelText('订单号'), second.orderId);
    await user.click(screen.getByRole('button', { name: '使支付失败' }));
    await waitFor(() => expect(status()).toHaveTextContent(`订单 ${second.orderId} 当前状态：failed`));
    expect(
      backend.control
        .state()
        .orders.map((o) => o.status)
        .sort(),
    ).toEqual(['delivered', 'failed']);
    await waitFor(() => expect(screen.getByText('没有待支付的订单。')).toBeInTheDocument());
  });

  it('lowers a game’s price by 20 % (the wishlist’s 降价, docs/following-wishlist.md)', async () => {
    const { user } = await renderApp('/demo');
    const field = await screen.findByLabelText('游戏 ID');
    await user.clear(field);
    await user.type(field, '2');
    const before = (await getGameDetail(2)).minPrice;
    await user.click(screen.getByRole('button', { name: '降价 20%' }));
    const after = Math.floor((before * 0.8) / 100) * 100;
    await waitFor(() => expect(status()).toHaveTextContent(`游戏 2 已降价，现价 ${formatYuan(after)}`));
    expect((await getGameDetail(2)).minPrice).toBe(after);
  });

  it('says what went wrong for an unknown order', async () => {
    const { user } = await renderApp('/demo');
    await user.type(await screen.findByLabelText('订单号'), 'NO-SUCH-ORDER');
    await user.click(screen.getByRole('button', { name: '完成支付' }));
    await waitFor(() => expect(status()).toHaveTextContent('操作失败：Unknown order: NO-SUCH-ORDER'));
  });

  it('injects a fault on a chosen endpoint, lists it, and clears all faults', async () => {
    const { user } = await renderApp('/demo');
    await user.selectOptions(await screen.findByLabelText('接口'), '/u-nnpc/mall/activity/home/popup');
    await user.selectOptions(screen.getByLabelText('故障类型'), 'HTTP 500');
    await user.click(screen.getByRole('button', { name: '注入故障' }));
    await waitFor(() =>
      expect(backend.control.listFaults()).toEqual({
        '/u-nnpc/mall/activity/home/popup': { kind: 'http', status: 500 },
      }),
    );
    expect(await screen.findByRole('list', { name: '当前故障' })).toHaveTextContent(
      '/u-nnpc/mall/activity/home/popup：http',
    );

    await user.click(screen.getByRole('button', { name: '清除全部故障' }));
    await waitFor(() => expect(backend.control.listFaults()).toEqual({}));
    expect(await screen.findByText('当前没有故障。')).toBeInTheDocument();
  });

  it('moves the popup clock and the backend clock forward by a day', async () => {
    const { user } = await renderApp('/demo');
    await user.click(await screen.findByRole('button', { name: '前进一天' }));
    await waitFor(() => expect(status()).toHaveTextContent('时钟已前进 1 天'));
    expect(localStorage.getItem(DEMO_CLOCK_OFFSET_KEY)).toBe('1');
    expect(backend.control.state().clockOffsetMs).toBe(86_400_000);
    expect(screen.getByText(/弹窗时钟偏移：1 天/)).toBeInTheDocument();
  });

  it('resets the simulated data', async () => {
    await signUp('13800009999');
    const { user } = await renderApp('/demo');
    await user.click(await screen.findByRole('button', { name: '重置模拟数据' }));
    await waitFor(() => expect(status()).toHaveTextContent('模拟数据已重置'));
    expect(backend.control.state().users).toEqual([]);
  });

  it('is not linked from the store', async () => {
    await renderApp('/');
    await screen.findByRole('navigation', { name: '主导航' });
    expect(screen.queryAllByRole('link').filter((link) => link.getAttribute('href') === '/demo')).toEqual([]);
  });

  it('only says it is unavailable when the backend is live', async () => {
    vi.stubEnv('VITE_API_MODE', 'live');
    vi.resetModules();
    try {
      const { DemoPage } = await import('../../../src/features/demo/demo-page');
      render(<DemoPage />);
      expect(screen.getByRole('alert')).toHaveTextContent('演示控制台仅在模拟后端模式下可用');
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
