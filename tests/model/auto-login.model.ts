/**
 * Model of the auto-login machine. The link's token belongs to user A or B;
 * the session may hold nobody or A (and change while the flow runs).
 */
import { autoLoginMachine } from '../../machines/auto-login.machine';
import { defineModel, doneEvent, errorEvent } from '../support/model';
import { USER_A, USER_B, failure } from './session-fixtures';

const START = { type: 'autoLogin.start', token: 'alt_1', appId: 'nn_mall_web', currentPhone: USER_A.telNum } as const;
const INVALID = failure('token_40001', '登录凭证无效或已过期，请重新登录');

export const autoLoginModel = defineModel({
  machine: autoLoginMachine,
  events: {
    'autoLogin.start': [START],
    'autoLogin.confirm': [{ type: 'autoLogin.confirm' }],
    'autoLogin.cancel': [{ type: 'autoLogin.cancel' }],
    'session.changed': [
      { type: 'session.changed', user: null },
      { type: 'session.changed', user: USER_A },
    ],
  },
  invokes: {
    exchangeToken: { done: [USER_A, USER_B], error: [INVALID] },
    loginWithToken: { done: [USER_B], error: [INVALID] },
  },
  describeContext: (context) =>
    [
      context.currentPhone ? `session ${context.currentPhone}` : 'nobody logged in',
      context.candidate ? `asking for ${context.candidate.telNum}` : '',
    ]
      .filter(Boolean)
      .join(', '),
  journeys: [
    {
      name: 'another account is offered, confirmed and logged in; a second link can follow',
      events: [
        START,
        doneEvent('exchangeToken', USER_B),
        { type: 'autoLogin.confirm' },
        doneEvent('loginWithToken', USER_B),
        { type: 'session.changed', user: USER_B },
        START,
      ],
      then: {
        state: 'exchanging',
        calls: [
          { exchangeToken: { appId: 'nn_mall_web', token: 'alt_1' } },
          'clearStoredToken',
          { 'modal.open': { name: 'autoLogin', source: 'flow' } },
          'loginWithToken',
          { 'modal.close': { name: 'autoLogin' } },
          { 'session.login': { user: { userId: 2 } } },
          'exchangeToken',
        ],
      },
    },
    {
      name: 'a failed exchange and a failed token login both end quietly in idle',
      events: [
        START,
        errorEvent('exchangeToken', INVALID),
        START,
        doneEvent('exchangeToken', USER_B),
        { type: 'autoLogin.confirm' },
        errorEvent('loginWithToken', INVALID),
      ],
      then: {
        state: 'idle',
        context: { token: null, candidate: null },
        calls: [
          'exchangeToken',
          'clearStoredToken',
          { notifyError: { text: '登录凭证无效或已过期，请重新登录' } },
          'exchangeToken',
          'clearStoredToken',
          { 'modal.open': { name: 'autoLogin' } },
          'loginWithToken',
          { 'modal.close': { name: 'autoLogin' } },
          { notifyError: { text: '登录凭证无效或已过期，请重新登录' } },
        ],
      },
    },
    {
      name: 'a link for the account already logged in changes nothing',
      events: [START, doneEvent('exchangeToken', USER_A)],
      then: { state: 'idle', context: { token: null, candidate: null }, calls: ['exchangeToken', 'clearStoredToken'] },
    },
    {
      name: 'with nobody logged in the same account is offered, and cancelling closes it',
      events: [
        { type: 'session.changed', user: null },
        { ...START, currentPhone: null },
        doneEvent('exchangeToken', USER_A),
        { type: 'autoLogin.cancel' },
      ],
      then: {
        state: 'idle',
        context: { candidate: null },
        calls: [
          'exchangeToken',
          'clearStoredToken',
          { 'modal.open': { name: 'autoLogin' } },
          { 'modal.close': { name: 'autoLogin' } },
        ],
      },
    },
  ],
});
