import { describe, expect, it } from 'vitest';
import { registeredEndpoints } from '../../src/api/endpoints';
import { http } from '../../src/api/http';
import { getOrderStatus } from '../../src/api/orders';
import { getRealNameConfig } from '../../src/api/user';
import { createBackend } from '../../src/mock/backend';
import { backend, placeOrder, signUp } from './helpers';

const request = (method: string, path: string, body?: unknown) =>
  backend.handle({ method, path, query: {}, headers: {}, body });

describe('the routes of the simulated backend', () => {
  it('has a handler for every endpoint registered in src/api, with the same method and path', () => {
    const routes = new Set(
      createBackend()
        .routes()
        .map((r) => `${r.method} ${r.path}`),
    );
    const missing = registeredEndpoints()
      .map((def) => `${def.method} ${def.path}`)
      .filter((key) => !routes.has(key));
    expect(missing).toEqual([]);
  });

  it('answers no route twice', () => {
    const keys = createBackend()
      .routes()
      .map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('answers an unknown path with a 404 JSON body', async () => {
    const answer = await request('POST', '/no/such/endpoint', {});
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, retCode: '404' });
  });

  it('answers a known path with the wrong method with 405', async () => {
    expect((await request('GET', '/sgame/mall/game/qryBanner')).status).toBe(405);
  });

  it('answers every success in the envelope with retCode 0', async () => {
    const answer = await request('POST', '/sgame/mall/game/qryBanner', { bannerSite: 1 });
    expect(answer).toMatchObject({ status: 200, body: { success: true, retCode: '0' } });
  });

  it('tolerates a body that is not JSON', async () => {
    const answer = await request('POST', '/sgame/mall/game/qryBanner', 'not json');
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
  });

  it('adds no delay when latency is 0 and a random one within the range otherwise', async () => {
    expect((await request('GET', '/u-nnpc/hello')).delayMs).toBeUndefined();
    const slow = createBackend({ latencyMs: { min: 80, max: 250 }, random: () => 0.5 });
    const answer = await slow.handle({
      method: 'GET',
      path: '/nn-assist/mall/notice/list',
      query: {},
      headers: {},
      body: undefined,
    });
    expect(answer.delayMs).toBe(165);
  });
});

describe('static files', () => {
  it('serves generated images as SVG and 404 for unknown kinds', async () => {
    const image = await (await http.axios()).get<string>('/static/img/cover/1.svg', { responseType: 'text' });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.data).toContain('<svg');
    expect((await request('GET', '/static/img/nothing/1.svg')).status).toBe(404);
  });

  it('serves the pay channel icons', async () => {
    for (const channel of ['wechat', 'alipay']) {
      expect(await request('GET', `/static/img/pay/${channel}.svg`)).toMatchObject({
        status: 200,
        contentType: 'image/svg+xml',
      });
    }
  });

  it('serves downloads as a small text file', async () => {
    const file = await request('GET', '/static/download/xingyou-mall-android.apk');
    expect(file.status).toBe(200);
    expect(file.text).toContain('xingyou-mall-android.apk');
    expect(file.headers?.['content-disposition']).toContain('attachment');
  });

  it('answers 404 for the QR code of an unknown login or order', async () => {
    expect((await request('GET', '/static/qr/nothing.svg')).status).toBe(404);
    expect((await request('GET', '/static/qr/pay-XY0.svg')).status).toBe(404);
  });
});

describe('control over HTTP', () => {
  it('runs a control command posted to /__mock/<name> and answers its result in the envelope', async () => {
    await signUp();
    const order = await placeOrder();
    const answer = await (await http.axios()).post('/__mock/completePayment', { orderId: order.orderId });
    expect(answer.data).toEqual({ success: true, retCode: '0', retMsg: '成功', retData: 'delivered' });
    expect((await getOrderStatus(order.orderId)).status).toBe('delivered');
  });

  it('changes the real-name configuration and reports the state', async () => {
    await (await http.axios()).post('/__mock/setRealNameConfig', { enable: false, sceneType: 0 });
    expect(await getRealNameConfig()).toEqual({ enable: false, sceneType: 0 });
    const state = await (await http.axios()).post<{ retData: { realNameConfig: unknown } }>('/__mock/state', {});
    expect(state.data.retData.realNameConfig).toEqual({ enable: false, sceneType: 0 });
  });

  it('answers a failed command with 400 and an unknown one with 404', async () => {
    expect(await request('POST', '/__mock/completePayment', { orderId: 'missing' })).toMatchObject({
      status: 400,
      body: { success: false, retMsg: expect.stringContaining('missing') },
    });
    expect((await request('POST', '/__mock/doMagic', {})).status).toBe(404);
  });

  it('moves the clock forward with advanceClock', async () => {
    const before = backend.control.now();
    const answer = await request('POST', '/__mock/advanceClock', { ms: 60_000 });
    expect((answer.body as { retData: number }).retData - before).toBeGreaterThanOrEqual(60_000);
  });

  it('resets users, orders and the clock', async () => {
    await signUp();
    await placeOrder();
    backend.control.advanceClock(10_000);
    backend.control.setAutoPay(5_000);
    await request('POST', '/__mock/reset', {});
    const state = backend.control.state();
    // Back to how the backend was made: the tests' has no automatic payment (tests/support/server.ts).
    expect(state).toMatchObject({ users: [], orders: [], sessions: 0, clockOffsetMs: 0, autoPayMs: 0 });
  });
});
