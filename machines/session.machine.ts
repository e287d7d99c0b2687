/**
 * Session: who is logged in, with the real-name facts the purchase flow needs, and what happens when
 * the login ends (spec sections 4 and 8).
 *
 * Invariants: `user` and the request token are the user's exactly in `loggedIn`, `realName` null when
 * `user` is; an expiry is handled once (only `loggedIn` takes `session.expired`); every change of user
 * reaches the parent as `session.changed { user, reason }`: a login once its real-name info is known
 * and the visitor's lists are handed over (`handOverVisitorLists`), a login over another account
 * first announces that one leaving; a logout clears the user and token from the tap (a rejected
 * logout brings the account back).
 *
 * Not here: the login ways (they send `session.login`), detecting auth errors, storage, cookies,
 * toasts, and navigation.
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
  /** The account being logged out (`loggingOut` only): what a rejected logout brings back. */
  leaving: PersistedSession | null;
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

/**
 * Sent to the parent the moment a login is stored, before its real-name facts and hand-over: for what must
 * belong to the new account at once (the wishlist, whose opening is the hand-over of the visitor's list).
 */
export interface SessionSigningInEvent {
  type: 'session.signingIn';
  user: UserInfo;
}

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

export type SessionTag =
  | 'session:anonymous'
  | 'session:loggedIn'
  | 'session:expired'
  | 'session:signingIn'
  | 'session:loggingOut';

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

/**
 * What every login does at once (its announcement and 登录成功 wait for its real-name facts and the hand-over).
 * The visitor's lists leave the visitor in the same step as the session is stored, so no reload can come
 * between them: a start that finds the stored session finishes the hand-over for that account.
 */
const LOGIN_ACTIONS = [
  { type: 'assignUser', params: ({ event }: { event: LoginEvent }) => ({ user: event.user }) },
  // A login during a logout: the account that was leaving is gone for good.
  'clearLeaving',
  { type: 'persistSession', params: ({ event }: { event: LoginEvent }) => ({ user: event.user, realName: null }) },
  { type: 'takeVisitorLists', params: ({ event }: { event: LoginEvent }) => ({ userId: event.user.userId }) },
  { type: 'setTokenCookie', params: ({ event }: { event: LoginEvent }) => ({ token: event.user.token }) },
  { type: 'setRequestToken', params: ({ event }: { event: LoginEvent }) => ({ token: event.user.token }) },
  { type: 'identifyUser', params: ({ event }: { event: LoginEvent }) => ({ userId: event.user.userId }) },
  { type: 'announceSigningIn', params: ({ event }: { event: LoginEvent }) => ({ user: event.user }) },
] as const;

