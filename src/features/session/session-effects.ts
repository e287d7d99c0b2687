/**
 * The real effects of the session flows (machines/session, login, qr-login,
 * auto-login): what the charts only name. Storage of the logged-in user
 * (localStorage; read back by ./persisted-session.ts), the token cookie and
 * request header, the analytics user id hook, toasts, and the API calls with
 * errors turned into text a shopper can read.
 *
 * `createSessionActors()` returns the session and autoLogin machines with
 * these effects provided, `createLoginActors()` (./login-effects.ts, loaded
 * with the other flows on demand) the login and qrLogin machines;
 * src/app/root-actor.ts hands them to the app machine. Tests pass fakes for
 * any part (effects, api, delays). Nothing here runs at import.
 */
import { fromPromise } from 'xstate';
import { autoLoginMachine, type AutoLoginRequest } from '../../../machines/auto-login.machine';
import type { CaptchaStatus, Credentials } from '../../../machines/login.machine';
import { sessionMachine, type NoticeKind, type PersistedSession } from '../../../machines/session.machine';
import { clientState } from '../../api/client-state';
import { isApiError } from '../../api/errors';
import type { QrCode, QrStatus, RealNameConfig, RealNameInfo, UserInfo } from '../../api/user';
import { delayOverride, delaysOf, fetchRealNameConfig, shopperErrors, userApi } from '../../shared/flow-effects';
import { browserStorage, removeStored, writeJson, type StorageLike } from '../../shared/storage';
import { toast } from '../../shared/toast';
import { SESSION_STORAGE_KEY } from './persisted-session';
import { tokenCookieAttributes } from './token-cookie';
import { AUTO_LOGIN_APP_ID_KEY, AUTO_LOGIN_TOKEN_KEY } from './link-params';

/** The cookie that carries the token (spec section 9). */
const TOKEN_COOKIE_NAME = 'token';
/** Spec section 9: 30 days. */
const TOKEN_COOKIE_MAX_AGE_S = 2592000;

