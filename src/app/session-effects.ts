/**
 * The real effects of the session flows (machines/session, login, qr-login,
 * auto-login): what the charts only name. Storage of the logged-in user
 * (localStorage, validated with zod when read back), the token cookie and
 * request header, the analytics user id hook, toasts, the parent events, and
 * the API calls with errors turned into text a shopper can read.
 *
 * `createSessionActors()` returns the four machines with these effects
 * provided; src/app/root-actor.ts hands them to the app machine. Tests pass
 * fakes for any part (effects, api, delays). Nothing here runs at import.
 */
import { fromPromise, sendParent } from 'xstate';
import * as z from 'zod/mini';
import { autoLoginMachine, type AutoLoginRequest } from '../../machines/auto-login.machine';
import { loginMachine, type CaptchaStatus, type Credentials } from '../../machines/login.machine';
import { qrLoginMachine } from '../../machines/qr-login.machine';
import { sessionMachine, type NoticeKind, type PersistedSession } from '../../machines/session.machine';
import { clientState } from '../api/client-state';
import { isApiError, userMessage } from '../api/errors';
import {
  RealNameInfoSchema,
  UserInfoSchema,
  getCaptchaStatus,
  getHello,
  getQrCode,
  getQrStatus,
  getRealNameConfig,
  getRealNameInfo,
  postCheckTokenGetUserInfo,
  postCheckTokenLogin,
  postLoginBySessionCode,
  postLogout,
  postPhoneRegister,
  postRegisterLogin,
  postSendSms,
  type QrCode,
  type QrStatus,
  type RealNameConfig,
  type RealNameInfo,
  type UserInfo,
} from '../api/user';
import { toast } from './toast';

/** localStorage: the logged-in user with its real-name info, `{ user: UserInfo, realName: RealNameInfo | null }` as JSON. */
export const SESSION_STORAGE_KEY = 'userInfo';
/** sessionStorage: the auto-login token and appId taken from the URL at start, until exchanged. */
export const AUTO_LOGIN_TOKEN_KEY = 'autoLoginToken';
export const AUTO_LOGIN_APP_ID_KEY = 'autoLoginAppId';
export const TOKEN_COOKIE_NAME = 'token';
/** Spec section 9: 30 days. */
export const TOKEN_COOKIE_MAX_AGE_S = 2592000;

export const PersistedSessionSchema = z.object({
  user: UserInfoSchema,
  realName: z.nullable(RealNameInfoSchema),
});

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's storage, or undefined where it is missing or blocked (private modes, sandboxed frames). */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): StorageLike | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}

/** Parses a stored session; anything unreadable or of the wrong shape is null. */
export function parsePersistedSession(raw: string | null | undefined): PersistedSession | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = PersistedSessionSchema.safeParse(value);
  return result.success ? result.data : null;
}

/**
 * The session stored by an earlier visit, or null. A value that does not
 * parse (hand-edited, an older format) is removed quietly: the visitor simply
 * starts anonymous.
 */
export function loadPersistedSession(storage: StorageLike | undefined = browserStorage('localStorage')): PersistedSession | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    const session = parsePersistedSession(raw);
    if (raw !== null && !session) storage.removeItem(SESSION_STORAGE_KEY);
    return session;
  } catch {
    return null;
  }
}

/** What the session flows do to the browser. */
export interface SessionEffects {
  persistSession(session: PersistedSession): void;
  forgetSession(): void;
  setRequestToken(token: string): void;
  setTokenCookie(token: string): void;
  clearToken(): void;
  /** The analytics adapter's user id (null: anonymous). A no-op until that adapter exists. */
  setAnalyticsUserId(userId: number | null): void;
  notify(kind: NoticeKind, text: string): void;
  clearAutoLoginToken(): void;
}

/** The calls the session flows make; each rejects with `{ code, message }` where message is shopper-readable. */
export interface SessionApi {
  checkToken(signal: AbortSignal): Promise<unknown>;
  fetchRealNameConfig(signal: AbortSignal): Promise<RealNameConfig>;
  fetchRealNameInfo(signal: AbortSignal): Promise<RealNameInfo | null>;
  logout(token: string, signal: AbortSignal): Promise<unknown>;
  checkCaptcha(phone: string, signal: AbortSignal): Promise<CaptchaStatus>;
  sendCode(phone: string, signal: AbortSignal): Promise<unknown>;
  registerLogin(credentials: Credentials, signal: AbortSignal): Promise<UserInfo>;
  registerPhone(credentials: Credentials, signal: AbortSignal): Promise<UserInfo>;
  fetchQrCode(signal: AbortSignal): Promise<QrCode>;
  checkQrStatus(qrId: string, signal: AbortSignal): Promise<QrStatus>;
  loginBySessionCode(sessionCode: string, signal: AbortSignal): Promise<UserInfo>;
  exchangeToken(request: AutoLoginRequest, signal: AbortSignal): Promise<UserInfo>;
  loginWithToken(request: AutoLoginRequest, signal: AbortSignal): Promise<UserInfo>;
}

