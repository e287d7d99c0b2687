import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientState } from '../../../src/api/client-state';
import { createBrowserSessionEffects } from '../../../src/features/session/session-effects';
import {
  SESSION_STORAGE_KEY,
  loadPersistedSession,
  parsePersistedSession,
} from '../../../src/features/session/persisted-session';
import { getToasts, resetToasts } from '../../../src/shared/toast';
import { renderApp } from '../../support/render-app';
import { REAL_NAME, USER_A } from '../../model/session-fixtures';
import { header, FLOW_TIMEOUT } from './helpers';
import { answerWishlistsEmpty } from '../../support/server';

afterEach(() => {
  resetToasts();
});

describe('the session effects the app provides', FLOW_TIMEOUT, () => {
  it('sets the token cookie for 30 days on the whole site, and clears it', () => {
    const jar = { cookie: '' };
    const effects = createBrowserSessionEffects({ cookieJar: jar, localStorage: undefined, sessionStorage: undefined });

    effects.setTokenCookie('tk_1/2');
    expect(jar.cookie).toBe('token=tk_1%2F2; max-age=2592000; path=/; SameSite=Lax');

    effects.setRequestToken('tk_1/2');
    expect(clientState.get().token).toBe('tk_1/2');
    effects.clearToken();
    expect(jar.cookie).toBe('token=; max-age=0; path=/; SameSite=Lax');
    expect(clientState.get().token).toBeUndefined();
  });

  it('stores the user with its real-name info and reads it back validated', () => {
    const effects = createBrowserSessionEffects({ localStorage, sessionStorage, cookieJar: undefined });
    effects.persistSession({ user: USER_A, realName: REAL_NAME });

    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      user: USER_A,
      realName: REAL_NAME,
    });
    expect(loadPersistedSession(localStorage)).toEqual({ user: USER_A, realName: REAL_NAME });

    effects.forgetSession();
    expect(loadPersistedSession(localStorage)).toBeNull();
  });

  it.each([
    ['not JSON', '{"user":'],
    ['JSON of the wrong shape', JSON.stringify({ user: { ...USER_A, userId: 'one' }, realName: null })],
    ['a bare string', JSON.stringify('tk_1')],
  ])('reads %s as no session and removes it', (_what, raw) => {
    localStorage.setItem(SESSION_STORAGE_KEY, raw);
    expect(loadPersistedSession(localStorage)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('treats blocked storage as no session and never throws', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(loadPersistedSession(blocked)).toBeNull();
    expect(() =>
      createBrowserSessionEffects({
        localStorage: blocked,
        sessionStorage: blocked,
        cookieJar: undefined,
      }).persistSession({ user: USER_A, realName: null }),
    ).not.toThrow();
    expect(parsePersistedSession(null)).toBeNull();
  });

  it('shows its messages as toasts of the given kind', () => {
    const effects = createBrowserSessionEffects({
      localStorage: undefined,
      sessionStorage: undefined,
      cookieJar: undefined,
    });
    effects.notify('warning', '登录信息已失效,请重新登录');
    expect(getToasts().map((t) => [t.type, t.text])).toEqual([['warning', '登录信息已失效,请重新登录']]);
  });
});

describe('another tab', FLOW_TIMEOUT, () => {
  // Not inside act(): the session's updates reach React asynchronously, as in the browser, and are awaited
  // with findBy…/waitFor. (Inside act(), a page chunk resolving meanwhile made React warn about act.)
  const storageEvent = async (newValue: string | null) => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue, storageArea: localStorage }),
    );
  };

  it('logging in or out is followed here without a reload or a message', async () => {
    // USER_A is a fixture the simulated backend never issued (see answerWishlistsEmpty).
    answerWishlistsEmpty();
    const notify = vi.fn();
    await renderApp('/', { deps: { testing: { sessionFlows: { effects: { notify } } } } });
    await header().findByRole('button', { name: '登录' });

    const stored = JSON.stringify({ user: USER_A, realName: null });
    localStorage.setItem(SESSION_STORAGE_KEY, stored);
    await storageEvent(stored);
    expect(await header().findByText('138****0000')).toBeInTheDocument();
    expect(clientState.get().token).toBe(USER_A.token);

    localStorage.removeItem(SESSION_STORAGE_KEY);
    await storageEvent(null);
    await waitFor(() => expect(header().getByRole('button', { name: '登录' })).toBeInTheDocument());
    expect(clientState.get().token).toBeUndefined();
    expect(notify).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
