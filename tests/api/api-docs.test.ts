// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiDocs } from '../../scripts/lib/api-docs';
import { registeredEndpoints } from '../../src/api/endpoints';

const SPEC_PATHS = [
  '/sgame/mall/game/qryBanner',
  '/sgame/mall/game/hotSearch',
  '/sgame/mall/game/recommend',
  '/sgame/mall/game/search',
  '/sgame/mall/game/recentGameSearch',
  '/sgame/mall/game/rank',
  '/sgame/mall/game/qryPlate',
  '/sgame/mall/game/qryLabel',
  '/sgame/mall/game/combSearch',
  '/sgame/game/mall/gameDetail',
  '/sgame/mall/game/gameConfig',
  '/sgame/mall/goods/evaluationPage',
  '/goods/goods/findRecentSell',
  '/goods/mall/storage/checkStorage',
  '/goods/mall/goods/gameDetail',
  '/goods/mall/goods/combSearch',
  '/goods/mall/goods/hotSearch',
  '/goods/mall/goods/rank',
  '/goods/mall/goods/recentGameSearch',
  '/goods/mall/goods/recommend',
  '/goods/mall/goods/search',
  '/goods/mall/goods/evaluationPage',
  '/goods/mall/goods/activityGamePage',
  '/goods/mall/goods/activityTopGame',
  '/goods/mall/activity/goods/matchCoupon',
  '/nn-assist/mall/notice/list',
  '/nn-assist/article/mall/search',
  '/nn-assist/classify/mall/list',
  '/nn-assist/classify/mall/article',
  '/common/comm/dict/getDictItems/{key}',
  '/common/comm/dict/getDictText/{key}/{item}',
  '/u-nnpc/api/v3/userSms/sendSms',
  '/u-nnpc/api/v3/captcha/common/findStatus',
  '/u-nnpc/api/mall/registerLogin',
  '/u-nnpc/api/mall/phoneRegister',
  '/u-nnpc/api/mall/logout',
  '/u-nnpc/api/mall/loginBySessionCode',
  '/u-nnpc/api/mall/getWxMpQrcode',
  '/u-nnpc/api/mall/checkLogin/{id}',
  '/u-nnpc/api/mall1/realName/doAuth',
  '/u-nnpc/api/mall1/realName/getAuth',
  '/u-nnpc/api/mall/realName/global/config',
  '/u-nnpc/getOpenBindInfo',
  '/u-nnpc/api/mall/user/checkTokenGetUserInfo',
  '/u-nnpc/api/mall/checkTokenLogin',
  '/u-nnpc/api/mall/loginAutoByToken',
  '/u-nnpc/hello',
  '/u-nnpc/mall/activity/home/popup',
  '/u-nnpc/mall/activity/competitor/validaList',
  '/u-nnpc/mall/activity/snake/newyear',
  '/nnorder/mall/unified/order/list',
  '/nnorder/mall/unified/order/detail',
  '/nnorder/mall/unified/order/sendSms',
  '/nnorder/mall/unified/order/boheAccount',
  '/nnorder/mall/unified/order/status',
  '/nnorder/unified/mall/quick/refund',
  '/nn-activity/client/matching/package/queryV2',
  '/nnorder/api/order/channel/bohe/findAvailablePayChannels',
  '/nnorder/combine/order/create',
  '/nnorder/unified/order/create',
  '/nnorder/unified/order/pay',
  '/nnorder/giftCdkGrant/qmSpeed/receive',
  '/bohe-version/sem/bind/channel/bid',
];

describe('docs/api.md', () => {
  it('is the fresh rendering of the endpoint registry', () => {
    expect(readFileSync('docs/api.md', 'utf8')).toBe(renderApiDocs());
  });

  it('lists every endpoint of spec section 7', () => {
    const docs = readFileSync('docs/api.md', 'utf8');
    const defined = new Set(registeredEndpoints().map((def) => def.path));
    for (const path of SPEC_PATHS) {
      expect(defined, path).toContain(path);
      expect(docs).toContain(`\`${path}\``);
    }
  });

  it('defines each endpoint once', () => {
    const keys = registeredEndpoints().map((def) => `${def.method} ${def.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
