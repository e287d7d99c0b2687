// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  LOGIN_MESSAGES,
  canSendCode,
  loginMachine,
  type CaptchaStatus,
  type Credentials,
} from '../../machines/login.machine';
import type { UserInfo } from '../../src/api/user';
import { USER_A, failure } from '../model/session-fixtures';

const PHONE = USER_A.telNum;

interface Api {
  checkCaptcha?: (phone: string) => Promise<CaptchaStatus>;
  sendCode?: (phone: string) => Promise<unknown>;
  registerLogin?: (credentials: Credentials) => Promise<UserInfo>;
  registerPhone?: (credentials: Credentials) => Promise<UserInfo>;
}

function startLogin(api: Api = {}, countdownSeconds = 60) {
  const log: string[] = [];
  const spy = {
    checkCaptcha: vi.fn(api.checkCaptcha ?? (async () => ({ needCaptcha: false }))),
    sendCode: vi.fn(api.sendCode ?? (async () => true)),
    registerLogin: vi.fn(api.registerLogin ?? (async () => USER_A)),
    registerPhone: vi.fn(api.registerPhone ?? (async () => USER_A)),
  };
  const actor = createActor(
    loginMachine.provide({
      actors: {
        checkCaptcha: fromPromise<CaptchaStatus, { phone: string }>(({ input }) => spy.checkCaptcha(input.phone)),
        sendCode: fromPromise<unknown, { phone: string }>(({ input }) => spy.sendCode(input.phone)),
        registerLogin: fromPromise<UserInfo, Credentials>(({ input }) => spy.registerLogin(input)),
        registerPhone: fromPromise<UserInfo, Credentials>(({ input }) => spy.registerPhone(input)),
      },
      actions: {
        signIn: (_, { user }) => log.push(`sign in ${user.userId}`),
        closeLoginModal: () => log.push('close login modal'),
      },
    }),
    { input: { countdownSeconds } },
  ).start();
  return { actor, log, spy };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('login machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks the captcha status before sending the code, then counts 60 s down once per second', async () => {
    const { actor, spy } = startLogin();

    actor.send({ type: 'login.sendCode', phone: PHONE });
    expect(spy.checkCaptcha).toHaveBeenCalledWith(PHONE);
    expect(spy.sendCode).not.toHaveBeenCalled();
    await flush();
    expect(spy.sendCode).toHaveBeenCalledWith(PHONE);
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
    expect(canSendCode(actor.getSnapshot())).toBe(false);

    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(59);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(canSendCode(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(canSendCode(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
  });

  it('sends no second code during the countdown', async () => {
    const { actor, spy } = startLogin();
    actor.send({ type: 'login.sendCode', phone: PHONE });
    await flush();
    actor.send({ type: 'login.sendCode', phone: PHONE });
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'login.sendCode', phone: PHONE });
    await flush();
    expect(spy.sendCode).toHaveBeenCalledTimes(1);
  });

  it('says a verification step is needed, and sends nothing, when the server asks for a captcha', async () => {
    const { actor, spy } = startLogin({ checkCaptcha: async () => ({ needCaptcha: true }) });
    actor.send({ type: 'login.sendCode', phone: PHONE });
    await flush();
    expect(spy.sendCode).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.codeError).toBe(LOGIN_MESSAGES.captchaRequired);
    expect(canSendCode(actor.getSnapshot())).toBe(true);
  });

  it("shows the server's message when sending fails, and no countdown starts", async () => {
    const { actor } = startLogin({
      sendCode: () => Promise.reject(failure('sms_42901', '验证码发送过于频繁，请42秒后再试')),
    });
    actor.send({ type: 'login.sendCode', phone: PHONE });
    await flush();
    expect(actor.getSnapshot().context.codeError).toBe('验证码发送过于频繁，请42秒后再试');
    expect(actor.getSnapshot().hasTag('login:countingDown')).toBe(false);
  });

  it('logs in with registerLogin, tells the parent and closes the modal', async () => {
    const { actor, log, spy } = startLogin();
    actor.send({ type: 'login.submit', phone: PHONE, code: '123456' });
    expect(actor.getSnapshot().hasTag('login:submitting')).toBe(true);
    await flush();

    expect(spy.registerLogin).toHaveBeenCalledWith({ phone: PHONE, code: '123456' });
    expect(spy.registerPhone).not.toHaveBeenCalled();
    expect(log).toEqual(['sign in 1', 'close login modal']);
    expect(actor.getSnapshot().context.credentials).toBeNull();
  });

  it('registers the phone with the same code when registerLogin answers user_40404', async () => {
    const { actor, log, spy } = startLogin({
      registerLogin: () => Promise.reject(failure('user_40404', '该手机号未注册')),
    });
    actor.send({ type: 'login.submit', phone: PHONE, code: '123456' });
    await flush();

    expect(spy.registerPhone).toHaveBeenCalledWith({ phone: PHONE, code: '123456' });
    expect(log).toEqual(['sign in 1', 'close login modal']);
    expect(actor.getSnapshot().context.submitError).toBeNull();
  });

  it('keeps a business error for the form and does not log in', async () => {
    const { actor, log } = startLogin({ registerLogin: () => Promise.reject(failure('sms_40001', '验证码错误')) });
    actor.send({ type: 'login.submit', phone: PHONE, code: '000000' });
    await flush();

    expect(actor.getSnapshot().context.submitError).toBe('验证码错误');
    expect(log).toEqual([]);

    actor.send({ type: 'login.opened' });
    expect(actor.getSnapshot().context.submitError).toBeNull();
  });

  it('keeps counting down while the modal is closed and reopened', async () => {
    const { actor } = startLogin();
    actor.send({ type: 'login.sendCode', phone: PHONE });
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    actor.send({ type: 'login.opened' });
    expect(actor.getSnapshot().context.secondsLeft).toBe(50);
    expect(actor.getSnapshot().context.phone).toBe(PHONE);
  });
});
