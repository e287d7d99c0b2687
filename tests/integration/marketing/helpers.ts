/** Shared steps of the marketing integration tests. */
import { expect, onTestFinished } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AnyActorRef } from 'xstate';
import { testServer } from '../../support/server';
import type { AppActor } from '../../../src/shared/app-actor';

/** How long to wait for what follows a login (several requests in a row; machines are sometimes busy). */
export const SLOW = 15_000;

// These tests load page and modal chunks and chain several requests; on a busy machine that can take
// longer than Testing Library's default 1 s. Test files are isolated, so this applies to the files
// that import these helpers only.
configure({ asyncUtilTimeout: SLOW });

/** Logs in through the login modal (already open) with the simulated backend's SMS code 123456. */
export async function logInThroughModal(user: UserEvent, phone = '13912345678'): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: '登录' }, { timeout: SLOW });
  await user.type(within(dialog).getByLabelText('手机号'), phone);
  await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
  await user.type(within(dialog).getByLabelText('验证码'), '123456');
  await user.click(within(dialog).getByRole('checkbox', { name: /我已阅读并同意/ }));
  await user.click(within(dialog).getByRole('button', { name: '登录' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument(), {
    timeout: SLOW,
  });
}

/** Waits until the daily coupon popup has decided (shown or not): nothing is loading any more. */
export async function popupSettled(actor: AppActor): Promise<void> {
  const popup = actor.system.get('couponPopup') as AnyActorRef;
  const modal = actor.system.get('modal') as AnyActorRef;
  await waitFor(
    () => {
      expect((popup.getSnapshot() as { hasTag(tag: string): boolean }).hasTag('popup:busy')).toBe(false);
      expect((modal.getSnapshot() as { hasTag(tag: string): boolean }).hasTag('modal:opening')).toBe(false);
    },
    { timeout: SLOW },
  );
}

/** Counts the requests to one path below /webapi (an msw life-cycle listener; no handler is replaced), until the test ends. */
export function countRequests(path: string): { count: () => number; stop: () => void } {
  let count = 0;
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname === `/webapi${path}`) count += 1;
  };
  testServer.events.on('request:start', listener);
  const stop = () => testServer.events.removeListener('request:start', listener);
  onTestFinished(stop); // also when the test fails before it stops counting
  return { count: () => count, stop };
}
