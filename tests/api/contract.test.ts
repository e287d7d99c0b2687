/**
 * Every endpoint the app defines, called with a sensible request against the
 * simulated backend, answers an envelope whose retData parses with that
 * endpoint's own schema. The list comes from `registeredEndpoints()`, so an
 * endpoint added to src/api without a sample here fails this file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredEndpoints } from '../../src/api/endpoints';
import { parseAnswer } from '../../src/api/http';
import type { EndpointDef } from '../../src/api/http';
import { createBackend, idCardCheckChar } from '../../src/mock/backend';
import type { Backend, MockResponse } from '../../src/mock/backend';
import { ACTIVITY_ID, createSeed } from '../../src/mock/seed';

interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** send the fixture user's token (true) or this token */
  token?: boolean | string;
}

interface Fixture {
  backend: Backend;
  token: string;
  phone: string;
  /** a delivered order of the fixture user (has a gift) */
  orderId: string;
  autoLoginToken: string;
}

const seed = createSeed(Date.now());
const cdkGoods = seed.goods.find((g) => g.deliveryType === 'cdk' && g.hasGift && g.stock > 50)!;
const plainGoods = seed.goods.find((g) => g.deliveryType === 'cdk' && !g.hasGift && g.stock > 50)!;
const pkg = seed.packages[0]!;
const article = seed.articles[0]!;
const competitorGameId = Number(Object.keys(seed.competitorPrices)[0]);
const validIdCard = (() => {
  const first17 = '11010519491231002';
  return first17 + idCardCheckChar(first17);
})();

let phoneSeq = 0;
const freshPhone = () => `1370000${String((phoneSeq += 1)).padStart(4, '0')}`;

async function call(
  backend: Backend,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  query: Record<string, string> = {},
) {
  return backend.handle({ method, path, query, headers: token ? { token } : {}, body });
}

function retData(answer: MockResponse): Record<string, unknown> {
  const body = answer.body as { success: boolean; retData: Record<string, unknown>; retMsg: string };
  if (!body?.success) throw new Error(`Fixture call failed: ${JSON.stringify(answer.body)}`);
  return body.retData;
}

/** A new account with its own session, for samples that change the user. */
async function signUp(backend: Backend): Promise<string> {
  const phone = freshPhone();
  retData(await call(backend, 'POST', '/u-nnpc/api/v3/userSms/sendSms', { phone }));
  return String(
    retData(await call(backend, 'POST', '/u-nnpc/api/mall/phoneRegister', { phone, code: '123456' })).token,
  );
}

async function newOrder(f: Fixture, token = f.token, goodsId = plainGoods.goodsId): Promise<string> {
  const order = retData(
    await call(
      f.backend,
      'POST',
      '/nnorder/unified/order/create',
      { goodsId, buyNum: 1, requestId: `req-${Math.random()}` },
      token,
    ),
  );
  return String(order.orderId);
}

