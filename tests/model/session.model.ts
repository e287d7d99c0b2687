/**
 * Model of the session machine, started with a restored user (A), so that the
 * start-up ping is part of the chart walked; `anonymous` is reached by logging
 * out or by another tab logging out. Logins use user A again or user B (over A:
 * A's departure is announced first); another tab may
 * report user B (a different account), A with real-name info (the same
 * account refreshed) or nobody. Real-name config: enabled or disabled.
 */
import { sessionMachine } from '../../machines/session.machine';
import { afterEvent, defineModel, doneEvent, errorEvent } from '../support/model';
import { CONFIG_OFF, CONFIG_ON, REAL_NAME, USER_A, USER_B, failure } from './session-fixtures';

const WAITING_TO_PING = 'session.loggedIn.active.waitingToPing';
const EXPIRED_WAITING = 'session.expired.waiting';

export const sessionModel = defineModel({
  machine: sessionMachine,
  // Shortest paths only: two users, sign-in, expiry and sync events make the simple paths combinatorial
  // (traversal does not finish in 20 s); the journeys cover the loops.
  paths: 'shortest',
  input: { restored: { user: USER_A, realName: null } },
  events: {
    'session.login': [
      { type: 'session.login', user: USER_A },
      { type: 'session.login', user: USER_B },
    ],
    'session.logout': [{ type: 'session.logout' }],
    'session.expired': [{ type: 'session.expired', code: 'auth_40001' }],
    'session.realNameVerified': [{ type: 'session.realNameVerified', info: REAL_NAME }],
    'session.synced': [
      { type: 'session.synced', user: USER_B, realName: null },
      { type: 'session.synced', user: USER_A, realName: REAL_NAME },
      { type: 'session.synced', user: null, realName: null },
    ],
  },
  invokes: {
    checkToken: { done: ['ok'], error: [failure('http', '服务暂时不可用')] },
    fetchRealNameConfig: { done: [CONFIG_ON, CONFIG_OFF], error: [failure('http', '服务暂时不可用')] },
    fetchRealNameInfo: { done: [REAL_NAME], error: [failure('http', '服务暂时不可用')] },
    logout: { done: [true], error: [failure('user_50001', '退出失败，请稍后重试')] },
    handOverVisitorLists: { done: [undefined], error: [new Error('Network Error')] },
  },
  describeContext: (context) =>
    [context.user ? `user ${context.user.userId}` : 'no user', context.realName ? 'verified' : '']
      .filter(Boolean)
      .join(', '),
  journeys: [
    {
      name: 'a restored session pings its token after a second and stays logged in whatever the answer',
      events: [
        afterEvent('tokenPingDelay', WAITING_TO_PING),
        errorEvent('checkToken'),
        { type: 'session.logout' },
        doneEvent('logout', true),
      ],
      then: {
        state: 'anonymous',
        context: { user: null, leaving: null },
        someCalls: [
          'checkToken',
          { 'session.changed': { user: null, reason: 'logout' } },
          { logout: { token: 'tk_a' } },
          { notify: { kind: 'success', text: '退出成功！' } },
        ],
      },
    },
    {
      name: 'an expiry waits 300 ms, then prompts, and a new login starts over',
      events: [
        { type: 'session.expired', code: 'auth_40001' },
        { type: 'session.expired', code: 'auth_40002' },
        afterEvent('expiryPromptDelay', EXPIRED_WAITING),
        { type: 'session.login', user: USER_A },
        doneEvent('fetchRealNameConfig', CONFIG_ON),
        doneEvent('fetchRealNameInfo', REAL_NAME),
        doneEvent('handOverVisitorLists', undefined),
      ],
      then: {
        state: { loggedIn: { active: 'ready' } },
        context: { user: { userId: USER_A.userId }, realName: REAL_NAME },
        someCalls: [
          { 'session.changed': { user: null, reason: 'expired' } },
          'modal.closeAll',
          { notify: { kind: 'warning', text: '登录信息已失效,请重新登录' } },
          { 'modal.open': { name: 'login', source: 'flow' } },
          { setTokenCookie: { token: 'tk_a' } },
          { notify: { kind: 'success', text: '登录成功' } },
          { 'session.changed': { user: { userId: USER_A.userId }, reason: 'login' } },
        ],
      },
    },
    {
      name: 'a hand-over that fails still ends the login once the real-name facts are known',
      // From nobody (after a logout): the UI replay offers 登录 only then (tests/model/session.ui.ts).
      events: [
        { type: 'session.logout' },
        doneEvent('logout', true),
        { type: 'session.login', user: USER_B },
        errorEvent('handOverVisitorLists', new Error('Network Error')),
        doneEvent('fetchRealNameConfig', CONFIG_OFF),
      ],
      then: {
        state: { loggedIn: { active: 'ready' } },
        context: { user: { userId: USER_B.userId }, realName: null },
        someCalls: [
          { handOverVisitorLists: { userId: USER_B.userId } },
          { notify: { kind: 'success', text: '登录成功' } },
          { 'session.changed': { user: { userId: USER_B.userId }, reason: 'login' } },
        ],
      },
    },
    {
      name: 'a rejected logout keeps the user, and a second logout succeeds',
      events: [
        afterEvent('tokenPingDelay', WAITING_TO_PING),
        doneEvent('checkToken', 'ok'),
        { type: 'session.logout' },
        errorEvent('logout', failure('user_50001', '退出失败，请稍后重试')),
        { type: 'session.logout' },
        doneEvent('logout', true),
        { type: 'session.login', user: USER_A },
      ],
      then: {
        state: 'loggedIn',
        context: { user: { userId: USER_A.userId }, leaving: null },
        someCalls: [
          { logout: { token: 'tk_a' } },
          { notify: { kind: 'error', text: '退出失败，请稍后重试' } },
          { 'session.changed': { user: { userId: USER_A.userId } } },
          { logout: { token: 'tk_a' } },
          { notify: { kind: 'success', text: '退出成功！' } },
        ],
      },
    },
    {
      name: 'after a logout, each new login reads the real-name config and info, whichever way they answer',
      events: [
        { type: 'session.logout' },
        doneEvent('logout', true),
        { type: 'session.login', user: USER_A },
        doneEvent('fetchRealNameConfig', CONFIG_OFF),
        { type: 'session.logout' },
        doneEvent('logout', true),
        { type: 'session.login', user: USER_A },
        errorEvent('fetchRealNameConfig'),
        { type: 'session.logout' },
        doneEvent('logout', true),
        { type: 'session.login', user: USER_A },
        doneEvent('fetchRealNameConfig', CONFIG_ON),
        errorEvent('fetchRealNameInfo'),
      ],
      then: {
        state: { loggedIn: { active: { signingIn: { facts: 'known' } } } },
        context: { user: { userId: USER_A.userId } },
        someCalls: ['fetchRealNameConfig', 'fetchRealNameConfig', 'fetchRealNameConfig', 'fetchRealNameInfo'],
      },
    },
    {
      name: 'a login during a login starts the real-name reads again',
      events: [
        { type: 'session.login', user: USER_A },
        { type: 'session.login', user: USER_A },
        errorEvent('fetchRealNameConfig'),
      ],
      then: {
        state: { loggedIn: { active: { signingIn: { facts: 'known' } } } },
        context: { user: { userId: USER_A.userId } },
        someCalls: [
          'fetchRealNameConfig',
          { 'session.signingIn': { user: { userId: USER_A.userId } } },
          'fetchRealNameConfig',
        ],
      },
    },
    {
      name: 'another tab logging in as someone else replaces the user, and its logout ends the session quietly',
      events: [
        { type: 'session.synced', user: USER_B, realName: null },
        { type: 'session.synced', user: USER_B, realName: REAL_NAME },
        { type: 'session.synced', user: null, realName: null },
        { type: 'session.synced', user: null, realName: null },
        { type: 'session.synced', user: USER_A, realName: REAL_NAME },
      ],
      then: {
        state: { loggedIn: { active: 'ready' } },
        context: { user: { userId: USER_A.userId } },
        someCalls: [
          { 'session.changed': { user: { userId: USER_B.userId }, reason: 'synced' } },
          { 'session.changed': { user: null, reason: 'synced' } },
          { 'session.changed': { user: { userId: USER_A.userId }, reason: 'synced' } },
        ],
      },
    },
    {
      name: 'a login as another account over a logged-in one, then the first account again',
      events: [
        { type: 'session.login', user: USER_B },
        doneEvent('fetchRealNameConfig', CONFIG_OFF),
        { type: 'session.login', user: USER_A },
      ],
      then: {
        state: { loggedIn: { active: 'signingIn' } },
        context: { user: { userId: USER_A.userId } },
        someCalls: [
          { 'session.changed': { user: null, reason: 'login' } },
          { takeVisitorLists: { userId: USER_B.userId } },
          { 'session.changed': { user: null, reason: 'login' } },
          { takeVisitorLists: { userId: USER_A.userId } },
        ],
      },
    },
    {
      name: 'an expiry or a second logout while logging out is ignored: the logout goes on',
      events: [
        { type: 'session.logout' },
        { type: 'session.expired' },
        { type: 'session.logout' },
        doneEvent('logout', true),
      ],
      then: {
        state: 'anonymous',
        context: { user: null, leaving: null },
        someCalls: [
          { 'session.changed': { user: null, reason: 'logout' } },
          { logout: { token: 'tk_a' } },
          { notify: { kind: 'success', text: '退出成功！' } },
        ],
      },
    },
  ],
});
