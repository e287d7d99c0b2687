/**
 * Model of the pay gate. One purchase (goods 1 × 2 of game 1); the session
 * read answers anonymous, signing in, logged in without real name, or logged
 * in with it; the real-name config is required (enabled, sceneType 1) or not;
 * the stock check says yes or no, or fails. Generated paths reach every state
 * once; the journeys take the transitions shortest paths skip (the same
 * state reached another way, restarts, and the quiet endings).
 */
import { payGateMachine, type CartPurchase, type SessionFacts } from '../../machines/pay-gate.machine';
import { defineModel, doneEvent, errorEvent } from '../support/model';

const ANONYMOUS: SessionFacts = { status: 'anonymous', userId: null, hasRealName: false };
const SIGNING_IN: SessionFacts = { status: 'signingIn', userId: 1, hasRealName: false };
const LOGGED_IN: SessionFacts = { status: 'loggedIn', userId: 1, hasRealName: false };
const VERIFIED: SessionFacts = { status: 'loggedIn', userId: 1, hasRealName: true };
const REQUIRED = { enable: true, sceneType: 1 };
const NOT_REQUIRED = { enable: false, sceneType: 1 };

const START = { type: 'purchase.start', goodsId: 1, buyNum: 2, gameId: 1 } as const;
// 去结算 (docs/cart.md): the cart's lines, the first as the request's goods.
const CART: CartPurchase = {
  plan: 'oneOrder',
  lines: [
    { goodsId: 1, gameId: 1, buyNum: 2, price: 4080, gameName: '星际远征', goodsName: '标准版', cover: '/a.svg' },
    { goodsId: 7, gameId: 3, buyNum: 1, price: 6800, gameName: '长夜', goodsName: '豪华版', cover: '/b.svg' },
  ],
};
const CART_START = { ...START, cart: CART };
const LOGGED_IN_EVENT = { type: 'session.changed', user: { userId: 1 }, reason: 'login' } as const;
// The UI driver's gestures: another tab logs out, or logs in with another account (user 2).
const LOGGED_OUT_EVENT = { type: 'session.changed', user: null, reason: 'synced' } as const;
const SWITCHED_EVENT = { type: 'session.changed', user: { userId: 2 }, reason: 'synced' } as const;
const EXPIRED_EVENT = { type: 'session.changed', user: null, reason: 'expired' } as const;
const SUSPENDED_GOODS = {
  type: 'purchase.suspended',
  purchase: {
    kind: 'goods',
    owner: 1,
    request: { goodsId: 1, buyNum: 4, gameId: 1, choices: { packageId: null, couponId: 'c1', channel: 'alipay' } },
  },
} as const;
const SUSPENDED_ORDER = { type: 'purchase.suspended', purchase: { kind: 'order', owner: 1, orderId: 'XY1' } } as const;
// Back from a pay app's H5 page (start-up): the order's payment resumes for whoever is logged in.
const RETURN = { type: 'purchase.return', orderId: 'XY2' } as const;
const CLOSE_LOGIN = { type: 'modal.close', name: 'login' } as const;
const CLOSE_REAL_NAME = { type: 'modal.close', name: 'realName' } as const;
const CLOSE_ALL = { type: 'modal.closeAll' } as const;
const VERIFIED_EVENT = { type: 'realName.verified' } as const;

