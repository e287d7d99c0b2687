/**
 * Helpers of the session integration tests: accounts made through the
 * simulated backend, a stored session as an earlier visit would leave it, and
 * the login dialog as a user reaches it.
 */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, onTestFinished } from 'vitest';
import { isApiError } from '../../../src/api/errors';
import {
  postPhoneRegister,
  postRegisterLogin,
  postSendSms,
  type RealNameInfo,
  type UserInfo,
} from '../../../src/api/user';
import { SESSION_STORAGE_KEY } from '../../../src/features/session/persisted-session';
import { loadModal } from '../../../src/app/modal-registry';
import type { RootActorOverrides } from '../../support/render-app';
import { API, backend, testServer } from '../../support/server';

// The modals and the personal centre load on demand; loading them once per file up front keeps each
// test's waits about what the user sees rather than about the first compile of a chunk.
beforeAll(async () => {
  await Promise.all([
    loadModal('login'),
    loadModal('autoLogin'),
    loadModal('realName'),
    import('../../../src/features/session/setting-page'),
  ]);
}, 60_000);

/** Integration tests here walk whole flows; give them room on a loaded machine. */
export const FLOW_TIMEOUT = { timeout: 20_000 };

export const PHONE = '13800000000';
export const MASKED_PHONE = '138****0000';
export const SMS_CODE = '123456';

/** Registers (or logs in) `phone` through the API, as another device would; the SMS rate limit is then passed. */
export async function createAccount(phone: string = PHONE): Promise<UserInfo> {
  await postSendSms(phone);
  let user: UserInfo;
  try {
    user = await postRegisterLogin({ phone, code: SMS_CODE });
  } catch (error) {
    if (!isApiError(error) || error.code !== 'user_40404') throw error;
    user = await postPhoneRegister({ phone, code: SMS_CODE });
  }
  backend.control.advanceClock(60_000);
  return user;
}

/** What a login in an earlier visit leaves in localStorage. */
export function storeSession(user: UserInfo, realName: RealNameInfo | null = null): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user, realName }));
}

/** Short delays so tests wait for what users see, not for the real timings. */
export const fastSession: RootActorOverrides = {
  testing: { sessionFlows: { delays: { tokenPingMs: 10, expiryPromptMs: 30, qrPollMs: 30 } } },
};

export const header = () => within(screen.getByRole('banner'));

export async function openLoginDialog(user: UserEvent): Promise<HTMLElement> {
  await user.click(header().getByRole('button', { name: '登录' }));
  return screen.findByRole('dialog', { name: '登录' });
}

/** Fills the SMS form of an open login dialog and submits it. */
export async function loginWithSms(user: UserEvent, dialog: HTMLElement, phone: string = PHONE): Promise<void> {
  const form = within(dialog);
  await user.type(form.getByRole('textbox', { name: '手机号' }), phone);
  await user.click(form.getByRole('button', { name: '获取验证码' }));
  await form.findByRole('button', { name: /^重新发送\(\d+s\)$/ });
  await user.type(form.getByRole('textbox', { name: '验证码' }), SMS_CODE);
  await user.click(form.getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' }));
  await user.click(form.getByRole('button', { name: '登录' }));
}

export const toasts = () => within(screen.getByRole('status', { name: '消息提示' }));
export const errorToasts = () => within(screen.getByRole('alert', { name: '错误提示' }));

/**
 * The JSON bodies of the requests to one API path (below /webapi) from now on, until the test ends:
 * what the form actually sent to the backend.
 */
export function recordBodies(path: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname !== `${API}${path}`) return;
    const slot = bodies.length;
    bodies.push({});
    void request
      .clone()
      .json()
      .then((body: unknown) => {
        bodies[slot] = body as Record<string, unknown>;
      });
  };
  testServer.events.on('request:start', listener);
  onTestFinished(() => {
    testServer.events.removeListener('request:start', listener);
  });
  return bodies;
}
