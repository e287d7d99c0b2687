/**
 * The session model (./session.model.ts) driven through the UI, on the
 * personal centre's 账号与实名 tab (`/setting?type=2`), by a shopper whose
 * login (user A, not yet verified) an earlier visit stored.
 *
 * Gestures:
 * - `session.logout`: 退出登录 in the personal centre.
 * - `session.realNameVerified`: 去实名, then name and ID number submitted in
 *   the 实名认证 dialog; the server accepts them and reads back the model's
 *   masked info.
 * - `session.expired`: the shopper submits the 实名认证 dialog (opened with
 *   去实名 if it is not open) and the server answers with the event's auth
 *   code: the login has ended on the server. Once expired, the dialog is
 *   still open for the 300 ms before the prompt, and a second submission goes
 *   out without a token, which the server answers with the event's code.
 * - `session.synced`: another tab writes the stored session (a `storage`
 *   event): it logs in as the event's user, refreshes it, or logs out. With
 *   no session stored, the other tab clears the site's storage (a `storage`
 *   event with a null key, which the app reads as nobody; the earlier visit
 *   left a recent search there, so the browser does fire it).
 * - `session.login`: the SMS tab of the 登录 dialog (the header's 登录, or the
 *   dialog the expiry prompt opened): phone, code, agreement, 登录; the login
 *   flow's `registerLogin` answers the event's user.
 *
 * - `handOverVisitorLists` settles as the wishlist's opening for the account
 *   logging in does (src/app/visitor-lists.ts: the hand-over waits for it):
 *   the test's wishlist server holds that opening's call (`list`, or `merge`
 *   when something was set aside) as the model's fake of the same name, and
 *   answers every other wishlist call at once, empty.
 *
 * Not one-to-one, so `undrivable`:
 * - `session.login` of the account a page load has just restored (the
 *   model's logins while logged in: user A in `waitingToPing`, the start):
 *   登录 (header, personal centre, sidebar, coupon dialog, game and order
 *   pages) is offered only when nobody is logged in, and the page's
 *   auto-login link skips the account already logged in. (A 登录 dialog
 *   opened while nobody was, and left open while another tab logs in, could
 *   log in the same account from `ready`; the model has no such step.)
 * - `session.logout` while expired: 退出登录 is gone once the user is.
 * - `session.expired` while logging out: the account left the page at the
 *   tap (no 实名认证 to submit, no call carries its token), and the logout
 *   call's own auth answer counts as done (src/features/session/session-effects.ts).
 * - `session.login` of another account (user B) while A is logged in: the
 *   登录 dialog is offered only to nobody (the auto-login replay logs in over
 *   another account through its link), so `replacesOtherUser` is declared
 *   unreachable from here.
 *
 * `checkToken`, `fetchRealNameConfig`, `fetchRealNameInfo` and `logout` are
 * the model's fakes. The personal centre's own calls (the account bindings,
 * the 实名认证 dialog's doAuth and getAuth) are answered by the test's
 * server below for the fixtures' tokens, which the simulated backend never
 * issued.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AnyMachineSnapshot } from 'xstate';
import type { WishItem } from '../../src/api/wishlist';
import type { WishlistServer } from '../../src/features/wishlist/wishlist-effects';
import { SESSION_MESSAGES, type sessionMachine } from '../../machines/session.machine';
import type { RealNameInfo, UserInfo } from '../../src/api/user';
import { SESSION_STORAGE_KEY } from '../../src/features/session/persisted-session';
import { RECENT_SEARCH_KEY } from '../../src/features/catalog/recent-searches';
import { getToasts, resetToasts, subscribeToasts } from '../../src/shared/toast';
import { maskPhone } from '../../src/shared/format';
import { REAL_NAME_MESSAGES } from '../../src/features/session/real-name-modal';
import { onTestEnd } from '../support/cleanup';
import type { FakeCalls } from '../support/model';
import type { RenderedApp, UiDriver } from '../support/model-ui';
import { mergeDeps, renderApp } from '../support/render-app';
import { API, ok, testServer } from '../support/server';
import type { sessionModel } from './session.model';
import { REAL_NAME, USER_A, USER_B } from './session-fixtures';
import {
  dialog,
  errorToasts,
  expectHeaderAccount,
  forgetPageState,
  header,
  otherTabClearsStorage,
  otherTabStores,
  rememberSession,
  submitSmsLogin,
  toasts,
  typeInto,
} from './ui-helpers';

type SessionSnapshot = ReturnType<typeof sessionMachine.transition>;
type AuthCode = 'auth_40001' | 'auth_40002';

const START_URL = '/setting?type=2';
const SMS_CODE = '123456';
/** What the shopper types in the 实名认证 dialog (the server answers with the model's masked info). */
const ID_FORM = { name: '张三', idCard: '11010519491231002X' } as const;
/** The server's messages for the auth codes (as the simulated backend words them). */
const AUTH_MESSAGES: Record<AuthCode, string> = {
  auth_40001: '登录信息已失效,请重新登录',
  auth_40002: '您的账号已在其他设备登录,请重新登录',
};
/** The tokens the test's server knows: the fixtures' accounts. */
const KNOWN_TOKENS = new Set([USER_A.token, USER_B.token]);

