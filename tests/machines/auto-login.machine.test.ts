// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { autoLoginMachine, type AutoLoginRequest } from '../../machines/auto-login.machine';
import type { UserInfo } from '../../src/api/user';
import { USER_A, USER_B, failure } from '../model/session-fixtures';

function startAutoLogin(api: { exchange?: () => Promise<UserInfo>; login?: () => Promise<UserInfo> } = {}) {
  const log: string[] = [];
  const spy = {
    exchangeToken: vi.fn(api.exchange ?? (async (_request: AutoLoginRequest) => USER_B)),
    loginWithToken: vi.fn(api.login ?? (async (_request: AutoLoginRequest) => USER_B)),
  };
  const actor = createActor(
    autoLoginMachine.provide({
      actors: {
        exchangeToken: fromPromise<UserInfo, AutoLoginRequest>(({ input }) => spy.exchangeToken(input)),
        loginWithToken: fromPromise<UserInfo, AutoLoginRequest>(({ input }) => spy.loginWithToken(input)),
      },
      actions: {
        clearStoredToken: () => log.push('clear stored token'),
        openAutoLoginModal: () => log.push('open autoLogin'),
        closeAutoLoginModal: () => log.push('close autoLogin'),
        signIn: (_, { user }) => log.push(`sign in ${user.userId}`),
        notifyError: (_, { text }) => log.push(`error ${text}`),
      },
    }),
  ).start();
  return { actor, log, spy };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const start = (currentPhone: string | null) =>
  ({ type: 'autoLogin.start', token: 'alt_1', appId: 'app_9', currentPhone }) as const;

describe('auto-login machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('exchanges the token and asks, clearing the stored token, when nobody is logged in', async () => {
    const { actor, log, spy } = startAutoLogin();
    actor.send(start(null));
    await flush();

    expect(spy.exchangeToken).toHaveBeenCalledWith({ appId: 'app_9', token: 'alt_1' });
    expect(log).toEqual(['clear stored token', 'open autoLogin']);
    expect(actor.getSnapshot().hasTag('autoLogin:confirming')).toBe(true);
    expect(actor.getSnapshot().context.candidate).toEqual(USER_B);
  });

  it('asks when another phone is logged in', async () => {
    const { actor, log } = startAutoLogin();
    actor.send(start(USER_A.telNum));
    await flush();
    expect(log).toEqual(['clear stored token', 'open autoLogin']);
  });

  it('does nothing (but forget the token) when the same phone is already logged in', async () => {
    const { actor, log } = startAutoLogin({ exchange: async () => USER_A });
    actor.send(start(USER_A.telNum));
    await flush();
    expect(log).toEqual(['clear stored token']);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('follows the session while it waits: a login elsewhere updates the phone it compares with', async () => {
    const { actor, log } = startAutoLogin({ exchange: async () => USER_A });
    actor.send({ type: 'session.changed', user: USER_A });
    actor.send(start(null));
    actor.send({ type: 'session.changed', user: USER_A });
    await flush();
    expect(log).toEqual(['clear stored token']);
  });

  it('logs in with the token on confirm, then closes the modal', async () => {
    const { actor, log, spy } = startAutoLogin();
    actor.send(start(null));
    await flush();
    log.length = 0;

    actor.send({ type: 'autoLogin.confirm' });
    expect(actor.getSnapshot().hasTag('autoLogin:busy')).toBe(true);
    await flush();

    expect(spy.loginWithToken).toHaveBeenCalledWith({ appId: 'app_9', token: 'alt_1' });
    expect(log).toEqual(['close autoLogin', 'sign in 2']);
    expect(actor.getSnapshot().context).toEqual({ token: null, appId: null, currentPhone: null, candidate: null });
  });

  it('closes the modal without logging in on cancel', async () => {
    const { actor, log, spy } = startAutoLogin();
    actor.send(start(null));
    await flush();
    log.length = 0;
    actor.send({ type: 'autoLogin.cancel' });
    expect(log).toEqual(['close autoLogin']);
    expect(spy.loginWithToken).not.toHaveBeenCalled();
  });

  it("shows the server's message when the token cannot be exchanged", async () => {
    const { actor, log } = startAutoLogin({
      exchange: () => Promise.reject(failure('token_40001', '登录凭证无效或已过期，请重新登录')),
    });
    actor.send(start(null));
    await flush();
    expect(log).toEqual(['clear stored token', 'error 登录凭证无效或已过期，请重新登录']);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("shows the server's message when the token login fails, and closes the modal", async () => {
    const { actor, log } = startAutoLogin({ login: () => Promise.reject(failure('token_40001', '登录凭证已使用')) });
    actor.send(start(null));
    await flush();
    log.length = 0;
    actor.send({ type: 'autoLogin.confirm' });
    await flush();
    expect(log).toEqual(['close autoLogin', 'error 登录凭证已使用']);
  });
});
