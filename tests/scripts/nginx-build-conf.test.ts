// @vitest-environment node
/**
 * What the build writes for nginx (scripts/lib/nginx-build-conf.ts) and how the site file takes its values
 * (scripts/lib/nginx.ts `renderSite`); nginx itself answering is the headers journey's
 * (tests/e2e/deploy-headers.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nginxCspConf, nginxRoutesConf, routePattern } from '../../scripts/lib/nginx-build-conf';
import { pageFile } from '../../scripts/lib/prerender-html';
import { findNginx, renderSite, SITE_CONF } from '../../scripts/lib/nginx';

describe('the routes the build writes for nginx', () => {
  it('matches a route path, its parameters one segment each, with or without a trailing slash', () => {
    const detail = new RegExp(routePattern('/gameDetail/$id'));
    expect(['/gameDetail/12', '/gameDetail/12/'].every((path) => detail.test(path))).toBe(true);
    expect(['/gameDetail', '/gameDetail/12/x', '/gameDetailX/1'].some((path) => detail.test(path))).toBe(false);
    expect(new RegExp(routePattern('/')).test('/')).toBe(true);
    expect(new RegExp(routePattern('/')).test('/x')).toBe(false);
    expect(new RegExp(routePattern('/sem/activity')).test('/sem/activity')).toBe(true);
  });

  it('maps every order of a written view’s query to the folder pageFile names', () => {
    const file = pageFile('/help?category=2&article=5')!;
    const conf = nginxRoutesConf(['/help', '/'], [file, 'help/index.html', pageFile('/gameDetail/1?goods=12')!]);
    expect(conf).toContain('"~^/help/?$" 1;');
    expect(conf).toContain('"~^article=([A-Za-z0-9]+)&category=([A-Za-z0-9]+)$" "/_query/article-$1_category-$2";');
    expect(conf).toContain('"~^category=([A-Za-z0-9]+)&article=([A-Za-z0-9]+)$" "/_query/article-$2_category-$1";');
    expect(conf).toContain('"~^goods=([A-Za-z0-9]+)$" "/_query/goods-$1";');
    // What nginx makes of `/help?category=2&article=5`: the path, the view's folder, index.html.
    const view = /"~\^category=[^"]+" "([^"]+)"/.exec(conf)![1]!.replace('$2', '5').replace('$1', '2');
    expect(`help${view}/index.html`).toBe(file);
  });

  it('quotes the policy for nginx, with the https variant for $https', () => {
    expect(nginxCspConf("default-src 'self'", "default-src 'self'; upgrade-insecure-requests")).toContain(
      `on "default-src 'self'; upgrade-insecure-requests";`,
    );
  });
});

describe('the site file', () => {
  const site = readFileSync(SITE_CONF, 'utf8');

  it('takes the values of its marked lines and keeps every other line as written', () => {
    const rendered = renderSite(site, { listen: '127.0.0.1:4345', root: '/tmp/build', api: '127.0.0.1:8840' });
    expect(rendered).toContain('    server 127.0.0.1:8840;  # deploy:api');
    expect(rendered).toContain('    listen 127.0.0.1:4345;  # deploy:listen');
    expect(rendered).toContain('    root /tmp/build;  # deploy:root');
    expect(rendered).toContain('include /tmp/build/_nginx/*.conf;  # deploy:build-conf');
    expect(rendered.split('\n').length).toBe(site.split('\n').length);
  });

  it('refuses a site file that lost a marked line', () => {
    expect(() => renderSite(site.replace('  # deploy:api', ''), { listen: '1', root: '/r', api: 'a' })).toThrow(
      /# deploy:api/,
    );
  });
});

describe('a machine without nginx', () => {
  it('is told which Debian package to install, and how to name another nginx', () => {
    expect(() => findNginx(['/nowhere/nginx', undefined])).toThrow(/apt-get install -y nginx.*set NGINX/);
  });
});
