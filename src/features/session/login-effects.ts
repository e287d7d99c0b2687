/**
 * The login and qrLogin machines with the app's effects provided: the calls
 * of ./session-effects.ts (`browserSessionApi`, or the fakes a test passes);
 * the parent events are named in the machines. Split from ./session-effects.ts because these two
 * flows are loaded on demand with the purchase flows (./flows.ts), not in the
 * entry chunk. Nothing here runs at import.
 */
import { fromPromise } from 'xstate';
import { loginMachine, type CaptchaStatus, type Credentials } from '../../../machines/login.machine';
import { qrLoginMachine } from '../../../machines/qr-login.machine';
import type { QrCode, QrStatus, UserInfo } from '../../api/user';
import { delayOverride, delaysOf, shopperErrors, userApi } from '../../shared/flow-effects';
import type { SessionApi, SessionCalls, SessionFlowOptions } from './session-effects';

/** The calls of the login and qrLogin flows, errors turned into text a shopper can read. */
const browserLoginApi: Omit<SessionApi, keyof SessionCalls> = {
  checkCaptcha: (phone, signal) => shopperErrors(userApi().then((api) => api.getCaptchaStatus(phone, { signal }))),
  sendCode: (phone, signal) => shopperErrors(userApi().then((api) => api.postSendSms(phone, { signal }))),
  registerLogin: (credentials, signal) =>
    shopperErrors(userApi().then((api) => api.postRegisterLogin(credentials, { signal }))),
  // Same phone and code: the code was only checked, not used, by the `user_40404` answer.
  registerPhone: (credentials, signal) =>
    shopperErrors(userApi().then((api) => api.postPhoneRegister(credentials, { signal }))),
  fetchQrCode: (signal) => shopperErrors(userApi().then((api) => api.getQrCode({ signal }))),
  checkQrStatus: (qrId, signal) => shopperErrors(userApi().then((api) => api.getQrStatus(qrId, { signal }))),
  loginBySessionCode: (sessionCode, signal) =>
    shopperErrors(userApi().then((api) => api.postLoginBySessionCode(sessionCode, { signal }))),
};

export function createLoginActors(options: SessionFlowOptions = {}) {
  const api = { ...browserLoginApi, ...options.api };
  const delays = options.delays ?? {};

  const login = loginMachine.provide({
    actors: {
      checkCaptcha: fromPromise<CaptchaStatus, { phone: string }>(({ input, signal }) =>
        api.checkCaptcha(input.phone, signal),
      ),
      sendCode: fromPromise<unknown, { phone: string }>(({ input, signal }) => api.sendCode(input.phone, signal)),
      registerLogin: fromPromise<UserInfo, Credentials>(({ input, signal }) => api.registerLogin(input, signal)),
      registerPhone: fromPromise<UserInfo, Credentials>(({ input, signal }) => api.registerPhone(input, signal)),
    },
    actions: {},
    delays: delaysOf({ countdownTick: delayOverride(delays.countdownTickMs) }),
  });

  const qrLogin = qrLoginMachine.provide({
    actors: {
      fetchQrCode: fromPromise<QrCode>(({ signal }) => api.fetchQrCode(signal)),
      checkQrStatus: fromPromise<QrStatus, { qrId: string }>(({ input, signal }) =>
        api.checkQrStatus(input.qrId, signal),
      ),
      loginBySessionCode: fromPromise<UserInfo, { sessionCode: string }>(({ input, signal }) =>
        api.loginBySessionCode(input.sessionCode, signal),
      ),
    },
    actions: {},
    delays: delaysOf({ qrPollInterval: delayOverride(delays.qrPollMs) }),
  });

  return { login, qrLogin };
}