/** What the session flows do to the browser. */
export interface SessionEffects {
  persistSession(session: PersistedSession): void;
  forgetSession(): void;
  setRequestToken(token: string): void;
  setTokenCookie(token: string): void;
  clearToken(): void;
  /** The session flow's hook for the analytics user id (null: anonymous); the adapter itself follows the stored user (`watchUserId`, src/shared/app-actor.ts). */
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
interface SessionDelays {
  tokenPingMs?: number;
  expiryPromptMs?: number;
  countdownTickMs?: number;
  qrPollMs?: number;
}

/**
 * Everything a visitor keeps in this browser, as a login hands it to the account and a logout forgets it (the
 * composition root's list: src/app/visitor-lists.ts). Default: nothing is kept.
 */
export interface VisitorListsEffects {
  /** Sets the visitor's lists aside for the account; synchronous, in the step that stores the login. */
  take(userId: number): void;
  /** The account receives what was set aside; rejects when a list could not be handed over (it stays set aside). */
  handOver(userId: number, signal: AbortSignal): Promise<unknown>;
  /** Removes whatever this browser keeps of the account. */
  forget(userId: number): void;
}

const NO_VISITOR_LISTS: VisitorListsEffects = { take: () => {}, handOver: async () => {}, forget: () => {} };

export interface SessionFlowOptions {
  effects?: Partial<SessionEffects>;
  api?: Partial<SessionApi>;
  delays?: SessionDelays;
  visitorLists?: VisitorListsEffects;
}

/** The calls of the session and autoLogin flows; the login flows' are in ./login-effects.ts. */
export type SessionCalls = Pick<
  SessionApi,
  'checkToken' | 'fetchRealNameConfig' | 'fetchRealNameInfo' | 'logout' | 'exchangeToken' | 'loginWithToken'
>;

const browserSessionApi: SessionCalls = {
  checkToken: (signal) => shopperErrors(userApi().then((api) => api.getHello({ signal }))),
  fetchRealNameConfig,
  fetchRealNameInfo: (signal) => shopperErrors(userApi().then((api) => api.getRealNameInfo({ signal }))),
  // A token the server no longer knows (auth_40001/40002) has nothing left to end: the logout is done all the same.
  logout: (token, signal) =>
    shopperErrors(
      userApi().then((api) =>
        api.postLogout(token, { signal }).catch((error: unknown) => {
          if (isApiError(error) && error.kind === 'auth') return null;
          throw error;
        }),
      ),
    ),
  exchangeToken: (request, signal) =>
    shopperErrors(userApi().then((api) => api.postCheckTokenGetUserInfo(request, { signal }))),
  // checkTokenLogin opens a fresh session for the token's account; its token replaces the one in userVo.
  loginWithToken: (request, signal) =>
    shopperErrors(
      userApi()
        .then((api) => api.postCheckTokenLogin(request, { signal }))
        .then(({ token, userVo }) => ({ ...userVo, token })),
    ),
};

interface BrowserEffectsOptions {
  localStorage?: StorageLike | undefined;
  sessionStorage?: StorageLike | undefined;
  /** Where the cookie is written; `document` in the browser. */
  cookieJar?: { cookie: string } | undefined;
  setAnalyticsUserId?: (userId: number | null) => void;
}

// Full or blocked storage: the session still works for this page, it just is not remembered (src/shared/storage.ts
// reports such a write as false; nothing here needs to know).

/** @internal */
export function createBrowserSessionEffects(options: BrowserEffectsOptions = {}): SessionEffects {
  const local = 'localStorage' in options ? options.localStorage : browserStorage('localStorage');
  const session = 'sessionStorage' in options ? options.sessionStorage : browserStorage('sessionStorage');
  const cookieJar = 'cookieJar' in options ? options.cookieJar : typeof document === 'undefined' ? undefined : document;
  return {
    persistSession: (value) => void writeJson(local, SESSION_STORAGE_KEY, value),
    forgetSession: () => void removeStored(local, SESSION_STORAGE_KEY),
    setRequestToken: (token) => clientState.set({ token }),
    setTokenCookie: (token) => {
      if (cookieJar)
        cookieJar.cookie = `${TOKEN_COOKIE_NAME}=${encodeURIComponent(token)}; max-age=${TOKEN_COOKIE_MAX_AGE_S}; ${tokenCookieAttributes()}`;
    },
    clearToken: () => {
      clientState.set({ token: undefined });
      if (cookieJar) cookieJar.cookie = `${TOKEN_COOKIE_NAME}=; max-age=0; ${tokenCookieAttributes()}`;
    },
    setAnalyticsUserId: options.setAnalyticsUserId ?? (() => {}),
    notify: (kind, text) => {
      toast[kind](text);
    },
    clearAutoLoginToken: () => {
      removeStored(session, AUTO_LOGIN_TOKEN_KEY);
      removeStored(session, AUTO_LOGIN_APP_ID_KEY);
    },
  };
}

/**
 * The session and autoLogin machines with the app's effects provided (the
 * login and qrLogin machines are loaded on demand: ./login-effects.ts).
 */
export function createSessionActors(options: SessionFlowOptions = {}) {
  const effects: SessionEffects = { ...createBrowserSessionEffects(), ...options.effects };
  const api: SessionCalls = { ...browserSessionApi, ...options.api };
  const delays = options.delays ?? {};
  const lists = options.visitorLists ?? NO_VISITOR_LISTS;

  const session = sessionMachine.provide({
    actors: {
      checkToken: fromPromise<unknown>(({ signal }) => api.checkToken(signal)),
      handOverVisitorLists: fromPromise<unknown, { userId: number }>(({ input, signal }) =>
        lists.handOver(input.userId, signal),
      ),
      fetchRealNameConfig: fromPromise<RealNameConfig>(({ signal }) => api.fetchRealNameConfig(signal)),
      fetchRealNameInfo: fromPromise<RealNameInfo | null>(({ signal }) => api.fetchRealNameInfo(signal)),
      logout: fromPromise<unknown, { token: string }>(({ input, signal }) => api.logout(input.token, signal)),
    },
    actions: {
      persistSession: (_, value) => effects.persistSession(value),
      forgetSession: () => effects.forgetSession(),
      takeVisitorLists: (_, { userId }) => lists.take(userId),
      forgetAccount: (_, { userId }) => lists.forget(userId),
      setRequestToken: (_, { token }) => effects.setRequestToken(token),
      setTokenCookie: (_, { token }) => effects.setTokenCookie(token),
      clearToken: () => effects.clearToken(),
      identifyUser: (_, { userId }) => effects.setAnalyticsUserId(userId),
      notify: (_, { kind, text }) => effects.notify(kind, text),
    },
    delays: delaysOf({
      tokenPingDelay: delayOverride(delays.tokenPingMs),
      expiryPromptDelay: delayOverride(delays.expiryPromptMs),
    }),
  });

  const autoLogin = autoLoginMachine.provide({
    actors: {
      exchangeToken: fromPromise<UserInfo, AutoLoginRequest>(({ input, signal }) => api.exchangeToken(input, signal)),
      loginWithToken: fromPromise<UserInfo, AutoLoginRequest>(({ input, signal }) => api.loginWithToken(input, signal)),
    },
    actions: {
      clearStoredToken: () => effects.clearAutoLoginToken(),
      notifyError: (_, { text }) => effects.notify('error', text),
    },
  });

  return { session, autoLogin };
}
