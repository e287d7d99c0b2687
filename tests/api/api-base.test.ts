import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qryBanner } from '../../src/api/games';
import { createHttpClient } from '../../src/api/http';
import { createBackend } from '../../src/mock/backend';
import { createMswHandlers } from '../../src/mock/msw-handlers';
import { testServer } from '../support/server';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const clientAt = (baseURL: string) =>
  createHttpClient({ baseURL, timeout: 5000, appId: 'nn_mall_web', reqChannel: 'web', busiType: 'mall' });

describe('an API base other than /webapi (VITE_API_BASE)', () => {
  it('is where the simulated backend answers when it is mounted there', async () => {
    testServer.use(...createMswHandlers(createBackend({ latencyMs: 0, publicBase: '/shop-api' }), '/shop-api'));

    const banners = await clientAt('/shop-api').call(qryBanner, { body: { bannerSite: 1 } });

    expect(banners.length).toBeGreaterThan(0);
  });

  it('is where the simulated backend answers when the base is an absolute URL', async () => {
    testServer.use(...createMswHandlers(createBackend({ latencyMs: 0 }), 'https://api.shop.example/webapi'));

    const banners = await clientAt('https://api.shop.example/webapi').call(qryBanner, { body: { bannerSite: 1 } });

    expect(banners.length).toBeGreaterThan(0);
  });

  it("is where the app's own client sends every call", async () => {
    vi.stubEnv('VITE_API_BASE', '/shop-api');
    vi.resetModules();
    const { http } = await import('../../src/api/http');
    const { getBanners } = await import('../../src/api/games');
    const seen: string[] = [];
    testServer.use(
      mswHttp.post('/shop-api/sgame/mall/game/qryBanner', ({ request }) => {
        seen.push(new URL(request.url).pathname);
        return HttpResponse.json({ success: true, retCode: '0', retMsg: 'ok', retData: [] });
      }),
    );

    await getBanners();

    expect((await http.axios()).defaults.baseURL).toBe('/shop-api');
    expect(seen).toEqual(['/shop-api/sgame/mall/game/qryBanner']);
  });

  it("is the path Vite's dev and preview servers forward in live mode", async () => {
    vi.stubEnv('VITE_API_MODE', 'live');
    vi.stubEnv('VITE_API_BASE', '/shop-api');
    const { default: viteConfig } = await import('../../vite.config');
    const config = typeof viteConfig === 'function' ? await viteConfig({ mode: 'test', command: 'serve' }) : viteConfig;

    expect(Object.keys(config.server?.proxy ?? {})).toEqual(['/shop-api']);
    expect(Object.keys(config.preview?.proxy ?? {})).toEqual(['/shop-api']);
  });
});
