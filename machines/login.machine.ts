/**
 * Phone + SMS login: sending the code (with its 60 s countdown) and checking it. It lives in the root
 * system for the whole visit, so the countdown survives closing and reopening the login modal.
 *
 * Invariants: at most one code request and one login request in flight; no code is sent during the
 * countdown; `credentials` is set exactly while a login request runs; `session.changed` forgets the
 * phone, countdown and messages (the next shopper meets an empty form).
 *
 * Not here: validating the form (the modal, with zod), the QR way (qrLogin), and the requests.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { UserInfo } from '../src/api/user';
import { readFailure } from './failure';

export interface LoginInput {
  /** Length of the resend countdown in seconds (default 60, the server's rate limit). */
  countdownSeconds?: number;
}

export interface Credentials {
  phone: string;
  code: string;
}

export interface LoginContext {
  countdownSeconds: number;
  /** Seconds until a new code may be requested; 0 outside `countingDown`. */
  secondsLeft: number;
  /** The phone the last code was asked for (the modal prefills it). */
  phone: string | null;
  /** Why the last code request failed, shown under the code button. */
  codeError: string | null;
  /** The phone and code being checked; set only while a login request runs. */
  credentials: Credentials | null;
  /** Why the last login failed, shown in the form. */
  submitError: string | null;
}

export type LoginEvent =
  | { type: 'login.opened' }
  | { type: 'login.sendCode'; phone: string }
  | { type: 'login.submit'; phone: string; code: string }
  /** Forwarded by the app: another account (or nobody) now uses this tab. */
  | { type: 'session.changed'; user: { userId: number } | null };

export type LoginTag = 'login:checkingCaptcha' | 'login:sendingCode' | 'login:countingDown' | 'login:submitting';

const DEFAULT_COUNTDOWN_SECONDS = 60;

/** @internal */
export const LOGIN_MESSAGES = {
  captchaRequired: '当前操作需要完成安全验证，请稍后再试',
  sendFailed: '验证码发送失败，请稍后重试',
  loginFailed: '登录失败，请稍后重试',
} as const;

/** The answer of captcha/common/findStatus. */
export interface CaptchaStatus {
  needCaptcha: boolean;
}

function requireCredentials(context: LoginContext): Credentials {
  if (!context.credentials) throw new Error('login machine: no credentials while logging in');
  return context.credentials;
}

function requirePhone(context: LoginContext): string {
  if (!context.phone) throw new Error('login machine: no phone while sending a code');
  return context.phone;
}

