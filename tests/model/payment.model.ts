/**
 * Model of the payment flow. One draft (goods 1 × 1, no coupon), one order
 * `XY1` (unpaid when created or loaded; a second fixture loads it already
 * delivered), one QR payment, and the four kinds of status answer: still
 * unpaid, paid, failed, expired. The status poll's 2 s delay runs on a
 * simulated clock. Journeys add what shortest paths skip: polling again,
 * retries after failures, leaving and staying, the ways the modal can go
 * away under the flow, and polling paused while offline.
 */
import { paymentMachine, type OrderDraft, type PriceQuote, type StatusAnswer } from '../../machines/payment.machine';
import type { Order, Payment } from '../../src/api/orders';
import { afterEvent, defineModel, doneEvent, errorEvent } from '../support/model';

const DRAFT: OrderDraft = { kind: 'goods', goodsId: 1, buyNum: 1, couponId: null };
/** What the sheet shows once priced: the draft at ¥99 (the order's amount). */
const QUOTE: PriceQuote = { draft: DRAFT, due: 9900 };

/** The model's order (also the one a pay app's return resumes in tests/properties/app-world.ts). */
export const ORDER: Order = {
  orderId: 'XY1',
  status: 'unpaid',
  items: [
    {
      goodsId: 1,
      gameId: 1,
      gameName: '星际远征',
      goodsName: '标准版',
      goodsType: 'key',
      cover: '/c.svg',
      price: 9900,
      buyNum: 1,
    },
  ],
  totalAmount: 9900,
  discountAmount: 0,
  payAmount: 9900,
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
  timeline: [{ status: 'unpaid', time: 0 }],
};
const DELIVERED: Order = { ...ORDER, status: 'delivered', payTime: 1000 };

const PAYMENT: Payment = {
  orderId: 'XY1',
  channelCode: 'wechat',
  payType: 'qrcode',
  qrContent: 'weixin://wxpay/bizpayurl?pr=XY1',
  qrImage: '/webapi/static/qr/pay-XY1.svg',
  payUrl: null,
  expireTime: 900_000,
};

/** A phone's pay request: the channel's H5 page. */
const H5_PAYMENT: Payment = {
  ...PAYMENT,
  h5Url: '/webapi/static/h5pay/XY1?channel=wechat&redirect_url=%2F%3FpayOrder%3DXY1',
};

const status = (value: StatusAnswer['status']): StatusAnswer => ({ orderId: 'XY1', status: value });
const STOCK_ERROR = { code: 'stock_40901', message: '库存不足，请联系客服' };
const NETWORK_ERROR = { code: undefined, message: '网络连接失败，请检查网络后重试（Network Error）' };

