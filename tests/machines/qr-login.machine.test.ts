// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { qrLoginMachine } from '../../machines/qr-login.machine';
import type { QrCode, QrStatus, UserInfo } from '../../src/api/user';
import { USER_A, failure } from '../model/session-fixtures';

const QR: QrCode = { qrId: 'qr1', qrImage: '/qr1.svg', expireSeconds: 120 };

function startQr(
  statuses: QrStatus[],
  options: { fetch?: () => Promise<QrCode>; login?: () => Promise<UserInfo> } = {},
) {
  const log: string[] = [];
  const answers = [...statuses];
  const spy = {
    fetchQrCode: vi.fn(options.fetch ?? (async () => QR)),
    checkQrStatus: vi.fn(async (_qrId: string) => answers.shift() ?? { status: 'waiting' as const, sessionCode: null }),
    loginBySessionCode: vi.fn(options.login ?? (async (_code: string) => USER_A)),
  };
  const actor = createActor(
    qrLoginMachine.provide({
      actors: {
        fetchQrCode: fromPromise<QrCode>(() => spy.fetchQrCode()),
        checkQrStatus: fromPromise<QrStatus, { qrId: string }>(({ input }) => spy.checkQrStatus(input.qrId)),
        loginBySessionCode: fromPromise<UserInfo, { sessionCode: string }>(({ input }) =>
          spy.loginBySessionCode(input.sessionCode),
        ),
      },
      actions: {
        signIn: (_, { user }) => log.push(`sign in ${user.userId}`),
        closeLoginModal: () => log.push('close login modal'),
      },
    }),
  ).start();
  return { actor, log, spy };
}

const WAITING: QrStatus = { status: 'waiting', sessionCode: null };
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('QR login machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches nothing until the panel starts it', async () => {
    const { spy } = startQr([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(spy.fetchQrCode).not.toHaveBeenCalled();
  });

  it('polls every 2 s until scanned, then logs in with the session code and closes the modal', async () => {
    const { actor, log, spy } = startQr([WAITING, WAITING, { status: 'scanned', sessionCode: 'sc_1' }]);
    actor.send({ type: 'qrLogin.start' });
    await flush();
    expect(actor.getSnapshot().hasTag('qr:showing')).toBe(true);
    expect(actor.getSnapshot().context.qr).toEqual(QR);

    await vi.advanceTimersByTimeAsync(1999);
    expect(spy.checkQrStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(spy.checkQrStatus).toHaveBeenCalledWith('qr1');
    await vi.advanceTimersByTimeAsync(4000);

    expect(spy.checkQrStatus).toHaveBeenCalledTimes(3);
    expect(spy.loginBySessionCode).toHaveBeenCalledWith('sc_1');
    expect(log).toEqual(['sign in 1', 'close login modal']);
    expect(actor.getSnapshot().value).toBe('inactive');
  });

  it('stops polling at expiry and fetches a new code on refresh', async () => {
    const { actor, spy } = startQr([{ status: 'expired', sessionCode: null }]);
    actor.send({ type: 'qrLogin.start' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().hasTag('qr:expired')).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(spy.checkQrStatus).toHaveBeenCalledTimes(1);

    actor.send({ type: 'qrLogin.refresh' });
    await flush();
    expect(spy.fetchQrCode).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().hasTag('qr:showing')).toBe(true);
  });

  it('pauses while the page is hidden and checks at once when it is shown again', async () => {
    const { actor, spy } = startQr([]);
    actor.send({ type: 'qrLogin.start' });
    await flush();
    actor.send({ type: 'qrLogin.hidden' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(spy.checkQrStatus).not.toHaveBeenCalled();

    actor.send({ type: 'qrLogin.visible' });
    expect(spy.checkQrStatus).toHaveBeenCalledTimes(1);
  });

  it('stops everything when the panel goes away', async () => {
    const { actor, spy } = startQr([]);
    actor.send({ type: 'qrLogin.start' });
    await flush();
    actor.send({ type: 'qrLogin.stop' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(spy.checkQrStatus).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toEqual({ qr: null, sessionCode: null, error: null });
  });

  it("shows the server's message when the code cannot be fetched", async () => {
    const { actor } = startQr([], { fetch: () => Promise.reject(failure('http', '服务暂时不可用，请稍后重试')) });
    actor.send({ type: 'qrLogin.start' });
    await flush();
    expect(actor.getSnapshot().hasTag('qr:failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('服务暂时不可用，请稍后重试');
  });
});