/** What the driver keeps for the item being replayed. */
const page = {
  /** The account the next SMS login's `registerLogin` answers. */
  loginAs: null as UserInfo | null,
  /** How the server answers the next 实名认证 submission: accepted, or the login has ended (an auth code). */
  nextVerification: 'ok' as 'ok' | AuthCode,
  /** The account whose wishlist opening is the next login's hand-over (the model settles it); null: none expected. */
  handOverTo: null as number | null,
  /** Ends the hand-over call held for the model, if one is (its login was left before it settled). */
  dropHandOver: null as (() => void) | null,
  /** Every toast text the page has shown since the app started, in order (a toast leaves the screen after 3 s). */
  said: [] as string[],
  /** How many times 登录成功 had been said when the shopper last pressed 登录. */
  loggedInSaidAtLogin: 0,
  /** How many times 退出成功 had been said when the shopper last pressed 退出登录. */
  loggedOutSaidAtLogout: 0,
};

const saidCount = (text: string) => page.said.filter((t) => t === text).length;

/** Records each toast as it appears, for what must (not) have been said since a gesture. */
function recordToasts(): void {
  let seen = new Set(getToasts().map((t) => t.id));
  const stop = subscribeToasts(() => {
    for (const t of getToasts()) if (!seen.has(t.id)) page.said.push(t.text);
    seen = new Set(getToasts().map((t) => t.id));
  });
  onTestEnd(stop);
}

/**
 * The wishlist's calls. The opening the login's hand-over waits for (the first call for the account logging in:
 * `list`, or `merge` when something was set aside) is held as the model's `handOverVisitorLists`, so its outcome
 * is the hand-over's: an answer opens the account's list, a failure leaves it unopened (`openFailed`). Any other
 * call (the restored account's opening, another tab's account, a rejected logout's return) answers at once, empty.
 */
function wishlistServer(calls: FakeCalls): WishlistServer {
  const opening = async (userId: number): Promise<WishItem[]> => {
    if (page.handOverTo !== userId) return [];
    page.handOverTo = null;
    const held = new AbortController();
    page.dropHandOver = () => held.abort();
    await calls.call('handOverVisitorLists', held.signal);
    return [];
  };
  return { list: opening, merge: (userId) => opening(userId), add: async () => [], remove: async () => [] };
}

const authFailure = (code: AuthCode) =>
  HttpResponse.json({ success: false, retCode: code, retMsg: AUTH_MESSAGES[code], retData: null });

/** The personal centre's calls for the fixtures' tokens, as a backend that issued them would answer. */
function answerPersonalCentreCalls(): void {
  const known = (request: Request) => KNOWN_TOKENS.has(request.headers.get('token') ?? '');
  testServer.use(
    http.post(`${API}/u-nnpc/getOpenBindInfo`, ({ request }) =>
      known(request) ? ok({ wechatBound: false, wechatNickname: '', qqBound: false }) : authFailure('auth_40001'),
    ),
    http.post(`${API}/u-nnpc/api/mall1/realName/doAuth`, () => {
      const answer = page.nextVerification;
      page.nextVerification = 'ok';
      return answer === 'ok' ? ok(true) : authFailure(answer);
    }),
    http.post(`${API}/u-nnpc/api/mall1/realName/getAuth`, ({ request }) =>
      known(request) ? ok(REAL_NAME) : authFailure('auth_40001'),
    ),
    // The overview's counts (待支付, 激活码, 可用券): an account with no orders and no coupons.
    http.post(`${API}/nnorder/mall/unified/order/list`, async ({ request }) => {
      if (!known(request)) return authFailure('auth_40001');
      const { pageNum = 1, pageSize = 10 } = (await request.json()) as { pageNum?: number; pageSize?: number };
      return ok({ list: [], total: 0, pageNum, pageSize });
    }),
    http.post(`${API}/nn-activity/client/coupon/list`, ({ request }) =>
      known(request) ? ok([]) : authFailure('auth_40001'),
    ),
  );
}

