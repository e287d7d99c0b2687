/**
 * Races and connectivity.
 *
 * - A double click (two clicks in the same tick, and a user's double click)
 *   on 立即购买, 立即支付, 立即领取 and 确认退款 sends one request each.
 * - A slow answer for an old search never replaces the newer search's results.
 * - Closing a modal cancels its polling (QR login, payment): no request and
 *   no timer is left.
 * - A session that expires during the pay flow, during QR polling and during
 *   a coupon receive ends with the shopper logged in again and their work
 *   intact.
 * - A newer build never reloads the page in the middle of a payment: the
 *   first navigation after the payment does.
 * - Offline: a quiet banner, polling paused (build, payment status, QR); back
 *   online everything resumes without a reload.
 *
 * Request counts come from msw's request events; nothing waits on a clock:
 * the absence of polling is shown by the machines holding no scheduled event.
 */
import { configure, act, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clientState } from '../../src/api/client-state';
import { searchGames } from '../../src/api/games';
import { getGameDetail } from '../../src/api/game-detail';
import { OFFLINE_MESSAGE } from '../../src/features/shell/connectivity';
import { installConnectivityEvents } from '../../src/app/navigation';
import { PLAIN, fastDeps, listOrders, nextPhone, placePaidOrder } from '../integration/buying/helpers';
import { countRequests, gate, holdPost } from '../integration/catalog/helpers';
import { createAccount, loginWithSms, storeSession } from '../integration/session/helpers';
import { mergeDeps, renderApp } from '../support/render-app';
import { backend, testServer } from '../support/server';
import { siteHeader } from './support/ui';
import type { AppActor } from '../../src/shared/app-actor';

vi.setConfig({ testTimeout: 60_000 });
// Ceilings, not waits: whole-app renders on a machine shared with other suites can take seconds.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/catalog/game-detail-page'),
    import('../../src/features/catalog/search-page'),
    import('../../src/features/marketing/coupon-page'),
    import('../../src/features/buying/order-detail-page'),
    import('../../src/features/session/setting-page'),
    import('../../src/features/buying/pay-modal'),
    import('../../src/features/buying/pay-success-modal'),
    import('../../src/features/buying/refund-modal'),
    import('../../src/features/session/login-modal'),
  ]);
}, 60_000);

const mainEl = () => screen.getByRole('main');
const header = () => within(siteHeader());
const child = (actor: AppActor, id: string) =>
  actor.system.get(id) as {
    getSnapshot(): { value: unknown; context: Record<string, unknown>; hasTag(tag: string): boolean };
  };

/** Timers the actor system holds for `systemId` (XState's scheduled `after` and delayed events). */
function scheduledFor(actor: AppActor, systemId: string): number {
  const target = actor.system.get(systemId) as { sessionId: string } | undefined;
  const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents) as { source: { sessionId: string } }[];
  return scheduled.filter((event) => event.source.sessionId === target?.sessionId).length;
}

async function shopper() {
  backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
  const account = await createAccount(nextPhone());
  storeSession(account);
  return account;
}

/** Two clicks in the same tick, before React can re-render a disabled button. */
function clickTwiceAtOnce(button: HTMLElement): void {
  act(() => {
    button.click();
    button.click();
  });
}

