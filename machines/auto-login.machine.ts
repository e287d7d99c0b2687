/**
 * Auto-login: a link may carry a login token (`?token=&appId=`) from another app of the company. The
 * token is exchanged for its user, and the shopper is asked whether to log in as that user, unless
 * that user is already logged in.
 *
 * Invariants: the stored token is cleared after the exchange whatever the answer (a reload never asks
 * twice) and is held in `token` only from `autoLogin.start` back to `idle`; `candidate` is set exactly
 * in `confirming` and `loggingIn`.
 *
 * Not here: reading and cleaning the URL (src/features/session/session-bridge.ts), the session's
 * effects, and when the modal opens (the modal machine).
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { UserInfo } from '../src/api/user';
import { readFailure } from './failure';

export interface AutoLoginRequest {
  appId: string;
  token: string;
}

export interface AutoLoginContext {
  token: string | null;
  appId: string | null;
  /** The phone of the logged-in user, null when nobody is logged in. */
  currentPhone: string | null;
  /** The account the token belongs to, while the shopper is asked. */
  candidate: UserInfo | null;
}

export type AutoLoginEvent =
  | { type: 'autoLogin.start'; token: string; appId: string; currentPhone: string | null }
  | { type: 'autoLogin.confirm' }
  | { type: 'autoLogin.cancel' }
  /** Forwarded by the app from the session (what the session machine announces). */
  | { type: 'session.changed'; user: { telNum: string } | null };

export type AutoLoginTag = 'autoLogin:busy' | 'autoLogin:confirming';

const AUTO_LOGIN_MESSAGES = {
  exchangeFailed: '自动登录失败，请手动登录',
  loginFailed: '自动登录失败，请手动登录',
} as const;

const EMPTY_FLOW = { token: null, appId: null, candidate: null } as const;

function requireRequest(context: AutoLoginContext): AutoLoginRequest {
  if (context.token === null || context.appId === null) throw new Error('autoLogin machine: no token while exchanging');
  return { appId: context.appId, token: context.token };
}

export const autoLoginMachine = setup({
  types: {} as {
    context: AutoLoginContext;
    events: AutoLoginEvent;
    tags: AutoLoginTag;
  },
  actors: {
    exchangeToken: fromPromise<UserInfo, AutoLoginRequest>(async () => {
      throw new Error('exchangeToken is supplied by the app through autoLoginMachine.provide()');
    }),
    loginWithToken: fromPromise<UserInfo, AutoLoginRequest>(async () => {
      throw new Error('loginWithToken is supplied by the app through autoLoginMachine.provide()');
    }),
  },
  actions: {
    assignRequest: assign((_, params: { token: string; appId: string; currentPhone: string | null }) => ({
      token: params.token,
      appId: params.appId,
      currentPhone: params.currentPhone,
      candidate: null,
    })),
    assignCandidate: assign((_, params: { user: UserInfo }) => ({ candidate: params.user })),
    assignCurrentPhone: assign((_, params: { phone: string | null }) => ({ currentPhone: params.phone })),
    forgetRequest: assign(EMPTY_FLOW),
    /** The app removes the token (and appId) from sessionStorage. */
    clearStoredToken: () => {},
    openAutoLoginModal: sendParent({ type: 'modal.open', name: 'autoLogin', source: 'flow' }),
    closeAutoLoginModal: sendParent({ type: 'modal.close', name: 'autoLogin' }),
    /** Logs the confirmed account in: the session owns the user. */
    signIn: sendParent((_, params: { user: UserInfo }) => ({ type: 'session.login', user: params.user })),
    /** An error toast with the server's message. */
    notifyError: (_, _params: { text: string }) => {},
  },
  guards: {
    isCurrentUser: ({ context }, params: { user: UserInfo }) =>
      context.currentPhone !== null && params.user.telNum === context.currentPhone,
  },
}).createMachine({
  id: 'autoLogin',
  context: { token: null, appId: null, currentPhone: null, candidate: null },
  initial: 'idle',
  on: {
    'session.changed': {
      actions: { type: 'assignCurrentPhone', params: ({ event }) => ({ phone: event.user?.telNum ?? null }) },
    },
  },
  states: {
    idle: {
      on: {
        'autoLogin.start': {
          target: 'exchanging',
          actions: {
            type: 'assignRequest',
            params: ({ event }) => ({ token: event.token, appId: event.appId, currentPhone: event.currentPhone }),
          },
        },
      },
    },
    exchanging: {
      tags: ['autoLogin:busy'],
      invoke: {
        id: 'exchangeToken',
        src: 'exchangeToken',
        input: ({ context }) => requireRequest(context),
        onDone: [
          {
            guard: { type: 'isCurrentUser', params: ({ event }) => ({ user: event.output }) },
            target: 'idle',
            actions: ['clearStoredToken', 'forgetRequest'],
          },
          {
            target: 'confirming',
            actions: [
              'clearStoredToken',
              { type: 'assignCandidate', params: ({ event }) => ({ user: event.output }) },
              'openAutoLoginModal',
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            'clearStoredToken',
            'forgetRequest',
            {
              type: 'notifyError',
              params: ({ event }) => ({ text: readFailure(event.error, AUTO_LOGIN_MESSAGES.exchangeFailed).message }),
            },
          ],
        },
      },
    },
    confirming: {
      tags: ['autoLogin:confirming'],
      on: {
        'autoLogin.confirm': { target: 'loggingIn' },
        'autoLogin.cancel': { target: 'idle', actions: ['closeAutoLoginModal', 'forgetRequest'] },
      },
    },
    loggingIn: {
      tags: ['autoLogin:busy', 'autoLogin:confirming'],
      invoke: {
        id: 'loginWithToken',
        src: 'loginWithToken',
        input: ({ context }) => requireRequest(context),
        onDone: {
          target: 'idle',
          // The account this tab held (if any) leaves: the session announces its departure, then, once
          // signed in, the new account, which sets the current phone again.
          actions: [
            'closeAutoLoginModal',
            { type: 'signIn', params: ({ event }) => ({ user: event.output }) },
            'forgetRequest',
            { type: 'assignCurrentPhone', params: { phone: null } },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            'closeAutoLoginModal',
            {
              type: 'notifyError',
              params: ({ event }) => ({ text: readFailure(event.error, AUTO_LOGIN_MESSAGES.loginFailed).message }),
            },
            'forgetRequest',
          ],
        },
      },
    },
  },
});
