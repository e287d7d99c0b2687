/**
 * The modal model (./modal.model.ts) driven through the UI, as far as the app
 * lets a shopper drive it:
 *
 * - `modal.open login`: the header's 登录 button (if an earlier step logged the
 *   shopper in, the account first logs out in another tab: a `storage` event).
 * - `modal.close <name>`: the 关闭 button of that dialog, when it is the top one.
 * - `loadModal` outcomes: the root actor's `loadModal` dependency is routed to
 *   the fakes; once the fake resolves, the real registry loads the component
 *   (preloaded by the suite), so a settled load shows the real dialog. A failed
 *   load shows the app's error toast.
 * - `modal.close login` while the login dialog's code loads: the login request
 *   the shopper submitted in an earlier login dialog (then closed with 关闭)
 *   finishes; the login flow closes the login modal, which cancels the load.
 *   The backend's answer is held from the submit until that step.
 *
 * What no gesture sends (see `undrivable`): `modal.open pay` with the model's
 * props (the app always passes its own), and `modal.closeAll` (only the session
 * expiry sends it, together with `modal.open login`). Each state is checked on
 * the page: the dialogs shown, bottom to top, are exactly the machine's stack.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { modalMachine } from '../../machines/modal.machine';
import { loadModal } from '../../src/modals/registry';
import type { PlanItem } from '../support/model';
import type { RenderedApp, UiDriver } from '../support/model-ui';
import { renderApp } from '../support/render-app';
import type { modalModel } from './modal.model';
import { CONFIG_OFF, USER_A } from './session-fixtures';
import { expectHeaderAccount, header, otherTabStores, quietLoadFailure, submitSmsLogin } from './ui-helpers';

/** Each modal the model opens, by the title of its dialog (its accessible name). */
const TITLES: Readonly<Record<string, string>> = { login: '登录', pay: '支付订单' };

/** The toast the app shows when a dialog's code fails to load (src/app/root-actor.ts). */
const LOAD_FAILED = '弹窗加载失败，请检查网络后重试';

/** The close button of a dialog (the pay dialog's reads 离开支付 while a payment runs). */
const CLOSE = /^(关闭|离开支付)$/;

type ModalSnapshot = ReturnType<typeof modalMachine.transition>;

/** The accessible names of the dialogs on the page, in document order (the portals stack bottom first). */
function shownDialogs(): string[] {
  return screen.queryAllByRole('dialog').map((dialog) => {
    const title = dialog.getAttribute('aria-labelledby');
    return (title && document.getElementById(title)?.textContent) || '(untitled dialog)';
  });
}

function dialogTitle(name: string): string {
  const title = TITLES[name];
  if (!title) throw new Error(`the modal UI driver knows no dialog for "${name}"`);
  return title;
}

function describeProps(event: AnyEventObject): string {
  return 'props' in event && event.props !== undefined ? JSON.stringify(event.props) : 'no props';
}

/** What the replay of one item has done so far, beyond the machine: set by `mount` and the gestures. */
interface World {
  /** Answers the login request held since its submit (the shopper is then logged in), if one is held. */
  releaseLogin: (() => void) | null;
  /** Whether the header shows the shopper logged in. */
  signedIn: boolean;
}

let world: World | null = null;

function requireWorld(): World {
  if (!world) throw new Error('the modal UI driver has not mounted the app');
  return world;
}

const stateBefore = (item: PlanItem, index: number) => item.steps[index - 1]?.state as ModalSnapshot | undefined;

/** A close of the modal whose code is being loaded (it cancels the load). */
function cancelsLoad(item: PlanItem, index: number): boolean {
  const event = item.steps[index]?.event;
  return event?.type === 'modal.close' && stateBefore(item, index)?.context.pending?.name === event.name;
}

/** A close of the login dialog shown on top (the shopper's 关闭). */
function closesLoginDialog(item: PlanItem, index: number): boolean {
  const event = item.steps[index]?.event;
  return event?.type === 'modal.close' && event.name === 'login' && stateBefore(item, index)?.context.stack.at(-1)?.name === 'login';
}

/** The first step after `index` that cancels the login dialog's load, before the login dialog is closed again. */
function laterLoginCancel(item: PlanItem, index: number): number | undefined {
  for (let later = index + 1; later < item.steps.length; later++) {
    if (closesLoginDialog(item, later)) return undefined;
    if (cancelsLoad(item, later) && item.steps[later]?.event.name === 'login') return later;
  }
  return undefined;
}

/** Types a phone and code into the login dialog and submits: the backend's answer is held in `w.releaseLogin`. */
async function submitLogin(user: UserEvent, dialog: HTMLElement): Promise<void> {
  await submitSmsLogin(user, dialog, USER_A.telNum, '123456');
  await waitFor(() => {
    if (!requireWorld().releaseLogin) throw new Error('the login dialog has not sent the login request');
  });
}

