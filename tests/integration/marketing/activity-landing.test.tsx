import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app';
import { backend, testServer } from '../../support/server';
import './helpers'; // longer waits for a busy machine

const COMPETITORS = [
  { platform: '游戏星球', price: 99900, url: 'https://example.com/a' },
  { platform: '闪电卡密', price: 88800, url: 'https://example.com/b' },
];

/** Fixed competitor prices, so the price check always has rows to show. */
function withCompetitors() {
  testServer.use(
    http.post('/webapi/u-nnpc/mall/activity/competitor/validaList', () =>
      HttpResponse.json({ success: true, retCode: '0', retMsg: '成功', retData: COMPETITORS }),
    ),
  );
}

// Page chunks load on first use; on a busy machine a test can take longer than the 5 s default.
describe('the activity landing /sem/activity', { timeout: 20_000 }, () => {
  it('shows the activity from the dictionary: title, time window, rules and the New Year event', async () => {
    await renderApp('/sem/activity');
    expect(await screen.findByRole('heading', { level: 1, name: '新春游戏节' })).toBeInTheDocument();
    expect(screen.getByText('爆款游戏低至 5 折，领券再享满减')).toBeInTheDocument();
    expect(screen.getByText('活动进行中')).toBeInTheDocument();
    expect(
      screen.getAllByText(/^活动时间：\d{4}\.\d{2}\.\d{2} \d{2}:\d{2} - \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/).length,
    ).toBeGreaterThan(0);
    const rules = screen.getByRole('region', { name: '活动规则' });
    expect(within(rules).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect(await screen.findByRole('heading', { level: 2, name: '新春游戏节' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主导航' })).not.toBeInTheDocument();
  });

  it('shows the top game with a price check against other platforms', async () => {
    withCompetitors();
    await renderApp('/sem/activity');
    const top = await screen.findByRole('region', { name: '今日爆款' });
    expect(within(top).getByRole('link', { name: /.+/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/gameDetail\/\d+$/),
    );
    const check = await within(top).findByRole('region', { name: '全网比价' });
    const table = within(check).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: '本站活动价' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '游戏星球' })).toHaveAttribute('href', 'https://example.com/a');
    expect(within(table).getByText('¥888.00')).toBeInTheDocument();
    expect(within(check).getByText(/^比全网最低价省 ¥\d+\.\d{2}$/)).toBeInTheDocument();
  });

  it('pages through the activity games', async () => {
    const { user } = await renderApp('/sem/activity');
    const section = await screen.findByRole('region', { name: '活动商品' });
    const list = await within(section).findByRole('list');
    expect(within(list).getAllByRole('button', { name: '立即抢购' })).toHaveLength(8);
    expect(within(section).getByText('第 1 / 2 页')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(within(section).getByText('第 2 / 2 页')).toBeInTheDocument());
    await waitFor(() => expect(within(section).getAllByRole('button', { name: '立即抢购' })).toHaveLength(4));
    expect(within(section).getByRole('button', { name: '下一页' })).toBeDisabled();
  });

  it('starts the normal purchase flow with 立即抢购 (goods, quantity 1, game)', async () => {
    const { user, actor } = await renderApp('/sem/activity');
    const send = vi.spyOn(actor, 'send');
    const top = await screen.findByRole('region', { name: '今日爆款' });
    await user.click(within(top).getByRole('button', { name: '立即抢购' }));
    expect(send).toHaveBeenCalledWith({
      type: 'purchase.start',
      goodsId: expect.any(Number),
      buyNum: 1,
      gameId: expect.any(Number),
    });
  });

  it('applies the landing’s attribution: the bid, then adan and the channel on later calls', async () => {
    const { user, marketing } = await renderApp(
      '/sem/activity?channel=baidu_sem&kw=%E6%96%B0%E6%98%A5&planid=88&unitid=9',
    );
    await marketing.attribution;
    expect(backend.control.bidRequests()).toEqual([
      expect.objectContaining({
        bhSemReq: JSON.stringify({ keyword: '新春', plan: '88', unit: '9', url: '', gameId: '', urlMd5: '' }),
        channel: 'baidu_sem',
        platform: 3,
        semPageType: 1,
        semType: 4,
      }),
    ]);
    const section = await screen.findByRole('region', { name: '活动商品' });
    await within(section).findByText('第 1 / 2 页');
    await user.click(within(section).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(within(section).getByText('第 2 / 2 页')).toBeInTheDocument());
    await waitFor(() =>
      expect(backend.control.lastRequestHeaders('/goods/mall/goods/activityGamePage')).toMatchObject({
        adan: 'bid_1',
        registercanal: 'baidu_sem',
      }),
    );
  });

  it('says the activity is not open when the dictionary has no activity', async () => {
    backend.control.setFault('/common/comm/dict/getDictItems/{key}', { kind: 'http', status: 500 });
    await renderApp('/sem/activity');
    expect(await screen.findByRole('heading', { level: 1, name: '活动暂未开放' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去首页逛逛' })).toHaveAttribute('href', '/');
  });
});
