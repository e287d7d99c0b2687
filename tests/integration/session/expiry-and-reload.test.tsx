import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../../src/features/session/persisted-session';
import { resetToasts } from '../../../src/shared/toast';
import { backend } from '../../support/server';
import { renderApp } from '../../support/render-app';
import {
  MASKED_PHONE,
  createAccount,
  fastSession,
  header,
  loginWithSms,
  storeSession,
  toasts,
  FLOW_TIMEOUT,
} from './helpers';

afterEach(() => {
  resetToasts();
});

describe('a session that expires', FLOW_TIMEOUT, () => {
  it('is found by the start-up token ping: the user is forgotten, then the login modal opens over the same page', async () => {
    const account = await createAccount();
    storeSession(account);
    backend.control.expireSessions('all', 'auth_40002');
    const { router } = await renderApp('/help?category=1', { deps: fastSession });

    expect(await header().findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
    // Reported by the HTTP layer's auth listener only: one warning, not one more for the ping's own failure.
    expect(toasts().getAllByText('登录信息已失效,请重新登录')).toHaveLength(1);
    expect(router.state.location.href).toBe('/help?category=1');
  });

  it('closes every open modal 300 ms after a call fails with auth_40001, warns once, and opens the login modal', async () => {
    const account = await createAccount();
    storeSession(account);
    const { user } = await renderApp('/setting?type=2', {
      deps: { testing: { sessionFlows: { delays: { tokenPingMs: 60_000 } } } },
    });
    await user.click(await screen.findByRole('button', { name: '去实名' }));
    const realName = await screen.findByRole('dialog', { name: '实名认证' });

    backend.control.expireSessions();
    await user.type(within(realName).getByRole('textbox', { name: '姓名' }), '张三');
    await user.type(within(realName).getByRole('textbox', { name: '身份证号' }), '11010519491231002X');
    const submitted = Date.now();
    await user.click(within(realName).getByRole('button', { name: '提交' }));

    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(300);
    expect(screen.queryByRole('dialog', { name: '实名认证' })).not.toBeInTheDocument();
    expect(toasts().getAllByText('登录信息已失效,请重新登录')).toHaveLength(1);
    expect(header().getByRole('button', { name: '登录' })).toBeInTheDocument();
    // The personal centre falls back to its login prompt; the URL is untouched.
    expect(screen.getByText('登录后即可查看订单、优惠券和账号信息')).toBeInTheDocument();
  });

  it('keeps the page and the chosen goods in the URL when the user logs in again', async () => {
    const account = await createAccount();
    storeSession(account);
    backend.control.expireSessions();
    const { user, router } = await renderApp('/gameDetail/1?goods=2&num=2', { deps: fastSession });
    const dialog = await screen.findByRole('dialog', { name: '登录' });

    await loginWithSms(user, dialog);

    expect(await header().findByText(MASKED_PHONE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/gameDetail/1');
    expect(router.state.location.search).toEqual({ goods: 2, num: 2 });
  });
});

describe('a reload', FLOW_TIMEOUT, () => {
  it('keeps the user logged in: a second start with the same localStorage shows the masked phone', async () => {
    const first = await renderApp('/');
    await loginWithSms(
      first.user,
      await (async () => {
        await first.user.click(header().getByRole('button', { name: '登录' }));
        return screen.findByRole('dialog', { name: '登录' });
      })(),
    );
    await header().findByText(MASKED_PHONE);
    first.close();
    resetToasts();

    const second = await renderApp('/setting?type=2', { deps: fastSession });
    expect(await header().findByText(MASKED_PHONE)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '退出登录' })).toBeInTheDocument();
    // The start-up ping found the token valid: still logged in, and no message was shown.
    await waitFor(() => expect(backend.control.lastRequestHeaders('/u-nnpc/hello')).toBeDefined());
    expect(header().getByText(MASKED_PHONE)).toBeInTheDocument();
    expect(toasts().queryByText(/登录/)).not.toBeInTheDocument();
    second.close();
  });

  it('starts anonymous, quietly, when the stored value is corrupt', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"user":{"token":42},');
    await renderApp('/', { deps: fastSession });

    expect(await header().findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('alert', { name: '错误提示' })).queryAllByText(/./)).toHaveLength(0);
  });

  it('starts anonymous when the stored value has the wrong shape', async () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ user: { token: 'x', userId: '1', telNum: 13800000000 }, realName: null }),
    );
    await renderApp('/');
    expect(await header().findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
