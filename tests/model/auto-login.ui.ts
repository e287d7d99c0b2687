/**
 * The auto-login model (./auto-login.model.ts) driven through the UI.
 *
 * - `autoLogin.start`: the shopper opens a link carrying `?token=&appId=` — a
 *   full page load (the old page goes away, a new app starts and its
 *   start-up bridge finds the token). The event's `currentPhone` is the
 *   account the browser remembers at that moment, so the gesture first leaves
 *   localStorage as an earlier visit (or another tab) would have: user A, or
 *   nobody.
 * - `autoLogin.confirm` / `autoLogin.cancel`: 确认登录 / 取消 in the 自动登录 dialog.
 * - `session.changed`: what makes the session announce a new user. Another
 *   tab logging in as A or logging out (a `storage` event on the session key),
 *   or — right after the token login — the session finishing its sign-in: its
 *   real-name config read is held until this gesture answers it, because the
 *   model takes that announcement as a step of its own.
 *   A step announcing the account this tab already holds (or nobody, when
 *   nobody is logged in) has no gesture: the session announces changes only,
 *   so such items are `undrivable`; so is a step announcing anyone else while
 *   the token login's sign-in is held (the session announces that account
 *   next). After a token login the machine holds no current phone: the
 *   session first announces the previous account leaving.
 *
 * `exchangeToken` and `loginWithToken` are the model's fakes; the session's
 * own calls are answered benignly (the fixtures' users are unknown to the
 * simulated backend).
 */
import { screen, within } from '@testing-library/react';
import type { AnyMachineSnapshot } from 'xstate';
import type { autoLoginMachine } from '../../machines/auto-login.machine';
import type { UserInfo } from '../../src/api/user';
import { maskPhone } from '../../src/shared/format';
import type { RenderedApp, UiDriver, UiEnv } from '../support/model-ui';
import { mergeDeps, renderApp } from '../support/render-app';
import type { autoLoginModel } from './auto-login.model';
import { CONFIG_OFF, USER_A } from './session-fixtures';
import { errorToasts, expectHeaderAccount, forgetPageState, otherTabStores, rememberSession } from './ui-helpers';

type AutoLoginSnapshot = ReturnType<typeof autoLoginMachine.transition>;

const DIALOG = '自动登录';

let env: UiEnv | undefined;
/** The session's real-name config read after the token login, held until `session.changed` answers it. */
let heldSignIn: (() => void) | null = null;

const autoLoginDialog = () => screen.queryByRole('dialog', { name: DIALOG });

/** A page load at `url` (sessionStorage and localStorage are the browser's; everything else starts afresh). */
async function loadPage(url: string): Promise<RenderedApp> {
  if (!env) throw new Error('the auto-login driver is not mounted');
  const { calls, deps } = env;
  heldSignIn = null;
  forgetPageState();
  return renderApp(url, {
    deps: mergeDeps(deps, {
      testing: {
        sessionFlows: {
          api: {
            exchangeToken: (_request, signal) => calls.call('exchangeToken', signal) as never,
            loginWithToken: (_request, signal) => calls.call('loginWithToken', signal) as never,
            // The session's calls: not this machine's business. The token ping never comes (the clock only
            // moves for this model's delays, and it has none); the sign-in waits for `session.changed`.
            checkToken: async () => ({}),
            fetchRealNameConfig: () =>
              new Promise((resolve) => {
                heldSignIn = () => resolve(CONFIG_OFF);
              }),
            fetchRealNameInfo: async () => null,
            logout: async () => true,
          },
        },
      },
    }),
  });
}

/** The phone of the token login whose sign-in the session has not announced yet, if the steps end in one. */
function signingInSince(steps: readonly { event: { type: string } }[]): string | null {
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const event = steps[i]!.event as { type: string; output?: UserInfo };
    if (event.type === 'session.changed' || event.type === 'autoLogin.start') return null;
    if (event.type === 'xstate.done.actor.loginWithToken') return event.output?.telNum ?? null;
  }
  return null;
}

