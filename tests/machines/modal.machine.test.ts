// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  isModalOpen,
  isOpeningModal,
  modalMachine,
  openModals,
  topModal,
  type ModalName,
} from '../../machines/modal.machine';

interface Deferred {
  name: ModalName;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A modal actor whose loads stay pending until the test settles them. */
function startModals() {
  const loads: Deferred[] = [];
  const loadModal = vi.fn(
    (name: ModalName) => new Promise<void>((resolve, reject) => loads.push({ name, resolve, reject })),
  );
  const reportLoadFailure = vi.fn();
  const actor = createActor(
    modalMachine.provide({
      actors: { loadModal: fromPromise<unknown, ModalName>(({ input }) => loadModal(input)) },
      actions: { reportLoadFailure: (_, params) => reportLoadFailure(params) },
    }),
  ).start();
  const settle = async (index = loads.length - 1) => {
    loads[index]?.resolve();
    await waitFor(actor, (s) => !s.hasTag('modal:opening'));
  };
  const open = async (name: string, props?: Record<string, unknown>) => {
    actor.send({ type: 'modal.open', name, props, source: 'user' });
    await settle();
  };
  return { actor, loads, loadModal, reportLoadFailure, settle, open };
}

describe('modal machine', () => {
  it('opens a known modal once its code has loaded, with its props', async () => {
    const { actor, loadModal, settle } = startModals();

    actor.send({ type: 'modal.open', name: 'pay', props: { goodsId: 7 }, source: 'user' });
    expect(isOpeningModal(actor.getSnapshot())).toBe(true);
    expect(openModals(actor.getSnapshot())).toEqual([]);
    expect(loadModal).toHaveBeenCalledWith('pay');

    await settle();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(openModals(actor.getSnapshot())).toEqual([{ name: 'pay', props: { goodsId: 7 }, source: 'user' }]);
    expect(isModalOpen(actor.getSnapshot(), 'pay')).toBe(true);
  });

  it('ignores an open while another open is in progress', async () => {
    const { actor, loadModal, settle } = startModals();

    actor.send({ type: 'modal.open', name: 'login', source: 'user' });
    actor.send({ type: 'modal.open', name: 'pay', source: 'user' });
    await settle();

    expect(loadModal).toHaveBeenCalledTimes(1);
    expect(openModals(actor.getSnapshot()).map((m) => m.name)).toEqual(['login']);
  });

  it('ignores an unknown modal name', () => {
    const { actor, loadModal } = startModals();

    actor.send({ type: 'modal.open', name: 'lottery', source: 'user' });

    expect(loadModal).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'modal.open', name: 'lottery', source: 'user' })).toBe(false);
  });

  it('ignores opening a modal that is already open', async () => {
    const { actor, loadModal, open } = startModals();
    await open('login');

    actor.send({ type: 'modal.open', name: 'login', source: 'user' });

    expect(loadModal).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(openModals(actor.getSnapshot())).toHaveLength(1);
  });

  it('stacks modals with the latest on top (login over pay)', async () => {
    const { actor, open } = startModals();
    await open('pay');
    await open('login');

    expect(openModals(actor.getSnapshot()).map((m) => m.name)).toEqual(['pay', 'login']);
    expect(topModal(actor.getSnapshot())?.name).toBe('login');
  });

  it('closes a modal wherever it sits in the stack', async () => {
    const { actor, open } = startModals();
    await open('pay');
    await open('login');

    actor.send({ type: 'modal.close', name: 'pay' });

    expect(openModals(actor.getSnapshot()).map((m) => m.name)).toEqual(['login']);
    expect(topModal(actor.getSnapshot())?.name).toBe('login');
  });

  it('closing a modal that is not open changes nothing', async () => {
    const { actor, open } = startModals();
    await open('pay');
    const before = actor.getSnapshot();

    actor.send({ type: 'modal.close', name: 'login' });

    expect(actor.getSnapshot()).toBe(before);
  });

  it('closes all modals at once', async () => {
    const { actor, open } = startModals();
    await open('pay');
    await open('realName');

    actor.send({ type: 'modal.closeAll' });

    expect(openModals(actor.getSnapshot())).toEqual([]);
    expect(topModal(actor.getSnapshot())).toBeUndefined();
  });

  it('closing all cancels an open in progress, so a late load opens nothing', async () => {
    const { actor, loads, open } = startModals();
    await open('pay');
    actor.send({ type: 'modal.open', name: 'login', source: 'user' });

    actor.send({ type: 'modal.closeAll' });
    loads[1]?.resolve();
    await Promise.resolve();

    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(openModals(actor.getSnapshot())).toEqual([]);
  });

  it('closing the modal being loaded cancels its load', () => {
    const { actor } = startModals();
    actor.send({ type: 'modal.open', name: 'coupon', source: 'user' });

    actor.send({ type: 'modal.close', name: 'coupon' });

    expect(isOpeningModal(actor.getSnapshot())).toBe(false);
    expect(openModals(actor.getSnapshot())).toEqual([]);
  });

  it('reports a failed load, opens nothing and accepts a new open', async () => {
    const { actor, loads, reportLoadFailure, settle } = startModals();
    const failure = new Error('Failed to fetch dynamically imported module');

    actor.send({ type: 'modal.open', name: 'login', source: 'user' });
    loads[0]?.reject(failure);
    await waitFor(actor, (s) => s.matches('idle'));

    expect(reportLoadFailure).toHaveBeenCalledWith({ name: 'login', error: failure });
    expect(openModals(actor.getSnapshot())).toEqual([]);

    actor.send({ type: 'modal.open', name: 'login', source: 'user' });
    await settle();
    expect(isModalOpen(actor.getSnapshot(), 'login')).toBe(true);
  });

  describe('priorities (docs/decisions/0011-modal-priorities.md)', () => {
    function startWithAnswers() {
      const promo = vi.fn<(answer: string) => void>();
      const loads: Deferred[] = [];
      const actor = createActor(
        modalMachine.provide({
          actors: {
            loadModal: fromPromise<unknown, ModalName>(
              ({ input }) => new Promise<void>((resolve, reject) => loads.push({ name: input, resolve, reject })),
            ),
          },
          actions: {
            promoShown: (_, { name }) => promo(`shown ${name}`),
            promoDropped: (_, { name }) => promo(`dropped ${name}`),
          },
        }),
      ).start();
      const settleNext = async () => {
        const next = loads.shift();
        next?.resolve();
        await waitFor(actor, (s) => !s.hasTag('modal:opening') || loads.length > 0);
      };
      return { actor, loads, promo, settleNext };
    }
    const names = (actor: ReturnType<typeof startWithAnswers>['actor']) =>
      openModals(actor.getSnapshot()).map((m) => m.name);

    it('opens a flow’s dialog that comes while another flow’s dialog loads, on top (a 立即购买 is never lost)', async () => {
      const { actor, settleNext } = startWithAnswers();
      actor.send({ type: 'modal.open', name: 'autoLogin', source: 'flow' });
      actor.send({ type: 'modal.open', name: 'pay', props: { goodsId: 1 }, source: 'flow' });
      await settleNext();
      await settleNext();
      expect(names(actor)).toEqual(['autoLogin', 'pay']);
    });

    it('opens the shopper’s dialog at once over a loading popup, and the popup after it closes', async () => {
      const { actor, loads, promo, settleNext } = startWithAnswers();
      actor.send({ type: 'modal.open', name: 'coupon', props: { coupons: [] }, source: 'promo' });
      actor.send({ type: 'modal.open', name: 'login', source: 'user' });
      expect(loads.map((l) => l.name)).toEqual(['coupon', 'login']);
      loads.shift(); // the popup's load was cancelled: its answer never counts
      await settleNext();
      expect(names(actor)).toEqual(['login']);
      expect(promo).not.toHaveBeenCalled();

      actor.send({ type: 'modal.close', name: 'login' });
      await settleNext();
      expect(names(actor)).toEqual(['coupon']);
      expect(promo.mock.calls).toEqual([['shown coupon']]);
    });

    it('answers a popup offered for a dialog already on screen as dropped, at once', async () => {
      const { actor, promo, settleNext } = startWithAnswers();
      actor.send({ type: 'modal.open', name: 'coupon', props: { coupons: [] }, source: 'promo' });
      await settleNext();
      actor.send({ type: 'modal.open', name: 'coupon', props: { coupons: [] }, source: 'promo' });
      expect(promo.mock.calls).toEqual([['shown coupon'], ['dropped coupon']]);
    });
  });
});
