/**
 * The QR login model (./qr-login.model.ts) driven through the UI: the login
 * dialog's 扫码登录 tab starts the machine, closing the dialog stops it, the
 * page being hidden and shown pauses and resumes it, and the panel's refresh
 * buttons refresh it. Each state is checked on the panel as a shopper sees it.
 */
import { screen, within } from '@testing-library/react';
import type { AnyMachineSnapshot } from 'xstate';
import type { qrLoginMachine } from '../../machines/qr-login.machine';
import type { UiDriver, RenderedApp } from '../support/model-ui';
import { onTestEnd } from '../support/cleanup';
import { mergeDeps, renderApp } from '../support/render-app';
import type { qrLoginModel } from './qr-login.model';
import { CONFIG_OFF } from './session-fixtures';

const QR_IMAGE = '微信扫码登录二维码';

let pageHidden = false;
/** The shopper switches tabs (or comes back): `document.hidden` and a `visibilitychange` event, as the browser does. */
function setPageHidden(hidden: boolean): void {
  pageHidden = hidden;
  document.dispatchEvent(new Event('visibilitychange'));
}
Object.defineProperty(document, 'hidden', { configurable: true, get: () => pageHidden });

const loginDialog = () => screen.queryByRole('dialog', { name: '登录' });

function requireDialog(): HTMLElement {
  const dialog = loginDialog();
  if (!dialog) throw new Error('the login dialog is not open');
  return dialog;
}

function expectText(panel: HTMLElement, text: string): void {
  within(panel).getByText(text);
}

function expectQrImage(panel: HTMLElement, shown: boolean): void {
  const image = within(panel).queryByRole('img', { name: QR_IMAGE });
  if (shown !== (image !== null)) throw new Error(shown ? 'the QR code is not shown' : 'a QR code is shown');
}

type QrSnapshot = ReturnType<typeof qrLoginMachine.transition>;

export const qrLoginUi: UiDriver<typeof qrLoginModel> = {
  systemId: 'qrLogin',

  mount: async ({ calls, deps }) => {
    pageHidden = false;
    // The stub outlives this file in the worker's shared module graph: the next file finds the page shown.
    onTestEnd(() => {
      pageHidden = false;
    });
    return renderApp('/', {
      deps: mergeDeps(deps, {
        testing: {
          sessionFlows: {
            api: {
              fetchQrCode: (signal) => calls.call('fetchQrCode', signal) as never,
              checkQrStatus: (_qrId, signal) => calls.call('checkQrStatus', signal) as never,
              loginBySessionCode: (_code, signal) => calls.call('loginBySessionCode', signal) as never,
              // What the session asks once someone logs in: not this machine's business, answered at once.
              checkToken: async () => ({}),
              fetchRealNameConfig: async () => CONFIG_OFF,
              fetchRealNameInfo: async () => null,
            },
          },
        },
      }),
    });
  },

  gestures: {
    'qrLogin.start': async ({ user }) => {
      if (!loginDialog()) await user.click(within(screen.getByRole('banner')).getByRole('button', { name: '登录' }));
      const dialog = await screen.findByRole('dialog', { name: '登录' });
      await user.click(within(dialog).getByRole('tab', { name: '扫码登录' }));
    },
    'qrLogin.stop': async ({ user }) => {
      await user.click(within(requireDialog()).getByRole('button', { name: '关闭' }));
    },
    'qrLogin.hidden': async () => setPageHidden(true),
    'qrLogin.visible': async () => setPageHidden(false),
    'qrLogin.refresh': async ({ user }) => {
      await user.click(within(requireDialog()).getByRole('button', { name: /点击刷新|重新获取二维码/ }));
    },
  },

  expectScreen: (_app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const snapshot = state as QrSnapshot;
    if (snapshot.matches('inactive')) {
      if (loginDialog()) throw new Error('the login dialog is still open');
      // Logged in by the scan: the header shows the account instead of 登录.
      if (step.event.type === 'xstate.done.actor.loginBySessionCode')
        within(screen.getByRole('banner')).getByText('138****0000');
      return;
    }
    const dialog = requireDialog();
    within(dialog).getByRole('tab', { name: '扫码登录', selected: true });
    if (snapshot.hasTag('qr:loading')) {
      expectText(dialog, '正在获取二维码…');
      expectQrImage(dialog, false);
    } else if (snapshot.hasTag('qr:showing')) {
      expectText(dialog, '请使用微信扫一扫，扫描二维码登录');
      expectQrImage(dialog, true);
    } else if (snapshot.hasTag('qr:paused')) {
      expectText(dialog, '页面不可见时已暂停，返回后继续');
      expectQrImage(dialog, snapshot.context.qr !== null);
    } else if (snapshot.hasTag('qr:expired')) {
      within(dialog).getByRole('button', { name: '二维码已过期, 点击刷新' });
      expectQrImage(dialog, true);
    } else if (snapshot.hasTag('qr:loggingIn')) {
      expectText(dialog, '扫码成功，正在登录…');
    } else if (snapshot.hasTag('qr:failed')) {
      if (within(dialog).getByRole('alert').textContent !== snapshot.context.error)
        throw new Error(`the alert does not say "${snapshot.context.error}"`);
      within(dialog).getByRole('button', { name: '重新获取二维码' });
      expectQrImage(dialog, false);
    } else {
      throw new Error(`no screen check for ${JSON.stringify(snapshot.value)}`);
    }
  },
};
