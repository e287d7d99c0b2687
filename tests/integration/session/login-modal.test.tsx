import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postSendSms } from '../../../src/api/user';
import { SESSION_STORAGE_KEY } from '../../../src/features/session/persisted-session';
import { resetToasts } from '../../../src/shared/toast';
import { backend } from '../../support/server';
import { renderApp } from '../../support/render-app';
import {
  MASKED_PHONE,
  PHONE,
  SMS_CODE,
  createAccount,
  fastSession,
  header,
  openLoginDialog,
  toasts,
  FLOW_TIMEOUT,
} from './helpers';

afterEach(() => {
  resetToasts();
});

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const button = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('button', { name });

describe('the login modal, phone and SMS code', FLOW_TIMEOUT, () => {
  it('explains a missing or malformed phone next to the field and sends nothing', async () => {
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);

    await user.click(button(dialog, '获取验证码'));
    expect(field(dialog, '手机号')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, '手机号')).toHaveAccessibleDescription('请输入手机号');
    expect(field(dialog, '手机号')).toHaveFocus();

    await user.type(field(dialog, '手机号'), '2380000000');
    await user.click(button(dialog, '获取验证码'));
    expect(field(dialog, '手机号')).toHaveAccessibleDescription('请输入正确的11位手机号');
    expect(button(dialog, '获取验证码')).toBeEnabled();
  });

  it('asks for a 6-digit code and the agreement before logging in', async () => {
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);
    await user.type(field(dialog, '手机号'), PHONE);

    await user.click(button(dialog, '登录'));
    expect(field(dialog, '验证码')).toHaveAccessibleDescription('请输入验证码');
    await user.type(field(dialog, '验证码'), '12a');
    await user.click(button(dialog, '登录'));
    expect(field(dialog, '验证码')).toHaveAccessibleDescription('验证码为6位数字');

    await user.clear(field(dialog, '验证码'));
    await user.type(field(dialog, '验证码'), SMS_CODE);
    await user.click(button(dialog, '登录'));
    const agreement = within(dialog).getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' });
    expect(agreement).toHaveAttribute('aria-invalid', 'true');
    expect(agreement).toHaveAccessibleDescription('请先阅读并同意《用户协议》和《隐私政策》');
    expect(header().getByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('links the agreement to the user agreement and the privacy policy', async () => {
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);
    expect(within(dialog).getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/agreement?doc=user');
    expect(within(dialog).getByRole('link', { name: '《隐私政策》' })).toHaveAttribute(
      'href',
      '/agreement?doc=privacy',
    );
  });

  it("shows the server's answer to a wrong code in the form and keeps what was typed", async () => {
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);
    await user.type(field(dialog, '手机号'), PHONE);
    await user.click(button(dialog, '获取验证码'));
    await within(dialog).findByRole('button', { name: /^重新发送\(\d+s\)$/ });
    await user.type(field(dialog, '验证码'), '654321');
    await user.click(within(dialog).getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' }));
    await user.click(button(dialog, '登录'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('验证码错误');
    expect(field(dialog, '手机号')).toHaveValue(PHONE);
    expect(field(dialog, '验证码')).toHaveValue('654321');
    expect(header().getByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it("shows the server's rate-limit message when a code was sent less than 60 s ago (e.g. before a reload)", async () => {
    await postSendSms(PHONE);
    backend.control.advanceClock(18_000);
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);
    await user.type(field(dialog, '手机号'), PHONE);
    await user.click(button(dialog, '获取验证码'));

    // The server's own words (the seconds left depend on the wall clock: 42 or a little less).
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^验证码发送过于频繁，请(4[0-2]|3\d)秒后再试$/);
    expect(button(dialog, '获取验证码')).toBeEnabled();
  });

  it('registers an unknown phone with the same code (registerLogin answers user_40404) and logs it in', async () => {
    const { user } = await renderApp('/');
    expect(backend.control.state().users).toHaveLength(0);
    const dialog = await openLoginDialog(user);
    await user.type(field(dialog, '手机号'), PHONE);
    await user.click(button(dialog, '获取验证码'));
    await within(dialog).findByRole('button', { name: /^重新发送/ });
    await user.type(field(dialog, '验证码'), SMS_CODE);
    await user.click(within(dialog).getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' }));
    await user.click(button(dialog, '登录'));

    expect(await header().findByText(MASKED_PHONE)).toBeInTheDocument();
    expect(backend.control.state().users.map((u) => u.telNum)).toEqual([PHONE]);
  });

  it('logs an existing account in with registerLogin', async () => {
    const account = await createAccount(PHONE);
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);
    await user.type(field(dialog, '手机号'), PHONE);
    await user.click(button(dialog, '获取验证码'));
    await within(dialog).findByRole('button', { name: /^重新发送/ });
    await user.type(field(dialog, '验证码'), SMS_CODE);
    await user.click(within(dialog).getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' }));
    await user.click(button(dialog, '登录'));

    expect(await header().findByText(MASKED_PHONE)).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as { user?: { userId: number } };
    expect(stored.user?.userId).toBe(account.userId);
    expect(backend.control.state().users).toHaveLength(1);
  });
});

describe('the resend countdown', FLOW_TIMEOUT, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from 60 s and survives closing and reopening the modal', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const { user } = await renderApp('/');
    const dialog = await openLoginDialog(user);
    await user.type(field(dialog, '手机号'), PHONE);
    await user.click(button(dialog, '获取验证码'));
    expect(await within(dialog).findByRole('button', { name: '重新发送(60s)' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(button(dialog, '重新发送(59s)')).toBeDisabled();

    await user.click(button(dialog, '关闭'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    const reopened = await openLoginDialog(user);
    expect(within(reopened).getByRole('button', { name: /^重新发送\((4[89])s\)$/ })).toBeDisabled();
    // The phone the code went to is still there.
    expect(field(reopened, '手机号')).toHaveValue(PHONE);

    await act(() => vi.advanceTimersByTimeAsync(50_000));
    expect(within(reopened).getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });
});

describe('the login modal, QR code', FLOW_TIMEOUT, () => {
  it('shows a QR code, polls until it is scanned, then logs in and closes', async () => {
    const { user, router } = await renderApp('/help', { deps: fastSession });
    const dialog = await openLoginDialog(user);
    await user.click(within(dialog).getByRole('tab', { name: '扫码登录' }));

    const image = await within(dialog).findByRole('img', { name: '微信扫码登录二维码' });
    const qrId = /\/qr\/([^/]+)\.svg$/.exec(image.getAttribute('src') ?? '')?.[1];
    expect(qrId).toBeDefined();
    backend.control.markQrScanned(qrId!, '13700000000');

    expect(await header().findByText('137****0000')).toBeInTheDocument();
    expect(toasts().getByText('登录成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/help');
  });

  it('offers 二维码已过期, 点击刷新 when the code expires, and shows a new code on click', async () => {
    const { user } = await renderApp('/', { deps: fastSession });
    const dialog = await openLoginDialog(user);
    await user.click(within(dialog).getByRole('tab', { name: '扫码登录' }));
    const first = await within(dialog).findByRole('img', { name: '微信扫码登录二维码' });
    const firstSrc = first.getAttribute('src');

    backend.control.advanceClock(120_000);
    await user.click(await within(dialog).findByRole('button', { name: '二维码已过期, 点击刷新' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: '微信扫码登录二维码' }).getAttribute('src')).not.toBe(firstSrc),
    );
    expect(within(dialog).queryByRole('button', { name: '二维码已过期, 点击刷新' })).not.toBeInTheDocument();
  });

  it('stops polling while the page is hidden and when the modal closes', async () => {
    const polls: string[] = [];
    const { user, actor } = await renderApp('/', { deps: fastSession });
    const dialog = await openLoginDialog(user);
    await user.click(within(dialog).getByRole('tab', { name: '扫码登录' }));
    await within(dialog).findByRole('img', { name: '微信扫码登录二维码' });
    const qr = actor.system.get('qrLogin');
    qr?.subscribe((snapshot: { hasTag(tag: string): boolean }) => {
      if (snapshot.hasTag('qr:paused')) polls.push('paused');
    });

    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await within(dialog).findByText('页面不可见时已暂停，返回后继续')).toBeInTheDocument();
    hidden.mockReturnValue(false);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await within(dialog).findByText('请使用微信扫一扫，扫描二维码登录')).toBeInTheDocument();
    expect(polls).toContain('paused');

    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(qr?.getSnapshot().value).toBe('inactive'));
  });
});