const samples: Record<string, (f: Fixture) => Promise<Sample> | Sample> = {
  'games.qryBanner': () => ({ body: { bannerSite: 1 } }),
  'games.hotSearch': () => ({ body: {} }),
  'games.recommend': () => ({ body: { gameId: 1, size: 6 } }),
  'games.search': () => ({ body: { keyword: '', sort: 'sales', pageNum: 1, pageSize: 20 } }),
  'games.recentGameSearch': () => ({ body: {}, token: true }),
  'games.rank': () => ({ body: {} }),
  'games.qryPlate': () => ({ body: {} }),
  'games.qryLabel': () => ({ body: {} }),
  'games.combSearch': () => ({ body: { keyword: seed.games[0]!.name.slice(0, 2) } }),
  'games.gameDetail': () => ({ body: { gameId: 1 } }),
  'games.gameConfig': () => ({ body: { gameId: 1 } }),
  'games.evaluationPage': () => ({ body: { gameId: 1, pageNum: 1, pageSize: 10 } }),

  'goods.findRecentSell': () => ({}),
  'goods.checkStorage': () => ({ body: { goodsId: plainGoods.goodsId, buyNum: 1 } }),
  'goods.gameDetail': () => ({ body: { gameId: 1 } }),
  'price-history.get': () => ({ body: { goodsId: 1 } }),
  'goods.combSearch': () => ({ body: { keyword: plainGoods.gameName.slice(0, 2) } }),
  'goods.hotSearch': () => ({ body: {} }),
  'goods.rank': () => ({ body: {} }),
  'goods.recentGameSearch': () => ({ body: {}, token: true }),
  'goods.recommend': () => ({ body: { gameId: 1 } }),
  'goods.search': () => ({ body: { keyword: '', pageNum: 1, pageSize: 20 } }),
  'goods.evaluationPage': () => ({ body: { goodsId: 1, pageNum: 1, pageSize: 10 } }),
  'goods.activityGamePage': () => ({ body: { activityId: ACTIVITY_ID, pageNum: 1, pageSize: 12 } }),
  'goods.activityTopGame': () => ({ body: { activityId: ACTIVITY_ID } }),
  'goods.matchCoupon': () => ({ body: { goodsId: plainGoods.goodsId, buyNum: 1 }, token: true }),

  'assist.noticeList': () => ({}),
  'assist.articleSearch': () => ({ query: { keyword: article.title.slice(0, 2) } }),
  'assist.classifyList': () => ({}),
  'assist.classifyArticles': () => ({ query: { classifyId: String(article.classifyId) } }),

  'dictionary.getDictItems': () => ({ params: { key: 'mall-app-download-url' } }),
  'dictionary.getDictText': () => ({ params: { key: 'mall_qq_qrcode', item: 'QQ_code' } }),

  'user.sendSms': () => ({ body: { phone: freshPhone() } }),
  'user.captchaStatus': (f) => ({ body: { phone: f.phone } }),
  'user.registerLogin': async (f) => {
    f.backend.control.advanceClock(61_000);
    retData(await call(f.backend, 'POST', '/u-nnpc/api/v3/userSms/sendSms', { phone: f.phone }));
    return { body: { phone: f.phone, code: '123456' } };
  },
  'user.phoneRegister': async (f) => {
    const phone = freshPhone();
    retData(await call(f.backend, 'POST', '/u-nnpc/api/v3/userSms/sendSms', { phone }));
    return { body: { phone, code: '123456' } };
  },
  'user.logout': async (f) => {
    const token = await signUp(f.backend);
    return { body: { token }, token };
  },
  'user.loginBySessionCode': async (f) => {
    const { qrId } = retData(await call(f.backend, 'GET', '/u-nnpc/api/mall/getWxMpQrcode'));
    f.backend.control.markQrScanned(String(qrId));
    const { sessionCode } = retData(await call(f.backend, 'GET', `/u-nnpc/api/mall/checkLogin/${String(qrId)}`));
    return { body: { sessionCode } };
  },
  'user.getWxMpQrcode': () => ({}),
  'user.checkLogin': async (f) => {
    const { qrId } = retData(await call(f.backend, 'GET', '/u-nnpc/api/mall/getWxMpQrcode'));
    return { params: { id: String(qrId) } };
  },
  'user.realNameDoAuth': async (f) => ({
    body: { realName: '王小明', idCardNo: validIdCard },
    token: await signUp(f.backend),
  }),
  'user.realNameGetAuth': () => ({ body: {}, token: true }),
  'user.realNameConfig': () => ({ body: {} }),
  'user.openBindInfo': () => ({ body: {}, token: true }),
  'user.checkTokenGetUserInfo': (f) => ({ body: { appId: 'nn_mall_web', token: f.autoLoginToken } }),
  'user.checkTokenLogin': (f) => ({ body: { appId: 'nn_mall_web', token: f.autoLoginToken } }),
  'user.loginAutoByToken': (f) => ({ body: { appId: 'nn_mall_web', token: f.autoLoginToken } }),
  'user.hello': () => ({ token: true }),
  'user.homePopup': () => ({}),
  'user.validaList': () => ({ body: { gameId: competitorGameId } }),
  'user.snakeNewYear': () => ({}),

  'orders.list': () => ({ body: { pageNum: 1, pageSize: 10 }, token: true }),
  'orders.detail': (f) => ({ query: { id: f.orderId }, token: true }),
  'orders.sendSms': (f) => ({ body: { orderId: f.orderId }, token: true }),
  'orders.boheAccount': (f) => ({ query: { orderId: f.orderId }, token: true }),
  'orders.status': (f) => ({ query: { orderId: f.orderId }, token: true }),
  'orders.quickRefund': async (f) => {
    const orderId = await newOrder(f);
    f.backend.control.completePayment(orderId);
    return { body: { orderId, reason: '不想要了' }, token: true };
  },
  'orders.packageQueryV2': () => ({ body: { goodsIds: [pkg.goodsIds[0]] } }),
  'orders.payChannels': () => ({ body: { amount: 4080 } }),
  'orders.combineCreate': () => ({
    body: {
      items: pkg.goodsIds.map((goodsId) => ({ goodsId, buyNum: 1 })),
      packageId: pkg.packageId,
      requestId: 'combine-1',
    },
    token: true,
  }),
  'orders.create': () => ({ body: { goodsId: plainGoods.goodsId, buyNum: 1, requestId: 'create-1' }, token: true }),
  'orders.pay': async (f) => ({ body: { orderId: await newOrder(f), channelCode: 'alipay' }, token: true }),
  'orders.giftCdkReceive': (f) => ({ body: { orderId: f.orderId }, token: true }),

  'coupons.mine': () => ({ body: {}, token: true }),
  'coupons.offers': () => ({ token: true }),
  'coupons.receive': () => ({ body: { templateId: 4 }, token: true }),

  'wishlist.list': (f) => ({ body: { userId: userIdOf(f.token) }, token: true }),
  'wishlist.add': (f) => ({ body: { userId: userIdOf(f.token), gameId: 1, addedPrice: 100, addedAt: 1 }, token: true }),
  'wishlist.remove': (f) => ({ body: { userId: userIdOf(f.token), gameId: 1 }, token: true }),
  'wishlist.merge': (f) => ({
    body: { userId: userIdOf(f.token), entries: [{ gameId: 2, addedPrice: 100, addedAt: 1 }] },
    token: true,
  }),

  'cart.list': (f) => ({ body: { userId: userIdOf(f.token) }, token: true }),
  'cart.set': (f) => ({ body: { userId: userIdOf(f.token), goodsId: plainGoods.goodsId, buyNum: 1 }, token: true }),
  'cart.remove': (f) => ({ body: { userId: userIdOf(f.token), goodsIds: [plainGoods.goodsId] }, token: true }),
  'cart.merge': (f) => ({
    body: {
      userId: userIdOf(f.token),
      entries: [{ goodsId: plainGoods.goodsId, buyNum: 1, addedPrice: 100, addedAt: 1 }],
    },
    token: true,
  }),

  'attribution.bid': () => ({
    body: {
      bhSemReq: 'kw=%E6%B8%B8%E6%88%8F',
      appId: 'nn_mall_web',
      channel: 'baidu_sem',
      platform: 3,
      semPageType: 1,
      semType: 4,
    },
  }),
};