/** A gesture on the page itself: no dialog may cover it. */
function requireNoDialog(): void {
  const open = screen.queryAllByRole('dialog');
  if (open.length)
    throw new Error(
      `a dialog covers the page: ${open.map((d) => d.getAttribute('aria-label') ?? d.textContent?.slice(0, 20)).join(', ')}`,
    );
}

/** The 实名认证 dialog, opened with 去实名 in the personal centre if it is not open. */
async function openRealNameDialog(app: RenderedApp): Promise<HTMLElement> {
  const open = dialog('实名认证');
  if (open) return open;
  requireNoDialog();
  const section = screen.getByRole('region', { name: '实名认证' });
  await app.user.click(within(section).getByRole('button', { name: '去实名' }));
  return screen.findByRole('dialog', { name: '实名认证' });
}

/** Fills the 实名认证 dialog and submits it; the server answers as `page.nextVerification` says. */
async function submitRealName(app: RenderedApp, answer: 'ok' | AuthCode): Promise<void> {
  const form = within(await openRealNameDialog(app));
  await typeInto(app.user, form.getByRole('textbox', { name: '姓名' }), ID_FORM.name);
  await typeInto(app.user, form.getByRole('textbox', { name: '身份证号' }), ID_FORM.idCard);
  page.nextVerification = answer;
  await app.user.click(form.getByRole('button', { name: '提交' }));
}

/** The 登录 dialog on its SMS tab: already open (the expiry prompt), or opened from the header. */
async function openLoginDialog(app: RenderedApp): Promise<HTMLElement> {
  if (!dialog('登录')) {
    requireNoDialog();
    await app.user.click(header().getByRole('button', { name: '登录' }));
  }
  const login = await screen.findByRole('dialog', { name: '登录' });
  const tab = within(login).getByRole('tab', { name: '验证码登录' });
  if (tab.getAttribute('aria-selected') !== 'true') await app.user.click(tab);
  return login;
}

/**
 * Throws unless the personal centre shows `user`, verified or not, or its login prompt (nobody, or an account
 * logging out: it left the page at the tap).
 */
function expectPersonalCentre(snapshot: SessionSnapshot): void {
  const { user, realName } = snapshot.context;
  screen.getByRole('heading', { name: '个人中心', level: 1 });
  const logout = screen.queryByRole('button', { name: '退出登录' });
  if (snapshot.hasTag('session:loggingOut') && user) throw new Error('the session keeps its user while logging out');
  if (!user) {
    if (logout) throw new Error('the personal centre offers 退出登录 with nobody logged in');
    screen.getByText('登录后即可查看订单、优惠券和账号信息');
    return;
  }
  if (!logout) throw new Error('the personal centre does not offer 退出登录');
  if ((logout as HTMLButtonElement).disabled) throw new Error('退出登录 is disabled with an account logged in');
  const account = screen.getByRole('region', { name: '账号信息' });
  within(account).getByText(maskPhone(user.telNum));
  expectRealName(realName);
}

function expectRealName(realName: RealNameInfo | null): void {
  const section = within(screen.getByRole('region', { name: '实名认证' }));
  if (!realName) {
    section.getByRole('button', { name: '去实名' });
    if (section.queryByText('已实名')) throw new Error('the personal centre says 已实名');
    return;
  }
  section.getByText('已实名');
  section.getByText(realName.realName);
  section.getByText(realName.idCardNo);
}

function expectToast(region: () => ReturnType<typeof within>, text: string): void {
  if (!region().queryByText(text)) throw new Error(`no toast says "${text}"`);
}

