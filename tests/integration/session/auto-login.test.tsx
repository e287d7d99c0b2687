import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredAutoLogin } from '../../../src/features/session/session-bridge';
import {
  AUTO_LOGIN_APP_ID_KEY,
  AUTO_LOGIN_TOKEN_KEY,
  splitAutoLoginParams,
  takeAutoLoginParams,
} from '../../../src/features/session/link-params';
import { resetToasts } from '../../../src/shared/toast';
import { backend } from '../../support/server';
import { renderApp } from '../../support/render-app';
import { MASKED_PHONE, PHONE, createAccount, errorToasts, header, storeSession, toasts, FLOW_TIMEOUT } from './helpers';

afterEach(() => {
  resetToasts();
  window.history.replaceState(null, '', '/');
});

const OTHER_PHONE = '13900000000';

describe('taking the auto-login token out of the URL', FLOW_TIMEOUT, () => {
  it('moves token and appId to sessionStorage and cleans the address bar without a new history entry', () => {
    window.history.replaceState(null, '', '/gameDetail/1?goods=2&token=alt_abc&appId=partner_app#top');
    const entries = window.history.length;

    expect(takeAutoLoginParams()).toBe(true);

    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/gameDetail/1?goods=2#top');
    expect(window.history.length).toBe(entries);
    expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBe('alt_abc');
    expect(sessionStorage.getItem(AUTO_LOGIN_APP_ID_KEY)).toBe('partner_app');
    expect(readStoredAutoLogin(sessionStorage)).toEqual({ token: 'alt_abc', appId: 'partner_app' });
  });

  it('leaves a URL without a token alone', () => {
    window.history.replaceState(null, '', '/search?keyword=abc');
    expect(takeAutoLoginParams()).toBe(false);
    expect(window.location.search).toBe('?keyword=abc');
    expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBeNull();
  });

  it('splits any URL and falls back to the store appId when the link has none', () => {
    expect(splitAutoLoginParams('/?token=t1')).toEqual({ url: '/', token: 't1', appId: null });
    expect(splitAutoLoginParams('/help?a=1&appId=x&b=2')).toEqual({ url: '/help?a=1&b=2', token: null, appId: 'x' });
    sessionStorage.setItem(AUTO_LOGIN_TOKEN_KEY, 't1');
    expect(readStoredAutoLogin(sessionStorage, 'store_app')).toEqual({ token: 't1', appId: 'store_app' });
  });
});

describe('auto-login', FLOW_TIMEOUT, () => {
  it('asks to log in as the masked phone of the token, and logs in on 确认登录', async () => {
    const token = backend.control.issueAutoLoginToken(OTHER_PHONE);
    const { user, router } = await renderApp(`/gameDetail/1?goods=2&token=${token}&appId=nn_mall_web`);

    const dialog = await screen.findByRole('dialog', { name: '自动登录' });
    expect(router.state.location.href).toBe('/gameDetail/1?goods=2');
    expect(within(dialog).getByText('139****0000')).toBeInTheDocument();
    // The token is no longer stored once exchanged; it lives only in the flow.
    expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: '确认登录' }));

    expect(await header().findByText('139****0000')).toBeInTheDocument();
    expect(toasts().getByText('登录成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '自动登录' })).not.toBeInTheDocument());
    expect(router.state.location.href).toBe('/gameDetail/1?goods=2');
  });

  it('says that the current account will be switched to the link’s, and switches it on 确认登录', async () => {
    storeSession(await createAccount(PHONE));
    const token = backend.control.issueAutoLoginToken(OTHER_PHONE);
    const { user } = await renderApp(`/?token=${token}`);

    const dialog = await screen.findByRole('dialog', { name: '自动登录' });
    const text = within(dialog).getByText(/将切换为链接中的账号/);
    expect(text).toHaveTextContent(`当前登录的账号 ${MASKED_PHONE} 将切换为链接中的账号 139****0000，是否切换并登录`);
    expect(within(text).getByText(MASKED_PHONE)).toBeInTheDocument();
    expect(within(text).getByText('139****0000')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '确认登录' }));
    expect(await header().findByText('139****0000')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '自动登录' })).not.toBeInTheDocument());
    expect(header().queryByText(MASKED_PHONE)).not.toBeInTheDocument();
  });

  it('does not speak of switching when nobody is logged in', async () => {
    const token = backend.control.issueAutoLoginToken(OTHER_PHONE);
    await renderApp(`/?token=${token}`);
    const dialog = await screen.findByRole('dialog', { name: '自动登录' });
    expect(within(dialog).getByText(/检测到您的账号/)).toHaveTextContent(
      '检测到您的账号 139****0000，是否使用该账号登录',
    );
    expect(within(dialog).queryByText(/切换/)).not.toBeInTheDocument();
  });

  it('asks when another account is logged in, and 取消 keeps that account', async () => {
    const account = await createAccount(PHONE);
    storeSession(account);
    const token = backend.control.issueAutoLoginToken(OTHER_PHONE);
    const { user } = await renderApp(`/?token=${token}`);

    const dialog = await screen.findByRole('dialog', { name: '自动登录' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: '自动登录' })).not.toBeInTheDocument());
    expect(header().getByText(MASKED_PHONE)).toBeInTheDocument();
    expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBeNull();
  });

  it('does nothing when the token belongs to the account already logged in', async () => {
    const account = await createAccount(PHONE);
    storeSession(account);
    const token = backend.control.issueAutoLoginToken(PHONE);
    await renderApp(`/?token=${token}&appId=nn_mall_web`);

    await waitFor(() => expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBeNull());
    expect(screen.queryByRole('dialog', { name: '自动登录' })).not.toBeInTheDocument();
    expect(header().getByText(MASKED_PHONE)).toBeInTheDocument();
  });

  it("shows the server's message as an error when the token cannot be exchanged", async () => {
    await renderApp('/?token=alt_not_issued');

    expect(await errorToasts().findByText('登录凭证无效或已过期，请重新登录')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '自动登录' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBeNull();
  });

  it("shows the server's message as an error when the token login fails", async () => {
    const token = backend.control.issueAutoLoginToken(OTHER_PHONE);
    const { user } = await renderApp(`/?token=${token}`);
    const dialog = await screen.findByRole('dialog', { name: '自动登录' });
    backend.control.setFault('/u-nnpc/api/mall/checkTokenLogin', {
      kind: 'business',
      code: 'token_40002',
      message: '该登录链接已被使用',
    });

    await user.click(within(dialog).getByRole('button', { name: '确认登录' }));

    expect(await errorToasts().findByText('该登录链接已被使用')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '自动登录' })).not.toBeInTheDocument());
    expect(header().getByRole('button', { name: '登录' })).toBeInTheDocument();
  });
});