const fixture = {} as Fixture;

/** The account a session token of the simulated backend speaks for (`tk_<userId>_…`), which the wishlist's and the cart's calls name. */
const userIdOf = (token: string) => Number(token.split('_')[1]);

beforeAll(async () => {
  const backend = createBackend({ latencyMs: 0 });
  const phone = freshPhone();
  retData(await call(backend, 'POST', '/u-nnpc/api/v3/userSms/sendSms', { phone }));
  const token = String(
    retData(await call(backend, 'POST', '/u-nnpc/api/mall/phoneRegister', { phone, code: '123456' })).token,
  );
  retData(
    await call(
      backend,
      'POST',
      '/u-nnpc/api/mall1/realName/doAuth',
      { realName: '李四', idCardNo: validIdCard },
      token,
    ),
  );
  retData(await call(backend, 'GET', '/u-nnpc/mall/activity/home/popup', undefined, token));
  retData(await call(backend, 'POST', '/sgame/mall/game/search', { keyword: seed.games[0]!.name }, token));
  Object.assign(fixture, { backend, token, phone, autoLoginToken: backend.control.issueAutoLoginToken(phone) });
  fixture.orderId = await newOrder(fixture, token, cdkGoods.goodsId);
  backend.control.completePayment(fixture.orderId);
});

function pathOf(def: EndpointDef, params: Sample['params']): string {
  return def.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

describe('the simulated backend honours the API contract', () => {
  it('has a sample request for every registered endpoint', () => {
    const missing = registeredEndpoints()
      .map((def) => def.id)
      .filter((id) => !(id in samples));
    expect(missing).toEqual([]);
  });

  it('has no sample for an endpoint that does not exist', () => {
    const ids = new Set(registeredEndpoints().map((def) => def.id));
    expect(Object.keys(samples).filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(registeredEndpoints().map((def) => [def.id, def] as const))(
    '%s answers a success envelope that parses with its schema',
    async (id, def) => {
      const make = samples[id];
      expect(make, `no sample request for ${id}`).toBeDefined();
      const sample = await make!(fixture);
      const token = sample.token === true ? fixture.token : sample.token || undefined;
      const answer = await fixture.backend.handle({
        method: def.method,
        path: pathOf(def, sample.params),
        query: sample.query ?? {},
        headers: token ? { token, 'content-type': 'application/json' } : { 'content-type': 'application/json' },
        body: def.method === 'POST' ? (sample.body ?? {}) : undefined,
      });
      expect(answer.status).toBe(200);
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });
      expect(() => parseAnswer(def, answer.body)).not.toThrow();
    },
  );
});
