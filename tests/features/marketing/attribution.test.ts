import { describe, expect, it, vi } from 'vitest';
import { clientState } from '../../../src/api/client-state';
import { getNotices } from '../../../src/api/assist';
import { ADAN_STORAGE_KEY } from '../../../src/features/marketing/adan';
import {
  OCPC_STORAGE_KEY,
  attributionMapping,
  readAttributionParams,
  readStoredParams,
  startAttribution,
  type AttributionDeps,
} from '../../../src/features/marketing/attribution';
import { startMarketing } from '../../../src/features/marketing/start';
import { backend } from '../../support/server';

/** The seed's leigod_mall_ocpc items: text = stored field, value = query parameter. */
const OCPC_CONFIG = [
  { text: 'keyword', value: 'kw' },
  { text: 'plan', value: 'planid' },
  { text: 'unit', value: 'unitid' },
  { text: 'url', value: 'lp' },
  { text: 'gameId', value: 'gid' },
  { text: 'urlMd5', value: 'urlmd5' },
];

const stored = () => JSON.parse(sessionStorage.getItem(OCPC_STORAGE_KEY) ?? 'null') as unknown;
const noticeHeaders = async () => {
  await getNotices();
  return backend.control.lastRequestHeaders('/nn-assist/mall/notice/list') ?? {};
};

function fakeDeps(href: string, overrides: Partial<AttributionDeps> = {}) {
  const setAdan = vi.fn();
  const requestBid = vi.fn(async () => ({ bId: 'bid_fake' }));
  const loadConfig = vi.fn(async () => OCPC_CONFIG);
  const deps: AttributionDeps = {
    url: new URL(href, 'http://localhost'),
    storage: sessionStorage,
    appId: 'nn_mall_web',
    channel: 'xingyou',
    loadConfig,
    requestBid,
    setAdan,
    ...overrides,
  };
  return { deps, setAdan, requestBid, loadConfig };
}

describe('attribution parameters', () => {
  it.each([
    ['keyword', 'kw', '游戏加速器'],
    ['plan', 'planid', 'plan-001'],
    ['unit', 'unitid', 'unit-42'],
    ['url', 'lp', 'https://ad.example.com/landing?x=1'],
    ['gameId', 'gid', '10086'],
    ['urlMd5', 'urlmd5', 'd41d8cd98f00b204e9800998ecf8427e'],
  ])(
    'keeps %s, read from the ?%s= parameter the dictionary names, in sessionStorage as ocpcReportParams',
    async (field, param, value) => {
      const { attribution } = startMarketing({ href: `/search?${param}=${encodeURIComponent(value)}` });
      const outcome = await attribution;
      expect(outcome.params?.[field as keyof typeof outcome.params]).toBe(value);
      expect(stored()).toEqual({ keyword: '', plan: '', unit: '', url: '', gameId: '', urlMd5: '', [field]: value });
    },
  );

  it('reads only the parameters the dictionary maps, and only the six known fields', () => {
    const config = [...OCPC_CONFIG, { text: 'source', value: 'src' }, { text: 'keyword', value: 'other' }];
    expect(attributionMapping(config)).toEqual({
      keyword: 'kw',
      plan: 'planid',
      unit: 'unitid',
      url: 'lp',
      gameId: 'gid',
      urlMd5: 'urlmd5',
    });
    expect(readAttributionParams(config, new URLSearchParams('src=x&other=y'))).toBeNull();
    expect(readAttributionParams([{ text: 'keyword', value: 'q' }], new URLSearchParams('kw=a&q=b'))).toMatchObject({
      keyword: 'b',
      plan: '',
    });
  });

  it('does not fetch the dictionary for a URL without query parameters other than channel', async () => {
    const { deps, loadConfig } = fakeDeps('/search?channel=baidu');
    await startAttribution(deps).done;
    expect(loadConfig).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(OCPC_STORAGE_KEY)).toBeNull();
  });

  it('keeps the stored values when a later page carries none', async () => {
    await startAttribution(fakeDeps('/search?kw=first').deps).done;
    const { deps } = fakeDeps('/search?keyword=%E6%98%9F');
    const outcome = await startAttribution(deps).done;
    expect(outcome.params?.keyword).toBe('first');
    expect(readStoredParams(sessionStorage)?.keyword).toBe('first');
  });

  it('treats a damaged stored value as nothing stored (validated with zod)', () => {
    sessionStorage.setItem(OCPC_STORAGE_KEY, '{"keyword": 42}');
    expect(readStoredParams(sessionStorage)).toBeNull();
    sessionStorage.setItem(OCPC_STORAGE_KEY, 'not json');
    expect(readStoredParams(sessionStorage)).toBeNull();
  });

  it('goes on without values when the dictionary cannot be read', async () => {
    const { deps } = fakeDeps('/search?kw=x', { loadConfig: async () => Promise.reject(new Error('Network Error')) });
    const outcome = await startAttribution(deps).done;
    expect(outcome).toEqual({ params: null, bid: 'skipped', adan: null });
  });
});

