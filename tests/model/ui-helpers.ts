/**
 * Helpers the UI model drivers (tests/model/*.ui.ts) share: what another tab
 * does to the stored session, the page state a new page load starts without,
 * the page's dialogs, toasts and header, fresh shopper phones, and a promise
 * a driver settles later (a held answer).
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { clientState } from '../../src/api/client-state';
import type { RealNameInfo, UserInfo } from '../../src/api/user';
import { historyStore } from '../../src/features/shell/history-store';
import { SESSION_STORAGE_KEY } from '../../src/features/session/persisted-session';
import { MODAL_LOAD_FAILED } from '../../src/app/root-actor';
import { resetToasts, toast } from '../../src/shared/toast';
import { maskPhone } from '../../src/shared/format';
import { onTestEnd } from '../support/cleanup';

/** What a login in an earlier visit (or in another tab) leaves in localStorage; null: nobody. */
export function rememberSession(user: UserInfo | null, realName: RealNameInfo | null = null): void {
  if (user) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user, realName }));
  else localStorage.removeItem(SESSION_STORAGE_KEY);
}

/** Another tab writes the session key (logs in, refreshes or logs out): this tab hears a `storage` event. */
export function otherTabStores(user: UserInfo | null, realName: RealNameInfo | null = null): void {
  const oldValue = localStorage.getItem(SESSION_STORAGE_KEY);
  rememberSession(user, realName);
  const newValue = localStorage.getItem(SESSION_STORAGE_KEY);
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: SESSION_STORAGE_KEY,
      oldValue,
      newValue,
      storageArea: localStorage,
      url: window.location.href,
    }),
  );
}

/**
 * Another tab clears the site's whole localStorage (`localStorage.clear()`): this tab hears a `storage`
 * event with a null key. The browser fires it only when something was stored, so nothing stored is an error.
 */
export function otherTabClearsStorage(): void {
  if (localStorage.length === 0) throw new Error('localStorage is empty: clearing it fires no storage event');
  localStorage.clear();
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: null,
      oldValue: null,
      newValue: null,
      storageArea: localStorage,
      url: window.location.href,
    }),
  );
}

/** A new page load: module state of the previous page (request token, history, toasts) is gone. */
export function forgetPageState(): void {
  clientState.reset();
  historyStore.reset();
  resetToasts();
}

export const header = () => within(screen.getByRole('banner'));

/** Throws unless the header shows `phone` (masked) as logged in, or 登录 for null. */
export function expectHeaderAccount(phone: string | null): void {
  if (phone === null) header().getByRole('button', { name: '登录' });
  else header().getByRole('button', { name: `个人中心 ${maskPhone(phone)}` });
}

export const dialog = (name: string) => screen.queryByRole('dialog', { name });
export const toasts = () => within(screen.getByRole('status', { name: '消息提示' }));
export const errorToasts = () => within(screen.getByRole('alert', { name: '错误提示' }));

/** Waits until `button` can be pressed (`what` names it in the failure). */
export async function waitEnabled(button: HTMLElement, what: string): Promise<void> {
  await waitFor(() => {
    if ((button as HTMLButtonElement).disabled) throw new Error(`${what} is still disabled`);
  });
}

let phoneSeq = 0;
/** A phone no other account of this test file has (the backend is reset after every test). */
export const nextPhone = () => `1350000${String((phoneSeq += 1)).padStart(4, '0')}`;

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A promise settled from outside: how a driver holds an answer until a later step. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** As the app reports a dialog whose code failed to load (the error toast), without its console warning. */
export const quietLoadFailure = () => toast.error(MODAL_LOAD_FAILED);

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
/** The network drops or comes back: `navigator.onLine` and the window event, as the browser does. */
export function setOnline(value: boolean): void {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}
/** A new app starts online (nothing listens yet, so no event: React Query's state is reset by tests/setup.ts). */
export function startOnline(): void {
  online = true;
  // The stub stays installed for the worker's shared module graph (docs/testing.md): the next file must find
  // the browser online.
  onTestEnd(() => {
    online = true;
  });
}

/** Replaces a field's text with `value` (nothing to do when it already holds it). */
export async function typeInto(user: UserEvent, field: HTMLElement, value: string): Promise<void> {
  if ((field as HTMLInputElement).value === value) return;
  await user.clear(field);
  await user.type(field, value);
}

/** In an open 登录 dialog: the 验证码登录 tab, phone and code typed, the agreement ticked, then 登录. */
export async function submitSmsLogin(user: UserEvent, dialog: HTMLElement, phone: string, code: string): Promise<void> {
  const form = within(dialog);
  const tab = form.getByRole('tab', { name: '验证码登录' });
  if (tab.getAttribute('aria-selected') !== 'true') await user.click(tab);
  await typeInto(user, form.getByRole('textbox', { name: '手机号' }), phone);
  await typeInto(user, form.getByRole('textbox', { name: '验证码' }), code);
  const agreement = form.getByRole('checkbox', {
    name: '我已阅读并同意《用户协议》和《隐私政策》',
  }) as HTMLInputElement;
  if (!agreement.checked) await user.click(agreement);
  await user.click(form.getByRole('button', { name: '登录' }));
}
