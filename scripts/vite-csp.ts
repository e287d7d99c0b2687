/**
 * Vite plugin (production builds only): puts a Content-Security-Policy
 * `<meta>` first in the built index.html. The policy allows the app's own
 * origin and nothing else, plus what the configuration turns on:
 *
 * - `VITE_ANALYTICS_SCRIPT_URL`, `VITE_AD_SCRIPT_URL`: their origins may serve
 *   scripts (and analytics its beacons: images and requests);
 * - `VITE_SENTRY_DSN`: its origin receives error reports (connect-src);
 * - `VITE_API_BASE` on another origin: calls and the images it serves.
 *
 * No inline script is allowed but the head's boot script, by its hash
 * (`'unsafe-inline'` is never in script-src; scripts/vite-boot-script.ts): the
 * entry is a module file, and the build has no modulepreload polyfill or
 * preload helper, `build.modulePreload: false`. Images may be `data:` and
 * `blob:`; msw's service worker (mock builds) is same-origin (`worker-src
 * 'self'`). A meta policy cannot carry `frame-ancestors`, `report-to` or
 * `upgrade-insecure-requests`: the build writes the header policy with those for
 * the server (`buildCspHeader`, `_nginx/csp.conf`, docs/deploy.md). The dev server gets no policy (Vite's
 * client and React Refresh inject inline scripts).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { NGINX_CSP_FILE, nginxCspConf } from './lib/nginx-build-conf.ts';
import { bootScript } from './vite-boot-script.ts';

export interface CspSources {
  /** `VITE_ANALYTICS_SCRIPT_URL` */
  analyticsScriptUrl?: string | undefined;
  /** `VITE_AD_SCRIPT_URL` */
  adScriptUrl?: string | undefined;
  /** `VITE_SENTRY_DSN` */
  sentryDsn?: string | undefined;
  /** `VITE_API_BASE` (only an absolute URL adds an origin) */
  apiBase?: string | undefined;
  /** the hashes (`'sha256-…'`) of the inline scripts the page may run: the boot script's */
  inlineScripts?: string[] | undefined;
}

/** The origin of an absolute http(s) URL, or undefined (relative, empty, or not a URL). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/** The directives, in order, for these sources. */
export function cspDirectives(sources: CspSources): [string, string[]][] {
  const analytics = originOf(sources.analyticsScriptUrl);
  const ads = originOf(sources.adScriptUrl);
  const sentry = originOf(sources.sentryDsn);
  const api = originOf(sources.apiBase);
  return [
    ['default-src', ["'self'"]],
    ['script-src', unique(["'self'", ...(sources.inlineScripts ?? []), analytics, ads])],
    ['style-src', ["'self'"]],
    ['img-src', unique(["'self'", 'data:', 'blob:', analytics, api])],
    ['font-src', ["'self'"]],
    ['connect-src', unique(["'self'", api, sentry, analytics])],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
}

/** The policy as one header / meta value. */
export function buildCsp(sources: CspSources): string {
  return cspDirectives(sources)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * What the server sends as a header besides the meta tag (deploy/nginx, docs/deploy.md): the same policy plus
 * what a meta cannot carry. Browsers enforce both policies, so the header's `style-src` leaves style
 * attributes to the page: each prerendered page's meta allows exactly its own by hash
 * (scripts/lib/prerender-html.ts), which a header shared by every page cannot list. `upgrade-insecure-requests`
 * only over https: on plain http it would send every request of the page to an https port nobody serves.
 */
export function buildCspHeader(sources: CspSources, options: { https?: boolean; reportUri?: string } = {}): string {
  const directives = cspDirectives(sources).map(([name, values]): [string, string[]] => [
    name,
    name === 'style-src' ? [...values, "'unsafe-inline'"] : values,
  ]);
  const extra = [
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
    ...(options.reportUri ? [`report-uri ${options.reportUri}`] : []),
  ];
  return [...directives.map(([name, values]) => `${name} ${values.join(' ')}`), ...extra].join('; ');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Inserts the meta tag right after `<meta charset>` (or first in `<head>`), before any script or stylesheet. */
export function injectCspMeta(html: string, policy: string): string {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}" />`;
  const charset = /<meta\s+charset=[^>]*>/i.exec(html);
  if (charset) {
    const at = charset.index + charset[0].length;
    return `${html.slice(0, at)}\n    ${tag}${html.slice(at)}`;
  }
  const head = /<head[^>]*>/i.exec(html);
  if (!head) throw new Error('vite-csp: index.html has no <head>');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${tag}${html.slice(at)}`;
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Fails the build when index.html carries an inline script the policy would block (one not in `allowed`, by hash). */
export function assertNoInlineScript(html: string, allowed: readonly string[] = []): void {
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    const isData = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i.test(attributes);
    if (!/\bsrc\s*=/i.test(attributes) && body.trim() && !isData && !allowed.includes(hashOf(body))) {
      throw new Error(
        `vite-csp: index.html has an inline script the Content-Security-Policy would block: ${match[0].slice(0, 120)}`,
      );
    }
  }
  if (/\son[a-z]+\s*=/i.test(html.replace(/<script\b[\s\S]*?<\/script>/gi, ''))) {
    throw new Error('vite-csp: index.html has an inline event handler the Content-Security-Policy would block');
  }
}

export function cspPlugin(overrides: CspSources = {}): Plugin {
  let sources: CspSources = {};
  return {
    name: 'storefront-csp',
    apply: 'build',
    configResolved(resolved) {
      const env = resolved.env as Record<string, string | undefined>;
      sources = {
        analyticsScriptUrl: env.VITE_ANALYTICS_SCRIPT_URL,
        adScriptUrl: env.VITE_AD_SCRIPT_URL,
        sentryDsn: env.VITE_SENTRY_DSN,
        apiBase: env.VITE_API_BASE,
        inlineScripts: [bootScript().hash],
        ...overrides,
      };
    },
    // The header policy for the site's nginx (deploy/nginx/storefront.conf includes it): from this build's own
    // sources, so the header and the meta cannot disagree.
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: NGINX_CSP_FILE,
        source: nginxCspConf(buildCspHeader(sources), buildCspHeader(sources, { https: true })),
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        assertNoInlineScript(html, sources.inlineScripts);
        return injectCspMeta(html, buildCsp(sources));
      },
    },
  };
}
