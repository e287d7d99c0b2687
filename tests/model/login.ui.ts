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
 * The app spawns the login flow with its default 60 s countdown; the model's
 * is 2 s (its input), so the driver's `loadFlows` spawns the same machine, with
 * the app's effects, on the model's input.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createMachine, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { FlowLogics } from '../../machines/app.machine';
import type { loginMachine } from '../../machines/login.machine';
import type { SessionFlowOptions } from '../../src/app/session-effects';
import type { RenderedApp, UiDriver } from '../support/model-ui';
import { renderApp } from '../support/render-app';
import { loginModel } from './login.model';
import { CONFIG_OFF, USER_A } from './session-fixtures';
import { header, otherTabStores, submitSmsLogin, typeInto } from './ui-helpers';

const MASKED_PHONE = `${USER_A.telNum.slice(0, 3)}****${USER_A.telNum.slice(7)}`;
const CODE_BUTTON = /^(获取验证码|发送中…|重新发送\(\d+s\))$/;

/** What the page should show besides the machine: set by the gestures and by the steps that log in. */
const page = { dialogOpen: false, signedIn: false };

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
    { ...machine.config, context: (args: { input: unknown }) => context({ ...args, input: loginModel.input }) } as never,
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
  await waitFor(() => header().getByRole('button', { name: '登录' }));
  page.signedIn = false;
}

/** The login dialog on its SMS tab, opened from the header if it is not open. */
async function openDialog(app: RenderedApp): Promise<HTMLElement> {
  if (!loginDialog()) {
    if (page.signedIn) await logOutElsewhere();
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
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`the dialog's alerts are ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
}

function expectEnabled(button: HTMLElement, enabled: boolean): void {
  if ((button as HTMLButtonElement).disabled === enabled) throw new Error(`"${button.textContent}" is ${enabled ? 'disabled' : 'enabled'}`);
}

type LoginSnapshot = ReturnType<typeof loginMachine.transition>;

export const loginUi: UiDriver<typeof loginModel> = {
  systemId: 'login',

  mount: async ({ calls, deps }) => {
    page.dialogOpen = false;
    page.signedIn = false;
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
      deps: {
        ...deps,
        sessionFlows,
        loadFlows: async () => {
          const { createFlowActors } = await import('../../src/app/flows');
          const flows = createFlowActors({ sessionFlows });
          return { ...flows, login: onModelInput(flows.login) };
        },
      },
    });
  },

  gestures: {
    'login.opened': async (app) => {
      const open = loginDialog();
      if (open) {
        await app.user.click(within(open).getByRole('button', { name: '关闭' }));
        await waitFor(() => {
          if (loginDialog()) throw new Error('the login dialog did not close');
        });
      }
      await openDialog(app);
    },
    'login.sendCode': async (app, event) => {
      const form = within(await openDialog(app));
      await typeInto(app.user, form.getByRole('textbox', { name: '手机号' }), event.phone);
      await app.user.click(form.getByRole('button', { name: CODE_BUTTON }));
    },
    'login.submit': async (app, event) => {
      await submitSmsLogin(app.user, await openDialog(app), event.phone, event.code);
    },
  },

  expectScreen: (_app, state: AnyMachineSnapshot, step) => {
    const snapshot = state as LoginSnapshot;
    // A login closes the dialog and the header shows the account; the countdown goes on unseen.
    if (step.event.type === 'xstate.done.actor.registerLogin' || step.event.type === 'xstate.done.actor.registerPhone') {
      page.dialogOpen = false;
      page.signedIn = true;
    }
    if (!page.dialogOpen) {
      if (loginDialog()) throw new Error('the login dialog is open');
      if (page.signedIn) header().getByRole('link', { name: `个人中心 ${MASKED_PHONE}` });
      else header().getByRole('button', { name: '登录' });
      return;
    }
    const dialog = requireDialog();
    const form = within(dialog);
    form.getByRole('tab', { name: '验证码登录', selected: true });

    const codeButton = form.getByRole('button', { name: CODE_BUTTON });
    if (snapshot.matches({ code: 'countingDown' })) {
      if (codeButton.textContent !== `重新发送(${snapshot.context.secondsLeft}s)`) throw new Error(`the code button says "${codeButton.textContent}"`);
      expectEnabled(codeButton, false);
      form.getByText(`验证码已发送至 ${MASKED_PHONE}`);
    } else if (snapshot.matches({ code: 'checkingCaptcha' }) || snapshot.matches({ code: 'sendingCode' })) {
      if (codeButton.textContent !== '发送中…') throw new Error(`the code button says "${codeButton.textContent}"`);
      expectEnabled(codeButton, false);
    } else {
      if (codeButton.textContent !== '获取验证码') throw new Error(`the code button says "${codeButton.textContent}"`);
      expectEnabled(codeButton, true);
    }

    const submit = form.getByRole('button', { name: '登录' });
    const submitting = snapshot.hasTag('login:submitting');
    expectEnabled(submit, !submitting);
    if ((submit.closest('form')?.getAttribute('aria-busy') === 'true') !== submitting) throw new Error(`the form is ${submitting ? 'not ' : ''}busy`);

    expectAlerts(dialog, [snapshot.context.codeError, snapshot.context.submitError]);
  },
};
