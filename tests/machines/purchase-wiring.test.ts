// @vitest-environment node
/**
 * The buying flows inside the root actor system: the app forwards the
 * purchase and payment events to `payGate` and `payment`, their requests
 * come back to the modal machine, and `payment.started` / `payment.ended`
 * reach the build poll. The API is faked (src/features/buying/purchase-effects.ts takes
 * overrides); the modal code "loads" at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { openModals } from '../../machines/modal.machine';
import type { CreateOrderInput } from '../../machines/payment.machine';
import type { Order, Payment } from '../../src/api/orders';
import type { UserInfo } from '../../src/api/user';
import { readSessionFacts, type PurchaseApi } from '../../src/features/buying/purchase-effects';
import { createFlowActors } from '../../src/app/flows';
import { createRootActor, whenFlowsReady } from '../../src/app/root-actor';
import { clientState } from '../../src/api/client-state';
import type { AppActor } from '../../src/shared/app-actor';

const USER: UserInfo = { token: 'tk_1', userId: 10001, telNum: '13800000000', createTime: 0, registerCanal: '' };

const ORDER = {
  orderId: 'XY1',
  status: 'unpaid',
  items: [],
  totalAmount: 4080,
  discountAmount: 0,
  payAmount: 4080,
  coupon: null,
  payChannel: null,
  createTime: 0,
  payTime: null,
  expireTime: 900_000,
  cdks: [],
  hasGift: false,
  giftClaimed: false,
  refundable: false,
  refundReason: null,
  timeline: [],
} satisfies Order;

const DRAFT = { kind: 'goods', goodsId: 7, buyNum: 1, couponId: null } as const;

/** As the pay sheet does once its price is final: the quote (after the coupons are settled), then 立即支付 for it. */
async function payNow(actor: AppActor): Promise<void> {
  await waitFor(actor.getSnapshot().children.payment!, (s) => s.context.couponsSettled);
  actor.send({ type: 'payment.quote', quote: { draft: DRAFT, due: 4080 } });
  actor.send({ type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: 4080 });
}

const PAYMENT: Payment = {
  orderId: 'XY1',
  channelCode: 'wechat',
  payType: 'qrcode',
  qrContent: 'x',
  qrImage: '/qr.svg',
  payUrl: null,
  expireTime: 900_000,
};

function rootActor(api: Partial<PurchaseApi> = {}, loggedIn = true) {
  const created: CreateOrderInput[] = [];
  const fakes: PurchaseApi = {
    fetchRealNameConfig: vi.fn(async () => ({ enable: false, sceneType: 1 })),
    checkStorage: vi.fn(async () => true),
    fetchOrder: vi.fn(async () => ORDER),
    createOrder: vi.fn(async (input: CreateOrderInput) => {
      created.push(input);
      return ORDER;
    }),
    payOrder: vi.fn(async () => PAYMENT),
    checkStatus: vi.fn(async () => ({ orderId: 'XY1', status: 'unpaid' as const })),
    claimLoginCoupons: vi.fn(async () => ({ couponList: [] })),
    ...api,
  };
  const sessionFlows = {
    delays: { tokenPingMs: 60_000 },
    effects: { notify: () => {} },
    api: {
      fetchRealNameConfig: async () => ({ enable: false, sceneType: 1 }),
      fetchRealNameInfo: async () => null,
      checkToken: async () => 'ok',
    },
  };
  const purchaseFlows = { api: fakes, effects: { notify: () => {} }, delays: { statusPollMs: 10 } };
  const actor = createRootActor({
    build: { id: 'b1', fetchLatest: async () => ({ id: 'b1', timestamp: 0 }), reloadPage: () => {} },
    modals: { load: async () => undefined },
    start: { couponPopupEnabled: false, restoredSession: loggedIn ? { user: USER, realName: null } : null },
    testing: {
      sessionFlows,
      purchaseFlows,
      loadFlows: async () => createFlowActors({ sessionFlows, purchaseFlows }),
    },
  });
  actor.start();
  return { actor, fakes, created };
}

const modalStack = (actor: AppActor) => openModals(actor.getSnapshot().children.modal!.getSnapshot());
const paymentSnapshot = (actor: AppActor) => actor.getSnapshot().children.payment!.getSnapshot();
const buildPollPaying = (actor: AppActor) =>
  actor.getSnapshot().children.buildPoll!.getSnapshot().hasTag('payment:inProgress');

