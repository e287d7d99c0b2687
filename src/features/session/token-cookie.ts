/**
 * The attributes of the `token` cookie (written by the session effects in
 * src/features/session/session-effects.ts): the whole site, `SameSite=Lax` (sent on
 * top-level navigations from other sites, never on their cross-site
 * requests), and `Secure` whenever the store is served over https, so the
 * token never travels over plain http. Over http (the dev server, a local
 * preview) `Secure` is left out because the browser would drop the cookie.
 */
export function tokenCookieAttributes(protocol: string | undefined = globalThis.location?.protocol): string {
  return `path=/; SameSite=Lax${protocol === 'https:' ? '; Secure' : ''}`;
}