export const autoLoginUi: UiDriver<typeof autoLoginModel> = {
  systemId: 'autoLogin',

  undrivable: (item, index) => {
    const event = item.steps[index]?.event as { type: string; user?: { telNum: string } | null } | undefined;
    const before = item.steps[index - 1]?.state as AutoLoginSnapshot | undefined;
    if (event?.type !== 'session.changed' || !before) return undefined;
    const announced = event.user?.telNum ?? null;
    if (announced === before.context.currentPhone) {
      return `session.changed announces ${announced ?? 'nobody'}, whom this tab already holds: the session announces changes only`;
    }
    const signingIn = signingInSince(item.steps.slice(0, index));
    return signingIn && signingIn !== announced
      ? `session.changed announces ${announced ?? 'nobody'} while the session signs in ${signingIn} (the token login): it can only announce that account next`
      : undefined;
  },

  mount: async (uiEnv) => {
    env = uiEnv;
    localStorage.clear();
    sessionStorage.clear();
    return loadPage('/');
  },

  gestures: {
    'autoLogin.start': async (app, event) => {
      // The account the browser remembers when the link is opened is the one the new page restores.
      if (event.currentPhone === null) rememberSession(null);
      else if (event.currentPhone === USER_A.telNum) rememberSession(USER_A);
      else throw new Error(`no stored account for phone ${event.currentPhone}`);
      app.close();
      return loadPage(`/?token=${encodeURIComponent(event.token)}&appId=${encodeURIComponent(event.appId)}`);
    },
    'autoLogin.confirm': async ({ user }) => {
      const dialog = await screen.findByRole('dialog', { name: DIALOG });
      await user.click(within(dialog).getByRole('button', { name: '确认登录' }));
    },
    'autoLogin.cancel': async ({ user }) => {
      const dialog = await screen.findByRole('dialog', { name: DIALOG });
      await user.click(within(dialog).getByRole('button', { name: '取消' }));
    },
    'session.changed': async (_app, event) => {
      if (heldSignIn) {
        // The token login's user: the session finishes signing in (its real-name read answers) and announces it.
        if (!event.user) throw new Error('a sign-in is in progress: the session can only announce its user');
        expectHeaderAccount(event.user.telNum);
        const finish = heldSignIn;
        heldSignIn = null;
        finish();
        return;
      }
      if (event.user === null) {
        otherTabStores(null);
      } else if (event.user.telNum === USER_A.telNum) {
        otherTabStores(USER_A);
      } else {
        throw new Error(`no other tab logs in with phone ${event.user.telNum}`);
      }
    },
  },

  expectScreen: (_app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const snapshot = state as AutoLoginSnapshot;
    const { candidate, currentPhone } = snapshot.context;
    if (step.event.type === 'xstate.done.actor.loginWithToken') {
      // Logged in with the token: the header shows the token's account while the session signs in.
      expectHeaderAccount((step.event as unknown as { output: UserInfo }).output.telNum);
    } else {
      expectHeaderAccount(currentPhone);
    }
    const dialog = autoLoginDialog();
    if (snapshot.matches('idle') || snapshot.matches('exchanging')) {
      if (dialog) throw new Error('the 自动登录 dialog is open');
      if (step.event.type.startsWith('xstate.error.actor.')) {
        const message = (step.event as unknown as { error: Error }).error.message;
        errorToasts().getByText(message);
      }
      return;
    }
    if (!dialog) throw new Error('the 自动登录 dialog is not open');
    if (!candidate) throw new Error('the model asks without a candidate');
    within(dialog).getByText(maskPhone(candidate.telNum));
    const busy = snapshot.matches('loggingIn');
    for (const name of ['取消', '确认登录']) {
      const button = within(dialog).getByRole('button', { name });
      if ((button as HTMLButtonElement).disabled !== busy)
        throw new Error(`${name} should be ${busy ? 'disabled while logging in' : 'enabled'}`);
    }
  },
};