/** What a finished logout, or one the server no longer needed (its token was already dead), does. */
const LOGGED_OUT_ACTIONS = [
  'clearLeaving',
  { type: 'notify', params: { kind: 'success', text: SESSION_MESSAGES.loggedOut } },
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
    /**
     * The visitor's lists that `takeVisitorLists` set aside for the account reach it (the wishlist merged on the
     * server, 最近浏览 joined, …). Its failure leaves them set aside for that account's next opening.
     */
    handOverVisitorLists: fromPromise<unknown, { userId: number }>(async () => {
      throw new Error('handOverVisitorLists is supplied by the app through sessionMachine.provide()');
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
    /** The logout starts: the user leaves the context at once, kept aside for a rejected logout. */
    startLeaving: assign(({ context }) => ({
      leaving: context.user ? { user: context.user, realName: context.realName } : null,
      user: null,
      realName: null,
    })),
    /** A rejected logout: the account holds the tab again. */
    restoreLeaving: assign(({ context }) => ({
      user: context.leaving?.user ?? null,
      realName: context.leaving?.realName ?? null,
      leaving: null,
    })),
    clearLeaving: assign({ leaving: null }),
    /** The app writes `{ user, realName }` to localStorage. */
    persistSession: (_, _params: PersistedSession) => {},
    /** The app removes the stored session. */
    forgetSession: () => {},
    /** The app sets the visitor's lists in this browser aside for this account (synchronously: nothing may come between). */
    takeVisitorLists: (_, _params: { userId: number }) => {},
    /** The app removes whatever this browser keeps of the account that logged out. */
    forgetAccount: (_, _params: { userId: number }) => {},
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
    /** Tells the parent which account the login being stored is for (`session.signingIn`). */
    announceSigningIn: sendParent((_, params: { user: UserInfo }) => ({
      type: 'session.signingIn',
      user: params.user,
    })),
    announceSessionChanged: sendParent((_, params: { user: UserInfo | null; reason: SessionChangeReason }) => ({
      type: 'session.changed',
      user: params.user,
      reason: params.reason,
    })),
    closeAllModals: sendParent({ type: 'modal.closeAll' }),
    openLoginModal: sendParent({ type: 'modal.open', name: 'login', source: 'flow' }),
  },
  guards: {
    hasRestoredUser: ({ context }) => context.user !== null,
    /** A login in this tab while another account holds it. */
    replacesOtherUser: ({ context, event }) =>
      event.type === 'session.login' && context.user !== null && context.user.userId !== event.user.userId,
    isRealNameEnabled: (_, params: { config: RealNameConfig }) => params.config.enable,
    /** Another tab is logged in as someone other than this tab's user. */
    isOtherUserSynced: ({ context, event }) =>
      event.type === 'session.synced' && event.user !== null && event.user.userId !== context.user?.userId,
    /** Another tab refreshed this same user's stored session (e.g. real-name info). */
    isSameUserSynced: ({ context, event }) =>
      event.type === 'session.synced' &&
      event.user !== null &&
      context.user !== null &&
      event.user.userId === context.user.userId,
    /** Another tab logged out while this one holds a user. */
    isLogoutSynced: ({ context, event }) =>
      event.type === 'session.synced' && event.user === null && context.user !== null,
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
    leaving: null,
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
          {
            type: 'announceSessionChanged',
            params: ({ context }) => ({ user: context.user, reason: 'synced' as const }),
          },
        ],
      },
      {
        guard: 'isSameUserSynced',
        actions: { type: 'assignRealName', params: ({ event }) => ({ info: event.realName }) },
      },
      {
        guard: 'isLogoutSynced',
        target: '.anonymous',
        actions: [
          'clearUser',
          'clearToken',
          { type: 'identifyUser', params: { userId: null } },
          { type: 'announceSessionChanged', params: { user: null, reason: 'synced' } },
        ],
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
          actions: [
            'clearUser',
            'forgetSession',
            'clearToken',
            { type: 'identifyUser', params: { userId: null } },
            { type: 'announceSessionChanged', params: { user: null, reason: 'expired' } },
          ],
        },
        'session.realNameVerified': {
          actions: [
            { type: 'assignRealName', params: ({ event }) => ({ info: event.info }) },
            {
              type: 'persistSession',
              params: ({ context }) => ({ user: requireUser(context), realName: context.realName }),
            },
          ],
        },
      },
      states: {
        active: {
          initial: 'ready',
          on: {
            'session.logout': {
              target: '#session.loggingOut',
              // Nothing of the account is left in the tab or the browser while the server is told (a reload meanwhile
              // starts as a visitor); a rejected logout stores the session again.
              actions: [
                { type: 'forgetAccount', params: ({ context }) => ({ userId: requireUser(context).userId }) },
                'startLeaving',
                'forgetSession',
                'clearToken',
                { type: 'identifyUser', params: { userId: null } },
                { type: 'announceSessionChanged', params: { user: null, reason: 'logout' } },
              ],
            },
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
              // Two things at once; the login is done, said and announced when both are.
              type: 'parallel',
              onDone: {
                target: 'ready',
                actions: [
                  { type: 'notify', params: { kind: 'success', text: SESSION_MESSAGES.loggedIn } },
                  {
                    type: 'announceSessionChanged',
                    params: ({ context }) => ({ user: context.user, reason: 'login' as const }),
                  },
                ],
              },
              states: {
                // The real-name facts the purchase flow needs.
                facts: {
                  initial: 'fetchingConfig',
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
                          { target: 'known' },
                        ],
                        // Without the config the purchase flow fetches it again; the login itself stands.
                        onError: { target: 'known' },
                      },
                    },
                    fetchingRealName: {
                      invoke: {
                        id: 'fetchRealNameInfo',
                        src: 'fetchRealNameInfo',
                        onDone: {
                          target: 'known',
                          actions: [
                            { type: 'assignRealName', params: ({ event }) => ({ info: event.output }) },
                            {
                              type: 'persistSession',
                              params: ({ context }) => ({ user: requireUser(context), realName: context.realName }),
                            },
                          ],
                        },
                        onError: { target: 'known' },
                      },
                    },
                    known: { type: 'final' },
                  },
                },
                // What the visitor kept in this browser joins the account.
                lists: {
                  initial: 'handingOver',
                  states: {
                    handingOver: {
                      invoke: {
                        id: 'handOverVisitorLists',
                        src: 'handOverVisitorLists',
                        input: ({ context }) => ({ userId: requireUser(context).userId }),
                        onDone: { target: 'handedOver' },
                        // What was set aside stays the account's, merged when its lists next open; the login stands.
                        onError: { target: 'handedOver' },
                      },
                    },
                    handedOver: { type: 'final' },
                  },
                },
              },
            },
            ready: {},
          },
        },
      },
    },
    // The account has left this tab (its departure announced at the tap); the server is told last.
    loggingOut: {
      tags: ['session:loggingOut'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.leaving?.user.token ?? '' }),
        onDone: { target: 'anonymous', actions: LOGGED_OUT_ACTIONS },
        // (A logout whose token the server no longer knew has nothing left to end there: the app's actor answers it
        // as done, src/features/session/session-effects.ts.)
        onError: [
          {
            target: 'loggedIn.active.ready',
            actions: [
              'restoreLeaving',
              {
                type: 'persistSession',
                params: ({ context }) => ({ user: requireUser(context), realName: context.realName }),
              },
              { type: 'setTokenCookie', params: ({ context }) => ({ token: requireUser(context).token }) },
              { type: 'setRequestToken', params: ({ context }) => ({ token: requireUser(context).token }) },
              { type: 'identifyUser', params: ({ context }) => ({ userId: requireUser(context).userId }) },
              {
                type: 'notify',
                params: ({ event }) => ({
                  kind: 'error',
                  text: readFailure(event.error, SESSION_MESSAGES.logoutFailed).message,
                }),
              },
              {
                type: 'announceSessionChanged',
                params: ({ context }) => ({ user: context.user, reason: 'login' as const }),
              },
            ],
          },
        ],
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
              actions: [
                'closeAllModals',
                { type: 'notify', params: { kind: 'warning', text: SESSION_MESSAGES.expired } },
                'openLoginModal',
              ],
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
