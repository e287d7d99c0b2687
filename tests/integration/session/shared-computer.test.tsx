/**
 * One account at a time (docs/session.md, "Storage"): on a shared computer the login form keeps nothing of the previous shopper — not
 * the phone, not its SMS countdown — once that shopper has logged out.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../../src/features/session/persisted-session';
import { renderApp } from '../../support/render-app';
import { FLOW_TIMEOUT, fastSession, loginWithSms, openLoginDialog } from './helpers';

describe('the login form after a logout', FLOW_TIMEOUT, () => {
  it('is empty and may ask for a code at once, for the next shopper’s phone', async () => {
    const { user, router } = await renderApp('/', { deps: fastSession });
    await loginWithSms(user, await openLoginDialog(user), '13800007777');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());

    await router.navigate({ to: '/setting', search: { type: 2 } });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await screen.findByText('退出成功！');

    const form = within(await openLoginDialog(user));
    expect(form.getByRole('textbox', { name: '手机号' })).toHaveValue('');
    const sendCode = form.getByRole('button', { name: '获取验证码' });
    expect(sendCode).toBeEnabled();
    await user.type(form.getByRole('textbox', { name: '手机号' }), '13900008888');
    await user.click(sendCode);
    expect(await form.findByRole('button', { name: /^重新发送\(\d+s\)$/ })).toBeDisabled();
  });

  it('starts over in a dialog left open when another tab logs the account out', async () => {
    const { user } = await renderApp('/', { deps: fastSession });
    await loginWithSms(user, await openLoginDialog(user), '13800006666');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    // Another tab logs out, then (this tab anonymous again) the shopper opens the dialog and types a phone;
    // yet another tab then logs in as someone else while the dialog is open.
    const stored = localStorage.getItem(SESSION_STORAGE_KEY);
    otherTabWrites(null);
    const form = within(await openLoginDialog(user));
    await user.type(form.getByRole('textbox', { name: '手机号' }), '13800006666');
    otherTabWrites(stored);
    await waitFor(() => expect(form.getByRole('textbox', { name: '手机号' })).toHaveValue(''));
  });
});

/** Another tab of the store writes (or removes) the stored session: this tab hears a `storage` event. */
function otherTabWrites(value: string | null): void {
  if (value === null) localStorage.removeItem(SESSION_STORAGE_KEY);
  else localStorage.setItem(SESSION_STORAGE_KEY, value);
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: value, storageArea: localStorage }),
    );
  });
}