/** Delay overrides in ms (tests); the machines' defaults otherwise. */
export interface SessionDelays {
  tokenPingMs?: number;
  expiryPromptMs?: number;
  countdownTickMs?: number;
  qrPollMs?: number;
}

export interface SessionFlowOptions {
  effects?: Partial<SessionEffects>;
  api?: Partial<SessionApi>;
  delays?: SessionDelays;
}

/** An error the machines read with `readFailure()`: the business code and a message to show as is. */
export class SessionFlowError extends Error {
  override readonly name = 'SessionFlowError';
  readonly code: string | undefined;

  constructor(message: string, code: string | undefined, cause: unknown) {
    super(message, { cause });
    this.code = code;
  }
}

function toFlowError(error: unknown): SessionFlowError {
  return new SessionFlowError(userMessage(error), isApiError(error) ? error.code : undefined, error);
}

async function shopperErrors<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw toFlowError(error);
  }
}

export const browserSessionApi: SessionApi = {
  checkToken: (signal) => shopperErrors(getHello({ signal })),
  fetchRealNameConfig: (signal) => shopperErrors(getRealNameConfig({ signal })),
  fetchRealNameInfo: (signal) => shopperErrors(getRealNameInfo({ signal })),
  logout: (token, signal) => shopperErrors(postLogout(token, { signal })),
  checkCaptcha: (phone, signal) => shopperErrors(getCaptchaStatus(phone, { signal })),
  sendCode: (phone, signal) => shopperErrors(postSendSms(phone, { signal })),
  registerLogin: (credentials, signal) => shopperErrors(postRegisterLogin(credentials, { signal })),
  // Same phone and code: the code was only checked, not used, by the `user_40404` answer.
  registerPhone: (credentials, signal) => shopperErrors(postPhoneRegister(credentials, { signal })),
  fetchQrCode: (signal) => shopperErrors(getQrCode({ signal })),
  checkQrStatus: (qrId, signal) => shopperErrors(getQrStatus(qrId, { signal })),
  loginBySessionCode: (sessionCode, signal) => shopperErrors(postLoginBySessionCode(sessionCode, { signal })),
  exchangeToken: (request, signal) => shopperErrors(postCheckTokenGetUserInfo(request, { signal })),
  // checkTokenLogin opens a fresh session for the token's account; its token replaces the one in userVo.
  loginWithToken: (request, signal) => shopperErrors(postCheckTokenLogin(request, { signal }).then(({ token, userVo }) => ({ ...userVo, token }))),
};

export interface BrowserEffectsOptions {
  localStorage?: StorageLike | undefined;
  sessionStorage?: StorageLike | undefined;
  /** Where the cookie is written; `document` in the browser. */
  cookieJar?: { cookie: string } | undefined;
  setAnalyticsUserId?: (userId: number | null) => void;
}

function quietly(write: () => void): void {
  try {
    write();
  } catch {
    // Full or blocked storage: the session still works for this page, it just is not remembered.
  }
}

export function createBrowserSessionEffects(options: BrowserEffectsOptions = {}): SessionEffects {
  const local = 'localStorage' in options ? options.localStorage : browserStorage('localStorage');
  const session = 'sessionStorage' in options ? options.sessionStorage : browserStorage('sessionStorage');
  const cookieJar = 'cookieJar' in options ? options.cookieJar : typeof document === 'undefined' ? undefined : document;
  return {
    persistSession: (value) => quietly(() => local?.setItem(SESSION_STORAGE_KEY, JSON.stringify(value))),
    forgetSession: () => quietly(() => local?.removeItem(SESSION_STORAGE_KEY)),
    setRequestToken: (token) => clientState.set({ token }),
    setTokenCookie: (token) => {
      if (cookieJar) cookieJar.cookie = `${TOKEN_COOKIE_NAME}=${encodeURIComponent(token)}; max-age=${TOKEN_COOKIE_MAX_AGE_S}; path=/; SameSite=Lax`;
    },
    clearToken: () => {
      clientState.set({ token: undefined });
      if (cookieJar) cookieJar.cookie = `${TOKEN_COOKIE_NAME}=; max-age=0; path=/; SameSite=Lax`;
    },
    setAnalyticsUserId: options.setAnalyticsUserId ?? (() => {}),
    notify: (kind, text) => {
      toast[kind](text);
    },
    clearAutoLoginToken: () =>
      quietly(() => {
        session?.removeItem(AUTO_LOGIN_TOKEN_KEY);
        session?.removeItem(AUTO_LOGIN_APP_ID_KEY);
      }),
  };
}

