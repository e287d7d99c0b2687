import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureChunkReload, guardChunk } from '../../../src/shared/chunk-reload';
import { MODAL_LOAD_FAILED } from '../../../src/app/root-actor';
import { resetToasts } from '../../../src/shared/toast';
import { loadModal } from '../../../src/app/modal-registry';
import { renderApp } from '../../support/render-app';

/** The login dialog's code is gone (a deploy replaced it): every import of it fails as a browser reports it. */
const loadModalWithoutLogin = (name: string) =>
  name === 'login'
    ? guardChunk(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/login-modal-old.js')),
      )()
    : loadModal(name);

afterEach(() => {
  configureChunkReload({});
  sessionStorage.clear();
  resetToasts();
});

describe('a dialog whose code cannot be loaded', () => {
  it('reloads the page once, and inside the next 10 s keeps the page with an error toast instead of looping', async () => {
    const reloads: number[] = [];
    let now = 1_000_000;
    configureChunkReload({ storage: sessionStorage, now: () => now, reload: () => reloads.push(now) });
    const first = await renderApp('/help', { deps: { modals: { load: loadModalWithoutLogin } } });
    const header = () => within(screen.getByRole('banner'));

    await first.user.click(header().getByRole('button', { name: '登录' }));
    await waitFor(() => expect(reloads).toEqual([1_000_000]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The reloaded page (same sessionStorage) still cannot load it: no second reload, the page stays, the shopper is told.
    first.close();
    now += 5_000;
    const { user } = await renderApp('/help', { deps: { modals: { load: loadModalWithoutLogin } } });
    await user.click(header().getByRole('button', { name: '登录' }));
    expect(await screen.findByText(MODAL_LOAD_FAILED)).toBeInTheDocument();
    expect(reloads).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();

    // The button still works: once the window is over, the next failure reloads again.
    now += 10_000;
    await user.click(header().getByRole('button', { name: '登录' }));
    await waitFor(() => expect(reloads).toHaveLength(2));
  });
});
