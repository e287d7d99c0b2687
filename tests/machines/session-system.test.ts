// @vitest-environment node
/**
 * The session flows inside the real root system (createRootActor): parent
 * events reach the modal machine and the session, `session.changed` reaches
 * the flows that listen, and the bridge turns auth failures into one expiry.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { openModals } from '../../machines/modal.machine';
import type { PersistedSession } from '../../machines/session.machine';
import { clientState } from '../../src/api/client-state';
import { ApiError } from '../../src/api/errors';
import { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_SCOPED } from '../../src/api/account-scope';
import { installAccountScope } from '../../src/app/account-data';
import { createFlowActors } from '../../src/app/flows';
import { createRootActor } from '../../src/app/root-actor';
import { installSessionBridge } from '../../src/features/session/session-bridge';
import type { SessionApi, SessionEffects } from '../../src/features/session/session-effects';
import { USER_A, USER_B } from '../model/session-fixtures';
import type { AppActor } from '../../src/shared/app-actor';

function startSystem(
  options: {
    restored?: PersistedSession | null;
    api?: Partial<SessionApi>;
    linkToken?: { token: string; appId: string };
  } = {},
) {
  const log: string[] = [];
  const effects: SessionEffects = {
    persistSession: (value) => log.push(`persist ${value.user.userId}`),
    forgetSession: () => log.push('forget'),
    setRequestToken: (token) => log.push(`request token ${token}`),
    setTokenCookie: (token) => log.push(`cookie ${token}`),
    clearToken: () => log.push('clear token'),
    setAnalyticsUserId: (userId) => log.push(`analytics ${userId}`),
    notify: (kind, text) => log.push(`${kind} ${text}`),
    clearAutoLoginToken: () => log.push('clear auto-login token'),
  };
  const api: Partial<SessionApi> = {
    checkToken: async () => 'ok',
    fetchRealNameConfig: async () => ({ enable: false, sceneType: 0 }),
    registerLogin: async () => USER_A,
    logout: async () => true,
    exchangeToken: async () => USER_B,
    loginWithToken: async () => USER_B,
    ...options.api,
  };
  const actor = createRootActor({
    build: { id: 'build-1', fetchLatest: async () => ({ id: 'build-1', timestamp: 1 }), reloadPage: () => {} },
    modals: { load: async () => undefined },
    start: {
      couponPopupEnabled: false,
      restoredSession: options.restored ?? null,
      linkToken: options.linkToken ?? null,
      startAttribution: () => log.push('attribution'),
    },
    testing: {
      sessionFlows: { effects, api },
      // The wishlist's calls answer an empty list: the login's hand-over opens the account's list.
      wishlistServer: { list: async () => [], add: async () => [], remove: async () => [], merge: async () => [] },
      // The login flows from a static import: they are ready within the same tick as a modal load.
      loadFlows: async () => createFlowActors({ sessionFlows: { effects, api } }),
    },
  });
  actor.start();
  return { actor, log };
}

const child = (actor: AppActor, systemId: string) => actor.system.get(systemId) as AnyActorRef;
const stack = (actor: AppActor) => openModals(child(actor, 'modal').getSnapshot()).map((m: { name: string }) => m.name);
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

describe('session flows in the root system', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    clientState.reset();
  });

  it('a successful SMS login logs the session in, closes the login modal and updates the auto-login flow', async () => {
    const { actor, log } = startSystem();
    actor.send({ type: 'modal.open', name: 'login', source: 'user' });
    await tick();
    expect(stack(actor)).toEqual(['login']);

    actor.send({ type: 'login.submit', phone: USER_A.telNum, code: '123456' });
    // 登录成功 waits for the login's hand-over of the visitor's lists; 最近浏览's share imports its module
    // (src/app/visitor-lists.ts), which run alone this file has not loaded yet: wait for the outcome, not one tick.
    await vi.waitFor(() => expect(log).toContain('success 登录成功'));

    expect(child(actor, 'session').getSnapshot().context.user).toEqual(USER_A);
    expect(stack(actor)).toEqual([]);
    // session.changed went from the session to the root and on to autoLogin.
    expect(child(actor, 'autoLogin').getSnapshot().context.currentPhone).toBe(USER_A.telNum);
    actor.stop();
  });

  it('an expiry closes every open modal after 300 ms, warns, and opens the login modal on its own', async () => {
    const { actor, log } = startSystem({ restored: { user: USER_A, realName: null } });
    actor.send({ type: 'modal.open', name: 'pay', source: 'user' });
    await tick();
    actor.send({ type: 'modal.open', name: 'realName', source: 'user' });
    await tick();
    expect(stack(actor)).toEqual(['pay', 'realName']);

    actor.send({ type: 'session.expired', code: 'auth_40001' });
    expect(child(actor, 'session').getSnapshot().context.user).toBeNull();
    await tick(299);
    expect(stack(actor)).toEqual(['pay', 'realName']);
    await tick(1);
    await tick();

    expect(stack(actor)).toEqual(['login']);
    expect(log).toContain('warning 登录信息已失效,请重新登录');
    actor.stop();
  });

  it('the bridge turns auth failures of any number of calls into one expiry', async () => {
    const { actor, log } = startSystem({ restored: { user: USER_A, realName: null } });
    const uninstall = installSessionBridge(actor, { target: undefined, localStorage: undefined });
    const auth = (code: string) =>
      new ApiError({ kind: 'auth', message: '登录信息已失效,请重新登录', endpoint: '/x', code });

    clientState.emitAuthExpired(auth('auth_40001'));
    clientState.emitAuthExpired(auth('auth_40002'));
    clientState.emitAuthExpired(auth('auth_40001'));
    await tick(1000);

    expect(log.filter((line) => line === 'forget')).toHaveLength(1);
    expect(log.filter((line) => line.startsWith('warning'))).toHaveLength(1);
    expect(child(actor, 'session').getSnapshot().hasTag('session:expired')).toBe(true);
    uninstall();
    actor.stop();
  });

  it('the auto-login flow opens its modal through the root, and a confirmed login reaches the session', async () => {
    const { actor, log } = startSystem({ restored: { user: USER_A, realName: null } });
    actor.send({ type: 'autoLogin.start', token: 'alt_1', appId: 'nn_mall_web', currentPhone: USER_A.telNum });
    await tick();
    expect(stack(actor)).toEqual(['autoLogin']);
    expect(log).toContain('clear auto-login token');

    actor.send({ type: 'autoLogin.confirm' });
    await tick();
    expect(stack(actor)).toEqual([]);
    expect(child(actor, 'session').getSnapshot().context.user).toEqual(USER_B);
    actor.stop();
  });

  it('start-up restores the session and its request token before the attribution calls, then hands the link token to auto-login', async () => {
    const { actor, log } = startSystem({
      restored: { user: USER_A, realName: null },
      linkToken: { token: 'alt_1', appId: 'nn_mall_web' },
    });
    await tick(0);
    const tokenSet = log.indexOf(`request token ${USER_A.token}`);
    const attribution = log.indexOf('attribution');
    expect(tokenSet).toBeGreaterThanOrEqual(0);
    expect(attribution).toBeGreaterThan(tokenSet);
    // The exchange ran with every header set: its answer (user B, another phone) asks to switch.
    await tick(0);
    expect(child(actor, 'autoLogin').getSnapshot().hasTag('autoLogin:confirming')).toBe(true);
    actor.stop();
  });

  it('drops every account-scoped answer when the account changes, and keeps the rest', async () => {
    const { actor } = startSystem({ restored: { user: USER_A, realName: null } });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['matchCoupon', USER_A.userId, 1, 1], { coupons: [], bestCouponId: null });
    queryClient
      .getQueryCache()
      .find({ queryKey: ['matchCoupon', USER_A.userId, 1, 1] })
      ?.setOptions({ queryKey: ['matchCoupon', USER_A.userId, 1, 1], meta: ACCOUNT_SCOPED });
    queryClient.setQueryData(['hotSearch'], []);
    const uninstall = installAccountScope(actor, queryClient);

    actor.send({ type: 'session.synced', user: USER_B, realName: null }); // another tab logged in as B
    expect(queryClient.getQueryData(['matchCoupon', USER_A.userId, 1, 1])).toBeUndefined();
    expect(queryClient.getQueryData(['hotSearch'])).toEqual([]);
    uninstall();
    actor.stop();
  });
});
