/**
 * Session: who is logged in, with the real-name facts the purchase flow needs,
 * and what happens when the login ends (spec sections 4 and 8).
 *
 * Invariants:
 * - `user` is non-null exactly in `loggedIn`; the request token is the user's token
 *   exactly in `loggedIn`; `realName` is null whenever `user` is;
 * - an expiry is handled once however many calls fail with it: only `loggedIn` takes
 *   `session.expired`, which is also the only way the token ping's auth failure arrives;
 * - every change of user reaches the parent as `session.changed { user, reason }`: a fresh
 *   login once its real-name info is known, and a login over another account first
 *   announces that account leaving, before the new request token is set.
 *
 * Not handled here: the login ways (they send `session.login`), detecting auth errors
 * (the HTTP layer and the app's bridge), storage formats, cookies and toasts (the app's
 * effects), and navigation: nothing here changes the URL.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { RealNameConfig, RealNameInfo, UserInfo } from '../src/api/user';
import { readFailure } from './failure';
import { SESSION_MESSAGES } from './session-messages';

/** What the app keeps in localStorage between visits (spec section 3). */
export interface PersistedSession {
  user: UserInfo;
  realName: RealNameInfo | null;
}

export interface SessionInput {
  /** The session found in storage at start, already validated; null or absent when there is none. */
  restored?: PersistedSession | null;
}

export interface SessionContext {
  user: UserInfo | null;
  realName: RealNameInfo | null;
}

export type SessionEvent =
  /** A login way succeeded with this user (also: switching to another account). */
  | { type: 'session.login'; user: UserInfo }
  | { type: 'session.logout' }
  /** A call answered `auth_40001` / `auth_40002`. */
  | { type: 'session.expired'; code?: string | undefined }
  | { type: 'session.realNameVerified'; info: RealNameInfo }
  /** Another tab changed the stored session (null user: it logged out). */
  | { type: 'session.synced'; user: UserInfo | null; realName: RealNameInfo | null };

/**
 * Why the account changed: `login` (a login way in this tab, auto-login included), `logout` (退出登录 in
 * this tab), `expired` (a call answered auth_40001/40002), `synced` (another tab logged in or out).
 * The purchase flows treat them differently (docs/buying.md, "Account changes").
 */
export type SessionChangeReason = 'login' | 'logout' | 'expired' | 'synced';

/** Sent to the parent whenever the user logs in or out. */
export interface SessionChangedEvent {
  type: 'session.changed';
  user: UserInfo | null;
  reason: SessionChangeReason;
}

/**
 * Sent to the root by the real-name modal after a successful verification
 * when the purchase flow opened it (`props.from === 'pay'`), so the purchase
 * can continue. The session itself learns it from `session.realNameVerified`.
 */
export interface RealNameVerifiedEvent {
  type: 'realName.verified';
  info: RealNameInfo;
}

export type SessionTag = 'session:anonymous' | 'session:loggedIn' | 'session:expired' | 'session:signingIn' | 'session:loggingOut';

export type NoticeKind = 'success' | 'warning' | 'error';

/**
 * The session's own messages (spec section 8). A rejected logout shows the server's message instead.
 * @internal
 */
export { SESSION_MESSAGES };

function requireUser(context: SessionContext): UserInfo {
  // Only reachable if a `loggedIn` action ran without a user, which the chart rules out.
  if (!context.user) throw new Error('session machine: no user while logged in');
  return context.user;
}

type LoginEvent = Extract<SessionEvent, { type: 'session.login' }>;

