import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../../src/features/session/persisted-session';
import { resetToasts } from '../../../src/shared/toast';
import { backend } from '../../support/server';
import { renderApp } from '../../support/render-app';
import { MASKED_PHONE, PHONE, header, loginWithSms, openLoginDialog, toasts, FLOW_TIMEOUT } from './helpers';

afterEach(() => {
  resetToasts();
});

describe('logging in with a phone and an SMS code, and logging out', FLOW_TIMEOUT, () => {
  it('logs in from the header, shows the masked phone and 登录成功, and logs out from /setting with 退出成功！', async () => {
    const { user, router } = await renderApp('/');

    const dialog = await openLoginDialog(user);
    await loginWithSms(user, dialog);

    expect(await header().findByText(MASKED_PHONE)).toBeInTheDocument();
    expect(toasts().getByText('登录成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as {
      user: { telNum: string };
    } | null;
    expect(stored?.user.telNum).toBe(PHONE);
    expect(document.cookie).toMatch(/(^|; )token=tk_/);

    await router.navigate({ to: '/setting', search: { type: 0 } });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));

    expect(await toasts().findByText('退出成功！')).toBeInTheDocument();
    expect(await header().findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toMatch(/(^|; )token=tk_/);
    expect(backend.control.state().sessions).toBe(0);
  });
});
