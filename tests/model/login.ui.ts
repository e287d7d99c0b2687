/**
 * The phone + SMS login model (./login.model.ts) driven through the UI: the
 * login dialog's 验证码登录 tab. Opening the dialog (header 登录) sends
 * `login.opened`, and so does closing and reopening it; 获取验证码 sends
 * `login.sendCode` with the typed phone; 登录, with the phone, a 6-digit code
 * and the agreement ticked, sends `login.submit`. A button the form disables
 * (获取验证码 while a code is on its way or counting down, 登录 while a login
 * runs) is pressed all the same: the app then sends nothing, as the machine
 * then takes nothing. After a successful login the dialog is gone and the
 * header shows the account; the next gesture that needs the dialog first has
 * the account log out (in another tab), as it must before logging in again.
 *
 * `session.changed { user: null }` is the account the header shows logging
 * out in another tab (a `storage` event clearing the stored session). The
 * session announces changes only, so the tab must hold an account then: one a
 * login step signed in, or one another tab logs in with while the dialog is
 * open, in the gesture just before (only settled calls and delays between),
 * when the form holds nothing of a shopper (no phone, countdown or message),
 * so that the login machine's own forgetting of that login changes nothing.
 * A logout the tab cannot hold an account for is `undrivable`. After it the
 * open dialog offers 获取验证码 again, with no countdown hint and no message
 * (its 手机号 field is not checked: see `expectScreen`).
 *
 * The app spawns the login flow with its default 60 s countdown; the model's
 * is 2 s (its input), so the driver's `loadFlows` spawns the same machine, with
 * the app's effects, on the model's input.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createMachine, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { FlowLogics } from '../../machines/app.machine';
import type { loginMachine } from '../../machines/login.machine';
import type { UserInfo } from '../../src/api/user';
import type { SessionFlowOptions } from '../../src/features/session/session-effects';
import { maskPhone } from '../../src/shared/format';
import type { PlanItem } from '../support/model';
import type { RenderedApp, StepAt, UiDriver } from '../support/model-ui';
import { mergeDeps, renderApp } from '../support/render-app';
import { loginModel } from './login.model';
import { CONFIG_OFF, USER_A, USER_B } from './session-fixtures';
import { expectHeaderAccount, header, otherTabStores, submitSmsLogin, typeInto } from './ui-helpers';

const CODE_BUTTON = /^(获取验证码|发送中…|重新发送\(\d+s\))$/;

/** The account another tab logs in with, so that this tab holds one when a step logs it out. */
const OTHER_TAB_ACCOUNT = USER_B;

/** What the page should show besides the machine: set by the gestures and by the steps that log in. */
const page: { dialogOpen: boolean; account: UserInfo | null } = { dialogOpen: false, account: null };

type LoginSnapshot = ReturnType<typeof loginMachine.transition>;

const GESTURES: ReadonlySet<string> = new Set(['login.opened', 'login.sendCode', 'login.submit']);
const isLoginDone = (type: string) =>
  type === 'xstate.done.actor.registerLogin' || type === 'xstate.done.actor.registerPhone';

/** Nothing of a shopper in the code region (no phone, countdown or message): forgetting it changes nothing. */
function holdsNoShopper(state: LoginSnapshot): boolean {
  const { phone, secondsLeft, codeError, submitError } = state.context;
  return (
    state.matches({ code: 'idle' }) && phone === null && secondsLeft === 0 && codeError === null && submitError === null
  );
}

/** Where the replay of an item has another tab log in (for a later logout), and which logouts it cannot drive. */
interface AccountPlan {
  logInElsewhereAt: ReadonlySet<number>;
  undrivableAt: ReadonlyMap<number, string>;
}

const accountPlans = new WeakMap<PlanItem, AccountPlan>();

/**
 * Walks an item as the gestures below replay it: a login step signs the account in (and closes the
 * dialog); a gesture that finds the dialog closed has that account log out elsewhere first (the header
 * offers 登录 only to nobody); a logout step needs an account. When none is held, the gesture just
 * before it (only settled calls and delays between) has another tab log in, if the form then holds
 * nothing of a shopper, so the login machine's forgetting of that login changes nothing.
 */