const OPEN = { type: 'payment.open', requestId: 'req-1', userId: 1 } as const;
const OPEN_ORDER = { type: 'payment.open', requestId: 'req-1', orderId: 'XY1', userId: 1 } as const;
const SUBMIT = { type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: QUOTE.due } as const;
// On a phone: 打开微信支付, or (while awaiting) 打开支付宝 again for the same order.
const SUBMIT_H5 = { type: 'payment.submit', channel: 'wechat', draft: DRAFT, due: QUOTE.due, h5: true } as const;
// The sheet's price: final (the coupons settled and read, the packages known), or being worked out again.
const PRICED = { type: 'payment.quote', quote: QUOTE } as const;
const REPRICING = { type: 'payment.quote', quote: null } as const;
/** The coupons owed are made sure of (the call answered, or failed: the list is then what the server holds). */
const SETTLED = doneEvent('settleCoupons', undefined);
const REOPEN_H5 = { type: 'payment.submit', channel: 'alipay', h5: true } as const;
// Back from the pay app (or a reload while it is awaited): the order's payment is awaited again.
const OPEN_RESUMED = { type: 'payment.open', requestId: 'req-1', orderId: 'XY1', userId: 1, resume: true } as const;
const RETRY = { type: 'payment.retry', requestId: 'req-2' } as const;
const CLOSE = { type: 'payment.close' } as const;
const STAY = { type: 'payment.stay' } as const;
const LEAVE = { type: 'payment.leave' } as const;
const MODAL_CLOSED = { type: 'modal.close', name: 'pay' } as const;
const ALL_CLOSED = { type: 'modal.closeAll' } as const;
// The UI driver's gestures: another tab logs out, or logs in with another account (user 2).
const LOGGED_OUT = { type: 'session.changed', user: null, reason: 'synced' } as const;
const SWITCHED = { type: 'session.changed', user: { userId: 2 }, reason: 'synced' } as const;
const OWN_LOGOUT = { type: 'session.changed', user: null, reason: 'logout' } as const;
const EXPIRED = { type: 'session.changed', user: null, reason: 'expired' } as const;
const CHOOSE = {
  type: 'payment.choose',
  request: { goodsId: 1, gameId: 1, buyNum: 1, choices: { packageId: null, couponId: null, channel: 'wechat' } },
} as const;
const OFFLINE = { type: 'app.offline' } as const;
const ONLINE = { type: 'app.online' } as const;
const POLL = afterEvent('statusPollInterval', 'payment.active.paying.flow.awaitingPayment.waiting');

// 去结算 (docs/cart.md): the cart's lines at the prices shown, one order; its refusal of a price not shown.
const OPEN_CART = { type: 'payment.open', requestId: 'req-1', userId: 1, fromCart: true } as const;
const CART_DRAFT: OrderDraft = { kind: 'cart', items: [{ goodsId: 1, buyNum: 1, price: 9900 }], couponId: null };
const PRICED_CART = { type: 'payment.quote', quote: { draft: CART_DRAFT, due: 9900 } } as const;
const SUBMIT_CART = { type: 'payment.submit', channel: 'wechat', draft: CART_DRAFT, due: 9900 } as const;
const PRICE_CHANGED_ERROR = {
  code: 'order_40004',
  message: '「星际远征 · 标准版」的价格已变动，请确认新价格后再结算',
  priceChanged: true,
};

/** From an open modal to a final price: the coupons settled, the sheet priced. */
const TO_PRICED = [OPEN, SETTLED, PRICED] as const;
/** From an open modal to the QR code: priced, create, pay. */
const TO_QR = [...TO_PRICED, SUBMIT, doneEvent('createOrder', ORDER), doneEvent('payOrder', PAYMENT)] as const;

