/**
 * QR-code login: shows a WeChat QR code, polls whether it was scanned and exchanges the scan for a
 * login. It runs only while the QR panel is shown, the page visible and the browser online.
 *
 * Invariants: at most one request in flight, polling only in `polling`; `qrLogin.stop` cancels every
 * request and timer and forgets the code; `qr` is non-null in `polling`, `expired` and `loggingIn`;
 * `sessionCode` exactly in `loggingIn`.
 *
 * Not here: listening to visibility, online/offline and the panel (the login modal sends events), the
 * session's effects, and the requests.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { QrCode, QrStatus, UserInfo } from '../src/api/user';
import { readFailure } from './failure';

export interface QrLoginContext {
  qr: QrCode | null;
  sessionCode: string | null;
  error: string | null;
}

export type QrLoginEvent =
  | { type: 'qrLogin.start' }
  | { type: 'qrLogin.stop' }
  | { type: 'qrLogin.hidden' }
  | { type: 'qrLogin.visible' }
  | { type: 'qrLogin.refresh' };

export type QrLoginTag = 'qr:loading' | 'qr:showing' | 'qr:paused' | 'qr:expired' | 'qr:loggingIn' | 'qr:failed';

const QR_MESSAGES = {
  fetchFailed: '二维码获取失败，请点击刷新',
  loginFailed: '扫码登录失败，请重新扫码',
} as const;

const EMPTY: QrLoginContext = { qr: null, sessionCode: null, error: null };

function requireQr(context: QrLoginContext): QrCode {
  if (!context.qr) throw new Error('qrLogin machine: no QR code while polling');
  return context.qr;
}

function requireSessionCode(context: QrLoginContext): string {
  if (!context.sessionCode) throw new Error('qrLogin machine: no session code while logging in');
  return context.sessionCode;
}

export const qrLoginMachine = setup({
  types: {} as {
    context: QrLoginContext;
    events: QrLoginEvent;
    tags: QrLoginTag;
  },
  actors: {
    fetchQrCode: fromPromise<QrCode>(async () => {
      throw new Error('fetchQrCode is supplied by the app through qrLoginMachine.provide()');
    }),
    checkQrStatus: fromPromise<QrStatus, { qrId: string }>(async () => {
      throw new Error('checkQrStatus is supplied by the app through qrLoginMachine.provide()');
    }),
    loginBySessionCode: fromPromise<UserInfo, { sessionCode: string }>(async () => {
      throw new Error('loginBySessionCode is supplied by the app through qrLoginMachine.provide()');
    }),
  },
  actions: {
    reset: assign(EMPTY),
    assignQr: assign((_, params: { qr: QrCode }) => ({ qr: params.qr, error: null })),
    assignSessionCode: assign((_, params: { sessionCode: string | null }) => ({ sessionCode: params.sessionCode })),
    assignError: assign((_, params: { message: string }) => ({ error: params.message, sessionCode: null })),
    clearForRefresh: assign({ qr: null, sessionCode: null, error: null }),
    /** Logs the shopper in: the session owns the user. */
    signIn: sendParent((_, params: { user: UserInfo }) => ({ type: 'session.login', user: params.user })),
    closeLoginModal: sendParent({ type: 'modal.close', name: 'login' }),
  },
  guards: {
    isScanned: (_, params: QrStatus) => params.status === 'scanned' && params.sessionCode !== null,
    isQrExpired: (_, params: QrStatus) => params.status === 'expired',
    hasQrCode: ({ context }) => context.qr !== null,
  },
  delays: {
    qrPollInterval: 2000,
  },
}).createMachine({
  id: 'qrLogin',
  context: EMPTY,
  initial: 'inactive',
  states: {
    inactive: {
      on: {
        'qrLogin.start': { target: 'active', actions: 'reset' },
      },
    },
    active: {
      initial: 'fetchingCode',
      on: {
        'qrLogin.stop': { target: 'inactive', actions: 'reset' },
      },
      states: {
        fetchingCode: {
          tags: ['qr:loading'],
          on: { 'qrLogin.hidden': 'paused' },
          invoke: {
            id: 'fetchQrCode',
            src: 'fetchQrCode',
            onDone: { target: 'polling', actions: { type: 'assignQr', params: ({ event }) => ({ qr: event.output }) } },
            onError: {
              target: 'failed',
              actions: {
                type: 'assignError',
                params: ({ event }) => ({ message: readFailure(event.error, QR_MESSAGES.fetchFailed).message }),
              },
            },
          },
        },
        polling: {
          tags: ['qr:showing'],
          initial: 'waiting',
          on: { 'qrLogin.hidden': 'paused' },
          states: {
            waiting: {
              after: { qrPollInterval: 'checking' },
            },
            checking: {
              invoke: {
                id: 'checkQrStatus',
                src: 'checkQrStatus',
                input: ({ context }) => ({ qrId: requireQr(context).qrId }),
                onDone: [
                  {
                    guard: { type: 'isScanned', params: ({ event }) => event.output },
                    target: '#qrLogin.active.loggingIn',
                    actions: {
                      type: 'assignSessionCode',
                      params: ({ event }) => ({ sessionCode: event.output.sessionCode }),
                    },
                  },
                  {
                    guard: { type: 'isQrExpired', params: ({ event }) => event.output },
                    target: '#qrLogin.active.expired',
                  },
                  { target: 'waiting' },
                ],
                // A failed check is retried at the next interval; expiry is what ends the polling.
                onError: { target: 'waiting' },
              },
            },
          },
        },
        paused: {
          tags: ['qr:paused'],
          on: {
            'qrLogin.visible': [{ guard: 'hasQrCode', target: 'polling.checking' }, { target: 'fetchingCode' }],
          },
        },
        expired: {
          tags: ['qr:expired'],
          on: { 'qrLogin.refresh': { target: 'fetchingCode', actions: 'clearForRefresh' } },
        },
        loggingIn: {
          tags: ['qr:loggingIn'],
          invoke: {
            id: 'loginBySessionCode',
            src: 'loginBySessionCode',
            input: ({ context }) => ({ sessionCode: requireSessionCode(context) }),
            onDone: {
              target: '#qrLogin.inactive',
              actions: [
                { type: 'signIn', params: ({ event }) => ({ user: event.output }) },
                'closeLoginModal',
                'reset',
              ],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'assignError',
                params: ({ event }) => ({ message: readFailure(event.error, QR_MESSAGES.loginFailed).message }),
              },
            },
          },
        },
        failed: {
          tags: ['qr:failed'],
          on: { 'qrLogin.refresh': { target: 'fetchingCode', actions: 'clearForRefresh' } },
        },
      },
    },
  },
});