export const modalUi: UiDriver<typeof modalModel> = {
  systemId: 'modal',

  undrivable: (item, index) => {
    const event = item.steps[index]?.event;
    if (!event) return undefined;
    if (event.type === 'modal.open' && event.name === 'pay') {
      return `modal.open pay with ${describeProps(event)}: the app opens pay only with { goodsId, buyNum, gameId } (立即购买) or { orderId } (订单 pages)`;
    }
    if (event.type === 'modal.open' && event.name !== 'login') return `modal.open ${String(event.name)}: the app never opens it with the model's props`;
    if (event.type === 'modal.closeAll') {
      return 'modal.closeAll: only the session-expiry prompt sends it, and it opens login in the same step, so the machine never rests in idle after it';
    }
    if (cancelsLoad(item, index)) {
      // The shopper cannot touch a dialog that is not shown yet; only a login request from an earlier login dialog closes it.
      const earlier = item.steps.some((_, k) => k < index && closesLoginDialog(item, k) && laterLoginCancel(item, k) === index);
      if (event.name !== 'login' || !earlier) return `modal.close ${String(event.name)} while its code loads: nothing but a login submitted in an earlier login dialog closes a dialog not shown yet`;
    }
    return undefined;
  },

  unreachable: {
    transitions: {
      '(modal) --modal.closeAll--> idle': 'only the session-expiry prompt sends it, and it opens login in the same step (the machine never rests in idle after it)',
    },
  },

  mount: async ({ calls, deps }) => {
    const w: World = { releaseLogin: null, signedIn: false };
    world = w;
    return renderApp('/', {
      deps: {
        ...deps,
        reportLoadFailure: quietLoadFailure,
        loadModal: (name) => {
          // The app's call of the machine's `loadModal` invoke: the fake settles it, then the real
          // registry resolves the component (already loaded by the suite, so at once).
          const controller = new AbortController();
          return calls.call('loadModal', controller.signal).then(() => loadModal(name));
        },
        sessionFlows: {
          api: {
            // The login the shopper submits: held until the step it is meant to close the login modal in.
            registerLogin: () =>
              new Promise((resolve) => {
                w.releaseLogin = () => resolve(USER_A);
              }) as never,
            // What the session asks once someone logs in: not this machine's business, answered at once.
            checkToken: async () => ({}),
            fetchRealNameConfig: async () => CONFIG_OFF,
            fetchRealNameInfo: async () => null,
          },
        },
      },
    });
  },

  gestures: {
    'modal.open': async ({ user }: RenderedApp, event) => {
      const w = requireWorld();
      if (event.name !== 'login') throw new Error(`no gesture opens ${event.name} with ${describeProps(event)} (undrivable() should have skipped this item)`);
      if (w.signedIn) {
        // Logged in by an earlier step: the account logs out in another tab, and the header offers 登录 again.
        otherTabStores(null);
        await waitFor(() => expectHeaderAccount(null));
        w.signedIn = false;
      }
      await user.click(header().getByRole('button', { name: '登录' }));
    },
    'modal.close': async ({ user }: RenderedApp, event, { item, index }) => {
      const w = requireWorld();
      if (cancelsLoad(item, index)) {
        // The dialog is not shown yet: the login submitted in the earlier login dialog finishes and closes it.
        const release = w.releaseLogin;
        if (event.name !== 'login' || !release) throw new Error(`modal.close ${event.name} while its code loads: no login request is held to close it`);
        w.releaseLogin = null;
        w.signedIn = true;
        release();
        return;
      }
      const dialogs = screen.queryAllByRole('dialog');
      const dialog = screen.queryByRole('dialog', { name: dialogTitle(event.name) });
      if (!dialog || dialogs.at(-1) !== dialog) throw new Error(`modal.close ${event.name}: its dialog is not the top one, so the shopper cannot close it`);
      // A later step cancels the login dialog's load: the shopper submits a login now, which finishes then.
      if (event.name === 'login' && !w.releaseLogin && laterLoginCancel(item, index) !== undefined) await submitLogin(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: CLOSE }));
    },
    'modal.closeAll': async () => {
      throw new Error('modal.closeAll has no gesture of its own (undrivable() should have skipped this item)');
    },
  },

  expectScreen: (_app: RenderedApp, state: AnyMachineSnapshot, step) => {
    const snapshot = state as ModalSnapshot;
    const shown = shownDialogs();
    const expected = snapshot.context.stack.map((modal) => dialogTitle(modal.name));
    if (JSON.stringify(shown) !== JSON.stringify(expected)) {
      throw new Error(`the page shows the dialogs ${JSON.stringify(shown)}, expected ${JSON.stringify(expected)} (bottom first)`);
    }
    // The top dialog is the one the shopper can use: it has its close button.
    const top = screen.queryAllByRole('dialog').at(-1);
    if (top) within(top).getByRole('button', { name: CLOSE });
    // The dialogs open over the page, which stays: its header offers 登录, or shows the account a login signed in.
    expectHeaderAccount(requireWorld().signedIn ? USER_A.telNum : null);
    if (step.event.type === 'xstate.error.actor.loadModal') {
      const alert = screen.getByRole('alert', { name: '错误提示' });
      if (!alert.textContent?.includes(LOAD_FAILED)) throw new Error(`the error toast does not say "${LOAD_FAILED}" (it says "${alert.textContent ?? ''}")`);
    }
  },
};
