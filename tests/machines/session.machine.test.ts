// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SESSION_MESSAGES, sessionMachine, type PersistedSession } from '../../machines/session.machine';
import type { RealNameConfig, RealNameInfo } from '../../src/api/user';
import { CONFIG_OFF, CONFIG_ON, REAL_NAME, USER_A, USER_B, failure } from '../model/session-fixtures';

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/**
 * A session actor whose effects write to `log` in order and whose calls stay
 * pending until the test settles them.
 */
function startSession(restored: PersistedSession | null = null) {
  const log: string[] = [];
  const calls: Record<string, Pending<unknown>[]> = {
    checkToken: [],
    fetchRealNameConfig: [],
    fetchRealNameInfo: [],
    logout: [],
    handOverVisitorLists: [],
  };
  const pending = <T, I = unknown>(name: string) =>
    fromPromise<T, I>(({ input }) => {
      if (input !== undefined) log.push(`call ${name} ${JSON.stringify(input)}`);
      else log.push(`call ${name}`);
      return new Promise<T>((resolve, reject) =>
        calls[name]!.push({ resolve: resolve as (v: unknown) => void, reject }),
      );
    });
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        checkToken: pending<unknown>('checkToken'),
        fetchRealNameConfig: pending<RealNameConfig>('fetchRealNameConfig'),
        fetchRealNameInfo: pending<RealNameInfo | null>('fetchRealNameInfo'),
        logout: pending<unknown, { token: string }>('logout'),
        handOverVisitorLists: pending<unknown, { userId: number }>('handOverVisitorLists'),
      },
      actions: {
        persistSession: (_, value) =>
          log.push(`persist ${value.user.userId} ${value.realName ? 'verified' : 'unverified'}`),
        forgetSession: () => log.push('forget'),
        takeVisitorLists: (_, { userId }) => log.push(`take lists ${userId}`),
        forgetAccount: (_, { userId }) => log.push(`forget account ${userId}`),
        setRequestToken: (_, { token }) => log.push(`request token ${token}`),
        setTokenCookie: (_, { token }) => log.push(`cookie ${token}`),
        clearToken: () => log.push('clear token'),
        identifyUser: (_, { userId }) => log.push(`analytics ${userId}`),
        notify: (_, { kind, text }) => log.push(`${kind} ${text}`),
        announceSessionChanged: (_, { user }) => log.push(`changed ${user ? user.userId : null}`),
        announceSigningIn: (_, { user }) => log.push(`signing in ${user.userId}`),
        closeAllModals: () => log.push('close all modals'),
        openLoginModal: () => log.push('open login'),
      },
    }),
    { input: { restored } },
  ).start();
  const settle = async (name: string, outcome: { value: unknown } | { error: unknown }) => {
    const call = calls[name]!.shift();
    if (!call) throw new Error(`no pending ${name}`);
    if ('error' in outcome) call.reject(outcome.error);
    else call.resolve(outcome.value);
    await vi.advanceTimersByTimeAsync(0);
  };
  const drain = () => log.splice(0);
  return { actor, log, calls, settle, drain };
}

