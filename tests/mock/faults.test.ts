import { describe, expect, it } from 'vitest';
import { postSemBid } from '../../src/api/attribution';
import { clientState } from '../../src/api/client-state';
import { getBanners } from '../../src/api/games';
import { getGameDetail, gameDetail } from '../../src/api/game-detail';
import { createHttpClient, http } from '../../src/api/http';
import { getOrders } from '../../src/api/orders';
import { getQrCode, getQrStatus } from '../../src/api/user';
import { backend, failure, placeOrder, signUp } from './helpers';

const DETAIL = '/sgame/game/mall/gameDetail';

describe('each fault kind reaches the app as the right ApiError', () => {
  it('turns a network fault into kind network, "Network Error"', async () => {
    backend.control.setFault(DETAIL, { kind: 'network' });
    expect(await failure(getGameDetail(1))).toMatchObject({ kind: 'network', message: 'Network Error' });
  });

  it('turns a timeout fault into kind timeout once the client gives up', async () => {
    backend.control.setFault(DETAIL, { kind: 'timeout' });
    // msw cannot time out an intercepted XMLHttpRequest, so this client uses axios' fetch adapter, whose timer aborts the call.
    const client = createHttpClient({
      baseURL: new URL('/webapi', location.href).href,
      timeout: 40,
      appId: 'a',
      reqChannel: 'web',
      busiType: 'mall',
    });
    (await client.axios()).defaults.adapter = 'fetch';
    expect(await failure(client.call(gameDetail, { body: { gameId: 1 } }))).toMatchObject({
      kind: 'timeout',
      message: 'timeout of 40ms exceeded',
    });
  });

  it('turns an HTTP fault into kind http with its status', async () => {
    backend.control.setFault(DETAIL, { kind: 'http', status: 500 });
    expect(await failure(getGameDetail(1))).toMatchObject({
      kind: 'http',
      status: 500,
      message: 'Request failed with status code 500',
    });
  });

  it('answers a 502 fault with an HTML page, still kind http', async () => {
    backend.control.setFault(DETAIL, { kind: 'http', status: 502, html: true });
    const raw = await backend.handle({ method: 'POST', path: DETAIL, query: {}, headers: {}, body: { gameId: 1 } });
    expect(raw).toMatchObject({ status: 502, contentType: expect.stringContaining('text/html') });
    expect(raw.text).toContain('502 Bad Gateway');
    backend.control.setFault(DETAIL, { kind: 'http', status: 502, html: true });
    expect(await failure(getGameDetail(1))).toMatchObject({ kind: 'http', status: 502 });
  });

  it('turns a business fault into kind business with its code and message', async () => {
    backend.control.setFault(DETAIL, { kind: 'business', code: 'sys_50001', message: '服务维护中' });
    expect(await failure(getGameDetail(1))).toMatchObject({
      kind: 'business',
      code: 'sys_50001',
      message: '服务维护中',
    });
  });

  it('gives a business fault without a message a Chinese default', async () => {
    backend.control.setFault(DETAIL, { kind: 'business', code: 'sys_50001' });
    expect((await failure(getGameDetail(1))).message).toBe('系统繁忙，请稍后重试');
  });

  it.each(['auth_40001', 'auth_40002'] as const)('turns an auth fault %s into kind auth', async (code) => {
    backend.control.setFault(DETAIL, { kind: 'auth', code });
    expect(await failure(getGameDetail(1))).toMatchObject({ kind: 'auth', code });
  });

  it('uses auth_40001 when an auth fault names no code', async () => {
    backend.control.setFault(DETAIL, { kind: 'auth' });
    expect(await failure(getGameDetail(1))).toMatchObject({
      kind: 'auth',
      code: 'auth_40001',
      message: '登录信息已失效,请重新登录',
    });
  });

  it('turns malformed JSON into a contract error at the root', async () => {
    backend.control.setFault(DETAIL, { kind: 'malformed' });
    expect(await failure(getGameDetail(1))).toMatchObject({ kind: 'contract', issuePath: '(root)' });
  });

  it('turns retData of the wrong shape into a contract error inside retData', async () => {
    backend.control.setFault(DETAIL, { kind: 'schema' });
    const error = await failure(getGameDetail(1));
    expect(error.kind).toBe('contract');
    expect(error.issuePath).toMatch(/^retData/);
  });

  it('delays the real answer by the given time', async () => {
    backend.control.setFault(DETAIL, { kind: 'delay', ms: 20 });
    const raw = await backend.handle({ method: 'POST', path: DETAIL, query: {}, headers: {}, body: { gameId: 1 } });
    expect(raw.delayMs).toBe(20);
    expect(raw.body).toMatchObject({ success: true });
    backend.control.setFault(DETAIL, { kind: 'delay', ms: 20 });
    expect((await getGameDetail(1)).gameId).toBe(1);
  });

  it('lets list fetches fall back quietly, as the spec asks', async () => {
    backend.control.setFault('/sgame/mall/game/qryBanner', { kind: 'http', status: 503 });
    expect(await getBanners()).toEqual([]);
  });
});

