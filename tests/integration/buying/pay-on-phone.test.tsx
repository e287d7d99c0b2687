/**
 * Paying on a phone (docs/buying.md, docs/buying.md "Paying on a phone"): the pay step opens the channel's app
 * through its H5 page instead of a QR code, the simulated backend serves that page, and the store resumes
 * the payment when the shopper comes back (the return URL's order, or this tab's hand-off after a reload).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HandOff } from '../../../machines/payment.machine';
import { getOrder, getOrderStatus, payOrder } from '../../../src/api/orders';
import {
  PAY_RETURN_PARAM,
  payReturnSettled,
  rememberHandOff,
  takePaymentReturn,
} from '../../../src/features/buying/pay-return';
import { http, HttpResponse } from 'msw';
import { gate } from '../catalog/helpers';
import { API, testServer } from '../../support/server';
import { h5ReturnPath } from '../../../src/mock/handlers/routes-orders';
import { resetToasts } from '../../../src/shared/toast';
import { renderApp } from '../../support/render-app';
import { onTestEnd } from '../../support/cleanup';
import { loginWithSms } from '../session/helpers';
import {
  backend,
  fastDeps,
  FLOW_TIMEOUT,
  payDialog,
  placeOrder,
  PLAIN,
  preloadBuyingChunks,
  renderLoggedIn,
} from './helpers';

const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

beforeAll(preloadBuyingChunks);

beforeEach(() => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PHONE_AGENT);
});

afterEach(() => {
  payReturnSettled();
  resetToasts();
  sessionStorage.clear();
});

/** The hand-offs the payment flow made, instead of leaving the page (jsdom cannot navigate). */
function handOffs() {
  const seen: HandOff[] = [];
  const deps = {
    testing: {
      purchaseFlows: {
        delays: { statusPollMs: 20 },
        effects: {
          handOffToPayApp: (handOff: HandOff) => {
            rememberHandOff(handOff);
            seen.push(handOff);
          },
        },
      },
    },
  };
  return { seen, deps };
}

/** What the H5 page's 确认支付 / 取消支付 forms post. */
async function submitH5Page(h5Url: string, action: 'pay' | 'cancel'): Promise<Response> {
  const url = new URL(h5Url, window.location.href);
  url.searchParams.set('do', action);
  return fetch(url, { method: 'POST', redirect: 'manual' });
}

