// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  PAY_GATE_MESSAGES,
  payGateMachine,
  type PayModalTarget,
  type PurchaseRequest,
  type SessionFacts,
} from '../../machines/pay-gate.machine';
import type { RealNameConfig } from '../../src/api/user';

const ANONYMOUS: SessionFacts = { status: 'anonymous', userId: null, hasRealName: false };
const SIGNING_IN: SessionFacts = { status: 'signingIn', userId: 1, hasRealName: false };
const LOGGED_IN: SessionFacts = { status: 'loggedIn', userId: 1, hasRealName: false };
const VERIFIED: SessionFacts = { status: 'loggedIn', userId: 1, hasRealName: true };
const REQUIRED: RealNameConfig = { enable: true, sceneType: 1 };
const OFF: RealNameConfig = { enable: false, sceneType: 1 };
const START = { type: 'purchase.start', goodsId: 7, buyNum: 2, gameId: 3 } as const;
const REQUEST: PurchaseRequest = { goodsId: 7, buyNum: 2, gameId: 3 };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

interface Setup {
  session?: SessionFacts;
  config?: RealNameConfig | Error;
  stock?: boolean | Error | Promise<boolean>;
}

function startGate(setup: Setup = {}) {
  const state = { session: setup.session ?? LOGGED_IN, config: setup.config ?? OFF, stock: setup.stock ?? true };
  const calls = { readSession: 0, fetchConfig: 0, checkStorage: [] as PurchaseRequest[] };
  const effects = {
    notify: vi.fn<(notice: { kind: string; text: string }) => void>(),
    openLoginModal: vi.fn(),
    openRealNameModal: vi.fn(),
    openPayModal: vi.fn<(target: PayModalTarget) => void>(),
    closeEarlierPayModal: vi.fn(),
  };
  const machine = payGateMachine.provide({
    actors: {
      readSession: fromPromise<SessionFacts>(async () => {
        calls.readSession += 1;
        return state.session;
      }),
      fetchRealNameConfig: fromPromise<RealNameConfig>(async () => {
        calls.fetchConfig += 1;
        if (state.config instanceof Error) throw state.config;
        return state.config;
      }),
      checkStorage: fromPromise<boolean, PurchaseRequest>(async ({ input }) => {
        calls.checkStorage.push(input);
        if (state.stock instanceof Error) throw state.stock;
        return state.stock;
      }),
    },
    actions: {
      notify: (_, notice) => effects.notify(notice),
      openLoginModal: () => effects.openLoginModal(),
      openRealNameModal: () => effects.openRealNameModal(),
      openPayModal: (_, request) => effects.openPayModal(request),
      closeEarlierPayModal: () => effects.closeEarlierPayModal(),
    },
  });
  const actor = createActor(machine).start();
  const settled = () => waitFor(actor, (s) => s.matches('idle') || s.hasTag('payGate:waiting'));
  return { actor, state, calls, effects, settled };
}