describe('fault scope', () => {
  it('applies a fault a given number of times, then clears it', async () => {
    backend.control.setFault(DETAIL, { kind: 'network', times: 2 });
    expect((await failure(getGameDetail(1))).kind).toBe('network');
    expect(backend.control.listFaults()[DETAIL]).toMatchObject({ times: 1 });
    expect((await failure(getGameDetail(1))).kind).toBe('network');
    expect(backend.control.listFaults()).toEqual({});
    expect((await getGameDetail(1)).gameId).toBe(1);
  });

  it('applies * to every endpoint, and an endpoint fault wins over it', async () => {
    backend.control.setFault('*', { kind: 'business', code: 'sys_50300', message: '系统维护' });
    backend.control.setFault(DETAIL, { kind: 'network' });
    expect((await failure(getGameDetail(1))).kind).toBe('network');
    expect(await failure(getQrCode())).toMatchObject({ code: 'sys_50300' });
    backend.control.clearFaults();
    expect((await getQrCode()).expireSeconds).toBe(120);
  });

  it('matches a path template such as checkLogin/{id}', async () => {
    const qr = await getQrCode();
    backend.control.setFault('/u-nnpc/api/mall/checkLogin/{id}', { kind: 'http', status: 500, times: 1 });
    expect((await failure(getQrStatus(qr.qrId))).kind).toBe('http');
    expect((await getQrStatus(qr.qrId)).status).toBe('waiting');
  });

  it('accepts the path with the /webapi prefix', async () => {
    backend.control.setFault(`/webapi${DETAIL}`, { kind: 'network' });
    expect((await failure(getGameDetail(1))).kind).toBe('network');
  });

  it('leaves state untouched when a fault answers instead of the endpoint', async () => {
    await signUp();
    backend.control.setFault('/nnorder/unified/order/create', { kind: 'network', times: 1 });
    await failure(placeOrder());
    expect((await getOrders({})).total).toBe(0);
  });

  it('can be set over HTTP through the control endpoint', async () => {
    await (await http.axios()).post('/__mock/setFault', {
      path: DETAIL,
      fault: { kind: 'business', code: 'game_40404', message: '游戏不存在' },
    });
    expect(await failure(getGameDetail(1))).toMatchObject({ code: 'game_40404' });
    const listed = await (await http.axios()).post<{ retData: Record<string, unknown> }>('/__mock/listFaults', {});
    expect(Object.keys(listed.data.retData)).toEqual([DETAIL]);
  });

  it('is cleared by reset', async () => {
    backend.control.setFault(DETAIL, { kind: 'network' });
    backend.control.reset();
    expect((await getGameDetail(1)).gameId).toBe(1);
  });
});

describe('what the backend records for tests', () => {
  it('remembers the headers of the last request to a path: token, registerCanal and adan', async () => {
    const user = await signUp();
    clientState.set({ channel: 'baidu_sem', adan: 'bid_9' });
    await getGameDetail(3);
    const headers = backend.control.lastRequestHeaders(DETAIL);
    expect(headers).toMatchObject({
      token: user.token,
      registercanal: 'baidu_sem',
      adan: 'bid_9',
      appid: 'nn_mall_web',
    });
  });

  it('records bid requests and answers a bId', async () => {
    const body = { bhSemReq: 'kw=游戏', appId: 'nn_mall_web', channel: 'baidu_sem' };
    expect(await postSemBid(body)).toEqual({ bId: 'bid_1' });
    expect(await postSemBid(body)).toEqual({ bId: 'bid_2' });
    expect(backend.control.bidRequests()).toEqual([
      { ...body, platform: 3, semPageType: 1, semType: 4 },
      { ...body, platform: 3, semPageType: 1, semType: 4 },
    ]);
  });
});