export const loginMachine = setup({
  types: {} as {
    context: LoginContext;
    events: LoginEvent;
    input: LoginInput | undefined;
    tags: LoginTag;
  },
  actors: {
    checkCaptcha: fromPromise<CaptchaStatus, { phone: string }>(async () => {
      throw new Error('checkCaptcha is supplied by the app through loginMachine.provide()');
    }),
    sendCode: fromPromise<unknown, { phone: string }>(async () => {
      throw new Error('sendCode is supplied by the app through loginMachine.provide()');
    }),
    registerLogin: fromPromise<UserInfo, Credentials>(async () => {
      throw new Error('registerLogin is supplied by the app through loginMachine.provide()');
    }),
    registerPhone: fromPromise<UserInfo, Credentials>(async () => {
      throw new Error('registerPhone is supplied by the app through loginMachine.provide()');
    }),
  },
  actions: {
    assignPhone: assign((_, params: { phone: string }) => ({ phone: params.phone, codeError: null })),
    assignCodeError: assign((_, params: { message: string }) => ({ codeError: params.message })),
    startCountdown: assign(({ context }) => ({ secondsLeft: context.countdownSeconds })),
    tick: assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    assignCredentials: assign((_, params: Credentials) => ({
      credentials: { phone: params.phone, code: params.code },
      submitError: null,
    })),
    assignSubmitError: assign((_, params: { message: string }) => ({ submitError: params.message, credentials: null })),
    clearCredentials: assign({ credentials: null }),
    clearErrors: assign({ codeError: null, submitError: null }),
    /** Nothing of the previous shopper stays for the next one: not the phone, not its countdown, not an error. */
    forgetShopper: assign({ phone: null, secondsLeft: 0, codeError: null, submitError: null }),
    /** Logs the shopper in: the session owns the user. */
    signIn: sendParent((_, params: { user: UserInfo }) => ({ type: 'session.login', user: params.user })),
    closeLoginModal: sendParent({ type: 'modal.close', name: 'login' }),
  },
  guards: {
    needsCaptcha: (_, params: CaptchaStatus) => params.needCaptcha,
    isCountdownOver: ({ context }) => context.secondsLeft <= 0,
    /** `user_40404`: the phone has no account yet; register it with the same code. */
    isUnregistered: (_, params: { error: unknown }) => readFailure(params.error).code === 'user_40404',
  },
  delays: {
    countdownTick: 1000,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    countdownSeconds: input?.countdownSeconds ?? DEFAULT_COUNTDOWN_SECONDS,
    secondsLeft: 0,
    phone: null,
    codeError: null,
    credentials: null,
    submitError: null,
  }),
  type: 'parallel',
  on: {
    'login.opened': { actions: 'clearErrors' },
  },
  states: {
    code: {
      initial: 'idle',
      on: {
        // Only this region starts over: a login request in flight (the `submit` region) is not cut short.
        'session.changed': { target: '.idle', actions: 'forgetShopper' },
      },
      states: {
        idle: {
          on: {
            'login.sendCode': {
              target: 'checkingCaptcha',
              actions: { type: 'assignPhone', params: ({ event }) => ({ phone: event.phone }) },
            },
          },
        },
        checkingCaptcha: {
          tags: ['login:checkingCaptcha'],
          invoke: {
            id: 'checkCaptcha',
            src: 'checkCaptcha',
            input: ({ context }) => ({ phone: requirePhone(context) }),
            onDone: [
              {
                guard: { type: 'needsCaptcha', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'assignCodeError', params: { message: LOGIN_MESSAGES.captchaRequired } },
              },
              { target: 'sendingCode' },
            ],
            onError: {
              target: 'idle',
              actions: {
                type: 'assignCodeError',
                params: ({ event }) => ({ message: readFailure(event.error, LOGIN_MESSAGES.sendFailed).message }),
              },
            },
          },
        },
        sendingCode: {
          tags: ['login:sendingCode'],
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ phone: requirePhone(context) }),
            onDone: { target: 'countingDown', actions: 'startCountdown' },
            onError: {
              target: 'idle',
              actions: {
                type: 'assignCodeError',
                params: ({ event }) => ({ message: readFailure(event.error, LOGIN_MESSAGES.sendFailed).message }),
              },
            },
          },
        },
        countingDown: {
          tags: ['login:countingDown'],
          always: { guard: 'isCountdownOver', target: 'idle' },
          after: {
            countdownTick: { target: 'countingDown', reenter: true, actions: 'tick' },
          },
        },
      },
    },
    submit: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'login.submit': {
              target: 'verifying',
              actions: { type: 'assignCredentials', params: ({ event }) => ({ phone: event.phone, code: event.code }) },
            },
          },
        },
        verifying: {
          tags: ['login:submitting'],
          invoke: {
            id: 'registerLogin',
            src: 'registerLogin',
            input: ({ context }) => requireCredentials(context),
            onDone: {
              target: 'idle',
              actions: [
                'clearCredentials',
                { type: 'signIn', params: ({ event }) => ({ user: event.output }) },
                'closeLoginModal',
              ],
            },
            onError: [
              {
                guard: { type: 'isUnregistered', params: ({ event }) => ({ error: event.error }) },
                target: 'registering',
              },
              {
                target: 'idle',
                actions: {
                  type: 'assignSubmitError',
                  params: ({ event }) => ({ message: readFailure(event.error, LOGIN_MESSAGES.loginFailed).message }),
                },
              },
            ],
          },
        },
        registering: {
          tags: ['login:submitting'],
          invoke: {
            id: 'registerPhone',
            src: 'registerPhone',
            input: ({ context }) => requireCredentials(context),
            onDone: {
              target: 'idle',
              actions: [
                'clearCredentials',
                { type: 'signIn', params: ({ event }) => ({ user: event.output }) },
                'closeLoginModal',
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'assignSubmitError',
                params: ({ event }) => ({ message: readFailure(event.error, LOGIN_MESSAGES.loginFailed).message }),
              },
            },
          },
        },
      },
    },
  },
});

interface LoginSnapshotLike {
  context: LoginContext;
  hasTag(tag: LoginTag): boolean;
}

/** Whether `获取验证码` may be pressed now (not while checking, sending or counting down). */
export function canSendCode(snapshot: LoginSnapshotLike): boolean {
  return (
    !snapshot.hasTag('login:checkingCaptcha') &&
    !snapshot.hasTag('login:sendingCode') &&
    !snapshot.hasTag('login:countingDown')
  );
}

export function isSendingCode(snapshot: LoginSnapshotLike): boolean {
  return snapshot.hasTag('login:checkingCaptcha') || snapshot.hasTag('login:sendingCode');
}

export function isSubmitting(snapshot: LoginSnapshotLike): boolean {
  return snapshot.hasTag('login:submitting');
}