describe('paying on a phone', FLOW_TIMEOUT, () => {
  it('offers 打开微信支付 instead of a QR code and hands the payment to the H5 page, which returns to this page with the order', async () => {
    const { seen, deps } = handOffs();
    // The return path is the browser's address (the router follows it in the browser; here it is set by hand).
    window.history.replaceState(null, '', `/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}`);
    onTestEnd(() => window.history.replaceState(null, '', '/'));
    const { user } = await renderLoggedIn(`/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}`, { deps });
    await user.click(await screen.findByRole('button', { name: '立即购买' }));
    const pay = within(await payDialog());
    expect(pay.queryByRole('button', { name: '立即支付' })).not.toBeInTheDocument();
    await user.click(pay.getByRole('radio', { name: '支付宝' }));
    expect(pay.getByRole('button', { name: '打开支付宝' })).toBeInTheDocument();
    await user.click(pay.getByRole('radio', { name: '微信支付' }));
    const open = pay.getByRole('button', { name: '打开微信支付' });
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);

    await waitFor(() => expect(seen).toHaveLength(1));
    const [handOff] = seen;
    const url = new URL(handOff!.h5Url, window.location.href);
    expect(url.pathname).toBe(`/webapi/static/h5pay/${handOff!.orderId}`);
    expect(url.searchParams.get('channel')).toBe('wechat');
    expect(url.searchParams.get('redirect_url')).toBe(
      `/gameDetail/${PLAIN.gameId}?goods=${PLAIN.goodsId}&${PAY_RETURN_PARAM}=${handOff!.orderId}`,
    );
    // While the pay app is open the dialog says where to pay, polls, and can open the app again.
    expect(pay.getByText(/请在微信中完成支付/)).toBeInTheDocument();
    expect(pay.queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
    expect(pay.getByRole('button', { name: '改用支付宝' })).toBeInTheDocument();
    expect(pay.getByRole('status')).toHaveTextContent('等待支付结果…');

    // The simulated backend never pays a hand-off to an H5 page by itself (docs/testing.md; docs/simulated-backend.md,
    // "Automatic payment"): a minute on, well past its 8 s for a QR code, the order is still the shopper's to pay.
    backend.control.advanceClock(60_000);
    expect((await getOrderStatus(handOff!.orderId)).status).toBe('unpaid');
    await screen.findByRole('dialog', { name: '支付订单' });
    expect(screen.queryByRole('dialog', { name: '支付成功' })).not.toBeInTheDocument();

    // The simulated pay channel's page: the amount, and a plain form for each answer.
    const page = await (await fetch(new URL(handOff!.h5Url, window.location.href))).text();
    expect(page).toContain('微信支付');
    expect(page).toContain('¥40.80');
    expect(page).toContain('确认支付');
    const paid = await submitH5Page(handOff!.h5Url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(url.searchParams.get('redirect_url'));

    // This page was still polling: the payment it handed off is settled, with the key shown.
    const success = within(await screen.findByRole('dialog', { name: '支付成功' }));
    const { cdks } = await getOrder(handOff!.orderId);
    expect(await success.findByText(cdks[0]!.code)).toBeInTheDocument();
  });

  it('back from the H5 page after paying, the store shows 支付成功 with the key (the return URL’s order resumes)', async () => {
    const before = await renderLoggedIn('/');
    const order = await placeOrder(PLAIN);
    const payment = await payOrder({
      orderId: order.orderId,
      channelCode: 'wechat',
      client: 'h5',
      returnUrl: `/?${PAY_RETURN_PARAM}=${order.orderId}`,
    });
    expect(payment.h5Url).toContain(`/static/h5pay/${order.orderId}`);
    await submitH5Page(payment.h5Url!, 'pay');
    before.close();

    await renderApp('/', { deps: { ...fastDeps, start: { paymentReturn: { orderId: order.orderId } } } });

    const success = within(await screen.findByRole('dialog', { name: '支付成功' }));
    const { cdks } = await getOrder(order.orderId);
    expect(await success.findByText(cdks[0]!.code)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '支付订单' })).not.toBeInTheDocument();
  });

  it('back from the pay app, says 正在确认支付结果 over the page until the order’s status is known, then 支付成功', async () => {
    const before = await renderLoggedIn('/gameDetail/1?goods=2');
    const order = await placeOrder(PLAIN);
    const payment = await payOrder({
      orderId: order.orderId,
      channelCode: 'wechat',
      client: 'h5',
      returnUrl: `/?${PAY_RETURN_PARAM}=${order.orderId}`,
    });
    await submitH5Page(payment.h5Url!, 'pay');
    before.close();

    // The return URL, read at start-up as main.tsx does: the page is covered from then on (boot.js covers
    // it before, from the first frame; the journeys check that).
    const page = {
      location: new URL(
        `http://shop.test/gameDetail/1?goods=2&${PAY_RETURN_PARAM}=${order.orderId}`,
      ) as unknown as Location,
      history: { state: null, replaceState: () => undefined } as unknown as History,
    };
    const paymentReturn = takePaymentReturn(before.account.userId, { ...page, storage: undefined });
    expect(document.documentElement).toHaveClass('pay-returning');

    const held = gate();
    const DETAIL = '/nnorder/mall/unified/order/detail';
    testServer.use(
      http.get(`${API}${DETAIL}`, async ({ request }) => {
        await held.wait;
        const url = new URL(request.url);
        const reply = await backend.handle({
          method: 'GET',
          path: DETAIL,
          query: Object.fromEntries(url.searchParams),
          headers: Object.fromEntries(request.headers),
          body: undefined,
        });
        return HttpResponse.json(reply.body as object, { status: reply.status });
      }),
    );
    await renderApp('/gameDetail/1?goods=2', { deps: { ...fastDeps, start: { paymentReturn } } });
    const pay = await screen.findByRole('dialog', { name: '支付订单' });
    expect(within(pay).getByRole('status')).toHaveTextContent('正在确认支付结果…');
    expect(document.documentElement).toHaveClass('pay-returning');
    // No stale choice of the page left behind: no editor, no price, no 立即购买 in the dialog.
    expect(within(pay).queryByRole('radio')).not.toBeInTheDocument();

    held.release();
    expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).not.toHaveClass('pay-returning'));
  });

  it('back after 取消支付 (or a reload while paying), the pay dialog says the payment is unfinished and can open the pay app again', async () => {
    const { seen, deps } = handOffs();
    const before = await renderLoggedIn('/');
    const order = await placeOrder(PLAIN);
    const payment = await payOrder({ orderId: order.orderId, channelCode: 'alipay', client: 'h5', returnUrl: '/' });
    const cancelled = await submitH5Page(payment.h5Url!, 'cancel');
    expect(cancelled.headers.get('location')).toBe('/');
    before.close();

    const { user } = await renderApp('/', { deps: { ...deps, start: { paymentReturn: { orderId: order.orderId } } } });

    const pay = within(await payDialog());
    // It says the payment was left unfinished, not "pay in the app" nor "waiting" (the shopper left the app).
    expect(
      await pay.findByText('支付宝中的支付尚未完成，订单已为你保留：可以重新打开继续支付，或换一种方式支付。'),
    ).toBeInTheDocument();
    expect(pay.queryByText(/请在支付宝中完成支付/)).not.toBeInTheDocument();
    expect(pay.getByRole('status')).toHaveTextContent(/^待支付$/);
    await user.click(pay.getByRole('button', { name: '打开支付宝' }));
    await waitFor(() => expect(seen.map((h) => h.orderId)).toEqual([order.orderId]));
    // No second order: the same one is paid.
    backend.control.completePayment(order.orderId);
    expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
  });

  it('back logged out (the session ended meanwhile), the login dialog opens and the payment resumes after the login', async () => {
    const before = await renderLoggedIn('/');
    const order = await placeOrder(PLAIN);
    before.close();
    // The session ended while the shopper was in the pay app (another visit logged out, storage cleared).
    localStorage.clear();
    backend.control.completePayment(order.orderId);
    const { account } = before;

    const { user } = await renderApp('/', {
      deps: { ...fastDeps, start: { paymentReturn: { orderId: order.orderId } } },
    });
    const login = await screen.findByRole('dialog', { name: '登录' });
    await loginWithSms(user, login, account.telNum);

    expect(await screen.findByRole('dialog', { name: '支付成功' })).toBeInTheDocument();
  });
});

