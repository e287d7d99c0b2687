/**
 * The production server's answers (docs/deploy.md, "Check it"): nginx with deploy/nginx/storefront.conf
 * serving the live build (playwright.config.ts, `nginx-live`). The expected headers are the two tables of
 * docs/deploy.md, read from the document itself, so the document and the server cannot disagree unnoticed:
 * each row's request is made, and its status, Cache-Control, Content-Security-Policy and compression checked,
 * with the security headers of every answer. The policy header must carry every directive of the page's own
 * meta policy with the same sources (style-src aside, which each page's meta narrows to its hashes).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { freePort } from '../../scripts/lib/free-port';
import { startNginx } from '../../scripts/lib/nginx';
import { tableAfter } from '../support/markdown-table';
import { E2E_BUILD_DIRS, E2E_PORTS } from './support/env';

const DOC = path.join(import.meta.dirname, '../../docs/deploy.md');
const TABLE_MARK = '<!-- deploy-headers:';

type Row = Record<string, string>;

/** The Markdown table after `from` (its first line at or after it), as rows keyed by the header cells. */
function tableRowsAfter(text: string, from: number): Row[] {
  const { header, rows } = tableAfter(text, from);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

/** `default-src 'self'; …` → { 'default-src': ["'self'"], … } */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => Boolean(name))
      .map(([name, ...values]) => [name!, values]),
  );
}

const live = E2E_BUILD_DIRS.live;
const entryScript = () =>
  /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(
    readFileSync(path.join(live, '200.html'), 'utf8'),
  )?.[1];
const prerenderedDetail = () => {
  const ids = readdirSync(path.join(live, 'gameDetail')).filter((id) =>
    existsSync(path.join(live, 'gameDetail', id, 'index.html')),
  );
  return ids[0] && `/gameDetail/${ids[0]}`;
};

/** Each row's request, by the start of its first cell; a row with none fails the test. */
const REQUESTS: [RegExp, () => string | undefined][] = [
  [/^a hashed asset/, entryScript],
  [/^an HTML page/, () => '/search'],
  [/^a prerendered detail/, prerenderedDetail],
  [/^`\/builds\/latest\.json`/, () => '/builds/latest.json'],
  [/^a path that is no route/, () => '/no-such-page'],
  [/^an API call/, () => '/webapi/u-nnpc/hello'],
  [/^the H5 pay page/, () => '/webapi/static/h5pay/NO-SUCH-ORDER?channel=wechat'],
  [/^`\/mockServiceWorker\.js`/, () => '/mockServiceWorker.js'],
  [/^`\/mock-api-worker\.js`/, () => '/mock-api-worker.js'],
  [/^a source map/, () => entryScript() && `${entryScript()}.map`],
];

async function get(request: APIRequestContext, url: string) {
  return request.get(url, { headers: { 'accept-encoding': 'br, gzip' }, maxRedirects: 0 });
}

test('every answer of the production server carries the headers docs/deploy.md lists', { tag: ['@live'] }, async ({
  request,
  apiMode,
}) => {
  test.skip(apiMode !== 'live', 'about the production server, which serves the live build');
  const doc = readFileSync(DOC, 'utf8');
  const rows = tableRowsAfter(doc, doc.indexOf(TABLE_MARK));
  const everyAnswer = tableRowsAfter(doc, doc.indexOf('On every answer'));
  expect(rows.length).toBeGreaterThanOrEqual(6);
  expect(everyAnswer.map((row) => unquote(row.Header!))).toEqual([
    'X-Content-Type-Options',
    'Referrer-Policy',
    'Permissions-Policy',
    'Strict-Transport-Security',
  ]);

  // The page's own policy, from the meta of the HTML nginx serves.
  const page = await get(request, '/search');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/
    .exec(await page.text())?.[1]
    ?.replace(/&#39;|&apos;/g, "'");
  expect(meta, 'the page carries its policy as a meta').toBeTruthy();
  const metaDirectives = directives(meta!);

  for (const row of rows) {
    const label = row.Request!;
    const url = REQUESTS.find(([pattern]) => pattern.test(label))?.[1]();
    expect(url, `a request for the row "${label}"`).toBeTruthy();
    const response = await get(request, url!);
    const headers = response.headers();
    const what = `${label} (${url})`;
    expect(response.status(), what).toBe(Number(row.Status));

    const cache = row['Cache-Control']!;
    if (cache === '-') expect(headers['cache-control'], what).toBeUndefined();
    else expect(headers['cache-control'], what).toBe(unquote(cache));

    const csp = row['Content-Security-Policy'];
    if (csp === '-') {
      expect(headers['content-security-policy'], what).toBeUndefined();
    } else {
      expect(csp, what).toBe('policy');
      const header = directives(headers['content-security-policy'] ?? '');
      for (const [name, values] of Object.entries(metaDirectives)) {
        if (name === 'style-src') expect(header[name], what).toEqual(["'self'", "'unsafe-inline'"]);
        else expect(header[name], `${what}: ${name}`).toEqual(values);
      }
      expect(header['frame-ancestors'], what).toEqual(["'none'"]);
      // Served over http here: no upgrade of the page's requests to an https port nobody serves.
      expect(header['upgrade-insecure-requests'], what).toBeUndefined();
    }

    const compression = row.Compression!;
    if (compression === '-') expect(headers['content-encoding'], what).toBeUndefined();
    else expect(compression.split(' or '), what).toContain(headers['content-encoding']);

    for (const { Header: name, Value: value } of everyAnswer) {
      const header = unquote(name!).toLowerCase();
      // Over http, HSTS must be absent (the table: "over https only").
      if (header === 'strict-transport-security') expect(headers[header], what).toBeUndefined();
      else expect(headers[header], `${what}: ${header}`).toBe(unquote(value!));
    }
  }
});

test('over https, every answer carries Strict-Transport-Security as docs/deploy.md says', { tag: ['@live'] }, async ({
  playwright,
  apiMode,
}) => {
  test.skip(apiMode !== 'live', 'about the production server, which serves the live build');
  const doc = readFileSync(DOC, 'utf8');
  const hsts = tableRowsAfter(doc, doc.indexOf('On every answer')).find((row) =>
    /Strict-Transport-Security/.test(row.Header!),
  );
  const value = /`([^`]+)`/.exec(hsts?.Value ?? '')?.[1];
  expect(value, 'the HSTS row of docs/deploy.md names its value').toBeTruthy();

  // The same site file, listening with TLS on a certificate made for this test (the operator's own in
  // production: docs/deploy.md).
  const folder = mkdtempSync(path.join(tmpdir(), 'storefront-tls-'));
  const tls = { certificate: path.join(folder, 'cert.pem'), key: path.join(folder, 'key.pem') };
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      tls.key,
      '-out',
      tls.certificate,
    ],
    { stdio: 'ignore' },
  );
  const nginx = await startNginx({ port: await freePort(), root: live, api: `127.0.0.1:${E2E_PORTS.api}`, tls });
  const request = await playwright.request.newContext({ ignoreHTTPSErrors: true });
  try {
    for (const [pattern, url] of REQUESTS) {
      const path = url();
      expect(path, String(pattern)).toBeTruthy();
      const response = await get(request, `${nginx.url}${path}`);
      const headers = response.headers();
      expect(headers['strict-transport-security'], `${path} over https`).toBe(value);
      // The policy, where the site sends one, asks the page's own requests to stay on https.
      if (headers['content-security-policy'])
        expect(directives(headers['content-security-policy'])['upgrade-insecure-requests'], path).toEqual([]);
    }
  } finally {
    await request.dispose();
    await nginx.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