describe('session machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts anonymous without a stored user and does nothing', async () => {
    const { actor, log } = startSession();
    await vi.advanceTimersByTimeAsync(5000);

    expect(actor.getSnapshot().hasTag('session:anonymous')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: null, realName: null, leaving: null });
    expect(log).toEqual([]);
  });

  it('starts logged in from the stored user, with its token on every request', () => {
    const { actor, log } = startSession({ user: USER_A, realName: REAL_NAME });

    expect(actor.getSnapshot().hasTag('session:loggedIn')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: USER_A, realName: REAL_NAME, leaving: null });
    // Restoring is not a login: no toast, no cookie rewrite, no session.changed.
    expect(log).toEqual(['request token tk_a', 'analytics 1']);
  });

  it('pings the restored token once, exactly 1000 ms after start, and stays logged in whatever the answer', async () => {
    const { actor, log, settle, drain } = startSession({ user: USER_A, realName: null });
    drain();

    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['call checkToken']);

    await settle('checkToken', { error: failure(undefined, '服务暂时不可用') });
    expect(actor.getSnapshot().hasTag('session:loggedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log).toEqual(['call checkToken']);
  });

  it('does not ping when the stored user logs out first', async () => {
    const { actor, log, drain } = startSession({ user: USER_A, realName: null });
    drain();
    actor.send({ type: 'session.logout' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(log).toEqual([
      'forget account 1',
      'forget',
      'clear token',
      'analytics null',
      'changed null',
      'call logout {"token":"tk_a"}',
    ]);
  });

  it('on login stores the user and sets the visitor lists aside for it at once, reads the real-name facts and hands the lists over side by side, and says 登录成功 once both are done', async () => {
    const { actor, log, settle } = startSession();

    actor.send({ type: 'session.login', user: USER_A });
    expect(actor.getSnapshot().context.user).toEqual(USER_A);
    expect(actor.getSnapshot().hasTag('session:signingIn')).toBe(true);
    expect(log).toEqual([
      'persist 1 unverified',
      'take lists 1',
      'cookie tk_a',
      'request token tk_a',
      'analytics 1',
      'signing in 1',
      'call fetchRealNameConfig',
      'call handOverVisitorLists {"userId":1}',
    ]);

    log.length = 0;
    await settle('fetchRealNameConfig', { value: CONFIG_ON });
    expect(log).toEqual(['call fetchRealNameInfo']);
    await settle('fetchRealNameInfo', { value: REAL_NAME });
    // The facts are known, the lists not yet handed over: the login is not done.
    expect(log).toEqual(['call fetchRealNameInfo', 'persist 1 verified']);
    expect(actor.getSnapshot().hasTag('session:signingIn')).toBe(true);

    await settle('handOverVisitorLists', { value: undefined });
    // The parent hears about the login once the real-name info is known and the lists are the account's.
    expect(log).toEqual(['call fetchRealNameInfo', 'persist 1 verified', 'success 登录成功', 'changed 1']);
    expect(actor.getSnapshot().context).toEqual({ user: USER_A, realName: REAL_NAME, leaving: null });
    expect(actor.getSnapshot().hasTag('session:signingIn')).toBe(false);
  });

  it('a hand-over that fails does not hold the login back: the lists stay set aside for the account', async () => {
    const { actor, log, settle, drain } = startSession();
    actor.send({ type: 'session.login', user: USER_A });
    drain();
    await settle('handOverVisitorLists', { error: new Error('Network Error') });
    expect(log).toEqual([]);
    await settle('fetchRealNameConfig', { value: CONFIG_OFF });
    expect(log).toEqual(['success 登录成功', 'changed 1']);
    expect(actor.getSnapshot().hasTag('session:loggedIn')).toBe(true);
  });

  it('a login as another account announces the previous one leaving before the new token is set, and the new one once its real-name facts are known', async () => {
    const { actor, log, settle, drain } = startSession({ user: USER_A, realName: REAL_NAME });
    drain();

    actor.send({ type: 'session.login', user: USER_B });
    expect(log).toEqual([
      'changed null',
      'persist 2 unverified',
      'take lists 2',
      'cookie tk_b',
      'request token tk_b',
      'analytics 2',
      'signing in 2',
      'call fetchRealNameConfig',
      'call handOverVisitorLists {"userId":2}',
    ]);
    drain();
    await settle('fetchRealNameConfig', { value: CONFIG_OFF });
    await settle('handOverVisitorLists', { value: undefined });
    expect(log).toEqual(['success 登录成功', 'changed 2']);

    // The same account logging in again has nobody leaving.
    drain();
    actor.send({ type: 'session.login', user: USER_B });
    expect(log[0]).toBe('persist 2 unverified');
  });

  it('does not ask for real-name info when real name is disabled', async () => {
    const { actor, log, settle, drain } = startSession();
    actor.send({ type: 'session.login', user: USER_A });
    drain();

    await settle('fetchRealNameConfig', { value: CONFIG_OFF });
    await settle('handOverVisitorLists', { value: undefined });

    expect(log).toEqual(['success 登录成功', 'changed 1']);
    expect(actor.getSnapshot().context.realName).toBeNull();
  });

  it('keeps the login when the real-name reads fail', async () => {
    const { actor, log, settle, drain } = startSession();
    actor.send({ type: 'session.login', user: USER_A });
    drain();
    await settle('fetchRealNameConfig', { value: CONFIG_ON });
    await settle('fetchRealNameInfo', { error: failure('http', '服务暂时不可用') });
    await settle('handOverVisitorLists', { value: undefined });

    expect(log).toEqual(['call fetchRealNameInfo', 'success 登录成功', 'changed 1']);
    expect(actor.getSnapshot().hasTag('session:loggedIn')).toBe(true);
  });

  it('a logout is a hand-over: from the tap nothing of the account is left and no call but the logout carries its token; 退出成功！ once the server agrees', async () => {
    const { actor, log, settle, drain } = startSession({ user: USER_A, realName: REAL_NAME });
    drain();

    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().hasTag('session:loggingOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual([
      'forget account 1',
      'forget',
      'clear token',
      'analytics null',
      'changed null',
      'call logout {"token":"tk_a"}',
    ]);
    // A call that fails with the old token meanwhile is not an expiry of anything.
    actor.send({ type: 'session.expired', code: 'auth_40001' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).not.toContain('open login');

    drain();
    await settle('logout', { value: true });
    expect(log).toEqual(['success 退出成功！']);
    expect(actor.getSnapshot().hasTag('session:anonymous')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: null, realName: null, leaving: null });
  });

  it("on a rejected logout shows the server's message as an error and the account holds the tab again", async () => {
    const { actor, log, settle, drain } = startSession({ user: USER_A, realName: null });
    drain();

    actor.send({ type: 'session.logout' });
    drain();
    await settle('logout', { error: failure('user_50001', '系统繁忙，退出失败') });

    expect(log).toEqual([
      'persist 1 unverified',
      'cookie tk_a',
      'request token tk_a',
      'analytics 1',
      'error 系统繁忙，退出失败',
      'changed 1',
    ]);
    expect(actor.getSnapshot().hasTag('session:loggedIn')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(USER_A);
  });

  it('on expiry forgets the user at once, and 300 ms later closes all modals, warns and opens the login modal', async () => {
    const { actor, log, drain } = startSession({ user: USER_A, realName: REAL_NAME });
    drain();

    actor.send({ type: 'session.expired', code: 'auth_40001' });
    expect(log).toEqual(['forget', 'clear token', 'analytics null', 'changed null']);
    expect(actor.getSnapshot().hasTag('session:expired')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();

    drain();
    await vi.advanceTimersByTimeAsync(299);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['close all modals', `warning ${SESSION_MESSAGES.expired}`, 'open login']);
    expect(SESSION_MESSAGES.expired).toBe('登录信息已失效,请重新登录');
  });

  it('handles an expiry once, however many calls fail with it', async () => {
    const { actor, log, drain } = startSession({ user: USER_A, realName: null });
    drain();

    actor.send({ type: 'session.expired', code: 'auth_40001' });
    actor.send({ type: 'session.expired', code: 'auth_40002' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'session.expired', code: 'auth_40001' });
    await vi.advanceTimersByTimeAsync(1000);

    expect(log.filter((line) => line === 'forget')).toHaveLength(1);
    expect(log.filter((line) => line === 'open login')).toHaveLength(1);
  });

  it('ignores an expiry while anonymous', async () => {
    const { actor, log } = startSession();
    actor.send({ type: 'session.expired', code: 'auth_40001' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().hasTag('session:anonymous')).toBe(true);
    expect(log).toEqual([]);
  });

  it('logs in again after an expiry, cancelling a prompt not yet shown', async () => {
    const { actor, log, drain } = startSession({ user: USER_A, realName: null });
    actor.send({ type: 'session.expired' });
    drain();
    actor.send({ type: 'session.login', user: USER_B });
    await vi.advanceTimersByTimeAsync(1000);

    expect(log).not.toContain('open login');
    expect(actor.getSnapshot().context.user).toEqual(USER_B);
  });

  it('stores a verified real name with the user', () => {
    const { actor, log, drain } = startSession({ user: USER_A, realName: null });
    drain();
    actor.send({ type: 'session.realNameVerified', info: REAL_NAME });
    expect(actor.getSnapshot().context.realName).toEqual(REAL_NAME);
    expect(log).toEqual(['persist 1 verified']);
  });

  it("adopts another tab's login and logout quietly", () => {
    const { actor, log } = startSession();

    actor.send({ type: 'session.synced', user: USER_B, realName: REAL_NAME });
    expect(actor.getSnapshot().hasTag('session:loggedIn')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: USER_B, realName: REAL_NAME, leaving: null });
    expect(log).toEqual(['request token tk_b', 'analytics 2', 'changed 2']);

    log.length = 0;
    actor.send({ type: 'session.synced', user: null, realName: null });
    expect(actor.getSnapshot().hasTag('session:anonymous')).toBe(true);
    // No toast and no storage write: the other tab did those.
    expect(log).toEqual(['clear token', 'analytics null', 'changed null']);
  });
});