describe('buying inside the root actor', () => {
  let actor: AppActor | undefined;
  afterEach(() => {
    actor?.stop();
    clientState.reset();
  });

  it('runs payGate and payment as children with their systemIds once the flows are loaded', async () => {
    ({ actor } = rootActor());
    expect(actor.system.get('payment')).toBeUndefined();
    await whenFlowsReady(actor);
    expect(actor.system.get('payGate')).toBe(actor.getSnapshot().children.payGate);
    expect(actor.system.get('payment')).toBe(actor.getSnapshot().children.payment);
  });

  it('turns purchase.start into an open pay modal carrying the goods, quantity and game', async () => {
    ({ actor } = rootActor());
    actor.send({ type: 'purchase.start', goodsId: 7, buyNum: 2, gameId: 3 });
    await waitFor(actor.getSnapshot().children.modal!, (s) => s.context.stack.length > 0);
    expect(modalStack(actor)).toEqual([{ name: 'pay', props: { goodsId: 7, buyNum: 2, gameId: 3 }, source: 'flow' }]);
  });

  it('opens the login modal for an anonymous shopper and the pay modal once the session announces the login', async () => {
    ({ actor } = rootActor({}, false));
    actor.send({ type: 'purchase.start', goodsId: 7, gameId: 3 });
    await waitFor(actor.getSnapshot().children.modal!, (s) => s.context.stack.some((m) => m.name === 'login'));
    // What the login modal does on success: the login, then closing itself; the session announces the user after.
    actor.send({ type: 'session.login', user: USER });
    actor.send({ type: 'modal.close', name: 'login' });
    await waitFor(actor.getSnapshot().children.modal!, (s) => s.context.stack.some((m) => m.name === 'pay'));
    expect(modalStack(actor)).toEqual([{ name: 'pay', props: { goodsId: 7, buyNum: 1, gameId: 3 }, source: 'flow' }]);
  });

  it('forwards the pay modal events to payment, and payment.started / payment.ended to the build poll', async () => {
    let created: CreateOrderInput[];
    ({ actor, created } = rootActor());
    await whenFlowsReady(actor); // the pay modal, which sends these, opens once the flows run
    actor.send({ type: 'payment.open', requestId: 'req-1', userId: 1 });
    await payNow(actor);
    expect(buildPollPaying(actor)).toBe(true);
    await waitFor(actor.getSnapshot().children.payment!, (s) => s.hasTag('payment:awaiting'));
    actor.send({ type: 'payment.close' });
    expect(paymentSnapshot(actor).hasTag('payment:confirmingLeave')).toBe(true);
    actor.send({ type: 'payment.leave' });
    expect(paymentSnapshot(actor).matches('idle')).toBe(true);
    expect(buildPollPaying(actor)).toBe(false);
    expect(created).toEqual([{ draft: { kind: 'goods', goodsId: 7, buyNum: 1, couponId: null }, requestId: 'req-1' }]);
  });

  it('stops the payment when every modal closes (what an expired session does)', async () => {
    ({ actor } = rootActor());
    await whenFlowsReady(actor);
    actor.send({ type: 'payment.open', requestId: 'req-1', userId: 1 });
    await payNow(actor);
    await waitFor(actor.getSnapshot().children.payment!, (s) => s.hasTag('payment:awaiting'));
    actor.send({ type: 'modal.closeAll' });
    expect(paymentSnapshot(actor).matches('idle')).toBe(true);
    expect(buildPollPaying(actor)).toBe(false);
  });

  it('closes the pay modal and opens 支付成功 with the order id once the order is paid', async () => {
    ({ actor } = rootActor({ checkStatus: vi.fn(async () => ({ orderId: 'XY1', status: 'delivered' as const })) }));
    actor.send({ type: 'modal.open', name: 'pay', props: { goodsId: 7, buyNum: 1, gameId: 3 }, source: 'user' });
    await waitFor(actor.getSnapshot().children.modal!, (s) => s.context.stack.length === 1);
    actor.send({ type: 'payment.open', requestId: 'req-1', userId: 1 });
    await payNow(actor);
    await waitFor(actor.getSnapshot().children.modal!, (s) => s.context.stack.some((m) => m.name === 'paySuccess'));
    expect(modalStack(actor)).toEqual([{ name: 'paySuccess', props: { orderId: 'XY1' }, source: 'flow' }]);
  });

  it('lets the real-name modal resume the purchase through realName.verified', async () => {
    ({ actor } = rootActor({ fetchRealNameConfig: vi.fn(async () => ({ enable: true, sceneType: 1 })) }));
    actor.send({ type: 'purchase.start', goodsId: 7, gameId: 3 });
    await waitFor(actor.getSnapshot().children.modal!, (s) => s.context.stack.some((m) => m.name === 'realName'));
    expect(modalStack(actor)).toEqual([{ name: 'realName', props: { from: 'pay' }, source: 'flow' }]);
    actor.send({ type: 'realName.verified', info: { realName: '张*', idCardNo: '1101**********002X', authTime: 0 } });
    await waitFor(actor.getSnapshot().children.modal!, (s) => s.context.stack.some((m) => m.name === 'pay'));
  });
});

describe('reading the session for the pay gate', () => {
  const session = (tags: string[], realName: unknown) => ({
    get: () => ({
      getSnapshot: () => ({
        hasTag: (tag: string) => tags.includes(tag),
        context: { realName, user: tags.includes('session:loggedIn') ? { userId: 1 } : null },
      }),
    }),
  });

  it('tells anonymous, signing in and logged in apart, with the real-name info', () => {
    expect(readSessionFacts({ get: () => undefined })).toEqual({
      status: 'anonymous',
      userId: null,
      hasRealName: false,
    });
    expect(readSessionFacts(session(['session:anonymous'], null))).toEqual({
      status: 'anonymous',
      userId: null,
      hasRealName: false,
    });
    expect(readSessionFacts(session(['session:loggedIn', 'session:signingIn'], null))).toEqual({
      status: 'signingIn',
      userId: 1,
      hasRealName: false,
    });
    expect(readSessionFacts(session(['session:loggedIn'], { realName: '张*' }))).toEqual({
      status: 'loggedIn',
      userId: 1,
      hasRealName: true,
    });
  });
});