describe('pay gate', () => {
  it('opens the pay modal with the goods, quantity and game when real name is not required and stock is enough', async () => {
    const { actor, calls, effects, settled } = startGate({ config: OFF, stock: true });
    actor.send(START);
    await settled();
    expect(calls.fetchConfig).toBe(1);
    expect(calls.checkStorage).toEqual([REQUEST]);
    expect(effects.openPayModal).toHaveBeenCalledWith(REQUEST);
    expect(effects.notify).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.request).toBeNull();
  });

  it('buys one unit when the event leaves buyNum out (spec default)', async () => {
    const { actor, calls, effects, settled } = startGate();
    actor.send({ type: 'purchase.start', goodsId: 7, gameId: 3 });
    await settled();
    expect(calls.checkStorage).toEqual([{ goodsId: 7, buyNum: 1, gameId: 3 }]);
    expect(effects.openPayModal).toHaveBeenCalledWith({ goodsId: 7, buyNum: 1, gameId: 3 });
  });

  it('warns 请先实名 and opens the real-name modal instead when the config requires it and the user has no real name', async () => {
    const { actor, calls, effects, settled } = startGate({ config: REQUIRED, session: LOGGED_IN });
    actor.send(START);
    await settled();
    expect(effects.notify).toHaveBeenCalledWith({ kind: 'warning', text: '请先实名' });
    expect(PAY_GATE_MESSAGES.realNameRequired).toBe('请先实名');
    expect(effects.openRealNameModal).toHaveBeenCalledTimes(1);
    expect(calls.checkStorage).toEqual([]);
    expect(effects.openPayModal).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('payGate:waiting')).toBe(true);
  });

  it('goes on to the stock check and the pay modal after a successful verification, without starting over', async () => {
    const { actor, calls, effects, settled } = startGate({ config: REQUIRED });
    actor.send(START);
    await settled();
    actor.send({ type: 'realName.verified' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls.fetchConfig).toBe(1);
    expect(calls.checkStorage).toEqual([REQUEST]);
    expect(effects.openPayModal).toHaveBeenCalledWith(REQUEST);
  });

  it('ends quietly when the real-name modal closes without a verification', async () => {
    const { actor, calls, effects, settled } = startGate({ config: REQUIRED });
    actor.send(START);
    await settled();
    actor.send({ type: 'modal.close', name: 'realName' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls.checkStorage).toEqual([]);
    expect(effects.openPayModal).not.toHaveBeenCalled();
    expect(effects.notify).toHaveBeenCalledTimes(1); // only 请先实名
  });

  it('goes on when the real-name modal closes after the session learnt the verification', async () => {
    const { actor, state, effects, settled } = startGate({ config: REQUIRED });
    actor.send(START);
    await settled();
    state.session = VERIFIED;
    actor.send({ type: 'modal.close', name: 'realName' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(effects.openPayModal).toHaveBeenCalledWith(REQUEST);
  });

  it('ignores other modals closing while the real-name modal is open', async () => {
    const { actor, settled } = startGate({ config: REQUIRED });
    actor.send(START);
    await settled();
    actor.send({ type: 'modal.close', name: 'coupon' });
    expect(actor.getSnapshot().hasTag('payGate:waiting')).toBe(true);
  });

  it('checks stock when the config requires real name but the user has it', async () => {
    const { actor, calls, effects, settled } = startGate({ config: REQUIRED, session: VERIFIED });
    actor.send(START);
    await settled();
    expect(effects.openRealNameModal).not.toHaveBeenCalled();
    expect(calls.checkStorage).toEqual([REQUEST]);
    expect(effects.openPayModal).toHaveBeenCalled();
  });

  it('does not require real name for a sceneType other than 1', async () => {
    const { actor, effects, settled } = startGate({ config: { enable: true, sceneType: 2 } });
    actor.send(START);
    await settled();
    expect(effects.openRealNameModal).not.toHaveBeenCalled();
    expect(effects.openPayModal).toHaveBeenCalled();
  });

  it('closes the pay modal and warns 库存不足，请联系客服 when stock is not enough', async () => {
    const { actor, effects, settled } = startGate({ stock: false });
    actor.send(START);
    await settled();
    expect(effects.closeEarlierPayModal).toHaveBeenCalledTimes(1);
    expect(effects.notify).toHaveBeenCalledWith({ kind: 'warning', text: '库存不足，请联系客服' });
    expect(effects.openPayModal).not.toHaveBeenCalled();
  });

  it('counts a failed stock check as available and opens the pay modal', async () => {
    const { actor, effects, settled } = startGate({ stock: new Error('Network Error') });
    actor.send(START);
    await settled();
    expect(effects.openPayModal).toHaveBeenCalledWith(REQUEST);
    expect(effects.notify).not.toHaveBeenCalled();
  });

  it('shows the server message and stops when the real-name config cannot be read', async () => {
    const failure = Object.assign(new Error('系统繁忙，请稍后重试'), { code: 'sys_50000' });
    const { actor, calls, effects, settled } = startGate({ config: failure });
    actor.send(START);
    await settled();
    expect(effects.notify).toHaveBeenCalledWith({ kind: 'error', text: '系统繁忙，请稍后重试' });
    expect(calls.checkStorage).toEqual([]);
    expect(effects.openPayModal).not.toHaveBeenCalled();
  });

  it('fetches the real-name config again for every purchase (spec step 1)', async () => {
    const { actor, calls, settled } = startGate();
    actor.send(START);
    await settled();
    actor.send(START);
    await settled();
    expect(calls.fetchConfig).toBe(2);
  });

  it('ignores a second purchase.start while the first is being checked (double click)', async () => {
    const held = deferred<boolean>();
    const { actor, calls, effects } = startGate({ stock: held.promise });
    actor.send(START);
    await waitFor(actor, (s) => s.matches({ gating: 'checkingStock' }));
    actor.send({ ...START, goodsId: 8 });
    actor.send(START);
    held.resolve(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls.checkStorage).toHaveLength(1);
    expect(effects.openPayModal).toHaveBeenCalledTimes(1);
  });

  describe('an anonymous shopper', () => {
    it('gets the login modal, and the purchase resumes once the session announces the user', async () => {
      const { actor, state, calls, effects, settled } = startGate({ session: ANONYMOUS });
      actor.send(START);
      await settled();
      expect(effects.openLoginModal).toHaveBeenCalledTimes(1);
      expect(calls.fetchConfig).toBe(0);
      state.session = LOGGED_IN;
      actor.send({ type: 'session.changed', user: { userId: 1 }, reason: 'login' });
      await waitFor(actor, (s) => s.matches('idle'));
      expect(calls.fetchConfig).toBe(1);
      expect(effects.openPayModal).toHaveBeenCalledWith(REQUEST);
    });

    it('resumes when the login modal closes before the session announces the user', async () => {
      const { actor, state, effects, settled } = startGate({ session: ANONYMOUS });
      actor.send(START);
      await settled();
      state.session = SIGNING_IN;
      actor.send({ type: 'modal.close', name: 'login' });
      await waitFor(actor, (s) => s.matches({ gating: 'awaitingSignIn' }));
      state.session = VERIFIED;
      actor.send({ type: 'session.changed', user: { userId: 1 }, reason: 'login' });
      await waitFor(actor, (s) => s.matches('idle'));
      expect(effects.openPayModal).toHaveBeenCalledWith(REQUEST);
    });

    it('ends quietly when the login modal closes without a login', async () => {
      const { actor, calls, effects, settled } = startGate({ session: ANONYMOUS });
      actor.send(START);
      await settled();
      actor.send({ type: 'modal.close', name: 'login' });
      await waitFor(actor, (s) => s.matches('idle'));
      expect(calls.fetchConfig).toBe(0);
      expect(effects.notify).not.toHaveBeenCalled();
      expect(effects.openPayModal).not.toHaveBeenCalled();
    });

    it('after a login, a real-name requirement still applies', async () => {
      const { actor, state, effects, settled } = startGate({ session: ANONYMOUS, config: REQUIRED });
      actor.send(START);
      await settled();
      state.session = LOGGED_IN;
      actor.send({ type: 'session.changed', user: { userId: 1 }, reason: 'login' });
      await waitFor(actor, (s) => s.matches({ gating: 'awaitingRealName' }));
      expect(effects.notify).toHaveBeenCalledWith({ kind: 'warning', text: '请先实名' });
    });
  });

  it('ends the gating when the user logs out meanwhile', async () => {
    const held = deferred<boolean>();
    const { actor, effects } = startGate({ stock: held.promise });
    actor.send(START);
    await waitFor(actor, (s) => s.matches({ gating: 'checkingStock' }));
    actor.send({ type: 'session.changed', user: null, reason: 'logout' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    held.resolve(true);
    await Promise.resolve();
    expect(effects.openPayModal).not.toHaveBeenCalled();
  });
});