export const paymentModel = defineModel({
  machine: paymentMachine,
  // Shortest paths only: retries, polls and the leave/stay loop make the simple paths combinatorial
  // (traversal does not finish in 20 s); the journeys cover the loops.
  paths: 'shortest',
  events: {
    'payment.open': [OPEN, OPEN_ORDER, OPEN_RESUMED],
    'payment.submit': [SUBMIT, SUBMIT_H5, REOPEN_H5],
    'payment.retry': [RETRY],
    'payment.close': [CLOSE],
    'payment.stay': [STAY],
    'payment.leave': [LEAVE],
    'modal.close': [MODAL_CLOSED],
    'modal.closeAll': [ALL_CLOSED],
    'session.changed': [LOGGED_OUT, SWITCHED, OWN_LOGOUT, EXPIRED],
    'payment.choose': [CHOOSE],
    // The price worked out again (REPRICING) is in the journeys only: offered everywhere, it multiplies the
    // paths (each priced state twice) without reaching anything the journeys do not.
    'payment.quote': [PRICED],
    'app.offline': [OFFLINE],
    'app.online': [ONLINE],
  },
  invokes: {
    fetchOrder: { done: [ORDER, DELIVERED], error: [NETWORK_ERROR] },
    createOrder: { done: [ORDER], error: [STOCK_ERROR] },
    payOrder: { done: [PAYMENT, H5_PAYMENT], error: [NETWORK_ERROR] },
    checkStatus: {
      done: [status('unpaid'), status('paid'), status('failed'), status('expired')],
      error: [NETWORK_ERROR],
    },
    settleCoupons: { done: [undefined], error: [NETWORK_ERROR] },
  },
  describeContext: (context) =>
    [
      context.requestId,
      context.order ? `order ${context.order.orderId}` : context.orderId ? `wants ${context.orderId}` : '',
      context.status ?? '',
      context.error ? 'error shown' : '',
      context.couponsSettled ? 'coupons settled' : '',
      context.quote ? 'quoted' : '',
    ]
      .filter(Boolean)
      .join(', '),
  journeys: [
    {
      name: '去结算: a paid order of the cart’s lines takes its quantities from the cart',
      events: [
        OPEN_CART,
        SETTLED,
        PRICED_CART,
        SUBMIT_CART,
        doneEvent('createOrder', ORDER),
        doneEvent('payOrder', PAYMENT),
        POLL,
        doneEvent('checkStatus', status('paid')),
      ],
      then: {
        state: 'idle',
        calls: [
          'settleCoupons',
          'payment.started',
          { createOrder: { draft: CART_DRAFT, requestId: 'req-1' } },
          'payOrder',
          'checkStatus',
          'payment.ended',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
          { 'cart.paid': { lines: [{ goodsId: 1, buyNum: 1 }] } },
          { 'modal.open': { name: 'paySuccess', props: { orderId: 'XY1' } } },
        ],
      },
    },
    {
      name: '去结算: a price the cart did not show is refused, said, and the cart reads today’s prices; other refusals do not',
      events: [
        OPEN_CART,
        SETTLED,
        PRICED_CART,
        SUBMIT_CART,
        errorEvent('createOrder', PRICE_CHANGED_ERROR),
        PRICED_CART,
        SUBMIT_CART,
        errorEvent('createOrder', STOCK_ERROR),
      ],
      then: {
        state: { active: { editing: 'priced' } },
        context: { order: null, error: STOCK_ERROR.message },
        calls: [
          'settleCoupons',
          'payment.started',
          'createOrder',
          'payment.ended',
          'forgetHandOff',
          'cart.refresh',
          'payment.started',
          'createOrder',
          'payment.ended',
          'forgetHandOff',
        ],
      },
    },
    {
      name: 'a price is final before it can be paid: 立即支付 does nothing while the coupons are settled or the sheet prices, nor for a price the sheet no longer shows',
      events: [
        OPEN,
        SUBMIT,
        PRICED,
        SETTLED,
        SUBMIT,
        PRICED,
        REPRICING,
        SUBMIT,
        PRICED,
        { ...SUBMIT, due: QUOTE.due - 500 },
        SUBMIT,
        doneEvent('createOrder', ORDER),
      ],
      then: {
        state: { active: { paying: { flow: 'requestingPayment' } } },
        context: { orderId: 'XY1' },
        calls: [
          { settleCoupons: { owner: 1 } },
          'payment.started',
          { createOrder: { requestId: 'req-1' } },
          { payOrder: { orderId: 'XY1', channel: 'wechat' } },
        ],
      },
    },
    {
      name: 'a failed call for the coupons owed does not keep the shopper from paying; a failed create keeps the price, a failed pay request keeps the order',
      events: [
        OPEN,
        errorEvent('settleCoupons', NETWORK_ERROR),
        PRICED,
        SUBMIT,
        errorEvent('createOrder', STOCK_ERROR),
        SUBMIT,
        doneEvent('createOrder', ORDER),
        errorEvent('payOrder', NETWORK_ERROR),
        REPRICING,
        SUBMIT,
        doneEvent('payOrder', PAYMENT),
      ],
      then: {
        state: { active: { paying: { flow: 'awaitingPayment' } } },
        context: { orderId: 'XY1', requestId: 'req-1' },
        someCalls: [
          'settleCoupons',
          { createOrder: { requestId: 'req-1' } },
          { createOrder: { requestId: 'req-1' } },
          'payOrder',
          'payOrder',
        ],
      },
    },
    {
      // The journey above also prices again with an order on screen (no sheet to send it), so the UI replay
      // skips it; this one takes the failed call through the UI.
      name: 'after a failed call for the coupons owed the sheet still prices, and 立即支付 orders what it shows',
      events: [OPEN, errorEvent('settleCoupons', NETWORK_ERROR), PRICED, SUBMIT, doneEvent('createOrder', ORDER)],
      then: {
        state: { active: { paying: { flow: 'requestingPayment' } } },
        context: { orderId: 'XY1' },
        calls: ['settleCoupons', 'payment.started', 'createOrder', 'payOrder'],
      },
    },
    {
      name: 'on a phone the payment is handed to the pay app; the pay app can be opened again, or the other one',
      events: [
        ...TO_PRICED,
        SUBMIT_H5,
        doneEvent('createOrder', ORDER),
        doneEvent('payOrder', H5_PAYMENT),
        REOPEN_H5,
        doneEvent('payOrder', H5_PAYMENT),
        POLL,
        doneEvent('checkStatus', status('paid')),
      ],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        someCalls: [
          { payOrder: { channel: 'wechat', h5: true } },
          { handOffToPayApp: { orderId: 'XY1', owner: 1 } },
          { payOrder: { channel: 'alipay', h5: true } },
          'handOffToPayApp',
          'checkStatus',
          { 'modal.close': { name: 'pay' } },
          { 'modal.open': { name: 'paySuccess', props: { orderId: 'XY1' } } },
        ],
      },
    },
    {
      name: 'a phone whose server has no H5 pay gets the QR code, as a desktop does',
      events: [
        ...TO_PRICED,
        SUBMIT_H5,
        doneEvent('createOrder', ORDER),
        doneEvent('payOrder', PAYMENT),
        POLL,
        doneEvent('checkStatus', status('paid')),
      ],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        someCalls: [
          { payOrder: { h5: true } },
          'checkStatus',
          { 'modal.close': { name: 'pay' } },
          { 'modal.open': { name: 'paySuccess', props: { orderId: 'XY1' } } },
        ],
      },
    },
    {
      name: 'back from the pay app: paid there opens the success dialog; not yet, the status is awaited again',
      events: [
        OPEN_RESUMED,
        doneEvent('fetchOrder', DELIVERED),
        OPEN_RESUMED,
        doneEvent('fetchOrder', ORDER),
        POLL,
        doneEvent('checkStatus', status('paid')),
      ],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        calls: [
          { fetchOrder: { orderId: 'XY1' } },
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
          { 'modal.open': { name: 'paySuccess', props: { orderId: 'XY1' } } },
          'fetchOrder',
          'payment.started',
          'checkStatus',
          'payment.ended',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
          { 'modal.open': { name: 'paySuccess', props: { orderId: 'XY1' } } },
        ],
      },
    },
    {
      name: 'back from the pay app to an order that is gone or cannot be loaded says so',
      events: [
        OPEN_RESUMED,
        doneEvent('fetchOrder', { ...ORDER, status: 'expired' }),
        CLOSE,
        OPEN_RESUMED,
        errorEvent('fetchOrder', NETWORK_ERROR),
        CLOSE,
      ],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        calls: [
          'fetchOrder',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
          'fetchOrder',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
        ],
      },
    },
    {
      name: 'a payment is polled until the server says paid, then the success modal takes over',
      events: [
        ...TO_QR,
        POLL,
        doneEvent('checkStatus', status('unpaid')),
        POLL,
        errorEvent('checkStatus', NETWORK_ERROR),
        POLL,
        doneEvent('checkStatus', status('paid')),
      ],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        someCalls: [
          'payOrder',
          'checkStatus',
          'checkStatus',
          'checkStatus',
          'payment.ended',
          { 'modal.close': { name: 'pay' } },
          { 'modal.open': { name: 'paySuccess', props: { orderId: 'XY1' } } },
        ],
      },
    },
    {
      name: 'a failed payment offers 重新支付, which creates a new order and pays it',
      events: [
        ...TO_QR,
        POLL,
        doneEvent('checkStatus', status('failed')),
        RETRY,
        doneEvent('createOrder', ORDER),
        doneEvent('payOrder', PAYMENT),
        POLL,
        doneEvent('checkStatus', status('paid')),
      ],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        someCalls: [
          { createOrder: { requestId: 'req-1' } },
          'checkStatus',
          'payment.ended',
          { createOrder: { requestId: 'req-2' } },
          'payOrder',
          'checkStatus',
          { 'modal.close': { name: 'pay' } },
          { 'modal.open': { name: 'paySuccess', props: { orderId: 'XY1' } } },
        ],
      },
    },
    {
      name: 'an expired order ends the payment with a message, and closing leaves it in the list',
      events: [...TO_QR, POLL, doneEvent('checkStatus', status('expired')), CLOSE],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        calls: [
          'settleCoupons',
          'payment.started',
          'createOrder',
          'payOrder',
          'checkStatus',
          'payment.ended',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
        ],
      },
    },
    {
      name: 'closing mid-payment asks first: 继续支付 keeps polling, 确认离开 closes',
      events: [...TO_QR, CLOSE, STAY, POLL, doneEvent('checkStatus', status('unpaid')), CLOSE, LEAVE],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        calls: [
          'settleCoupons',
          'payment.started',
          'createOrder',
          'payOrder',
          'checkStatus',
          'payment.ended',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
        ],
      },
    },
    {
      name: 'a failed create shows the message and a new 立即支付 tries again with the same request id',
      events: [
        ...TO_PRICED,
        SUBMIT,
        errorEvent('createOrder', STOCK_ERROR),
        SUBMIT,
        doneEvent('createOrder', ORDER),
        errorEvent('payOrder', NETWORK_ERROR),
        SUBMIT,
        doneEvent('payOrder', PAYMENT),
      ],
      then: {
        state: { active: { paying: { flow: 'awaitingPayment' } } },
        context: { requestId: 'req-1', orderId: 'XY1' },
        someCalls: [{ createOrder: { requestId: 'req-1' } }, 'payment.ended', { createOrder: { requestId: 'req-1' } }],
      },
    },
    {
      name: 'continuing an unpaid order loads it and pays it; a settled order cannot be paid again',
      events: [
        OPEN_ORDER,
        doneEvent('fetchOrder', ORDER),
        SUBMIT,
        doneEvent('payOrder', PAYMENT),
        CLOSE,
        LEAVE,
        OPEN_ORDER,
        doneEvent('fetchOrder', DELIVERED),
        CLOSE,
      ],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        calls: [
          'fetchOrder',
          'payment.started',
          { payOrder: { orderId: 'XY1' } },
          'payment.ended',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
          'fetchOrder',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
        ],
      },
    },
    {
      name: 'an order that fails to load says so; closing while loading or after closes the modal',
      events: [OPEN_ORDER, errorEvent('fetchOrder', NETWORK_ERROR), CLOSE, OPEN_ORDER, CLOSE, OPEN, CLOSE],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        calls: [
          'fetchOrder',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
          'fetchOrder',
          { 'modal.close': { name: 'pay' } },
          'settleCoupons',
          { 'modal.close': { name: 'pay' } },
        ],
      },
    },
    {
      name: 'the modal going away under the flow (closed by name, every modal closed, logged out) stops it',
      events: [...TO_QR, MODAL_CLOSED, ...TO_QR, LOGGED_OUT, OPEN, { type: 'modal.close', name: 'pay' }],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        someCalls: [
          'payOrder',
          'payment.ended',
          'payOrder',
          'payment.ended',
          { 'modal.close': { name: 'pay' } },
          {
            notify: {
              kind: 'warning',
              text: '账号已在其他页面退出，本次支付已取消；重新登录后可在「我的订单」中继续支付',
            },
          },
        ],
      },
    },
    {
      name: 'every modal closing under the flow (the expiry prompt) stops it',
      events: [...TO_QR, ALL_CLOSED],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        calls: ['settleCoupons', 'payment.started', 'createOrder', 'payOrder', 'payment.ended', 'forgetHandOff'],
      },
    },
    {
      name: 'a failed payment can be closed without paying again',
      events: [...TO_QR, POLL, doneEvent('checkStatus', status('failed')), CLOSE],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        calls: [
          'settleCoupons',
          'payment.started',
          'createOrder',
          'payOrder',
          'checkStatus',
          'payment.ended',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
        ],
      },
    },
    {
      name: 'offline, polling pauses at the next tick; back online it checks at once and goes on',
      events: [
        ...TO_QR,
        OFFLINE,
        POLL,
        ONLINE,
        doneEvent('checkStatus', status('unpaid')),
        POLL,
        doneEvent('checkStatus', status('paid')),
      ],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        someCalls: [
          'payOrder',
          'checkStatus',
          'checkStatus',
          { 'modal.close': { name: 'pay' } },
          { 'modal.open': { name: 'paySuccess', props: { orderId: 'XY1' } } },
        ],
      },
    },
    {
      name: 'a check that fails because the network went away is followed by the pause, not by more checks',
      events: [...TO_QR, POLL, OFFLINE, errorEvent('checkStatus', NETWORK_ERROR), POLL, CLOSE, LEAVE, ONLINE],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        calls: [
          'settleCoupons',
          'payment.started',
          'createOrder',
          'payOrder',
          'checkStatus',
          'payment.ended',
          'forgetHandOff',
          { 'modal.close': { name: 'pay' } },
        ],
      },
    },
    {
      name: 'a second 立即支付 while the order is being created is ignored',
      events: [...TO_PRICED, SUBMIT, SUBMIT, doneEvent('createOrder', ORDER)],
      then: {
        state: { active: { paying: { flow: 'requestingPayment' } } },
        calls: ['settleCoupons', 'payment.started', 'createOrder', 'payOrder'],
      },
    },
    {
      name: 'an expiry suspends the purchase for the next login: with the choices before an order, with the unpaid order after; with nothing chosen yet it just closes',
      events: [...TO_PRICED, CHOOSE, SUBMIT, EXPIRED, ...TO_QR, EXPIRED, OPEN, EXPIRED],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        someCalls: [
          { 'modal.close': { name: 'pay' } },
          { 'purchase.suspended': { purchase: { kind: 'goods', owner: 1 } } },
          'payOrder',
          { 'modal.close': { name: 'pay' } },
          { 'purchase.suspended': { purchase: { kind: 'order', owner: 1, orderId: 'XY1' } } },
          'settleCoupons',
          { 'modal.close': { name: 'pay' } },
        ],
      },
    },
    {
      name: 'another account taking the tab cancels the payment with a warning; this tab’s own logout just closes',
      events: [OPEN, CHOOSE, SWITCHED, ...TO_QR, SWITCHED, OPEN, OWN_LOGOUT],
      then: {
        state: 'idle',
        context: { orderId: null, order: null, owner: null },
        someCalls: [
          { 'modal.close': { name: 'pay' } },
          { notify: { kind: 'warning', text: '账号已切换，本次购买已取消，请重新下单' } },
          'payOrder',
          { 'modal.close': { name: 'pay' } },
          { notify: { kind: 'warning', text: '账号已切换，本次支付已取消；未支付的订单保留在原账号的「我的订单」中' } },
          'settleCoupons',
          { 'modal.close': { name: 'pay' } },
        ],
      },
    },
  ],
});
