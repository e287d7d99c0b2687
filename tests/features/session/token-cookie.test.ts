import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserSessionEffects } from '../../../src/features/session/session-effects';
import { tokenCookieAttributes } from '../../../src/features/session/token-cookie';

afterEach(() => {
  vi.unstubAllGlobals();
});

const effectsWritingTo = (jar: { cookie: string }) =>
  createBrowserSessionEffects({ cookieJar: jar, localStorage: undefined, sessionStorage: undefined });

describe('the token cookie', () => {
  it('is Secure when the store is served over https, and always SameSite=Lax on the whole site', () => {
    expect(tokenCookieAttributes('https:')).toBe('path=/; SameSite=Lax; Secure');
    expect(tokenCookieAttributes('http:')).toBe('path=/; SameSite=Lax');
  });

  it('is set and cleared with Secure over https', () => {
    vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
    const jar = { cookie: '' };
    const effects = effectsWritingTo(jar);

    effects.setTokenCookie('tk_1');
    expect(jar.cookie).toBe('token=tk_1; max-age=2592000; path=/; SameSite=Lax; Secure');
    effects.clearToken();
    expect(jar.cookie).toBe('token=; max-age=0; path=/; SameSite=Lax; Secure');
  });

  it('is set without Secure over plain http (a browser would drop a Secure cookie there), still SameSite=Lax', () => {
    vi.stubGlobal('location', { ...window.location, protocol: 'http:' });
    const jar = { cookie: '' };
    effectsWritingTo(jar).setTokenCookie('tk_1');
    expect(jar.cookie).toBe('token=tk_1; max-age=2592000; path=/; SameSite=Lax');
  });
});