/** The outcomes that can end a login's signing in (its real-name reads and its hand-over). */
const LOGIN_DONE_EVENTS: ReadonlySet<string> = new Set(
  ['fetchRealNameConfig', 'fetchRealNameInfo', 'handOverVisitorLists'].flatMap((id) => [
    `xstate.done.actor.${id}`,
    `xstate.error.actor.${id}`,
  ]),
);

const OTHER_ACCOUNT_LOGIN =
  "session.login of another account while one is logged in: this replay's login way, the 登录 dialog, is offered only to nobody. " +
  'A login over another account comes from an auto-login link (replayed in tests/model/auto-login.ui.ts, whose dialog this tab confirms) ' +
  'or from a 登录 dialog left open while another tab logged in (tests/properties/account-change.test.ts); ' +
  'the departure it announces first is tested in tests/machines/session.machine.test.ts and tests/integration/buying/account-change.test.tsx';

export const sessionUi: UiDriver<typeof sessionModel> = {
  systemId: 'session',

  unreachable: {
    transitions: {
      '(session) --session.login [replacesOtherUser]--> loggedIn.active.signingIn': OTHER_ACCOUNT_LOGIN,
    },
  },

  undrivable: (item, index) => {
    const event = item.steps[index]?.event;
    const before = item.steps[index - 1]?.state as SessionSnapshot | undefined;
    if (!event || !before) return undefined;
    const loggedInAs = before.context.user?.userId;
    if (
      event.type === 'session.login' &&
      before.matches({ loggedIn: { active: 'waitingToPing' } }) &&
      event.user.userId === loggedInAs
    ) {
      return 'session.login of the account a page load just restored: 登录 is offered only to nobody, and an auto-login link skips the account logged in';
    }
    if (event.type === 'session.login' && loggedInAs !== undefined && event.user.userId !== loggedInAs) {
      return OTHER_ACCOUNT_LOGIN;
    }
    if (event.type === 'session.logout' && before.hasTag('session:expired')) {
      return 'session.logout while expired: 退出登录 is gone with the user, the personal centre offers 登录';
    }
    if (event.type === 'session.expired' && before.hasTag('session:loggingOut')) {
      return 'session.expired while logging out: the account left the page at the tap (no call but the logout carries its token), and the logout answered with an auth error counts as done';
    }
    if (event.type === 'session.logout' && before.hasTag('session:loggingOut')) {
      return 'session.logout while logging out: 退出登录 left the page with the account at the tap';
    }
    return undefined;
  },

  // The app takes these after any login; the model has them only after the undrivable logins.
  mount: async ({ calls, deps }) => {
    localStorage.clear();
    sessionStorage.clear();
    forgetPageState();
    resetToasts();
    page.loginAs = null;
    page.nextVerification = 'ok';
    page.handOverTo = null;
    page.dropHandOver = null;
    page.said = [];
    page.loggedInSaidAtLogin = 0;
    page.loggedOutSaidAtLogout = 0;
    recordToasts();
    // The model starts with user A restored: an earlier visit stored the login (and a search keyword).
    rememberSession(USER_A);
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: ['原神'], hiddenServer: [] }));
    answerPersonalCentreCalls();
    const app = await renderApp(START_URL, {
      deps: mergeDeps(deps, {
        testing: {
          sessionFlows: {
            api: {
              checkToken: (signal) => calls.call('checkToken', signal),
              fetchRealNameConfig: (signal) => calls.call('fetchRealNameConfig', signal) as never,
              fetchRealNameInfo: (signal) => calls.call('fetchRealNameInfo', signal) as never,
              logout: (_token, signal) => calls.call('logout', signal),
              // The SMS login's own calls: not this machine's business; the login yields the event's user.
              registerLogin: async () => {
                if (!page.loginAs) throw new Error('no login is expected');
                return page.loginAs;
              },
            },
          },
          wishlistServer: wishlistServer(calls),
        },
      }),
    });
    await screen.findByRole('button', { name: '退出登录' });
    return app;
  },

  gestures: {
    'session.logout': async (app) => {
      requireNoDialog();
      page.loggedOutSaidAtLogout = saidCount(SESSION_MESSAGES.loggedOut);
      await app.user.click(screen.getByRole('button', { name: '退出登录' }));
    },
    'session.realNameVerified': async (app, event) => {
      if (JSON.stringify(event.info) !== JSON.stringify(REAL_NAME))
        throw new Error('the server reads back only the model’s REAL_NAME');
      await submitRealName(app, 'ok');
    },
    'session.expired': async (app, event) => {
      await submitRealName(app, event.code === 'auth_40002' ? 'auth_40002' : 'auth_40001');
    },
    'session.synced': async (_app, event) => {
      if (event.user) otherTabStores(event.user, event.realName);
      else if (localStorage.getItem(SESSION_STORAGE_KEY) !== null) otherTabStores(null);
      else otherTabClearsStorage();
    },
    'session.login': async (app, event) => {
      // 登录 is offered only to nobody, so the wishlist is the visitor's: a hand-over still held was left with its login.
      page.dropHandOver?.();
      page.dropHandOver = null;
      page.handOverTo = event.user.userId;
      page.loggedInSaidAtLogin = saidCount(SESSION_MESSAGES.loggedIn);
      page.loginAs = event.user;
      await submitSmsLogin(app.user, await openLoginDialog(app), event.user.telNum, SMS_CODE);
      await waitFor(() => {
        if (dialog('登录')) throw new Error('the 登录 dialog is still open');
      });
    },
  },

  expectScreen: (_app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const snapshot = state as SessionSnapshot;
    const { user } = snapshot.context;
    expectHeaderAccount(user ? user.telNum : null);
    expectPersonalCentre(snapshot);
    const type = step.event.type;

    if (snapshot.matches({ expired: 'prompted' })) {
      // Every dialog closed, the warning, and the 登录 dialog.
      if (dialog('实名认证')) throw new Error('the 实名认证 dialog is still open');
      if (!dialog('登录')) throw new Error('the 登录 dialog is not open');
      if (type.startsWith('xstate.after.')) expectToast(toasts, SESSION_MESSAGES.expired);
    } else if (dialog('登录')) {
      throw new Error('the 登录 dialog is open');
    }
    if (snapshot.matches({ expired: 'waiting' }) && type === 'session.expired') {
      // The server's answer to the submission, in the dialog still open for the prompt's 300 ms.
      const realName = dialog('实名认证');
      if (!realName) throw new Error('the 实名认证 dialog went away before the prompt');
      const code = (step.event as { code?: AuthCode }).code ?? 'auth_40001';
      if (within(realName).getByRole('alert').textContent !== AUTH_MESSAGES[code])
        throw new Error(`the 实名认证 dialog does not say "${AUTH_MESSAGES[code]}"`);
    }

    if (snapshot.hasTag('session:signingIn') && saidCount(SESSION_MESSAGES.loggedIn) !== page.loggedInSaidAtLogin) {
      throw new Error('登录成功 is said before the real-name facts and the hand-over are both done');
    }
    if (snapshot.hasTag('session:loggingOut') && saidCount(SESSION_MESSAGES.loggedOut) !== page.loggedOutSaidAtLogout) {
      throw new Error('退出成功 is said before the server answered the logout');
    }

    if (type === 'session.realNameVerified') {
      if (dialog('实名认证')) throw new Error('the 实名认证 dialog is still open');
      expectToast(toasts, REAL_NAME_MESSAGES.verified);
    } else if (LOGIN_DONE_EVENTS.has(type) && snapshot.matches({ loggedIn: { active: 'ready' } })) {
      // The login's real-name facts and hand-over are both done: 登录成功, once.
      expectToast(toasts, SESSION_MESSAGES.loggedIn);
      if (saidCount(SESSION_MESSAGES.loggedIn) !== page.loggedInSaidAtLogin + 1)
        throw new Error('登录成功 is not said exactly once for the login');
    } else if (type === 'xstate.done.actor.logout') {
      expectToast(toasts, SESSION_MESSAGES.loggedOut);
      if (saidCount(SESSION_MESSAGES.loggedOut) !== page.loggedOutSaidAtLogout + 1)
        throw new Error('退出成功 is not said exactly once for the logout');
    } else if (type === 'xstate.error.actor.logout') {
      // The account is back (header and personal centre, checked above) with the server's reason.
      expectToast(errorToasts, (step.event as unknown as { error: Error }).error.message);
      if (saidCount(SESSION_MESSAGES.loggedOut) !== page.loggedOutSaidAtLogout)
        throw new Error('退出成功 is said for a rejected logout');
    }
  },
};