/** What the browser does when the network goes away (navigator.onLine and the window's event). */
function goOffline(): void {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline(): void {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('double clicks send one request', () => {
  it('立即购买 and 立即支付', async () => {
    await shopper();
    const { user } = await renderApp(`/gameDetail/${PLAIN.gameId}`, { deps: fastDeps });
    const config = countRequests('/u-nnpc/api/mall/realName/global/config');
    const stock = countRequests('/goods/mall/storage/checkStorage');
    const create = countRequests('/nnorder/unified/order/create');
    const pay = countRequests('/nnorder/unified/order/pay');

    const buy = await within(mainEl()).findByRole('button', { name: '立即购买' });
    await waitFor(() => expect(buy).toBeEnabled());
    // The real-name check is held until all four clicks are in, as when a shopper double-clicks on a slow
    // network: without the hold, a fast machine opens the dialog between the clicks, and jsdom (which has
    // no overlay to catch a click) lets the later ones reach the button behind it.
    const held = gate();
    holdPost('/u-nnpc/api/mall/realName/global/config', held.wait);
    clickTwiceAtOnce(buy);
    await user.dblClick(buy);
    held.release();
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    const submit = await within(dialog).findByRole('button', { name: '立即支付' });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(config.count).toBe(1);
    expect(stock.count).toBe(1);
    expect(screen.getAllByRole('dialog', { name: '支付订单' })).toHaveLength(1);

    clickTwiceAtOnce(submit);
    await user.dblClick(submit).catch(() => undefined);
    await within(dialog).findByRole('img', { name: '支付二维码' });
    expect(create.count).toBe(1);
    expect(pay.count).toBe(1);
    expect(await listOrders()).toHaveLength(1);
  });

  it('立即领取 on the coupon landing', async () => {
    const account = await shopper();
    const { user } = await renderApp('/coupon');
    const receive = countRequests('/nn-activity/client/coupon/receive');
    const [first] = await within(mainEl()).findAllByRole('button', { name: '立即领取' });
    clickTwiceAtOnce(first!);
    await user.dblClick(first!).catch(() => undefined);
    expect(await within(mainEl()).findByRole('button', { name: '已领取' })).toBeDisabled();
    expect(receive.count).toBe(1);
    clientState.set({ token: account.token });
  });

  it('确认退款 in the refund dialog', async () => {
    await shopper();
    const account = JSON.parse(localStorage.getItem('userInfo')!).user as { token: string };
    clientState.set({ token: account.token });
    const order = await placePaidOrder(PLAIN);
    const { user } = await renderApp(`/orderDateil?id=${order.orderId}`);
    const refund = countRequests('/nnorder/unified/mall/quick/refund');
    await user.click(await within(mainEl()).findByRole('button', { name: '申请退款' }));
    const dialog = await screen.findByRole('dialog', { name: '申请退款' });
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    const confirm = await within(dialog).findByRole('button', { name: '确认退款' });
    clickTwiceAtOnce(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '申请退款' })).toBeNull());
    expect(refund.count).toBe(1);
    expect((await within(mainEl()).findAllByText('退款中')).length).toBeGreaterThan(0);
  });
});

describe('a slow answer for an old search', () => {
  it('never replaces the newer search’s results', async () => {
    const oldKeyword = (await getGameDetail(1)).name;
    const newKeyword = (await getGameDetail(2)).name;
    const held = gate();
    const answered: string[] = [];
    testServer.use(
      mswHttp.post('/webapi/sgame/mall/game/search', async ({ request }) => {
        const body = (await request.json()) as { keyword: string };
        if (body.keyword === oldKeyword) await held.wait;
        const answer = await backend.handle({
          method: 'POST',
          path: '/sgame/mall/game/search',
          query: {},
          headers: {},
          body,
        });
        answered.push(body.keyword);
        return HttpResponse.json(answer.body as Record<string, unknown>);
      }),
    );
    const { router, queryClient } = await renderApp(`/search?keyword=${encodeURIComponent(oldKeyword)}`);
    await router.navigate({ to: '/search', search: { keyword: newKeyword } });
    await within(mainEl()).findByRole('heading', { level: 1, name: `“${newKeyword}”的搜索结果` });
    const newResults = await searchGames({ keyword: newKeyword });
    await within(mainEl()).findByText(`共找到 ${newResults.total} 款游戏`);
    const shown = () => [...mainEl().querySelectorAll('.game-name')].map((e) => e.textContent);

    const before = shown();
    held.release();
    await waitFor(() => expect(answered).toContain(oldKeyword));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(mainEl()).getByRole('heading', { level: 1 })).toHaveTextContent(`“${newKeyword}”的搜索结果`);
    expect(shown()).toEqual(before);
    expect(screen.getByRole('searchbox', { name: '搜索' })).toHaveValue(newKeyword);
  });
});

