// @vitest-environment node
/**
 * The daily coupon popup: the chart's rules with fake actors, then journeys
 * across two days on the real root actor with the app's real record (an
 * in-memory localStorage), an injected clock and a fake popup request.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { couponPopupMachine, isPopupBusy, wasPopupShown, type PopupCheck } from '../../machines/coupon-popup.machine';
import type { ModalContext } from '../../machines/modal.machine';
import type { Coupon } from '../../src/api/common';
import type { UserInfo } from '../../src/api/user';
import { createRootActor, whenStartedUp } from '../../src/app/root-actor';
import { POPUP_RECORD_KEY } from '../../src/features/marketing/popup-record';
import type { AppActor } from '../../src/shared/app-actor';

const coupon: Coupon = {
  couponId: 'preview-1',
  title: '新人专享 5 元无门槛券',
  amount: 500,
  threshold: 0,
  startTime: 0,
  expireTime: 7 * 86_400_000,
  status: 'available',
  gameIds: [],
  description: '全场通用',
};

const user = (userId: number): UserInfo => ({
  token: `t${userId}`,
  userId,
  telNum: '13800000000',
  createTime: 0,
  registerCanal: 'xingyou',
});

describe('coupon popup machine (fake actors)', () => {
  /** `check` may be a function: the app's check reads the session's current user each time. */
  function start(check: PopupCheck | Error | (() => PopupCheck), coupons: Coupon[] | Error) {
    const openCouponModal = vi.fn();
    const withdrawCouponModal = vi.fn();
    const recordShown = vi.fn();
    const fetchPopup = vi.fn(async () => {
      if (coupons instanceof Error) throw coupons;
      return coupons;
    });
    const actor = createActor(
      couponPopupMachine.provide({
        actors: {
          checkPopupDue: fromPromise<PopupCheck>(async () => {
            if (check instanceof Error) throw check;
            return typeof check === 'function' ? check() : check;
          }),
          fetchPopup: fromPromise<Coupon[]>(fetchPopup),
        },
        actions: {
          openCouponModal: (_, params) => openCouponModal(params),
          withdrawCouponModal: () => withdrawCouponModal(),
          recordShown: (_, params) => recordShown(params),
        },
      }),
    ).start();
    const settled = () => waitFor(actor, (s) => !isPopupBusy(s));
    return { actor, openCouponModal, withdrawCouponModal, recordShown, fetchPopup, settled };
  }

  it('offers the coupons when the popup is due and the list is not empty, and records the audience and day once they are on screen', async () => {
    const { actor, openCouponModal, recordShown, settled } = start({ userId: null, day: '2026-01-31', due: true }, [
      coupon,
    ]);
    await settled();
    expect(openCouponModal).toHaveBeenCalledExactlyOnceWith({ coupons: [coupon] });
    expect(actor.getSnapshot().value).toBe('offered');
    expect(recordShown).not.toHaveBeenCalled();

    actor.send({ type: 'modal.promoShown', name: 'login' });
    expect(recordShown).not.toHaveBeenCalled();
    actor.send({ type: 'modal.promoShown', name: 'coupon' });
    expect(wasPopupShown(actor.getSnapshot())).toBe(true);
    expect(recordShown).toHaveBeenCalledExactlyOnceWith({ userId: null, day: '2026-01-31' });
  });

  it('records nothing for an offer the modal machine dropped (not shown on this page view)', async () => {
    const { actor, recordShown, settled } = start({ userId: null, day: '2026-01-31', due: true }, [coupon]);
    await settled();
    actor.send({ type: 'modal.promoDropped', name: 'coupon' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { coupons: [] } });
    expect(recordShown).not.toHaveBeenCalled();
  });

  it('withdraws the previous audience’s popup still on screen when another account logs in, so the new offer can open', async () => {
    let sessionUser: number | null = null;
    const { actor, withdrawCouponModal, openCouponModal, settled } = start(
      () => ({ userId: sessionUser, day: '2026-01-31', due: true }),
      [coupon],
    );
    await settled();
    actor.send({ type: 'modal.promoShown', name: 'coupon' });
    expect(wasPopupShown(actor.getSnapshot())).toBe(true);

    sessionUser = 5;
    actor.send({ type: 'session.changed', user: { userId: 5 } });
    expect(withdrawCouponModal).toHaveBeenCalledTimes(1);
    await settled();
    expect(openCouponModal).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot()).toMatchObject({ value: 'offered', context: { userId: 5 } });
  });

  it('withdraws an offer not yet on screen when the account changes, and checks again for the new one', async () => {
    let sessionUser: number | null = null;
    const { actor, withdrawCouponModal, recordShown, settled } = start(
      () => ({ userId: sessionUser, day: '2026-01-31', due: true }),
      [coupon],
    );
    await settled();
    sessionUser = 5;
    actor.send({ type: 'session.changed', user: { userId: 5 } });
    expect(withdrawCouponModal).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('checking');
    await settled();
    actor.send({ type: 'session.changed', user: null });
    expect(withdrawCouponModal).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { userId: null } });
    expect(recordShown).not.toHaveBeenCalled();
  });

  it('neither shows nor records an empty coupon list', async () => {
    const { actor, openCouponModal, recordShown, settled } = start({ userId: null, day: '2026-01-31', due: true }, []);
    await settled();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(openCouponModal).not.toHaveBeenCalled();
    expect(recordShown).not.toHaveBeenCalled();
  });

  it('does not even ask the server when the popup was already shown today', async () => {
    const { actor, fetchPopup, settled } = start({ userId: 7, day: '2026-01-31', due: false }, [coupon]);
    await settled();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.userId).toBe(7);
    expect(fetchPopup).not.toHaveBeenCalled();
  });

  it('stays quiet when the check or the request fails', async () => {
    const failedCheck = start(new Error('storage'), [coupon]);
    await failedCheck.settled();
    expect(failedCheck.actor.getSnapshot().value).toBe('idle');
    const failedFetch = start({ userId: null, day: '2026-01-31', due: true }, new Error('Network Error'));
    await failedFetch.settled();
    expect(failedFetch.actor.getSnapshot().value).toBe('idle');
    expect(failedFetch.recordShown).not.toHaveBeenCalled();
  });

  it('checks again for a user who logs in, and ignores the same user and a logout', async () => {
    let sessionUser: number | null = null;
    const { actor, settled } = start(() => ({ userId: sessionUser, day: '2026-01-31', due: false }), [coupon]);
    await settled();
    sessionUser = 5;
    actor.send({ type: 'session.changed', user: { userId: 5 } });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.userId).toBe(5);
    await settled();
    actor.send({ type: 'session.changed', user: { userId: 5 } });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'session.changed', user: null });
    expect(actor.getSnapshot()).toMatchObject({ value: 'idle', context: { userId: null } });
  });
});

