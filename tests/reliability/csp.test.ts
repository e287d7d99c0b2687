// @vitest-environment node
/**
 * The production build's Content-Security-Policy (scripts/vite-csp.ts): only
 * the app's own origin plus the configured third-party origins, no inline
 * script, images from data:/blob:, msw's worker from 'self'; the meta tag
 * comes before any script or stylesheet; the build fails on an inline script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { BOOT_PLACEHOLDER, bootScript, bootScriptPlugin } from '../../scripts/vite-boot-script';
import {
  assertNoInlineScript,
  buildCsp,
  buildCspHeader,
  cspDirectives,
  cspPlugin,
  injectCspMeta,
} from '../../scripts/vite-csp';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );

const BUILT_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>星游商城</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Runs the plugin as Vite would for a build with this environment. */
function runPlugin(env: Record<string, string>, html = BUILT_HTML): string {
  const plugin = cspPlugin();
  expect(plugin.apply).toBe('build');
  (plugin.configResolved as (config: ResolvedConfig) => void)({ env } as unknown as ResolvedConfig);
  const hook = plugin.transformIndexHtml as { order: string; handler: (html: string) => string };
  expect(hook.order).toBe('post');
  return hook.handler(html);
}

function metaPolicy(html: string): string {
  const match = /<meta http-equiv="Content-Security-Policy" content="([^"]+)" \/>/.exec(html);
  if (!match) throw new Error('no CSP meta tag');
  return match[1]!.replace(/&#39;|&apos;/g, "'");
}

describe('the Content-Security-Policy of the production build', () => {
  it('allows only the app’s own origin when nothing external is configured', () => {
    const policy = directives(buildCsp({}));
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'frame-src': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
  });

  it('adds the configured script origins to script-src, the error reporter to connect-src, and an API on another origin', () => {
    const policy = directives(
      buildCsp({
        analyticsScriptUrl: 'https://hm.analytics.example/hm.js?abc',
        adScriptUrl: 'https://ads.example.net/attr.js',
        sentryDsn: 'https://key123@o42.ingest.sentry.example/7',
        apiBase: 'https://api.shop.example/webapi',
      }),
    );
    expect(policy['script-src']).toEqual(["'self'", 'https://hm.analytics.example', 'https://ads.example.net']);
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://api.shop.example',
      'https://o42.ingest.sentry.example',
      'https://hm.analytics.example',
    ]);
    expect(policy['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://hm.analytics.example',
      'https://api.shop.example',
    ]);
    // The DSN's key never ends up in the page.
    expect(buildCsp({ sentryDsn: 'https://key123@o42.ingest.sentry.example/7' })).not.toContain('key123');
  });

  it('never allows inline scripts, eval or plugins, and ignores a relative API base', () => {
    for (const sources of [{}, { analyticsScriptUrl: 'https://a.example/x.js', apiBase: '/webapi' }]) {
      const policy = buildCsp(sources);
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
      expect(directives(policy)['object-src']).toEqual(["'none'"]);
    }
    expect(directives(buildCsp({ apiBase: '/webapi' }))['connect-src']).toEqual(["'self'"]);
    expect(
      cspDirectives({ analyticsScriptUrl: 'javascript:alert(1)' }).find(([name]) => name === 'script-src')?.[1],
    ).toEqual(["'self'"]);
  });

  it('puts the meta tag right after the charset, before every script and stylesheet', () => {
    const html = runPlugin({ VITE_AD_SCRIPT_URL: 'https://ads.example.net/attr.js' });
    const meta = html.indexOf('http-equiv="Content-Security-Policy"');
    expect(meta).toBeGreaterThan(html.indexOf('<meta charset="UTF-8" />'));
    expect(meta).toBeLessThan(html.indexOf('<script'));
    expect(meta).toBeLessThan(html.indexOf('<link'));
    expect(directives(metaPolicy(html))['script-src']).toEqual([
      "'self'",
      bootScript().hash,
      'https://ads.example.net',
    ]);
  });

  it('lets the head run its boot script, by the hash of the text the page carries, and no other inline script', () => {
    const boot = bootScriptPlugin().transformIndexHtml as { order: string; handler: (html: string) => string };
    expect(boot.order).toBe('pre');
    const withBoot = boot.handler(BUILT_HTML.replace('<title>', `${BOOT_PLACEHOLDER}\n    <title>`));
    const { code, hash } = bootScript();
    expect(withBoot).toContain(`<script>${code}</script>`);
    const html = runPlugin({}, withBoot);
    expect(directives(metaPolicy(html))['script-src']).toEqual(["'self'", hash]);
    // The boot script changed by one character after the policy was made (a hand edit of the built page).
    expect(() => runPlugin({}, withBoot.replace(code, `${code};`))).toThrow(/inline script/);
    expect(() => boot.handler(BUILT_HTML)).toThrow(/boot-script/);
  });

  it('falls back to the start of <head> without a charset meta', () => {
    expect(injectCspMeta('<html><head><title>x</title></head></html>', "default-src 'self'")).toBe(
      `<html><head>\n    <meta http-equiv="Content-Security-Policy" content="default-src 'self'" /><title>x</title></head></html>`,
    );
  });

  it('fails the build on an inline script or handler, which the policy would block', () => {
    expect(() => runPlugin({}, BUILT_HTML.replace('</head>', '<script>window.x = 1</script></head>'))).toThrow(
      /inline script/,
    );
    expect(() => assertNoInlineScript('<body onload="start()"></body>')).toThrow(/inline event handler/);
    expect(() => assertNoInlineScript('<script type="application/ld+json">{"@type":"Store"}</script>')).not.toThrow();
    expect(() => assertNoInlineScript(BUILT_HTML)).not.toThrow();
  });

  it('finds no inline script in the source index.html', () => {
    expect(() => assertNoInlineScript(readFileSync(join(__dirname, '../../index.html'), 'utf8'))).not.toThrow();
  });

  it('gives the server the same policy plus what a meta tag cannot carry', () => {
    const header = directives(buildCspHeader({}, { https: true, reportUri: '/csp-report' }));
    expect(header['frame-ancestors']).toEqual(["'none'"]);
    expect(header['upgrade-insecure-requests']).toEqual([]);
    expect(header['report-uri']).toEqual(['/csp-report']);
    expect(header['script-src']).toEqual(["'self'"]);
    expect(directives(buildCspHeader({ inlineScripts: [bootScript().hash] }))['script-src']).toEqual([
      "'self'",
      bootScript().hash,
    ]);
    // Each prerendered page's meta allows its own style attributes by hash; the header leaves them to it.
    expect(header['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('upgrades requests to https only when served over https', () => {
    expect(directives(buildCspHeader({}))['upgrade-insecure-requests']).toBeUndefined();
  });
});
