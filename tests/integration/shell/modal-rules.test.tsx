import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModalProps } from '../../../machines/modal.machine';
import { COUPON_MODAL_TITLE } from '../../../src/features/marketing/coupon-modal';
import { loadModal } from '../../../src/app/modal-registry';
import { renderApp } from '../../support/render-app';
import { gate } from '../catalog/helpers';
import { FLOW_TIMEOUT, header } from '../session/helpers';

type App = Awaited<ReturnType<typeof renderApp>>;

// The session helpers load login up front; the coupon dialog is the second modal these tests stack.
beforeAll(() => loadModal('coupon'), 30_000);

/** As UI code does it (useModals().open): one event to the root actor. */
const open = (app: App, name: string, props?: ModalProps) =>
  act(() => app.actor.send({ type: 'modal.open', name, source: 'user', ...(props ? { props } : {}) }));
const closeAll = (app: App) => act(() => app.actor.send({ type: 'modal.closeAll' }));
/** Nothing is being loaded: every open sent so far has been carried out or ignored. */
const settled = (app: App) =>
  waitFor(() => expect(app.actor.getSnapshot().children.modal?.getSnapshot().matches('idle')).toBe(true));
const noCoupons = { coupons: [] };

describe('which modal opens, shown through the whole app', FLOW_TIMEOUT, () => {
  it('shows the dialog named 登录 when login is opened', async () => {
    const app = await renderApp('/');
    open(app, 'login');
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });

  it('does not add a second login dialog when login is opened again while it is open', async () => {
    const app = await renderApp('/');
    open(app, 'login');
    await screen.findByRole('dialog', { name: '登录' });
    open(app, 'login');
    await settled(app);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('shows nothing for an unknown modal name, and login still opens afterwards', async () => {
    const app = await renderApp('/');
    open(app, 'no-such-modal');
    await settled(app);
    expect(screen.queryByRole('dialog')).toBeNull();

    await app.user.click(await header().findByRole('button', { name: '登录' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });

  it('ignores an open issued while another modal is still loading', async () => {
    const held = gate();
    const app = await renderApp('/', {
      deps: {
        modals: {
          load: async (name) => {
            if (name === 'coupon') await held.wait;
            return loadModal(name);
          },
        },
      },
    });
    open(app, 'coupon', noCoupons);
    open(app, 'login');
    held.release();

    expect(await screen.findByRole('dialog', { name: COUPON_MODAL_TITLE })).toBeInTheDocument();
    await settled(app);
    expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull();
  });

  it('closes every open dialog on closeAll', async () => {
    const app = await renderApp('/');
    open(app, 'coupon', noCoupons);
    await screen.findByRole('dialog', { name: COUPON_MODAL_TITLE });
    open(app, 'login');
    await screen.findByRole('dialog', { name: '登录' });
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    closeAll(app);
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
  });

  it("closes on Escape and gives the focus back to the header's 登录 button that opened it", async () => {
    const { user } = await renderApp('/');
    const opener = await header().findByRole('button', { name: '登录' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull();
    expect(header().getByRole('button', { name: '登录' })).toHaveFocus();
  });
});
