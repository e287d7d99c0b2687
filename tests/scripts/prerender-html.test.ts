// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { injectPage, pageFile } from '../../scripts/lib/prerender-html';
import type { HeadTag } from '../../src/features/shell/route-head';

const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'" />
    <meta name="description" content="星游商城：正版游戏激活码。" />
    <title>星游商城</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <noscript><link rel="stylesheet" href="/noscript.css" /></noscript>
  </head>
  <body>
    <div id="root"></div>
    <noscript>请启用 JavaScript 后访问星游商城。</noscript>
  </body>
</html>`;

const tag = (
  tagName: HeadTag['tag'],
  identity: Record<string, string>,
  value: string | undefined,
  into: HeadTag['into'] = 'content',
): HeadTag => ({ tag: tagName, identity, value, into });

function page(overrides: Partial<Parameters<typeof injectPage>[0]['page']> = {}) {
  return {
    url: '/gameDetail/1',
    html: '<main><h1>星砂回响</h1><img style="aspect-ratio:300 / 400" src="/c.svg"/></main>',
    head: {
      title: '星砂回响 - 星游商城',
      tags: [
        tag('meta', { name: 'description' }, '一款游戏 & 它的故事'),
        tag('link', { rel: 'canonical' }, 'https://store.example/gameDetail/1', 'href'),
        tag('meta', { property: 'og:description' }, '一款游戏 & 它的故事'),
        tag('script', { type: 'application/ld+json' }, '{"name":"\\u003c/script>"}', 'text'),
      ],
    },
    state: {
      queries: [{ queryKey: ['gameDetail', 1], state: { data: { name: '</script><script>alert(1)</script>' } } }],
    },
    preloadImage: undefined,
    ...overrides,
  };
}

describe('a prerendered page', () => {
  it('has its title, head elements, markup and data, and no "enable JavaScript" note', () => {
    const html = injectPage({ template: TEMPLATE, page: page() });
    expect(html).toContain('<title>星砂回响 - 星游商城</title>');
    expect(html).not.toContain('<title>星游商城</title>');
    // The page's description, with the store's kept on the element for the pages after it.
    expect(html).toContain(
      '<meta name="description" content="一款游戏 &amp; 它的故事" data-store-content="星游商城：正版游戏激活码。" />',
    );
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="https://store.example/gameDetail/1" />');
    expect(html).toContain('<script type="application/ld+json">{"name":"\\u003c/script>"}</script>');
    expect(html).toContain('<div id="root"><main><h1>星砂回响</h1>');
    // The note goes; the stylesheet that hides the controls needing script stays.
    expect(html).not.toContain('请启用 JavaScript');
    expect(html).toContain('<noscript><link rel="stylesheet" href="/noscript.css" /></noscript>');
  });

  it('cannot have its data block closed or a script opened by the data (every < escaped)', () => {
    const html = injectPage({ template: TEMPLATE, page: page() });
    const block = /<script type="application\/json" id="prerender-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(JSON.parse(block)).toEqual({ url: '/gameDetail/1', state: page().state });
  });

  it("lets the page's Content-Security-Policy allow exactly the style attributes its markup carries", () => {
    const html = injectPage({ template: TEMPLATE, page: page() });
    const hash = createHash('sha256').update('aspect-ratio:300 / 400').digest('base64');
    expect(html).toContain(`style-src 'self' 'unsafe-hashes' 'sha256-${hash}'`);
    expect(html).toContain("script-src 'self';");
    const plain = injectPage({ template: TEMPLATE, page: page({ html: '<main>无样式</main>' }) });
    expect(plain).toContain("style-src 'self';");
  });

  it('keeps the store description for a page with none of its own, and preloads the first banner on the home page', () => {
    const home = page({
      url: '/',
      head: {
        title: '星游商城',
        tags: [
          tag('meta', { name: 'description' }, undefined),
          tag('meta', { property: 'og:description' }, undefined),
          tag('meta', { name: 'robots' }, undefined),
        ],
      },
      preloadImage: '/webapi/static/img/banner/1.svg',
    });
    const html = injectPage({ template: TEMPLATE, page: home });
    expect(html).toContain(
      '<meta name="description" content="星游商城：正版游戏激活码。" data-store-content="星游商城：正版游戏激活码。" />',
    );
    expect(html).toContain('<meta property="og:description" content="星游商城：正版游戏激活码。" />');
    expect(html).not.toContain('robots');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/webapi/static/img/banner/1.svg" fetchpriority="high" />',
    );
  });

  it.each([
    ['/', 'index.html'],
    ['/new', 'new/index.html'],
    ['/gameDetail/12', 'gameDetail/12/index.html'],
    ['/help?category=2', 'help/_query/category-2/index.html'],
    ['/help?category=2&article=5', 'help/_query/article-5_category-2/index.html'],
    ['/help?article=5&category=2', 'help/_query/article-5_category-2/index.html'],
    ['/agreement?doc=privacy', 'agreement/_query/doc-privacy/index.html'],
    ['/help?q=%E9%80%80%E6%AC%BE', undefined],
    ['/help?q=a_b', undefined],
    ['/help?category=../../x', undefined],
  ])('%s is written as %s', (path, file) => {
    expect(pageFile(path)).toBe(file);
  });
});

describe('a shell (a page rendered without data)', () => {
  it('has its title and markup, no data block, and keeps the "enable JavaScript" note and the module script', () => {
    const html = injectPage({
      template: TEMPLATE,
      page: page({ state: undefined, html: '<main aria-busy="true"></main>' }),
    });
    expect(html).toContain('<title>星砂回响 - 星游商城</title>');
    expect(html).toContain('<div id="root"><main aria-busy="true"></main></div>');
    expect(html).not.toContain('prerender-data');
    expect(html).toContain('<noscript>请启用 JavaScript 后访问星游商城。</noscript>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(html).not.toContain('app-entry');
  });
});

describe("a page with its data: the app's script", () => {
  it('is named for src/app/boot.js to start once the page has painted, instead of loading with the HTML (no module preloads either)', () => {
    const template = TEMPLATE.replace(
      '</head>',
      '  <link rel="modulepreload" crossorigin href="/assets/vendor.js">\n  </head>',
    );
    const html = injectPage({ template, page: page() });
    expect(html).toContain('<meta name="app-entry" content="/assets/index.js" />');
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toContain('modulepreload');
  });
});

describe("React's own preloads", () => {
  it('move from the start of the markup into the head, once each', () => {
    const html = injectPage({
      template: TEMPLATE,
      page: page({
        url: '/',
        html: '<link rel="preload" as="image" href="/favicon.svg"/><link rel="preload" as="image" href="/b/1.svg" fetchPriority="high"/><main>首页</main>',
        preloadImage: '/b/1.svg',
      }),
    });
    const root = /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];
    expect(root).toBe('<main>首页</main>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/favicon.svg"/>');
    expect(head.match(/href="\/b\/1.svg"/g)).toHaveLength(1);
  });
});

describe('stylesheets', () => {
  it('links every stylesheet of the build the template does not, so none arrives later and moves the page', () => {
    const html = injectPage({
      template: TEMPLATE.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/index.css">\n  </head>'),
      page: page(),
      stylesheets: ['/assets/catalog.css', '/assets/index.css'],
    });
    expect(html.match(/href="\/assets\/index.css"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/catalog.css">');
  });
});