describe('takePaymentReturn', () => {
  const at = (href: string) => {
    const replaced: string[] = [];
    return {
      location: { href } as Location,
      history: {
        state: null,
        replaceState: (_s: unknown, _t: string, to: string) => replaced.push(to),
      } as unknown as History,
      replaced,
    };
  };

  it('takes the return URL’s order off the address bar', () => {
    const page = at(`http://shop.test/gameDetail/1?goods=2&${PAY_RETURN_PARAM}=XY123#top`);
    expect(takePaymentReturn(1, { ...page, storage: undefined })).toEqual({ orderId: 'XY123' });
    expect(page.replaced).toEqual(['/gameDetail/1?goods=2#top']);
  });

  it('ignores an order id that is not one, and resumes this tab’s hand-off only for its own account', () => {
    expect(
      takePaymentReturn(1, { ...at(`http://shop.test/?${PAY_RETURN_PARAM}=%3Cscript%3E`), storage: undefined }),
    ).toBeNull();
    rememberHandOff({ orderId: 'XY7', owner: 1 }, sessionStorage);
    expect(takePaymentReturn(1, { ...at('http://shop.test/'), storage: sessionStorage })).toEqual({ orderId: 'XY7' });
    // Another account restored in this tab: the hand-off is dropped, not offered to it.
    expect(takePaymentReturn(2, { ...at('http://shop.test/'), storage: sessionStorage })).toBeNull();
    expect(takePaymentReturn(1, { ...at('http://shop.test/'), storage: sessionStorage })).toBeNull();
  });
});

describe('the H5 page’s way back', () => {
  it('is a path of the store, never another site', () => {
    expect(h5ReturnPath('/gameDetail/1?payOrder=XY1')).toBe('/gameDetail/1?payOrder=XY1');
    expect(h5ReturnPath('/search?keyword=%E6%98%9F#results')).toBe('/search?keyword=%E6%98%9F#results');
    for (const hostile of [
      '//evil.test/x',
      'https://evil.test/',
      '/\\evil.test',
      'javascript:alert(1)',
      '',
      undefined,
    ]) {
      expect(h5ReturnPath(hostile)).toBe('/');
    }
  });

  // Found by probing the money path (docs/decisions/0019-money-path-trust-and-budget.md): `redirect_url=%2F%09%2Fevil.com%2Fx` answered 303 to `/\t/evil.com/x`, which a browser
  // follows to http://evil.com/x (it drops the tab). The query arrives decoded, so these are the decoded forms.
  it.each([
    ['a tab', '/\t/evil.com/x'],
    ['a newline', '/\n/evil.com/x'],
    ['a carriage return', '/\r/evil.com'],
    ['a NUL', '/\u0000/evil.com'],
    ['DEL', '/\u007f/evil.com'],
    ['a backslash after the slash', '/\\evil.com'],
    ['a backslash later on', '/a\\..\\..\\/evil.com'],
    ['two slashes', '//evil.com'],
    ['three slashes', '///evil.com'],
    ['a scheme-relative URL with a tab inside', '/\t\t/evil.com'],
    ['an absolute URL', 'https://evil.com/'],
    ['a scheme with a path', 'javascript:/alert(1)'],
    ['a leading space', ' /evil.com'],
  ])('refuses %s and sends the shopper home', (_, hostile) => {
    expect(h5ReturnPath(hostile)).toBe('/');
  });

  it.each([
    ['an encoded slash', '/%2F/evil.com/x', '/%2F/evil.com/x'],
    ['a double-encoded tab', '/%2509/evil.com', '/%2509/evil.com'],
    ['an encoded backslash', '/%5Cevil.com', '/%5Cevil.com'],
    ['dot segments', '/a/../../evil.com', '/evil.com'],
  ])('keeps %s inside the store (a path of this origin, as the browser reads it)', (_, raw, path) => {
    expect(h5ReturnPath(raw)).toBe(path);
    expect(new URL(h5ReturnPath(raw), 'https://shop.test').origin).toBe('https://shop.test');
  });
});
