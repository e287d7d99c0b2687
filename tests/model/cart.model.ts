/**
 * Model of the cart machine. One goods (id 70 of game 7) is enough for the flow: who owns the cart (the visitor,
 * account 1, account 2), what is queued and what waits for an account. The carts the effects answer are fixed (the
 * properties, tests/properties/cart.test.ts, check what they hold over interleavings). Shortest paths only, as the
 * wishlist's model: writes queued and parked per owner make the simple paths grow too fast.
 */
import { cartMachine, type CartAnswer, type CartLine } from '../../machines/cart.machine';
import { defineModel, doneEvent, errorEvent } from '../support/model';

const line: CartLine = {
  goodsId: 70,
  gameId: 7,
  gameName: '游戏七',
  goodsName: '标准版',
  cover: '',
  buyNum: 1,
  addedPrice: 6800,
  addedAt: 1,
  price: 6800,
};
const answer = (lines: CartLine[], where: CartAnswer['where'] = 'server'): CartAnswer => ({ lines, where });
/** account 1's quantity set goes out */
const setSent = { applyOp: { owner: 1, op: { kind: 'set' } } };
const accountGone = Object.assign(new Error('cart_40901'), { accountGone: true });

export const cartModel = defineModel({
  machine: cartMachine,
  input: { owner: null },
  paths: 'shortest',
  events: {
    'session.changed': [
      { type: 'session.changed', user: { userId: 1 } },
      { type: 'session.changed', user: null },
    ],
    'session.signingIn': [{ type: 'session.signingIn', user: { userId: 1 } }],
    // Within a limit, so the quantities (and so the model's states) stay few.
    'cart.add': [{ type: 'cart.add', line, limit: 2 }],
    'cart.setQuantity': [{ type: 'cart.setQuantity', goodsId: 70, buyNum: 2 }],
    'cart.remove': [{ type: 'cart.remove', goodsIds: [70] }],
    'cart.paid': [{ type: 'cart.paid', lines: [{ goodsId: 70, buyNum: 1 }] }],
    'cart.checkout': [{ type: 'cart.checkout', goodsIds: [70] }],
    'cart.refresh': [{ type: 'cart.refresh' }],
    'cart.retry': [{ type: 'cart.retry' }],
    'cart.notSaved': [{ type: 'cart.notSaved', reason: 'storageFull', lines: [] }],
  },
  invokes: {
    openCart: { done: [answer([line])], error: [new Error('Network Error')] },
    applyOp: { done: [answer([line])], error: [accountGone, new Error('Network Error')] },
  },
  describeContext: (context) =>
    [
      context.owner === null ? 'visitor' : `account ${context.owner}`,
      context.lines.length ? `${context.lines.length} lines` : 'empty',
      context.queue.length ? `${context.queue.length} queued` : '',
      Object.keys(context.parked).length ? `parked for ${Object.keys(context.parked).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(', '),
  journeys: [
    {
      name: 'a visitor adds a game and logs in: the cart is handed to the account, whose cart is then written line by line',
      events: [
        doneEvent('openCart', answer([], 'browser')),
        { type: 'cart.add', line },
        { type: 'cart.add', line },
        { type: 'session.signingIn', user: { userId: 1 } },
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openCart', answer([{ ...line, buyNum: 2 }])),
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 3 },
        { type: 'cart.remove', goodsIds: [70] },
        doneEvent('applyOp', answer([{ ...line, buyNum: 3 }])),
        doneEvent('applyOp', answer([])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, lines: [], confirmed: [], queue: [] },
        someCalls: [
          { applyVisitorOps: { ops: [{ kind: 'set', line: { goodsId: 70, buyNum: 1 } }] } },
          { applyVisitorOps: { ops: [{ kind: 'set', line: { goodsId: 70, buyNum: 2 } }] } },
          { takeVisitorCart: { owner: 1 } },
          { openCart: { owner: 1, parked: [] } },
          { applyOp: { owner: 1, op: { kind: 'set', line: { buyNum: 3 } } } },
          { applyOp: { owner: 1, op: { kind: 'remove', goodsId: 70 } } },
        ],
      },
    },
    {
      name: '去结算 hands over the chosen lines at the prices shown, with how the cart pays; one not in the cart hands over nothing',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openCart', answer([{ ...line, price: 5400 }])),
        { type: 'cart.checkout', goodsIds: [99] },
        { type: 'cart.checkout', goodsIds: [70, 99] },
        { type: 'cart.add', line },
        { type: 'cart.checkout', goodsIds: [70] },
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'cart.checkout', goodsIds: [70] },
      ],
      then: {
        state: 'syncFailed',
        context: { owner: 1, lines: [{ goodsId: 70, buyNum: 2, price: 5400 }] },
        someCalls: [
          { openCart: { owner: 1 } },
          {
            'emit cart.handOff': {
              handOff: { owner: 1, plan: 'oneOrder', lines: [{ goodsId: 70, gameId: 7, buyNum: 1, price: 5400 }] },
            },
          },
          { applyOp: { owner: 1, op: { kind: 'set', line: { buyNum: 2, price: 5400 } } } },
          { 'emit cart.handOff': { handOff: { lines: [{ goodsId: 70, buyNum: 2, price: 5400 }] } } },
          { 'emit cart.handOff': { handOff: { lines: [{ goodsId: 70, buyNum: 2, price: 5400 }] } } },
        ],
      },
    },
    {
      name: 'an expiry under a queued write parks it; the same account logging in again sends it first',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openCart', answer([])),
        { type: 'cart.add', line },
        { type: 'session.changed', user: null },
        doneEvent('openCart', answer([], 'browser')),
        { type: 'session.changed', user: { userId: 2 } },
        doneEvent('openCart', answer([])),
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openCart', answer([line])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, lines: [line], parked: {} },
        someCalls: [
          { applyOp: { owner: 1, op: { kind: 'set' } } },
          { openCart: { owner: null } },
          { openCart: { owner: 2, parked: [] } },
          { openCart: { owner: 1, parked: [{ kind: 'set', line: { goodsId: 70 } }] } },
        ],
      },
    },
    {
      name: 'a write the server refuses for another account waits for its account; a failed write is tried again',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openCart', answer([])),
        { type: 'cart.add', line },
        errorEvent('applyOp', accountGone),
        { type: 'cart.add', line },
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'cart.retry' },
        doneEvent('applyOp', answer([line])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, lines: [line], parked: { 1: [{ kind: 'set', line: { buyNum: 1 } }] } },
        someCalls: [{ applyOp: { owner: 1 } }, { applyOp: { owner: 1 } }, { applyOp: { owner: 1 } }],
      },
    },
    {
      name: 'a paid order takes its quantities out of the cart: a line bought whole leaves it, the rest stays',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent(
          'openCart',
          answer([
            { ...line, buyNum: 3 },
            { ...line, goodsId: 71 },
          ]),
        ),
        {
          type: 'cart.paid',
          lines: [
            { goodsId: 70, buyNum: 1 },
            { goodsId: 71, buyNum: 1 },
            { goodsId: 99, buyNum: 1 },
          ],
        },
        doneEvent(
          'applyOp',
          answer([
            { ...line, buyNum: 2 },
            { ...line, goodsId: 71 },
          ]),
        ),
        { type: 'cart.paid', lines: [{ goodsId: 99, buyNum: 1 }] },
        doneEvent('applyOp', answer([{ ...line, buyNum: 2 }])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, lines: [{ goodsId: 70, buyNum: 2 }], queue: [] },
        someCalls: [
          { applyOp: { op: { kind: 'set', line: { goodsId: 70, buyNum: 2 } } } },
          { applyOp: { op: { kind: 'remove', goodsId: 71 } } },
        ],
      },
    },
    {
      name: 'the same account announced again changes nothing; a cart that could not be read takes writes and is read again',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        { type: 'session.changed', user: { userId: 1 } },
        errorEvent('openCart', new Error('Network Error')),
        { type: 'cart.add', line },
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 0 },
        { type: 'cart.retry' },
        doneEvent('openCart', answer([])),
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'cart.remove', goodsIds: [70] },
        doneEvent('applyOp', answer([line])),
      ],
      then: {
        state: 'syncing',
        context: { owner: 1, queue: [{ kind: 'remove', goodsId: 70 }] },
        someCalls: [
          { openCart: { owner: 1 } },
          { openCart: { owner: 1 } },
          { applyOp: { op: { kind: 'set' } } },
          { applyOp: { op: { kind: 'remove' } } },
        ],
      },
    },
    {
      name: "a visitor's cart that could not be read still takes the visitor's writes, and is read again when another tab changes it",
      events: [
        errorEvent('openCart', new Error('storage unavailable')),
        { type: 'cart.add', line },
        { type: 'cart.refresh' },
        doneEvent('openCart', answer([line], 'browser')),
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 2 },
        { type: 'cart.refresh' },
        doneEvent('openCart', answer([{ ...line, buyNum: 2 }], 'browser')),
        { type: 'cart.checkout', goodsIds: [70] },
      ],
      then: {
        state: 'ready',
        context: { owner: null, lines: [{ goodsId: 70, buyNum: 2 }], where: 'browser' },
        calls: [
          { openCart: { owner: null } },
          { applyVisitorOps: { ops: [{ kind: 'set' }] } },
          { openCart: { owner: null } },
          { applyVisitorOps: { ops: [{ kind: 'set', line: { buyNum: 2 } }] } },
          { openCart: { owner: null } },
          {
            'emit cart.handOff': { handOff: { owner: null, plan: 'afterLogin', lines: [{ goodsId: 70, buyNum: 2 }] } },
          },
        ],
      },
    },
    {
      name: 'a visitor write this browser could not keep leaves the cart as stored and is said',
      events: [
        doneEvent('openCart', answer([], 'browser')),
        { type: 'cart.add', line },
        { type: 'cart.notSaved', reason: 'cartFull', lines: [] },
        { type: 'session.changed', user: { userId: 1 } },
        { type: 'cart.notSaved', reason: 'storageFull', lines: [] },
      ],
      then: {
        state: 'opening',
        context: { owner: 1, lines: [] },
        someCalls: [{ applyVisitorOps: {} }, { notifyNotSaved: { reason: 'cartFull' } }, { openCart: { owner: 1 } }],
      },
    },
    {
      name: 'another account logs in over the first while its cart is read: the first account’s write waits for it',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        { type: 'cart.add', line },
        { type: 'session.changed', user: { userId: 2 } },
        doneEvent('openCart', answer([])),
      ],
      then: {
        state: 'ready',
        context: { owner: 2, lines: [], parked: { 1: [{ kind: 'set', line: { goodsId: 70 } }] } },
        someCalls: [
          { openCart: { owner: 1 } },
          { takeVisitorCart: { owner: 2 } },
          { openCart: { owner: 2, parked: [] } },
        ],
      },
    },
    {
      name: "a visitor's writes are written to this browser in every state: while the cart is read, when it could not be, and once read",
      events: [
        { type: 'cart.add', line },
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 2 },
        errorEvent('openCart', new Error('storage unavailable')),
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 1 },
        { type: 'cart.paid', lines: [{ goodsId: 70, buyNum: 1 }] },
        { type: 'cart.add', line },
        { type: 'cart.remove', goodsIds: [70] },
        { type: 'cart.refresh' },
        doneEvent('openCart', answer([line], 'browser')),
        { type: 'cart.add', line },
        { type: 'cart.paid', lines: [{ goodsId: 70, buyNum: 1 }] },
      ],
      then: {
        state: 'ready',
        context: { owner: null, lines: [], queue: [] },
        calls: [
          { openCart: { owner: null } },
          { applyVisitorOps: { ops: [{ kind: 'set', line: { buyNum: 1 } }] } },
          { applyVisitorOps: { ops: [{ kind: 'set', line: { buyNum: 2 } }] } },
          { applyVisitorOps: { ops: [{ kind: 'set', line: { buyNum: 1 } }] } },
          { applyVisitorOps: { ops: [{ kind: 'remove', goodsId: 70 }] } },
          { applyVisitorOps: { ops: [{ kind: 'set', line: { buyNum: 1 } }] } },
          { applyVisitorOps: { ops: [{ kind: 'remove', goodsId: 70 }] } },
          { openCart: { owner: null } },
          { applyVisitorOps: { ops: [{ kind: 'set', line: { buyNum: 1 } }] } },
          { applyVisitorOps: { ops: [{ kind: 'remove', goodsId: 70 }] } },
        ],
      },
    },
    {
      name: "an account's writes are queued while its cart is read or could not be, and a write after a failed one sends it again",
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        { type: 'session.signingIn', user: { userId: 1 } },
        { type: 'cart.add', line },
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 2 },
        errorEvent('openCart', new Error('Network Error')),
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 1 },
        { type: 'cart.remove', goodsIds: [70] },
        { type: 'cart.add', line },
        { type: 'cart.paid', lines: [{ goodsId: 70, buyNum: 1 }] },
        { type: 'cart.retry' },
        doneEvent('openCart', answer([line])),
        { type: 'cart.add', line },
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 2 },
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'cart.add', line },
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'cart.setQuantity', goodsId: 70, buyNum: 1 },
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'cart.paid', lines: [{ goodsId: 70, buyNum: 1 }] },
      ],
      then: {
        state: 'syncing',
        context: { owner: 1, lines: [] },
        someCalls: [
          { openCart: { owner: 1, parked: [] } },
          { openCart: { owner: 1, parked: [] } },
          { applyOp: { owner: 1, op: { kind: 'set', line: { buyNum: 1 } } } },
          { applyOp: { owner: 1, op: { kind: 'set', line: { buyNum: 1 } } } },
          { applyOp: { owner: 1, op: { kind: 'set', line: { buyNum: 1 } } } },
          { applyOp: { owner: 1, op: { kind: 'set', line: { buyNum: 1 } } } },
        ],
      },
    },
    {
      name: 'the same account announced again under a write sends it again; one an answer for an older token parked goes out at its next announcement',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openCart', answer([])),
        { type: 'cart.add', line },
        { type: 'session.signingIn', user: { userId: 1 } },
        doneEvent('openCart', answer([])),
        errorEvent('applyOp', accountGone),
        { type: 'session.signingIn', user: { userId: 1 } },
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openCart', answer([line])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, lines: [line], queue: [], parked: {} },
        someCalls: [
          { applySetAside: { owner: 1, ops: [{ kind: 'set' }] } },
          setSent,
          { openCart: { owner: 1, parked: [] } },
          setSent,
          ...Array.from({ length: 2 }, () => ({
            openCart: { owner: 1, parked: [{ kind: 'set', line: { goodsId: 70 } }] },
          })),
        ],
      },
    },
    {
      name: 'another tab\u2019s change heard while the cart is read or a write is out: the cart is read again, then the write goes out again',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        { type: 'cart.refresh' },
        doneEvent('openCart', answer([])),
        { type: 'cart.add', line },
        { type: 'cart.refresh' },
        doneEvent('openCart', answer([])),
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'cart.refresh' },
        doneEvent('openCart', answer([line])),
      ],
      then: {
        state: 'syncing',
        context: { owner: 1, lines: [line], queue: [{ kind: 'set', line }] },
        someCalls: [
          { openCart: { owner: 1 } },
          ...Array.from({ length: 3 }, () => [{ openCart: { owner: 1 } }, setSent]).flat(),
        ],
      },
    },
  ],
});