const numeric = (ms: number | undefined) => (ms === undefined ? undefined : Math.max(0, ms));

function delaysOf(entries: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, number] => entry[1] !== undefined));
}

/** The session, login, qrLogin and autoLogin machines with the app's effects provided. */
export function createSessionActors(options: SessionFlowOptions = {}) {
  const effects: SessionEffects = { ...createBrowserSessionEffects(), ...options.effects };
  const api: SessionApi = { ...browserSessionApi, ...options.api };
  const delays = options.delays ?? {};

  const session = sessionMachine.provide({
    actors: {
      checkToken: fromPromise<unknown>(({ signal }) => api.checkToken(signal)),
      fetchRealNameConfig: fromPromise<RealNameConfig>(({ signal }) => api.fetchRealNameConfig(signal)),
      fetchRealNameInfo: fromPromise<RealNameInfo | null>(({ signal }) => api.fetchRealNameInfo(signal)),
      logout: fromPromise<unknown, { token: string }>(({ input, signal }) => api.logout(input.token, signal)),
    },
    actions: {
      persistSession: (_, value) => effects.persistSession(value),
      forgetSession: () => effects.forgetSession(),
      setRequestToken: (_, { token }) => effects.setRequestToken(token),
      setTokenCookie: (_, { token }) => effects.setTokenCookie(token),
      clearToken: () => effects.clearToken(),
      identifyUser: (_, { userId }) => effects.setAnalyticsUserId(userId),
      notify: (_, { kind, text }) => effects.notify(kind, text),
      announceSessionChanged: sendParent((_, { user }: { user: UserInfo | null }) => ({ type: 'session.changed', user })),
      closeAllModals: sendParent({ type: 'modal.closeAll' }),
      openLoginModal: sendParent({ type: 'modal.open', name: 'login' }),
    },
    delays: delaysOf({ tokenPingDelay: numeric(delays.tokenPingMs), expiryPromptDelay: numeric(delays.expiryPromptMs) }),
  });

  const login = loginMachine.provide({
    actors: {
      checkCaptcha: fromPromise<CaptchaStatus, { phone: string }>(({ input, signal }) => api.checkCaptcha(input.phone, signal)),
      sendCode: fromPromise<unknown, { phone: string }>(({ input, signal }) => api.sendCode(input.phone, signal)),
      registerLogin: fromPromise<UserInfo, Credentials>(({ input, signal }) => api.registerLogin(input, signal)),
      registerPhone: fromPromise<UserInfo, Credentials>(({ input, signal }) => api.registerPhone(input, signal)),
    },
    actions: {
      signIn: sendParent((_, { user }: { user: UserInfo }) => ({ type: 'session.login', user })),
      closeLoginModal: sendParent({ type: 'modal.close', name: 'login' }),
    },
    delays: delaysOf({ countdownTick: numeric(delays.countdownTickMs) }),
  });

  const qrLogin = qrLoginMachine.provide({
    actors: {
      fetchQrCode: fromPromise<QrCode>(({ signal }) => api.fetchQrCode(signal)),
      checkQrStatus: fromPromise<QrStatus, { qrId: string }>(({ input, signal }) => api.checkQrStatus(input.qrId, signal)),
      loginBySessionCode: fromPromise<UserInfo, { sessionCode: string }>(({ input, signal }) => api.loginBySessionCode(input.sessionCode, signal)),
    },
    actions: {
      signIn: sendParent((_, { user }: { user: UserInfo }) => ({ type: 'session.login', user })),
      closeLoginModal: sendParent({ type: 'modal.close', name: 'login' }),
    },
    delays: delaysOf({ qrPollInterval: numeric(delays.qrPollMs) }),
  });

  const autoLogin = autoLoginMachine.provide({
    actors: {
      exchangeToken: fromPromise<UserInfo, AutoLoginRequest>(({ input, signal }) => api.exchangeToken(input, signal)),
      loginWithToken: fromPromise<UserInfo, AutoLoginRequest>(({ input, signal }) => api.loginWithToken(input, signal)),
    },
    actions: {
      clearStoredToken: () => effects.clearAutoLoginToken(),
      openAutoLoginModal: sendParent({ type: 'modal.open', name: 'autoLogin' }),
      closeAutoLoginModal: sendParent({ type: 'modal.close', name: 'autoLogin' }),
      signIn: sendParent((_, { user }: { user: UserInfo }) => ({ type: 'session.login', user })),
      notifyError: (_, { text }) => effects.notify('error', text),
    },
  });

  return { session, login, qrLogin, autoLogin };
}
