import { http as mswHttp, HttpResponse, delay } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { SESSION_MESSAGES } from '../../machines/session-messages';
import { clientState } from '../../src/api/client-state';
import { ApiError, userMessage, type ApiErrorInit } from '../../src/api/errors';
import { getBanners, getHotSearch, getLabels, getPlates } from '../../src/api/games';
import { getGameDetail } from '../../src/api/game-detail';
import { getStorage } from '../../src/api/goods';
import { getNotices } from '../../src/api/assist';
import { getDictItems } from '../../src/api/dictionary';
import { http } from '../../src/api/http';
import { toApiError } from '../../src/api/transport';
import { qryBanner } from '../../src/api/games';
import { getHello, postCheckTokenGetUserInfo, postCheckTokenLogin, postLogout } from '../../src/api/user';
import { AxiosError } from 'axios';
import { testServer } from '../support/server';

const BASE = '/webapi';
const ok = (retData: unknown) => HttpResponse.json({ success: true, retCode: '0', retMsg: 'ok', retData });
const fail = (retCode: string, retMsg: string) => HttpResponse.json({ success: false, retCode, retMsg, retData: null });

function captureHeaders(path: string) {
  const seen: Headers[] = [];
  testServer.use(
    mswHttp.all(`${BASE}${path}`, ({ request }) => {
      seen.push(request.headers);
      return ok([]);
    }),
  );
  return seen;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the HTTP client', () => {
  it('sends every call to /webapi with a 50 s timeout', async () => {
    expect((await http.axios()).defaults.baseURL).toBe('/webapi');
    expect((await http.axios()).defaults.timeout).toBe(50000);
  });

  it('sends the fixed headers reqChannel, Content-Type, appId and busiType on every call', async () => {
    const seen = captureHeaders('/sgame/mall/game/qryBanner');
    await getBanners();
    const headers = seen[0]!;
    expect(headers.get('reqChannel')).toBe('web');
    expect(headers.get('Content-Type')).toContain('application/json');
    expect(headers.get('appId')).toBe('nn_mall_web');
    expect(headers.get('busiType')).toBe('mall');
  });

  it('adds token, registerCanal and adan only once they are known', async () => {
    const seen = captureHeaders('/sgame/mall/game/qryBanner');
    await getBanners();
    expect(seen[0]!.has('token')).toBe(false);
    expect(seen[0]!.has('registerCanal')).toBe(false);
    expect(seen[0]!.has('adan')).toBe(false);

    clientState.set({ token: 'tok-1', channel: 'baidu_sem', adan: 'bid_7' });
    await getBanners();
    expect(seen[1]!.get('token')).toBe('tok-1');
    expect(seen[1]!.get('registerCanal')).toBe('baidu_sem');
    expect(seen[1]!.get('adan')).toBe('bid_7');
  });

  it('posts the banner site as JSON and parses the answer', async () => {
    let body: unknown;
    testServer.use(
      mswHttp.post(`${BASE}/sgame/mall/game/qryBanner`, async ({ request }) => {
        body = await request.json();
        return ok([
          {
            bannerId: 1,
            title: '新春特惠',
            subtitle: '全场低至 3 折',
            image: '/x.svg',
            link: '/coupon',
            bannerSite: 1,
          },
        ]);
      }),
    );
    const banners = await getBanners();
    expect(body).toEqual({ bannerSite: 1 });
    expect(banners[0]?.title).toBe('新春特惠');
  });

  it('uses the XSRF-TOKEN cookie and the X-XSRF-TOKEN header', async () => {
    expect((await http.axios()).defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect((await http.axios()).defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  });

  it('sends the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    onTestFinished(() => {
      document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    });
    const seen = captureHeaders('/sgame/mall/game/qryBanner');
    await getBanners();
    expect(seen[0]!.get('X-XSRF-TOKEN')).toBe('abc');
  });
});