describe('closing a modal cancels its polling', () => {
  it('the QR login panel: no check and no timer after the dialog closes', async () => {
    const { actor, user } = await renderApp('/', {
      deps: { testing: { sessionFlows: { delays: { qrPollMs: 20, tokenPingMs: 60_000 } } } },
    });
    const polls = { count: 0 };
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.includes('/checkLogin/')) polls.count += 1;
    };
    testServer.events.on('request:start', listener);
    onTestFinished(() => void testServer.events.removeListener('request:start', listener));
    await user.click(header().getByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    await user.click(within(dialog).getByRole('tab', { name: '扫码登录' }));
    await waitFor(() => expect(polls.count).toBeGreaterThan(1));
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(child(actor, 'qrLogin').getSnapshot().value).toBe('inactive'));
    const after = polls.count;
    expect(scheduledFor(actor, 'qrLogin')).toBe(0);
    // Another round trip to the server takes longer than a poll interval: still no check.
    await act(() => getGameDetail(1));
    await act(() => getGameDetail(2));
    expect(polls.count).toBe(after);
  });

  it('the pay dialog: leaving stops the status polling, and the order waits in the list', async () => {
    await shopper();
    const { actor, user } = await renderApp(`/gameDetail/${PLAIN.gameId}`, { deps: fastDeps });
    const statusPolls = countRequests('/nnorder/mall/unified/order/status');
    const buy = await within(mainEl()).findByRole('button', { name: '立即购买' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    const submit = await within(dialog).findByRole('button', { name: '立即支付' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await within(dialog).findByRole('img', { name: '支付二维码' });
    await waitFor(() => expect(statusPolls.count).toBeGreaterThan(1));
    await user.click(within(dialog).getByRole('button', { name: '离开支付' }));
    await user.click(await screen.findByRole('button', { name: '确认离开' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(child(actor, 'payment').getSnapshot().value).toBe('idle');
    expect(scheduledFor(actor, 'payment')).toBe(0);
    const after = statusPolls.count;
    await act(() => getGameDetail(1));
    await act(() => getGameDetail(2));
    expect(statusPolls.count).toBe(after);
    expect((await listOrders())[0]?.status).toBe('unpaid');
  });
});

describe('a session that expires mid-flow ends logged in again with the work intact', () => {
  it('during the pay flow: the goods and quantity stay in the URL, and the unpaid order is paid without a second one', async () => {
    const account = await shopper();
    const { user, router } = await renderApp(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}&num=2`, {
      deps: fastDeps,
    });
    const buy = await within(mainEl()).findByRole('button', { name: '立即购买' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    let dialog = await screen.findByRole('dialog', { name: '支付订单' });
    const submit = await within(dialog).findByRole('button', { name: '立即支付' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await within(dialog).findByRole('img', { name: '支付二维码' });

    backend.control.expireSessions();
    const login = await screen.findByRole('dialog', { name: '登录' });
    expect(screen.queryByRole('dialog', { name: '支付订单' })).toBeNull();
    expect(router.state.location.search).toMatchObject({ goods: PLAIN.goodsId, num: 2 });
    await loginWithSms(user, login, account.telNum);
    await header().findByRole('button', { name: /个人中心/ });
    expect(router.state.location.pathname).toBe(`/gameDetail/${PLAIN.gameId}`);
    expect(router.state.location.search).toMatchObject({ goods: PLAIN.goodsId, num: 2 });

    clientState.set({
      token: (JSON.parse(localStorage.getItem('userInfo')!) as { user: { token: string } }).user.token,
    });
    const [order] = await listOrders();
    expect(order).toMatchObject({ status: 'unpaid' });
    await router.navigate({ to: '/orderDateil', search: { id: order!.orderId } });
    await user.click(await within(mainEl()).findByRole('button', { name: '继续支付' }));
    dialog = await screen.findByRole('dialog', { name: '支付订单' });
    await user.click(await within(dialog).findByRole('button', { name: '立即支付' }));
    await within(dialog).findByRole('img', { name: '支付二维码' });
    backend.control.completePayment(order!.orderId);
    expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
    expect(await listOrders()).toHaveLength(1);
  });

  it('during QR polling: the dialog comes back, a new code is scanned, and the same page is logged in', async () => {
    const account = await shopper();
    const { actor, user, router } = await renderApp('/notice', {
      deps: { testing: { sessionFlows: { delays: { qrPollMs: 20, tokenPingMs: 60_000, expiryPromptMs: 30 } } } },
    });
    await header().findByRole('button', { name: /个人中心/ });
    // The login dialog over a logged-in page (e.g. to switch accounts), on the QR tab, polling.
    act(() => actor.send({ type: 'modal.open', name: 'login', source: 'user' }));
    let dialog = await screen.findByRole('dialog', { name: '登录' });
    await user.click(within(dialog).getByRole('tab', { name: '扫码登录' }));
    await within(dialog).findByRole('img', { name: '微信扫码登录二维码' });

    // The next poll (it carries the session's token) answers auth_40001.
    backend.control.setFault('/u-nnpc/api/mall/checkLogin/{id}', { kind: 'auth', code: 'auth_40001', times: 1 });
    await waitFor(() => expect(child(actor, 'session').getSnapshot().hasTag('session:expired')).toBe(true));
    // The expiry closes every dialog and opens the login dialog again, with the warning.
    await waitFor(() => expect(child(actor, 'session').getSnapshot().value).toEqual({ expired: 'prompted' }));
    dialog = await screen.findByRole('dialog', { name: '登录' });
    expect(
      within(screen.getByRole('status', { name: '消息提示' })).getByText('登录信息已失效,请重新登录'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: '扫码登录' }));
    await within(dialog).findByRole('img', { name: '微信扫码登录二维码' });
    const qr = child(actor, 'qrLogin').getSnapshot().context.qr as { qrId: string };
    backend.control.markQrScanned(qr.qrId, account.telNum);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull());
    await header().findByRole('button', { name: /个人中心/ });
    expect(router.state.location.pathname).toBe('/notice');
    expect(child(actor, 'session').getSnapshot().context.user).toMatchObject({ telNum: account.telNum });
  });

  it('during a coupon receive: the receive goes on by itself after logging in again', async () => {
    const account = await shopper();
    const { user } = await renderApp('/coupon', {
      deps: { testing: { sessionFlows: { delays: { tokenPingMs: 60_000, expiryPromptMs: 30 } } } },
    });
    const receive = countRequests('/nn-activity/client/coupon/receive');
    const [first] = await within(mainEl()).findAllByRole('button', { name: '立即领取' });
    backend.control.expireSessions();
    await user.click(first!);
    const login = await screen.findByRole('dialog', { name: '登录' });
    await loginWithSms(user, login, account.telNum);
    expect(await within(mainEl()).findByRole('button', { name: '已领取' })).toBeDisabled();
    expect(receive.count).toBe(2); // the one that met the expiry, and the one after the login
    expect(screen.queryByRole('alert', { name: '错误提示' })?.textContent ?? '').toBe('');
  });
});

describe('a newer build and a payment in progress', () => {
  it('does not reload in the middle of the payment; the first navigation after it does', async () => {
    await shopper();
    const { user, router, reloads, actor } = await renderApp(`/gameDetail/${PLAIN.gameId}`, {
      deps: mergeDeps(fastDeps, {
        build: { fetchLatest: async () => ({ id: 'next-build', timestamp: 2 }), pollIntervalMs: 10 },
        testing: { firstCheckDelayMs: 0 },
      }),
    });
    const buy = await within(mainEl()).findByRole('button', { name: '立即购买' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    const submit = await within(dialog).findByRole('button', { name: '立即支付' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await within(dialog).findByRole('img', { name: '支付二维码' });
    await waitFor(() => expect(child(actor, 'buildPoll').getSnapshot().hasTag('build:stale')).toBe(true));
    expect(child(actor, 'buildPoll').getSnapshot().hasTag('payment:inProgress')).toBe(true);

    // A link followed under the open dialog (or the back button) during the payment: no reload.
    await act(() =>
      router.navigate({
        to: '/gameDetail/$id',
        params: { id: String(PLAIN.gameId) },
        search: { goods: PLAIN.goodsId, num: 1 },
      }),
    );
    expect(reloads).toEqual([]);
    expect(screen.getByRole('dialog', { name: '支付订单' })).toBeInTheDocument();

    const [order] = await (async () => {
      clientState.set({
        token: (JSON.parse(localStorage.getItem('userInfo')!) as { user: { token: string } }).user.token,
      });
      return listOrders();
    })();
    backend.control.completePayment(order!.orderId);
    await screen.findByRole('dialog', { name: '支付成功' });
    await waitFor(() => expect(child(actor, 'buildPoll').getSnapshot().hasTag('payment:inProgress')).toBe(false));
    await act(() => router.navigate({ to: '/notice' }));
    expect(reloads).toEqual(['/notice']);
  });
});

describe('offline', () => {
  it('shows a quiet banner, pauses the build poll, the payment’s and the QR panel’s polling, and resumes all of it without a reload', async () => {
    await shopper();
    let latest = { id: 'test-build', timestamp: 1 };
    const builds = { count: 0 };
    const { actor, user, reloads } = await renderApp(`/gameDetail/${PLAIN.gameId}`, {
      deps: mergeDeps(fastDeps, {
        build: {
          fetchLatest: async () => {
            builds.count += 1;
            return latest;
          },
          pollIntervalMs: 20,
        },
        testing: { firstCheckDelayMs: 0 },
      }),
    });
    const uninstall = installConnectivityEvents(actor);
    try {
      const banner = () => screen.getByRole('status', { name: '网络状态' });
      expect(banner()).toHaveTextContent('');
      const statusPolls = countRequests('/nnorder/mall/unified/order/status');
      const buy = await within(mainEl()).findByRole('button', { name: '立即购买' });
      await waitFor(() => expect(buy).toBeEnabled());
      await user.click(buy);
      const dialog = await screen.findByRole('dialog', { name: '支付订单' });
      const submit = await within(dialog).findByRole('button', { name: '立即支付' });
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      await within(dialog).findByRole('img', { name: '支付二维码' });
      await waitFor(() => expect(statusPolls.count).toBeGreaterThan(0));

      goOffline();
      expect(banner()).toHaveTextContent(OFFLINE_MESSAGE);
      await waitFor(() => expect(child(actor, 'payment').getSnapshot().hasTag('payment:offline')).toBe(true));
      expect(child(actor, 'buildPoll').getSnapshot().hasTag('build:offline')).toBe(true);
      expect(scheduledFor(actor, 'payment')).toBe(0);
      expect(scheduledFor(actor, 'buildPoll')).toBe(0);
      const pausedPolls = statusPolls.count;
      const pausedBuilds = builds.count;
      // The page stays as it was: the QR code, the game.
      expect(within(dialog).getByRole('img', { name: '支付二维码' })).toBeInTheDocument();
      expect(within(mainEl()).getByRole('heading', { level: 1 })).toBeInTheDocument();
      await act(() => getGameDetail(1).catch(() => undefined));
      expect(statusPolls.count).toBe(pausedPolls);
      expect(builds.count).toBe(pausedBuilds);

      latest = { id: 'test-build', timestamp: 1 };
      goOnline();
      expect(banner()).toHaveTextContent('');
      await waitFor(() => expect(statusPolls.count).toBeGreaterThan(pausedPolls));
      await waitFor(() => expect(builds.count).toBeGreaterThan(pausedBuilds));
      expect(child(actor, 'payment').getSnapshot().hasTag('payment:awaiting')).toBe(true);
      const [order] = await (async () => {
        clientState.set({
          token: (JSON.parse(localStorage.getItem('userInfo')!) as { user: { token: string } }).user.token,
        });
        return listOrders();
      })();
      backend.control.completePayment(order!.orderId);
      expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
      expect(reloads).toEqual([]);
    } finally {
      uninstall();
    }
  });

  it('pauses the QR panel while offline and checks at once when the browser is back', async () => {
    const { actor, user } = await renderApp('/', {
      deps: { testing: { sessionFlows: { delays: { qrPollMs: 20, tokenPingMs: 60_000 } } } },
    });
    const uninstall = installConnectivityEvents(actor);
    const polls = { count: 0 };
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.includes('/checkLogin/')) polls.count += 1;
    };
    testServer.events.on('request:start', listener);
    try {
      await user.click(header().getByRole('button', { name: '登录' }));
      const dialog = await screen.findByRole('dialog', { name: '登录' });
      await user.click(within(dialog).getByRole('tab', { name: '扫码登录' }));
      await waitFor(() => expect(polls.count).toBeGreaterThan(0));
      goOffline();
      await waitFor(() => expect(child(actor, 'qrLogin').getSnapshot().hasTag('qr:paused')).toBe(true));
      expect(within(dialog).getByText(OFFLINE_MESSAGE)).toBeInTheDocument();
      expect(within(dialog).getByRole('img', { name: '微信扫码登录二维码' })).toBeInTheDocument();
      expect(scheduledFor(actor, 'qrLogin')).toBe(0);
      const paused = polls.count;
      await act(() => getGameDetail(1).catch(() => undefined));
      expect(polls.count).toBe(paused);
      goOnline();
      await waitFor(() => expect(polls.count).toBeGreaterThan(paused));
      expect(child(actor, 'qrLogin').getSnapshot().hasTag('qr:showing')).toBe(true);
    } finally {
      testServer.events.removeListener('request:start', listener);
      uninstall();
    }
  });
});
