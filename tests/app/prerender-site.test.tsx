/**
 * What a build prerenders and what becomes of each page (scripts/lib/prerender-site.ts), with the real
 * renderer (src/app/prerender.tsx) reading the tests' simulated backend, as a mock build's does: pages with
 * their data and head, the help and agreement views their links reach, each game's goods views, a page whose data fails written as
 * its shell and named, and the data-free shells of a live build with no server to read from.
 */
import { describe, expect, it, vi } from 'vitest';
import { prerenderSite, type SiteRenderer } from '../../scripts/lib/prerender-site';
import { gamePaths, prerenderPage, prerenderShell, type PrerenderedPage } from '../../src/app/prerender';
import { backend } from '../support/server';

const ORIGIN = 'https://store.example';

/** The real renderer, with one game detail instead of sixty (the list itself is the real one). */
const renderer: SiteRenderer = {
  prerenderPage,
  prerenderShell,
  gamePaths: async (max) => (await gamePaths(max)).slice(0, 1),
};

async function site(withData: boolean) {
  const written = new Map<string, PrerenderedPage>();
  const report = await prerenderSite(renderer, {
    origin: ORIGIN,
    withData,
    write: (page) => written.set(page.url, page),
  });
  return { written, report };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ');
const titleOf = (page: PrerenderedPage | undefined) => page?.head.title;

describe('a build with data', () => {
  it('writes the public pages with their data, and every help category and article and both agreement documents their links reach', async () => {
    const { written, report } = await site(true);
    const urls = [...written.keys()];
    expect(report.shells).toEqual([]);
    expect(report.skipped).toEqual([]);
    expect(urls.slice(0, 6)).toEqual([
      '/',
      '/new',
      '/notice',
      '/help',
      '/agreement',
      expect.stringMatching(/^\/gameDetail\/\d+$/),
    ]);
    const categories = urls.filter((url) => /^\/help\?category=\d+$/.test(url));
    const articles = urls.filter((url) => /^\/help\?category=\d+&article=\d+$/.test(url));
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(articles.length).toBeGreaterThanOrEqual(categories.length);
    expect(urls).toContain('/agreement?doc=privacy');
    for (const page of written.values()) expect(page.state?.queries.length, page.url).toBeGreaterThan(0);

    // Each view is its own page: its content, and its own title (the page's usePageHead(), collected as it renders).
    const article = written.get(articles[0]!)!;
    const heading = /<h2[^>]*id="help-article-title"[^>]*>([^<]+)</.exec(article.html)?.[1];
    expect(heading).toBeTruthy();
    expect(article.head.title).toBe(`${heading} - 星游商城`);
    expect(titleOf(written.get('/agreement?doc=privacy'))).toBe('隐私政策 - 星游商城');
    expect(text(written.get('/agreement?doc=privacy')!.html)).toMatch(/隐私/);

    // A game detail's head uses the site's origin, not the build's window.
    const detail = [...written.values()].find((page) => page.url.startsWith('/gameDetail/'))!;
    const canonical = detail.head.tags.find((tag) => tag.identity.rel === 'canonical')?.value;
    expect(canonical).toBe(`${ORIGIN}${detail.url}`);
    const jsonLd = JSON.parse(detail.head.tags.find((tag) => tag.tag === 'script')!.value!) as {
      url: string;
      offers: { url: string; sku: string }[];
    };
    expect(jsonLd.url).toBe(`${ORIGIN}${detail.url}`);
    expect(jsonLd.offers.length).toBeGreaterThan(0);

    // Each offer's URL (where a search engine or a shared link leads) is a page of its own, with that goods chosen.
    for (const offer of jsonLd.offers) {
      const view = written.get(`${detail.url}?goods=${offer.sku}`);
      expect(`${ORIGIN}${view?.url}`, offer.url).toBe(offer.url);
      expect(view?.html).toMatch(new RegExp(`value="${offer.sku}"[^>]*checked|checked[^>]*value="${offer.sku}"`));
    }
  });

  it('writes a page whose data call fails as its shell, with no data, and names it with the call', async () => {
    backend.control.setFault('/nn-assist/mall/notice/list', { kind: 'http', status: 500 });
    const { written, report } = await site(true);
    expect(report.shells).toEqual([expect.stringMatching(/^\/notice \(failed: .*notice/)]);
    const notice = written.get('/notice')!;
    expect(notice.state).toBeUndefined();
    expect(notice.head.title).toBe('公告 - 星游商城');
    // The shell is the page as it shows while loading: the header, its skeleton, no error.
    expect(notice.html).toContain('aria-busy="true"');
    expect(notice.html).toContain('<header');
    expect(text(notice.html)).not.toMatch(/失败|重试/);
    // The other pages are unaffected.
    expect(written.get('/')?.state).toBeDefined();
  });
});

describe('a live build with no server to read from', () => {
  it('writes the fixed pages as their shells (header, footer, skeletons), asking no server', async () => {
    // Any request would reach the tests' backend: a fault on every endpoint shows none is made.
    backend.control.setFault('*', { kind: 'http', status: 500 });
    const { written, report } = await site(false);
    expect([...written.keys()]).toEqual(['/', '/new', '/notice', '/help', '/agreement']);
    expect(report.pages).toEqual([]);
    expect(report.shells).toHaveLength(5);
    for (const page of written.values()) {
      expect(page.state, page.url).toBeUndefined();
      expect(page.html, page.url).toContain('<header');
      expect(page.html, page.url).toContain('<footer');
      expect(page.html, page.url).toContain('aria-busy="true"');
      expect(text(page.html), page.url).not.toMatch(/失败|重试/);
    }
    expect(titleOf(written.get('/new'))).toBe('新品上架 - 星游商城');
  });

  it('leaves no long timer behind, which would keep the build running after its last page', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await site(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(timers.mock.calls.map(([, ms]) => ms ?? 0).filter((ms) => ms > 60_000)).toEqual([]);
  });
});