export const payGateModel = defineModel({
  machine: payGateMachine,
  // Shortest paths only: with the account changes and suspended purchases, the simple paths are
  // combinatorial; the journeys take the loops and the other ways into a state.
  paths: 'shortest',
  events: {
    'purchase.start': [START],
    'purchase.suspended': [SUSPENDED_GOODS, SUSPENDED_ORDER],
    'purchase.return': [RETURN],
    'session.changed': [LOGGED_IN_EVENT, LOGGED_OUT_EVENT, SWITCHED_EVENT, EXPIRED_EVENT],
    'realName.verified': [VERIFIED_EVENT],
    'modal.close': [CLOSE_LOGIN, CLOSE_REAL_NAME],
    'modal.closeAll': [CLOSE_ALL],
  },
  invokes: {
    readSession: { done: [ANONYMOUS, SIGNING_IN, LOGGED_IN, VERIFIED], error: [new Error('no session child')] },
    readReturnSession: { done: [ANONYMOUS, SIGNING_IN, LOGGED_IN], error: [new Error('no session child')] },
    confirmLogin: { done: [ANONYMOUS, SIGNING_IN, LOGGED_IN], error: [new Error('no session child')] },
    confirmRealName: { done: [VERIFIED, LOGGED_IN], error: [new Error('no session child')] },
    fetchRealNameConfig: {
      done: [REQUIRED, NOT_REQUIRED],
      error: [{ code: 'sys_50000', message: '系统繁忙，请稍后重试' }],
    },
    checkStorage: { done: [true, false], error: [new Error('aborted')] },
  },
  describeContext: (context) =>
    [
      context.request
        ? `goods ${context.request.goodsId} × ${context.request.buyNum}${context.hasRealName ? ', real name known' : ''}`
        : '',
      context.owner === null ? '' : `of user ${context.owner}`,
      context.suspended ? `suspended ${context.suspended.kind}` : '',
    ]
      .filter(Boolean)
      .join(', '),
  journeys: [
    {
      name: '去结算 is gated as 立即购买: the stock of every line is checked, and the pay dialog opens with the cart’s lines',
      events: [
        CART_START,
        doneEvent('readSession', VERIFIED),
        doneEvent('fetchRealNameConfig', REQUIRED),
        doneEvent('checkStorage', true),
      ],
      then: {
        state: 'idle',
        context: { request: null },
        calls: [
          'readSession',
          'fetchRealNameConfig',
          { checkStorage: { goodsId: 1, buyNum: 2, cart: CART } },
          { 'modal.open': { name: 'pay', props: { goodsId: 1, buyNum: 2, gameId: 1, cart: CART }, source: 'flow' } },
        ],
      },
    },
    {
      name: 'back from a pay app logged out: the login dialog opens and the payment resumes after the login',
      events: [RETURN, doneEvent('readReturnSession', ANONYMOUS), LOGGED_IN_EVENT],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        calls: [
          'readReturnSession',
          { 'modal.open': { name: 'login', source: 'flow' } },
          { 'modal.open': { name: 'pay', props: { orderId: 'XY2', resume: true }, source: 'flow' } },
        ],
      },
    },
    {
      name: 'back from a pay app while a login is being set up: its announcement resumes the payment',
      events: [RETURN, doneEvent('readReturnSession', SIGNING_IN), LOGGED_IN_EVENT],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        calls: [
          'readReturnSession',
          { 'modal.open': { name: 'pay', props: { orderId: 'XY2', resume: true }, source: 'flow' } },
        ],
      },
    },
    {
      name: 'back from a pay app logged in: the pay dialog resumes at once; a second return waits too',
      events: [
        RETURN,
        doneEvent('readReturnSession', LOGGED_IN),
        RETURN,
        errorEvent('readReturnSession', new Error('no session child')),
      ],
      then: {
        state: 'idle',
        calls: [
          'readReturnSession',
          { 'modal.open': { name: 'pay', props: { orderId: 'XY2', resume: true }, source: 'flow' } },
          'readReturnSession',
        ],
      },
    },
    {
      name: 'a suspended purchase gives way to a pay app\u2019s return',
      events: [SUSPENDED_GOODS, RETURN, doneEvent('readReturnSession', LOGGED_IN)],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        calls: [
          'readReturnSession',
          { 'modal.open': { name: 'pay', props: { orderId: 'XY2', resume: true }, source: 'flow' } },
        ],
      },
    },
    {
      name: 'a logged-in shopper without real name verifies it and the purchase goes on to the stock check and the pay modal',
      events: [
        START,
        doneEvent('readSession', LOGGED_IN),
        doneEvent('fetchRealNameConfig', REQUIRED),
        VERIFIED_EVENT,
        doneEvent('checkStorage', true),
      ],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        calls: [
          'readSession',
          'fetchRealNameConfig',
          { notify: { kind: 'warning', text: '请先实名' } },
          { 'modal.open': { name: 'realName', props: { from: 'pay' } } },
          { checkStorage: { goodsId: 1, buyNum: 2 } },
          { 'modal.open': { name: 'pay', props: { goodsId: 1, buyNum: 2, gameId: 1 }, source: 'flow' } },
        ],
      },
    },
    {
      name: 'a verified shopper passes a required real-name config and finds the goods sold out',
      events: [
        START,
        doneEvent('readSession', VERIFIED),
        doneEvent('fetchRealNameConfig', REQUIRED),
        doneEvent('checkStorage', false),
      ],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        calls: [
          'readSession',
          'fetchRealNameConfig',
          'checkStorage',
          { 'modal.close': { name: 'pay' } },
          { notify: { kind: 'warning', text: '库存不足，请联系客服' } },
        ],
      },
    },
    {
      name: 'a failed stock check counts as available, and a failed config read ends the gating with an error',
      events: [
        START,
        doneEvent('readSession', LOGGED_IN),
        doneEvent('fetchRealNameConfig', NOT_REQUIRED),
        errorEvent('checkStorage', new Error('aborted')),
        START,
        doneEvent('readSession', LOGGED_IN),
        errorEvent('fetchRealNameConfig', { code: 'sys_50000', message: '系统繁忙，请稍后重试' }),
      ],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        calls: [
          'readSession',
          'fetchRealNameConfig',
          'checkStorage',
          { 'modal.open': { name: 'pay', props: { goodsId: 1, buyNum: 2, gameId: 1 }, source: 'flow' } },
          'readSession',
          'fetchRealNameConfig',
          { notify: { kind: 'error', text: '系统繁忙，请稍后重试' } },
        ],
      },
    },
    {
      name: 'an anonymous shopper logs in through the login modal: the modal closes first, the session announces the user after',
      events: [
        START,
        doneEvent('readSession', ANONYMOUS),
        CLOSE_LOGIN,
        doneEvent('confirmLogin', SIGNING_IN),
        LOGGED_IN_EVENT,
        doneEvent('readSession', LOGGED_IN),
      ],
      then: {
        state: { gating: 'checkingConfig' },
        context: { request: { goodsId: 1 }, owner: 1 },
        calls: [
          'readSession',
          { 'modal.open': { name: 'login', source: 'flow' } },
          'confirmLogin',
          'readSession',
          'fetchRealNameConfig',
        ],
      },
    },
    {
      name: 'closing the login modal without logging in ends the gating quietly, and so does closing every modal',
      events: [
        START,
        doneEvent('readSession', ANONYMOUS),
        CLOSE_LOGIN,
        doneEvent('confirmLogin', ANONYMOUS),
        START,
        doneEvent('readSession', ANONYMOUS),
        CLOSE_ALL,
        doneEvent('confirmLogin', ANONYMOUS),
      ],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        calls: [
          'readSession',
          { 'modal.open': { name: 'login', source: 'flow' } },
          'confirmLogin',
          'readSession',
          { 'modal.open': { name: 'login', source: 'flow' } },
          'confirmLogin',
        ],
      },
    },
    {
      name: 'a login announced while the login modal is open resumes at once; one announced while confirming does too',
      events: [
        START,
        doneEvent('readSession', ANONYMOUS),
        LOGGED_IN_EVENT,
        doneEvent('readSession', ANONYMOUS),
        CLOSE_LOGIN,
        LOGGED_IN_EVENT,
        doneEvent('readSession', LOGGED_IN),
      ],
      then: {
        state: { gating: 'checkingConfig' },
        context: { owner: 1 },
        someCalls: [
          { 'modal.open': { name: 'login', source: 'flow' } },
          { 'modal.open': { name: 'login', source: 'flow' } },
          'confirmLogin',
          'fetchRealNameConfig',
        ],
      },
    },
    {
      name: 'a login that finished before the modal closed goes straight to the config check; a failed session read ends quietly',
      events: [
        START,
        doneEvent('readSession', ANONYMOUS),
        CLOSE_LOGIN,
        doneEvent('confirmLogin', LOGGED_IN),
        LOGGED_OUT_EVENT,
        START,
        doneEvent('readSession', ANONYMOUS),
        CLOSE_LOGIN,
        errorEvent('confirmLogin', new Error('no session child')),
        START,
        errorEvent('readSession', new Error('no session child')),
      ],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        someCalls: [
          'confirmLogin',
          'fetchRealNameConfig',
          { notify: { kind: 'warning', text: '账号已在其他页面退出，本次购买已取消' } },
          'readSession',
        ],
      },
    },
    {
      name: 'a buy click while a login is being set up waits for the session to announce the user',
      events: [
        START,
        doneEvent('readSession', SIGNING_IN),
        LOGGED_IN_EVENT,
        doneEvent('readSession', VERIFIED),
        doneEvent('fetchRealNameConfig', NOT_REQUIRED),
      ],
      then: {
        state: { gating: 'checkingStock' },
        context: { owner: 1, hasRealName: true },
        calls: ['readSession', 'readSession', 'fetchRealNameConfig', 'checkStorage'],
      },
    },
    {
      name: 'a buy click while the login modal failed to show starts the gating over',
      events: [START, doneEvent('readSession', ANONYMOUS), START, doneEvent('readSession', LOGGED_IN)],
      then: {
        state: { gating: 'checkingConfig' },
        context: { owner: 1 },
        calls: [
          'readSession',
          { 'modal.open': { name: 'login', source: 'flow' } },
          'readSession',
          'fetchRealNameConfig',
        ],
      },
    },
    {
      name: 'closing the real-name modal without verifying ends the gating quietly; with the session verified meanwhile it goes on',
      events: [
        START,
        doneEvent('readSession', LOGGED_IN),
        doneEvent('fetchRealNameConfig', REQUIRED),
        CLOSE_REAL_NAME,
        doneEvent('confirmRealName', LOGGED_IN),
        START,
        doneEvent('readSession', LOGGED_IN),
        doneEvent('fetchRealNameConfig', REQUIRED),
        CLOSE_ALL,
        doneEvent('confirmRealName', VERIFIED),
        doneEvent('checkStorage', true),
      ],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        someCalls: [
          { 'modal.open': { name: 'realName', props: { from: 'pay' } } },
          'confirmRealName',
          { 'modal.open': { name: 'realName', props: { from: 'pay' } } },
          'confirmRealName',
          'checkStorage',
          { 'modal.open': { name: 'pay', props: { goodsId: 1, buyNum: 2, gameId: 1 }, source: 'flow' } },
        ],
      },
    },
    {
      name: 'a verification heard while the real-name close is confirmed goes on; a failed confirmation ends quietly',
      events: [
        START,
        doneEvent('readSession', LOGGED_IN),
        doneEvent('fetchRealNameConfig', REQUIRED),
        CLOSE_REAL_NAME,
        VERIFIED_EVENT,
        doneEvent('checkStorage', true),
        START,
        doneEvent('readSession', LOGGED_IN),
        doneEvent('fetchRealNameConfig', REQUIRED),
        CLOSE_REAL_NAME,
        errorEvent('confirmRealName', new Error('no session child')),
      ],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        someCalls: [
          { 'modal.open': { name: 'realName', props: { from: 'pay' } } },
          'confirmRealName',
          { 'modal.open': { name: 'pay', props: { goodsId: 1, buyNum: 2, gameId: 1 }, source: 'flow' } },
          { 'modal.open': { name: 'realName', props: { from: 'pay' } } },
          'confirmRealName',
        ],
      },
    },
    {
      name: 'a buy click while the real-name modal failed to show starts the gating over',
      events: [
        START,
        doneEvent('readSession', LOGGED_IN),
        doneEvent('fetchRealNameConfig', REQUIRED),
        START,
        doneEvent('readSession', VERIFIED),
      ],
      then: {
        state: { gating: 'checkingConfig' },
        context: { owner: 1 },
        calls: [
          'readSession',
          'fetchRealNameConfig',
          { notify: { kind: 'warning', text: '请先实名' } },
          { 'modal.open': { name: 'realName', props: { from: 'pay' } } },
          'readSession',
          'fetchRealNameConfig',
        ],
      },
    },
    {
      name: 'a second buy click while checking is ignored, and logging out ends the gating',
      events: [START, START, doneEvent('readSession', LOGGED_IN), START, LOGGED_OUT_EVENT],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        calls: [
          'readSession',
          'fetchRealNameConfig',
          { notify: { kind: 'warning', text: '账号已在其他页面退出，本次购买已取消' } },
        ],
      },
    },
    {
      name: 'a logout before the gate has read whose purchase it is ends the gating quietly',
      events: [START, LOGGED_OUT_EVENT],
      then: { state: 'idle', context: { request: null, suspended: null }, calls: ['readSession'] },
    },
    {
      name: 'an expiry at the real-name step suspends the purchase; its account logging in again gates it once more, up to the pay modal',
      events: [
        START,
        doneEvent('readSession', LOGGED_IN),
        doneEvent('fetchRealNameConfig', REQUIRED),
        EXPIRED_EVENT,
        CLOSE_ALL,
        LOGGED_OUT_EVENT,
        LOGGED_IN_EVENT,
        doneEvent('readSession', VERIFIED),
        doneEvent('fetchRealNameConfig', REQUIRED),
        doneEvent('checkStorage', true),
      ],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        someCalls: [
          { 'modal.open': { name: 'realName', props: { from: 'pay' } } },
          'readSession',
          'fetchRealNameConfig',
          'checkStorage',
          { 'modal.open': { name: 'pay', props: { goodsId: 1, buyNum: 2, gameId: 1 }, source: 'flow' } },
        ],
      },
    },
    {
      name: 'a suspended unpaid order reopens in the pay modal when its account is back; another account logging in drops a suspended purchase',
      events: [
        SUSPENDED_ORDER,
        LOGGED_IN_EVENT,
        SUSPENDED_GOODS,
        SUSPENDED_ORDER,
        SWITCHED_EVENT,
        SUSPENDED_GOODS,
        START,
        doneEvent('readSession', LOGGED_IN),
      ],
      then: {
        state: { gating: 'checkingConfig' },
        context: { suspended: null, owner: 1 },
        calls: [
          { 'modal.open': { name: 'pay', props: { orderId: 'XY1' } } },
          { notify: { kind: 'warning', text: '已登录其他账号，之前账号未完成的购买已取消' } },
          'readSession',
          'fetchRealNameConfig',
        ],
      },
    },
    {
      name: 'another account taking the tab cancels the gating with a warning, and so does another tab logging out',
      events: [
        START,
        doneEvent('readSession', LOGGED_IN),
        SWITCHED_EVENT,
        START,
        doneEvent('readSession', LOGGED_IN),
        doneEvent('fetchRealNameConfig', REQUIRED),
        LOGGED_OUT_EVENT,
      ],
      then: {
        state: 'idle',
        context: { request: null, suspended: null },
        someCalls: [
          { notify: { kind: 'warning', text: '账号已切换，本次购买已取消，请重新下单' } },
          { 'modal.open': { name: 'realName', props: { from: 'pay' } } },
          { notify: { kind: 'warning', text: '账号已在其他页面退出，本次购买已取消' } },
        ],
      },
    },
    {
      name: 'an expiry before the gate has read the session suspends the purchase for any next login, and another account is then the first one',
      events: [START, EXPIRED_EVENT, SWITCHED_EVENT, doneEvent('readSession', LOGGED_IN)],
      then: {
        state: { gating: 'checkingConfig' },
        context: { owner: 1, suspended: null, request: { goodsId: 1 } },
        calls: ['readSession', 'readSession', 'fetchRealNameConfig'],
      },
    },
  ],
});