describe('failures become one ApiError with a kind and the spec text', () => {
  it('reports a network failure as "Network Error"', async () => {
    testServer.use(mswHttp.post(`${BASE}/sgame/game/mall/gameDetail`, () => HttpResponse.error()));
    const error = await caught(getGameDetail(1));
    expect(error).toMatchObject({ kind: 'network', message: 'Network Error' });
  });

  it('reports an HTTP status as "Request failed with status code N", HTML bodies included', async () => {
    testServer.use(
      mswHttp.post(
        `${BASE}/sgame/game/mall/gameDetail`,
        () =>
          new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    const error = await caught(getGameDetail(1));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'Request failed with status code 502' });
  });

  it('words the default timeout as the spec does: timeout of 50000ms exceeded', () => {
    const axiosTimeout = new AxiosError('timeout of 50000ms exceeded', AxiosError.ECONNABORTED, {
      timeout: 50000,
    } as never);
    expect(toApiError(axiosTimeout, '/x', 50000)).toMatchObject({
      kind: 'timeout',
      message: 'timeout of 50000ms exceeded',
    });
  });

  it('reports a cancelled call as "Request aborted" and does not fall back', async () => {
    testServer.use(
      mswHttp.post(`${BASE}/sgame/mall/game/qryBanner`, async () => {
        await delay('infinite');
        return ok([]);
      }),
    );
    const controller = new AbortController();
    const pending = caught(getBanners(1, { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted', message: 'Request aborted' });
  });

  it('reports success:false as a business error carrying the server retMsg and code', async () => {
    testServer.use(mswHttp.post(`${BASE}/sgame/game/mall/gameDetail`, () => fail('game_40404', '游戏不存在')));
    const error = await caught(getGameDetail(999));
    expect(error).toMatchObject({ kind: 'business', code: 'game_40404', message: '游戏不存在' });
    expect(userMessage(error)).toBe('游戏不存在');
  });

  it('reports a body that fails its schema as a contract error naming the endpoint and the issue path', async () => {
    testServer.use(mswHttp.post(`${BASE}/sgame/game/mall/gameDetail`, () => ok({ gameId: 'one', name: 42 })));
    const error = await caught(getGameDetail(1));
    expect(error.kind).toBe('contract');
    expect(error.endpoint).toBe('/sgame/game/mall/gameDetail');
    expect(error.issuePath).toMatch(/^retData\./);
    expect(error.message).toContain('/sgame/game/mall/gameDetail');
  });

  it('reports malformed JSON as a contract error, not a crash', async () => {
    testServer.use(
      mswHttp.post(
        `${BASE}/sgame/game/mall/gameDetail`,
        () => new HttpResponse('{"success": tru', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const error = await caught(getGameDetail(1));
    expect(error.kind).toBe('contract');
    expect(error.issuePath).toBe('(root)');
  });

  it("gives shoppers Chinese text ending with a short support code, never the transport's English words", () => {
    const text = (init: Omit<ApiErrorInit, 'endpoint'>) => userMessage(new ApiError({ ...init, endpoint: '/x' }));
    expect(text({ kind: 'network', message: 'Network Error' })).toBe('网络连接失败，请检查网络后重试（错误码 NET）');
    expect(text({ kind: 'timeout', message: 'timeout of 50000ms exceeded' })).toBe(
      '请求超时，请稍后重试（错误码 TIME）',
    );
    expect(text({ kind: 'aborted', message: 'Request aborted' })).toBe('请求已取消（错误码 ABORT）');
    expect(text({ kind: 'http', message: 'Request failed with status code 500', status: 500 })).toBe(
      '服务暂时不可用，请稍后重试（错误码 HTTP500）',
    );
    expect(text({ kind: 'contract', message: 'retData.0.price' })).toBe(
      '服务返回的数据异常，请稍后重试（错误码 DATA）',
    );
    expect(text({ kind: 'business', message: '验证码错误', code: 'sms_40001' })).toBe('验证码错误');
    expect(userMessage(new Error('boom'))).toBe('出了点问题，请稍后重试（错误码 APP）');
  });
});

describe('auth codes', () => {
  it.each(['auth_40001', 'auth_40002'])('raises one auth-expired event for %s from any call', async (code) => {
    testServer.use(mswHttp.get(`${BASE}/u-nnpc/hello`, () => fail(code, 'token失效')));
    const listener = vi.fn();
    const unsubscribe = clientState.onAuthExpired(listener);
    const error = await caught(getHello());
    unsubscribe();
    expect(error).toMatchObject({ kind: 'auth', code });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toBe(error);
  });

  it('says the session has expired, in the words of the session prompt, when an auth answer carries no message', async () => {
    testServer.use(mswHttp.get(`${BASE}/u-nnpc/hello`, () => fail('auth_40001', '')));
    const error = await caught(getHello());
    expect(error).toMatchObject({ kind: 'auth', message: SESSION_MESSAGES.expired });
  });

  it('raises the event even for a list fetch that quietly falls back to []', async () => {
    testServer.use(mswHttp.post(`${BASE}/sgame/mall/game/qryPlate`, () => fail('auth_40001', 'token失效')));
    const listener = vi.fn();
    const unsubscribe = clientState.onAuthExpired(listener);
    expect(await getPlates()).toEqual([]);
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
  });
  it('ignores an auth failure answering a call made under a token that has since been replaced', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    testServer.use(
      mswHttp.get(`${BASE}/u-nnpc/hello`, async () => {
        await answered;
        return fail('auth_40001', 'token失效');
      }),
    );
    const listener = vi.fn();
    const unsubscribe = clientState.onAuthExpired(listener);
    clientState.set({ token: 'old-session' });
    try {
      const pending = caught(getHello());
      // The user logs out and in again while the old call is in flight.
      clientState.set({ token: 'new-session' });
      answer();
      expect(await pending).toMatchObject({ kind: 'auth', code: 'auth_40001' });
      expect(listener).not.toHaveBeenCalled();

      // A call made under the new token that fails the same way does end the session.
      await caught(getHello());
      expect(listener).toHaveBeenCalledTimes(1);
    } finally {
      unsubscribe();
      clientState.reset();
    }
  });
});

describe("the spec's answer rules", () => {
  const failures = {
    'a network error': () => HttpResponse.error(),
    'HTTP 500': () => new HttpResponse(null, { status: 500 }),
    'success:false': () => fail('sys_50000', '系统繁忙'),
    'a schema violation': () => ok({ not: 'a list' }),
  };

  for (const [name, respond] of Object.entries(failures)) {
    it(`list fetches quietly return [] on ${name}`, async () => {
      testServer.use(
        mswHttp.post(`${BASE}/sgame/mall/game/qryBanner`, respond),
        mswHttp.post(`${BASE}/sgame/mall/game/qryPlate`, respond),
        mswHttp.post(`${BASE}/sgame/mall/game/qryLabel`, respond),
        mswHttp.post(`${BASE}/sgame/mall/game/hotSearch`, respond),
        mswHttp.get(`${BASE}/nn-assist/mall/notice/list`, respond),
        mswHttp.get(`${BASE}/common/comm/dict/getDictItems/:key`, respond),
      );
      expect(await getBanners()).toEqual([]);
      expect(await getPlates()).toEqual([]);
      expect(await getLabels()).toEqual([]);
      expect((await getHotSearch()).gameList).toEqual([]);
      expect(await getNotices()).toEqual([]);
      expect(await getDictItems('mall-app-download-url')).toEqual([]);
    });

    it(`the stock check fails on ${name}, leaving "counts as available" to the pay gate`, async () => {
      // The pay gate (machines/pay-gate.machine.ts) owns the rule; a fallback here would decide it twice.
      testServer.use(mswHttp.post(`${BASE}/goods/mall/storage/checkStorage`, respond));
      await expect(getStorage({ goodsId: 1 })).rejects.toBeInstanceOf(ApiError);
    });
  }

  it('the stock check sends buyNum 1 by default', async () => {
    let body: unknown;
    testServer.use(
      mswHttp.post(`${BASE}/goods/mall/storage/checkStorage`, async ({ request }) => {
        body = await request.json();
        return ok(false);
      }),
    );
    expect(await getStorage({ goodsId: 7 })).toBe(false);
    expect(body).toEqual({ buyNum: 1, goodsId: 7 });
  });

  it.each([
    [
      'token exchange',
      '/u-nnpc/api/mall/user/checkTokenGetUserInfo',
      () => postCheckTokenGetUserInfo({ appId: 'a', token: 't' }),
    ],
    ['token login', '/u-nnpc/api/mall/checkTokenLogin', () => postCheckTokenLogin({ appId: 'a', token: 't' })],
    ['logout', '/u-nnpc/api/mall/logout', () => postLogout('t')],
  ])('%s failures surface the server retMsg', async (_name, path, run) => {
    testServer.use(mswHttp.post(`${BASE}${path}`, () => fail('user_50001', '令牌已失效，请重新获取')));
    const error = await caught(run());
    expect(error.message).toBe('令牌已失效，请重新获取');
    expect(userMessage(error)).toBe('令牌已失效，请重新获取');
  });

  it('numbers notices sequentially from 1', async () => {
    testServer.use(
      mswHttp.get(`${BASE}/nn-assist/mall/notice/list`, () =>
        ok([
          { title: '维护公告', content: '<p>a</p>', publishTime: 1, top: true },
          { title: '新品上架', content: '<p>b</p>', publishTime: 2, top: false },
        ]),
      ),
    );
    expect((await getNotices()).map((n) => [n.id, n.title])).toEqual([
      [1, '维护公告'],
      [2, '新品上架'],
    ]);
  });

  it('defines the banner endpoint as the spec names it', () => {
    expect(qryBanner).toMatchObject({ method: 'POST', path: '/sgame/mall/game/qryBanner' });
  });
});