function accountPlan(item: PlanItem): AccountPlan {
  const known = accountPlans.get(item);
  if (known) return known;
  const logInElsewhereAt = new Set<number>();
  const undrivableAt = new Map<number, string>();
  let signedIn = false;
  let dialogOpen = false;
  const steps = item.steps;
  for (let k = 1; k < steps.length; k++) {
    const type = steps[k]!.event.type;
    if (GESTURES.has(type)) {
      if (!dialogOpen) signedIn = false;
      dialogOpen = true;
      let next = k + 1;
      while (
        next < steps.length &&
        !GESTURES.has(steps[next]!.event.type) &&
        !isLoginDone(steps[next]!.event.type) &&
        steps[next]!.event.type !== 'session.changed'
      )
        next++;
      if (
        !signedIn &&
        steps[next]?.event.type === 'session.changed' &&
        holdsNoShopper(steps[k - 1]!.state as LoginSnapshot)
      ) {
        logInElsewhereAt.add(k);
        signedIn = true;
      }
    } else if (isLoginDone(type)) {
      signedIn = true;
      dialogOpen = false;
    } else if (type === 'session.changed') {
      if (!signedIn) {
        undrivableAt.set(
          k,
          'session.changed announces nobody while this tab holds no account, and the gesture just before finds the form holding a shopper (another tab logging in there would make the login machine forget them a step early): the session announces changes only',
        );
      }
      signedIn = false;
    }
  }
  const plan = { logInElsewhereAt, undrivableAt };
  accountPlans.set(item, plan);
  return plan;
}

const loginDialog = () => screen.queryByRole('dialog', { name: '登录' });

function requireDialog(): HTMLElement {
  const dialog = loginDialog();
  if (!dialog) throw new Error('the login dialog is not open');
  return dialog;
}

/** The login machine with the app's effects, started on the model's input instead of the app's `{}`. */
function onModelInput(logic: FlowLogics['login']): FlowLogics['login'] {
  const machine = logic as unknown as AnyStateMachine;
  const context = machine.config.context as (args: { input: unknown }) => unknown;
  return createMachine(
    {
      ...machine.config,
      context: (args: { input: unknown }) => context({ ...args, input: loginModel.input }),
    } as never,
    machine.implementations as never,
  ) as unknown as FlowLogics['login'];
}

/**
 * The account logs out in another tab: the browser removes the stored session and tells this tab with a
 * `storage` event, and the header shows 登录 again. (The personal centre's 退出登录 would do as well, but
 * its page asks the backend about an account the simulated backend never issued, and the answer expires
 * the session instead.)
 */
async function logOutElsewhere(): Promise<void> {
  otherTabStores(null);
  await waitFor(() => expectHeaderAccount(null));
  page.account = null;
}

/**
 * Another tab logs in while the dialog is open (it stays open): this tab holds an account for the
 * logout a later step announces. The login machine forgets the shopper, of whom it holds nothing yet.
 */
async function logInElsewhere(): Promise<void> {
  otherTabStores(OTHER_TAB_ACCOUNT);
  await waitFor(() => expectHeaderAccount(OTHER_TAB_ACCOUNT.telNum));
  page.account = OTHER_TAB_ACCOUNT;
  if (!loginDialog()) throw new Error('the login dialog closed when another tab logged in');
}

/** The login dialog, open for the gesture at `at`; another tab logs in first if a later logout needs it. */
async function dialogFor(app: RenderedApp, { item, index }: StepAt): Promise<HTMLElement> {
  const dialog = await openDialog(app);
  if (accountPlan(item).logInElsewhereAt.has(index)) await logInElsewhere();
  return dialog;
}

/** The login dialog on its SMS tab, opened from the header if it is not open. */
async function openDialog(app: RenderedApp): Promise<HTMLElement> {
  if (!loginDialog()) {
    if (page.account) await logOutElsewhere();
    await app.user.click(header().getByRole('button', { name: '登录' }));
  }
  const dialog = await screen.findByRole('dialog', { name: '登录' });
  page.dialogOpen = true;
  const tab = within(dialog).getByRole('tab', { name: '验证码登录' });
  if (tab.getAttribute('aria-selected') !== 'true') await app.user.click(tab);
  return dialog;
}