describe('the bid on a /sem landing', () => {
  it('sends bhSemReq (the JSON of ocpcReportParams), appId, channel, platform 3, semPageType 1 and semType 4', async () => {
    const { attribution } = startMarketing({
      href: '/sem/activity?channel=baidu_sem&kw=%E6%B8%B8%E6%88%8F&planid=p1&unitid=u1&lp=https%3A%2F%2Fa.example%2Fx&gid=7&urlmd5=abc',
    });
    await attribution;
    expect(backend.control.bidRequests()).toEqual([
      {
        bhSemReq: JSON.stringify({
          keyword: '游戏',
          plan: 'p1',
          unit: 'u1',
          url: 'https://a.example/x',
          gameId: '7',
          urlMd5: 'abc',
        }),
        appId: 'nn_mall_web',
        channel: 'baidu_sem',
        platform: 3,
        semPageType: 1,
        semType: 4,
      },
    ]);
  });

  it('makes the next call carry the bid id as the adan header, and keeps it in sessionStorage', async () => {
    const before = await noticeHeaders();
    expect(before.adan).toBeUndefined();
    const { attribution } = startMarketing({ href: '/sem/activity?kw=sale' });
    const outcome = await attribution;
    expect(outcome).toMatchObject({ bid: 'requested', adan: 'bid_1' });
    expect((await noticeHeaders()).adan).toBe('bid_1');
    expect(sessionStorage.getItem(ADAN_STORAGE_KEY)).toBe('bid_1');
  });

  it('is not asked again on a reload: the stored adan is applied before the first call', async () => {
    await startMarketing({ href: '/sem/activity?kw=sale' }).attribution;
    clientState.reset(); // a reload starts with an empty request identity
    const reload = startMarketing({ href: '/sem/activity?kw=sale' });
    expect(clientState.get().adan).toBe('bid_1');
    expect((await reload.attribution).bid).toBe('skipped');
    expect(backend.control.bidRequests()).toHaveLength(1);
  });

  it('is asked again when a new landing brings other attribution values', async () => {
    await startMarketing({ href: '/sem/activity?kw=sale' }).attribution;
    const outcome = await startMarketing({ href: '/sem/activity?kw=spring' }).attribution;
    expect(outcome).toMatchObject({ bid: 'requested', adan: 'bid_2' });
    expect((await noticeHeaders()).adan).toBe('bid_2');
  });

  it('is asked on a /sem landing without attribution values, with empty values', async () => {
    await startMarketing({ href: '/sem/activity' }).attribution;
    expect(backend.control.bidRequests()).toEqual([
      expect.objectContaining({
        bhSemReq: JSON.stringify({ keyword: '', plan: '', unit: '', url: '', gameId: '', urlMd5: '' }),
        channel: 'xingyou',
      }),
    ]);
  });

  it('is not asked outside /sem (the coupon landing included)', async () => {
    await startMarketing({ href: '/coupon?kw=sale' }).attribution;
    await startMarketing({ href: '/semester' }).attribution;
    expect(backend.control.bidRequests()).toEqual([]);
    expect(clientState.get().adan).toBeUndefined();
  });

  it('leaves calls without adan when the bid fails', async () => {
    backend.control.setFault('/bohe-version/sem/bind/channel/bid', { kind: 'http', status: 500 });
    const outcome = await startMarketing({ href: '/sem/activity?kw=sale' }).attribution;
    expect(outcome).toMatchObject({ bid: 'failed', adan: null });
    expect((await noticeHeaders()).adan).toBeUndefined();
    expect(sessionStorage.getItem(ADAN_STORAGE_KEY)).toBeNull();
  });
});