describe('coupon popup on the root actor, across days', () => {
  // Instants on Beijing's clock (UTC+8), whose calendar day the popup counts (src/shared/beijing-time.ts).
  const beijing = (month: number, day: number, hour: number, minute: number) =>
    Date.UTC(2026, month, day, hour - 8, minute);
  const DAY_1_MORNING = beijing(0, 31, 9, 0);
  const DAY_1_NIGHT = beijing(0, 31, 23, 30);
  const DAY_2_MORNING = beijing(1, 1, 8, 0);

  const memory = new Map<string, string>();
  const storage = {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, value),
  };
  const actors: AppActor[] = [];
  afterEach(() => {
    actors.splice(0).forEach((a) => a.stop());
    memory.clear();
  });

  /** One page load: a new root actor at `now`, optionally with a user restored from an earlier visit. */
  async function pageLoad(now: number, options: { restored?: UserInfo; coupons?: Coupon[] } = {}) {
    const fetchHomePopup = vi.fn(async () => options.coupons ?? [coupon]);
    const actor = createRootActor({
      build: { id: 'b', fetchLatest: async () => ({ id: 'b', timestamp: 0 }), reloadPage: () => {} },
      modals: { load: async () => undefined },
      start: { restoredSession: options.restored ? { user: options.restored, realName: null } : null },
      testing: {
        now: () => now,
        fetchHomePopup,
        popupStorage: storage,
        sessionFlows: {
          effects: {
            persistSession: () => {},
            forgetSession: () => {},
            setRequestToken: () => {},
            setTokenCookie: () => {},
            clearToken: () => {},
            notify: () => {},
          },
          api: { checkToken: async () => 'ok', fetchRealNameConfig: async () => ({ enable: false, sceneType: 0 }) },
        },
      },
    });
    actors.push(actor);
    actor.start();
    await whenStartedUp(actor);
    const popup = actor.system.get('couponPopup') as AnyActorRef;
    const modal = actor.system.get('modal') as AnyActorRef;
    const settled = async () => {
      await waitFor(popup, (s: { hasTag(tag: string): boolean }) => !s.hasTag('popup:busy'));
      await waitFor(modal, (s: { hasTag(tag: string): boolean }) => !s.hasTag('modal:opening'));
    };
    await settled();
    const couponModalOpens = () =>
      (modal.getSnapshot() as { context: ModalContext }).context.stack.filter((m) => m.name === 'coupon');
    return { actor, fetchHomePopup, settled, couponModalOpens };
  }

  it('shows an anonymous visitor the popup once on day 1 and again on day 2', async () => {
    const first = await pageLoad(DAY_1_MORNING);
    expect(first.couponModalOpens()).toEqual([{ name: 'coupon', props: { coupons: [coupon] }, source: 'promo' }]);
    expect(JSON.parse(memory.get(POPUP_RECORD_KEY) ?? '')).toEqual({ browser: '2026-01-31' });

    const later = await pageLoad(DAY_1_NIGHT);
    expect(later.couponModalOpens()).toEqual([]);
    expect(later.fetchHomePopup).not.toHaveBeenCalled();

    const tomorrow = await pageLoad(DAY_2_MORNING);
    expect(tomorrow.couponModalOpens()).toHaveLength(1);
    expect(JSON.parse(memory.get(POPUP_RECORD_KEY) ?? '')).toEqual({ browser: '2026-02-01' });
  });

  it('counts a logged-in user by user id, apart from the browser and from other users', async () => {
    const first = await pageLoad(DAY_1_MORNING, { restored: user(1) });
    expect(first.couponModalOpens()).toHaveLength(1);
    expect(JSON.parse(memory.get(POPUP_RECORD_KEY) ?? '')).toEqual({ 'user:1': '2026-01-31' });

    expect((await pageLoad(DAY_1_NIGHT, { restored: user(1) })).couponModalOpens()).toEqual([]);
    expect((await pageLoad(DAY_1_NIGHT, { restored: user(2) })).couponModalOpens()).toHaveLength(1);
    expect((await pageLoad(DAY_1_NIGHT)).couponModalOpens()).toHaveLength(1);
    expect((await pageLoad(DAY_2_MORNING, { restored: user(1) })).couponModalOpens()).toHaveLength(1);
  });

  it('never records an empty popup, so a later start the same day may still show one', async () => {
    const empty = await pageLoad(DAY_1_MORNING, { coupons: [] });
    expect(empty.couponModalOpens()).toEqual([]);
    expect(memory.has(POPUP_RECORD_KEY)).toBe(false);
    expect((await pageLoad(DAY_1_NIGHT)).couponModalOpens()).toHaveLength(1);
  });

  it('shows a user who logs in after the anonymous popup their own popup once that day', async () => {
    const page = await pageLoad(DAY_1_MORNING);
    page.actor.send({ type: 'modal.close', name: 'coupon' });
    page.actor.send({ type: 'session.login', user: user(1) });
    await waitFor(
      page.actor.system.get('couponPopup') as AnyActorRef,
      (s: { context: { userId: number | null } }) => s.context.userId === 1,
    );
    await page.settled();
    expect(page.couponModalOpens()).toHaveLength(1);
    expect(page.fetchHomePopup).toHaveBeenCalledTimes(2);
    expect(JSON.parse(memory.get(POPUP_RECORD_KEY) ?? '')).toEqual({ browser: '2026-01-31', 'user:1': '2026-01-31' });

    // The same user on another page load that day: nothing.
    const reload = await pageLoad(DAY_1_NIGHT, { restored: user(1) });
    expect(reload.couponModalOpens()).toEqual([]);
  });
});
