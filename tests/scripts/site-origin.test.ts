// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_ORIGIN, siteOrigin } from '../../scripts/lib/prerender-site';

describe('the site origin a production build writes into its pages (VITE_SITE_URL)', () => {
  it.each([undefined, '', '   '])(
    'falls back to the preview address and says so in one line when it is unset (%j)',
    (raw) => {
      const { origin, warning } = siteOrigin(raw);
      expect(origin).toBe(DEFAULT_SITE_ORIGIN);
      expect(warning).toMatch(/^prerender: no VITE_SITE_URL: .*http:\/\/localhost:4173; set VITE_SITE_URL/);
      expect(warning).not.toContain('\n');
    },
  );

  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['  http://127.0.0.1:8080 ', 'http://127.0.0.1:8080'],
  ])('takes %j as the origin %j, silently', (raw, expected) => {
    expect(siteOrigin(raw)).toEqual({ origin: expected, warning: null });
  });

  it.each([
    'shop.example.com',
    'ftp://shop.example.com',
    'https://shop.example.com/store',
    'https://shop.example.com/?a=1',
    'https://user:pw@shop.example.com',
    'javascript:alert(1)',
  ])('stops the build on %j rather than write a wrong address into every page', (raw) => {
    expect(() => siteOrigin(raw)).toThrow(/VITE_SITE_URL/);
  });
});
