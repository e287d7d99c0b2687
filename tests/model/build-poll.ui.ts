/**
 * The build-poll model (./build-poll.model.ts) driven through the UI. A
 * logged-in shopper is on a game page of build `build-1`; the app's reads of
 * builds/latest.json are the model's fakes. Gestures: following a link
 * (navigation.requested), the browser going offline and back
 * (app.offline / app.online), and a payment: 立即购买 then 立即支付 until the
 * QR code shows (payment.started), and leaving it with 离开支付 → 确认离开
 * (payment.ended).
 *
 * The build poll itself shows nothing; what the page shows per state is
 * what the shopper can tell: the offline notice, the pay dialog's QR code
 * while a payment runs, and — once stale — that following a link loads the
 * page anew (the app's reloadPage) unless a payment is in progress.
 */
import { screen, within } from '@testing-library/react';
import type { AnyMachineSnapshot } from 'xstate';
import type { buildPollMachine } from '../../machines/build-poll.machine';
import { OFFLINE_MESSAGE } from '../../src/features/shell/connectivity';
import { backend } from '../support/server';
import type { RenderedApp, UiDriver } from '../support/model-ui';
import { mergeDeps, renderApp } from '../support/render-app';
import { createAccount, storeSession } from '../integration/session/helpers';
import type { buildPollModel } from './build-poll.model';
import { nextPhone, setOnline, startOnline, waitEnabled } from './ui-helpers';

type BuildPollSnapshot = ReturnType<typeof buildPollMachine.transition>;

const payDialog = () => screen.queryByRole('dialog', { name: '支付订单' });

export const buildPollUi: UiDriver<typeof buildPollModel> = {
  systemId: 'buildPoll',

  undrivable: (item, index) => {
    if (item.steps[index]?.event.type !== 'payment.started') return undefined;
    const connectivity = item.steps
      .slice(1, index)
      .map((step) => step.event.type)
      .filter((type) => type === 'app.offline' || type === 'app.online');
    return connectivity.at(-1) === 'app.offline'
      ? 'a payment cannot start offline: the pay dialog disables 立即支付 until the network is back'
      : undefined;
  },

  mount: async ({ calls, deps }) => {
    startOnline();
    backend.control.setRealNameConfig({ enable: false, sceneType: 1 });
    storeSession(await createAccount(nextPhone()));
    const app = await renderApp('/', {
      deps: mergeDeps(deps, {
        build: {
          id: 'build-1',
          fetchLatest: () => calls.call('fetchLatestBuild', new AbortController().signal) as never,
        },
      }),
    });
    // The shopper came to the game page from the home page (so that Back has somewhere to go).
    app.history.push('/gameDetail/1');
    await screen.findByRole('button', { name: '立即购买' });
    return app;
  },

  gestures: {
    'navigation.requested': async ({ user, history }) => {
      // The page behind an open dialog is inert: the shopper can still use the browser's Back button.
      if (screen.queryByRole('dialog')) return history.back();
      const here = history.location.pathname;
      const nav = within(screen.getByRole('navigation', { name: '主导航' }));
      await user.click(nav.getByRole('link', { name: here === '/new' ? '公告' : '新品' }));
    },
    'app.offline': async () => setOnline(false),
    'app.online': async () => setOnline(true),
    'payment.started': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: '立即购买' }));
      const dialog = await screen.findByRole('dialog', { name: '支付订单' });
      const pay = await within(dialog).findByRole('button', { name: '立即支付' });
      await waitEnabled(pay, '立即支付');
      await user.click(pay);
      await within(dialog).findByRole('img', { name: '支付二维码' });
    },
    'payment.ended': async ({ user }) => {
      const dialog = payDialog();
      if (!dialog) throw new Error('no payment to leave');
      await user.click(within(dialog).getByRole('button', { name: '离开支付' }));
      await user.click(await within(dialog).findByRole('button', { name: '确认离开' }));
    },
  },

  expectScreen: (app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const snapshot = state as BuildPollSnapshot;
    const banner = screen.getByRole('status', { name: '网络状态' });
    const offlineShown = banner.textContent === OFFLINE_MESSAGE;
    if (snapshot.matches({ active: { build: 'offline' } }) !== offlineShown)
      throw new Error(offlineShown ? 'the offline notice is shown online' : 'no offline notice while offline');

    const paying = snapshot.hasTag('payment:inProgress');
    const qr = payDialog() && within(payDialog() as HTMLElement).queryByRole('img', { name: '支付二维码' });
    if (paying !== Boolean(qr))
      throw new Error(
        paying
          ? 'no payment QR code while a payment is in progress'
          : 'a payment QR code is shown with no payment in progress',
      );

    // A reload happens exactly when the model reaches `reloading`, to where the shopper was going
    // (the test's reloadPage only records it, so the router went there too).
    const expectedReloads = snapshot.matches('reloading') ? [app.router.state.location.href] : [];
    if (JSON.stringify(app.reloads) !== JSON.stringify(expectedReloads))
      throw new Error(
        `reloads ${JSON.stringify(app.reloads)}, expected ${JSON.stringify(expectedReloads)} after ${step.event.type}`,
      );
  },
};