/** What every login does (the announcement of the new user waits for its real-name facts). */
const LOGIN_ACTIONS = [
  { type: 'assignUser', params: ({ event }: { event: LoginEvent }) => ({ user: event.user }) },
  { type: 'persistSession', params: ({ event }: { event: LoginEvent }) => ({ user: event.user, realName: null }) },
  { type: 'setTokenCookie', params: ({ event }: { event: LoginEvent }) => ({ token: event.user.token }) },
  { type: 'setRequestToken', params: ({ event }: { event: LoginEvent }) => ({ token: event.user.token }) },
  { type: 'identifyUser', params: ({ event }: { event: LoginEvent }) => ({ userId: event.user.userId }) },
  { type: 'notify', params: { kind: 'success', text: SESSION_MESSAGES.loggedIn } },
] as const;

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    input: SessionInput | undefined;
    tags: SessionTag;
  },
  actors: {
    /** GET /u-nnpc/hello with the restored token. Its result is not used: an auth failure arrives as `session.expired`. */
    checkToken: fromPromise<unknown>(async () => {
      throw new Error('checkToken is supplied by the app through sessionMachine.provide()');
    }),
    fetchRealNameConfig: fromPromise<RealNameConfig>(async () => {
      throw new Error('fetchRealNameConfig is supplied by the app through sessionMachine.provide()');
    }),
    fetchRealNameInfo: fromPromise<RealNameInfo | null>(async () => {
      throw new Error('fetchRealNameInfo is supplied by the app through sessionMachine.provide()');
    }),
    logout: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('logout is supplied by the app through sessionMachine.provide()');
    }),
  },
  actions: {
    assignUser: assign((_, params: { user: UserInfo }) => ({ user: params.user, realName: null })),
    assignRealName: assign((_, params: { info: RealNameInfo | null }) => ({ realName: params.info })),
    assignSynced: assign((_, params: { user: UserInfo; realName: RealNameInfo | null }) => ({
      user: params.user,
      realName: params.realName,
    })),
    clearUser: assign({ user: null, realName: null }),
    /** The app writes `{ user, realName }` to localStorage. */
    persistSession: (_, _params: PersistedSession) => {},
    /** The app removes the stored session. */
    forgetSession: () => {},
    /** The app makes every request carry this token. */
    setRequestToken: (_, _params: { token: string }) => {},
    /** The app sets the `token` cookie for 30 days. */
    setTokenCookie: (_, _params: { token: string }) => {},
    /** The app drops the request token and the cookie. */
    clearToken: () => {},
    /** The analytics user id (null: anonymous). */
    identifyUser: (_, _params: { userId: number | null }) => {},
    /** A toast. */
    notify: (_, _params: { kind: NoticeKind; text: string }) => {},
    /** Tells the parent who is logged in now, and why (`session.changed`). */
    announceSessionChanged: sendParent((_, params: { user: UserInfo | null; reason: SessionChangeReason }) => ({ type: 'session.changed', user: params.user, reason: params.reason })),
    closeAllModals: sendParent({ type: 'modal.closeAll' }),
    openLoginModal: sendParent({ type: 'modal.open', name: 'login', source: 'flow' }),
  },
  guards: {
    hasRestoredUser: ({ context }) => context.user !== null,
    /** A login in this tab while another account holds it. */
    replacesOtherUser: ({ context, event }) => event.type === 'session.login' && context.user !== null && context.user.userId !== event.user.userId,
    isRealNameEnabled: (_, params: { config: RealNameConfig }) => params.config.enable,
    /** Another tab is logged in as someone other than this tab's user. */
    isOtherUserSynced: ({ context, event }) =>
      event.type === 'session.synced' && event.user !== null && event.user.userId !== context.user?.userId,
    /** Another tab refreshed this same user's stored session (e.g. real-name info). */
    isSameUserSynced: ({ context, event }) =>
      event.type === 'session.synced' && event.user !== null && context.user !== null && event.user.userId === context.user.userId,
    /** Another tab logged out while this one holds a user. */
    isLogoutSynced: ({ context, event }) => event.type === 'session.synced' && event.user === null && context.user !== null,
  },
  delays: {
    tokenPingDelay: 1000,
    expiryPromptDelay: 300,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input?.restored?.user ?? null,
    realName: input?.restored?.realName ?? null,
  }),
  initial: 'anonymous',
  on: {
    // A root transition exits every active state: a login during another login starts over.
    'session.login': [
      {
        // The previous account's departure is announced before the request token changes hands: what it
        // had open (a pay dialog, a purchase being gated) must not make one more call under the new token
        // while the new login reads its real-name facts.
        guard: 'replacesOtherUser',
        target: '.loggedIn.active.signingIn',
        actions: [{ type: 'announceSessionChanged', params: { user: null, reason: 'login' } }, ...LOGIN_ACTIONS],
      },
      { target: '.loggedIn.active.signingIn', actions: LOGIN_ACTIONS },
    ],
    'session.synced': [
      {
        guard: 'isOtherUserSynced',
        target: '.loggedIn.active.ready',
        actions: [
          { type: 'assignSynced', params: ({ event }) => ({ user: event.user!, realName: event.realName }) },
          { type: 'setRequestToken', params: ({ context }) => ({ token: requireUser(context).token }) },
          { type: 'identifyUser', params: ({ context }) => ({ userId: requireUser(context).userId }) },
          { type: 'announceSessionChanged', params: ({ context }) => ({ user: context.user, reason: 'synced' as const }) },
        ],
      },
      {
        guard: 'isSameUserSynced',
        actions: { type: 'assignRealName', params: ({ event }) => ({ info: event.realName }) },
      },
      {
        guard: 'isLogoutSynced',
        target: '.anonymous',
        actions: ['clearUser', 'clearToken', { type: 'identifyUser', params: { userId: null } }, { type: 'announceSessionChanged', params: { user: null, reason: 'synced' } }],
      },
    ],
  },
  states: {
    anonymous: {
      tags: ['session:anonymous'],
      // Only at start: `anonymous` is otherwise always entered with the user cleared.
      always: {
        guard: 'hasRestoredUser',
        target: 'loggedIn.active.waitingToPing',
        actions: [
          { type: 'setRequestToken', params: ({ context }) => ({ token: requireUser(context).token }) },
          { type: 'identifyUser', params: ({ context }) => ({ userId: requireUser(context).userId }) },
        ],
      },
    },
    loggedIn: {
      tags: ['session:loggedIn'],
      initial: 'active',
      on: {
        'session.expired': {
          target: 'expired',
          actions: ['clearUser', 'forgetSession', 'clearToken', { type: 'identifyUser', params: { userId: null } }, { type: 'announceSessionChanged', params: { user: null, reason: 'expired' } }],
        },
        'session.realNameVerified': {
          actions: [
            { type: 'assignRealName', params: ({ event }) => ({ info: event.info }) },
            { type: 'persistSession', params: ({ context }) => ({ user: requireUser(context), realName: context.realName }) },
          ],
        },
      },
      states: {
        active: {
          initial: 'ready',
          on: {
            'session.logout': { target: 'loggingOut' },
          },
          states: {
            waitingToPing: {
              after: { tokenPingDelay: 'checkingToken' },
            },
            checkingToken: {
              invoke: {
                id: 'checkToken',
                src: 'checkToken',
                // An auth failure has already expired the session (via `session.expired`); any other failure is ignored.
                onDone: { target: 'ready' },
                onError: { target: 'ready' },
              },
            },
            signingIn: {
              tags: ['session:signingIn'],
              initial: 'fetchingConfig',
              onDone: {
                target: 'ready',
                actions: { type: 'announceSessionChanged', params: ({ context }) => ({ user: context.user, reason: 'login' as const }) },
              },
              states: {
                fetchingConfig: {
                  invoke: {
                    id: 'fetchRealNameConfig',
                    src: 'fetchRealNameConfig',
                    onDone: [
                      {
                        guard: { type: 'isRealNameEnabled', params: ({ event }) => ({ config: event.output }) },
                        target: 'fetchingRealName',
                      },
                      // The config decides only whether to read the real-name info: the pay gate asks for it fresh.
                      { target: 'done' },
                    ],
                    // Without the config the purchase flow fetches it again; the login itself stands.
                    onError: { target: 'done' },
                  },
                },
                fetchingRealName: {
                  invoke: {
                    id: 'fetchRealNameInfo',
                    src: 'fetchRealNameInfo',
                    onDone: {
                      target: 'done',
                      actions: [
                        { type: 'assignRealName', params: ({ event }) => ({ info: event.output }) },
                        { type: 'persistSession', params: ({ context }) => ({ user: requireUser(context), realName: context.realName }) },
                      ],
                    },
                    onError: { target: 'done' },
                  },
                },
                done: { type: 'final' },
              },
            },
            ready: {},
          },
        },
        loggingOut: {
          tags: ['session:loggingOut'],
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ token: requireUser(context).token }),
            onDone: {
              target: '#session.anonymous',
              actions: [
                'clearUser',
                'forgetSession',
                'clearToken',
                { type: 'identifyUser', params: { userId: null } },
                { type: 'notify', params: { kind: 'success', text: SESSION_MESSAGES.loggedOut } },
                { type: 'announceSessionChanged', params: { user: null, reason: 'logout' } },
              ],
            },
            onError: {
              target: 'active.ready',
              actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', text: readFailure(event.error, SESSION_MESSAGES.logoutFailed).message }) },
            },
          },
        },
      },
    },
    expired: {
      tags: ['session:expired'],
      initial: 'waiting',
      states: {
        waiting: {
          after: {
            expiryPromptDelay: {
              target: 'prompted',
              actions: ['closeAllModals', { type: 'notify', params: { kind: 'warning', text: SESSION_MESSAGES.expired } }, 'openLoginModal'],
            },
          },
        },
        prompted: {},
      },
    },
  },
});

/** Anything carrying the session's snapshot shape: the actor's snapshot or a test double. */
interface SessionSnapshotLike {
  context: SessionContext;
  hasTag(tag: SessionTag): boolean;
}

export function isLoggingOut(snapshot: SessionSnapshotLike): boolean {
  return snapshot.hasTag('session:loggingOut');
}