function expectAlerts(dialog: HTMLElement, messages: (string | null)[]): void {
  const want = messages.filter((m): m is string => m !== null);
  const got = within(dialog)
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
  if (JSON.stringify(got) !== JSON.stringify(want))
    throw new Error(`the dialog's alerts are ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
}

function expectEnabled(button: HTMLElement, enabled: boolean): void {
  if ((button as HTMLButtonElement).disabled === enabled)
    throw new Error(`"${button.textContent}" is ${enabled ? 'disabled' : 'enabled'}`);
}

export const loginUi: UiDriver<typeof loginModel> = {
  systemId: 'login',

  undrivable: (item, index) => accountPlan(item).undrivableAt.get(index),

  mount: async ({ calls, deps }) => {
    page.dialogOpen = false;
    page.account = null;
    const sessionFlows: SessionFlowOptions = {
      api: {
        checkCaptcha: (_phone, signal) => calls.call('checkCaptcha', signal) as never,
        sendCode: (_phone, signal) => calls.call('sendCode', signal) as never,
        registerLogin: (_credentials, signal) => calls.call('registerLogin', signal) as never,
        registerPhone: (_credentials, signal) => calls.call('registerPhone', signal) as never,
        // What the session asks once someone logs in: not this machine's business, answered at once.
        checkToken: async () => ({}),
        fetchRealNameConfig: async () => CONFIG_OFF,
        fetchRealNameInfo: async () => null,
      },
    };
    return renderApp('/', {
      deps: mergeDeps(deps, {
        testing: {
          sessionFlows,
          loadFlows: async () => {
            const { createFlowActors } = await import('../../src/app/flows');
            const flows = createFlowActors({ sessionFlows });
            return { ...flows, login: onModelInput(flows.login) };
          },
        },
      }),
    });
  },

  gestures: {
    'login.opened': async (app, _event, at) => {
      const open = loginDialog();
      if (open) {
        await app.user.click(within(open).getByRole('button', { name: '关闭' }));
        await waitFor(() => {
          if (loginDialog()) throw new Error('the login dialog did not close');
        });
      }
      await dialogFor(app, at);
    },
    'login.sendCode': async (app, event, at) => {
      const form = within(await dialogFor(app, at));
      await typeInto(app.user, form.getByRole('textbox', { name: '手机号' }), event.phone);
      await app.user.click(form.getByRole('button', { name: CODE_BUTTON }));
    },
    'login.submit': async (app, event, at) => {
      await submitSmsLogin(app.user, await dialogFor(app, at), event.phone, event.code);
    },
    'session.changed': async (_app, event) => {
      if (event.user !== null)
        throw new Error('session.changed announcing a user has no gesture here (the model announces logouts only)');
      if (!page.account)
        throw new Error(
          'session.changed: this tab holds no account to log out (undrivable() should have skipped this item)',
        );
      await logOutElsewhere();
    },
  },

  expectScreen: (_app, state: AnyMachineSnapshot, step) => {
    const snapshot = state as LoginSnapshot;
    // A login closes the dialog and the header shows the account; the countdown goes on unseen.
    if (isLoginDone(step.event.type)) {
      page.dialogOpen = false;
      page.account = USER_A;
    }
    // The header shows the account a login step or another tab signed in, or 登录 (also behind the dialog).
    expectHeaderAccount(page.account?.telNum ?? null);
    if (!page.dialogOpen) {
      if (loginDialog()) throw new Error('the login dialog is open');
      return;
    }
    const dialog = requireDialog();
    const form = within(dialog);
    form.getByRole('tab', { name: '验证码登录', selected: true });
    // An account change forgets the shopper: the countdown, its hint and the messages go (checked below).
    // Not checked: the 手机号 field. The form keeps what was typed in its own state and reads the
    // machine's phone only when it mounts (src/features/session/login-modal.tsx), so an open dialog still shows
    // the previous shopper's phone after the change.

    const codeButton = form.getByRole('button', { name: CODE_BUTTON });
    if (snapshot.matches({ code: 'countingDown' })) {
      if (codeButton.textContent !== `重新发送(${snapshot.context.secondsLeft}s)`)
        throw new Error(`the code button says "${codeButton.textContent}"`);
      expectEnabled(codeButton, false);
      form.getByText(`验证码已发送至 ${maskPhone(snapshot.context.phone ?? '')}`);
    } else if (snapshot.matches({ code: 'checkingCaptcha' }) || snapshot.matches({ code: 'sendingCode' })) {
      if (codeButton.textContent !== '发送中…') throw new Error(`the code button says "${codeButton.textContent}"`);
      expectEnabled(codeButton, false);
    } else {
      if (codeButton.textContent !== '获取验证码') throw new Error(`the code button says "${codeButton.textContent}"`);
      expectEnabled(codeButton, true);
    }
    if (!snapshot.matches({ code: 'countingDown' }) && form.queryByText(/^验证码已发送至/))
      throw new Error('the dialog still says a code was sent');

    const submit = form.getByRole('button', { name: '登录' });
    const submitting = snapshot.hasTag('login:submitting');
    expectEnabled(submit, !submitting);
    if ((submit.closest('form')?.getAttribute('aria-busy') === 'true') !== submitting)
      throw new Error(`the form is ${submitting ? 'not ' : ''}busy`);

    expectAlerts(dialog, [snapshot.context.codeError, snapshot.context.submitError]);
  },
};
