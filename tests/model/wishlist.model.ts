/**
 * Model of the wishlist machine. One game (id 7) is enough for the flow: who owns the list (the visitor,
 * account 1, account 2), what is queued and what waits for an account. The lists the effects answer are
 * fixed (the properties, tests/properties/wishlist.test.ts, check what they hold over interleavings).
 * Shortest paths only, and one account (a second one is in the journeys): writes queued and parked per owner
 * make the paths grow too fast.
 */
import { wishlistMachine, type WishlistAnswer } from '../../machines/wishlist.machine';
import { defineModel, doneEvent, errorEvent } from '../support/model';

const entry = { gameId: 7, addedPrice: 6800, addedAt: 1 };
const answer = (entries: WishlistAnswer['entries']): WishlistAnswer => ({ entries, items: null, where: 'server' });
const accountGone = Object.assign(new Error('wishlist_40901'), { accountGone: true });

export const wishlistModel = defineModel({
  machine: wishlistMachine,
  input: { owner: null },
  paths: 'shortest',
  events: {
    'session.changed': [
      { type: 'session.changed', user: { userId: 1 } },
      { type: 'session.changed', user: null },
    ],
    'wishlist.add': [{ type: 'wishlist.add', entry }],
    'wishlist.remove': [{ type: 'wishlist.remove', gameId: 7 }],
    'wishlist.refresh': [{ type: 'wishlist.refresh' }],
    'wishlist.retry': [{ type: 'wishlist.retry' }],
    'session.signingIn': [{ type: 'session.signingIn', user: { userId: 1 } }],
    'wishlist.notSaved': [{ type: 'wishlist.notSaved', gameId: 7, reason: 'storageFull', entries: [] }],
  },
  invokes: {
    openList: { done: [answer([])], error: [new Error('Network Error')] },
    applyOp: { done: [answer([entry])], error: [accountGone, new Error('Network Error')] },
  },
  describeContext: (context) =>
    [
      context.owner === null ? 'visitor' : `account ${context.owner}`,
      context.entries.length ? `${context.entries.length} shown` : 'none shown',
      context.queue.length ? `${context.queue.length} queued` : '',
      Object.keys(context.parked).length ? `parked for ${Object.keys(context.parked).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(', '),
  journeys: [
    {
      name: 'a login being stored makes the list the account\u2019s at once; its announcement after signing in changes nothing',
      events: [
        { type: 'session.signingIn', user: { userId: 1 } },
        { type: 'session.signingIn', user: { userId: 1 } },
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openList', answer([entry])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, entries: [entry], queue: [] },
        someCalls: [
          { openList: { owner: null } },
          { takeVisitorList: { owner: 1 } },
          { openList: { owner: 1, parked: [] } },
        ],
      },
    },
    {
      name: 'a visitor add this browser could not keep is taken back off the list, even one made while the list is read',
      events: [
        { type: 'wishlist.add', entry },
        { type: 'wishlist.notSaved', gameId: 7, reason: 'storageFull', entries: [] },
        doneEvent('openList', answer([])),
        { type: 'wishlist.add', entry },
        { type: 'wishlist.notSaved', gameId: 7, reason: 'listFull', entries: [] },
        { type: 'session.changed', user: { userId: 1 } },
        { type: 'wishlist.notSaved', gameId: 7, reason: 'storageFull', entries: [] },
      ],
      then: {
        state: 'opening',
        context: { owner: 1, entries: [], queue: [] },
        someCalls: [
          { applyVisitorOp: { op: { kind: 'add' } } },
          { notifyNotSaved: { reason: 'storageFull' } },
          { applyVisitorOp: { op: { kind: 'add' } } },
          { notifyNotSaved: { reason: 'listFull' } },
          { openList: { owner: 1 } },
        ],
      },
    },
    {
      name: 'a visitor adds, logs in: the list is handed to the account, then a write goes out and is answered',
      events: [
        doneEvent('openList', answer([])),
        { type: 'wishlist.add', entry },
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openList', answer([entry])),
        { type: 'wishlist.remove', gameId: 7 },
        { type: 'wishlist.add', entry },
        doneEvent('applyOp', answer([])),
        doneEvent('applyOp', answer([entry])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, entries: [entry], confirmed: [entry], queue: [] },
        someCalls: [
          { applyVisitorOp: { op: { kind: 'add' } } },
          { takeVisitorList: { owner: 1 } },
          { openList: { owner: 1 } },
          { applyOp: { owner: 1, op: { kind: 'remove', gameId: 7 } } },
          { applyOp: { owner: 1, op: { kind: 'add' } } },
        ],
      },
    },
    {
      name: 'an expiry under a queued write parks it; the same account logging in again replays it first',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openList', answer([])),
        { type: 'wishlist.add', entry },
        { type: 'session.changed', user: null },
        doneEvent('openList', answer([])),
        { type: 'session.changed', user: { userId: 2 } },
        doneEvent('openList', answer([])),
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openList', answer([entry])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, entries: [entry], parked: {} },
        someCalls: [
          { applyOp: { owner: 1, op: { kind: 'add' } } },
          { openList: { owner: null } },
          { openList: { owner: 2, parked: [] } },
          { openList: { owner: 1, parked: [{ kind: 'add', entry }] } },
        ],
      },
    },
    {
      name: 'a write the server refuses for another account waits for its account; a failed write is tried again',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openList', answer([])),
        { type: 'wishlist.add', entry },
        errorEvent('applyOp', accountGone),
        { type: 'wishlist.add', entry },
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'wishlist.retry' },
        doneEvent('applyOp', answer([entry])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, entries: [entry], parked: { 1: [{ kind: 'add', entry }] } },
        someCalls: [{ applyOp: { owner: 1 } }, { applyOp: { owner: 1 } }, { applyOp: { owner: 1 } }],
      },
    },
    {
      name: 'the same account announced again changes nothing; a list that could not be read takes writes and is read again',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        { type: 'session.changed', user: { userId: 1 } },
        errorEvent('openList', new Error('Network Error')),
        { type: 'wishlist.add', entry },
        { type: 'wishlist.remove', gameId: 7 },
        { type: 'wishlist.retry' },
        doneEvent('openList', answer([])),
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'wishlist.remove', gameId: 7 },
        doneEvent('applyOp', answer([])),
      ],
      then: {
        state: 'syncing',
        context: { owner: 1, queue: [{ kind: 'remove', gameId: 7 }] },
        someCalls: [
          { openList: { owner: 1 } },
          { openList: { owner: 1 } },
          { applyOp: { op: { kind: 'add' } } },
          { applyOp: { op: { kind: 'remove' } } },
        ],
      },
    },
    {
      name: "a visitor's list that could not be read still takes the visitor's writes, and is read again",
      events: [
        errorEvent('openList', new Error('storage unavailable')),
        { type: 'wishlist.add', entry },
        { type: 'wishlist.remove', gameId: 7 },
        { type: 'wishlist.refresh' },
        doneEvent('openList', answer([entry])),
        { type: 'wishlist.remove', gameId: 7 },
        { type: 'wishlist.remove', gameId: 7 },
      ],
      then: {
        state: 'ready',
        context: { owner: null, entries: [] },
        calls: [
          { openList: { owner: null } },
          { applyVisitorOp: { op: { kind: 'add' } } },
          { applyVisitorOp: { op: { kind: 'remove' } } },
          { openList: { owner: null } },
          { applyVisitorOp: { op: { kind: 'remove' } } },
          { applyVisitorOp: { op: { kind: 'remove' } } },
        ],
      },
    },
    {
      name: 'a write after a failed one goes out with it',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openList', answer([])),
        { type: 'wishlist.add', entry },
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'wishlist.add', entry },
        doneEvent('applyOp', answer([entry])),
      ],
      then: {
        state: 'syncing',
        context: { owner: 1, entries: [entry], queue: [{ kind: 'add', entry }] },
        someCalls: [{ applyOp: { owner: 1 } }, { applyOp: { owner: 1 } }],
      },
    },
    {
      name: 'the visitor logs in while a list is read; another account logs in over the first',
      events: [
        { type: 'wishlist.add', entry },
        { type: 'session.changed', user: { userId: 1 } },
        { type: 'wishlist.add', entry },
        { type: 'session.changed', user: { userId: 2 } },
        doneEvent('openList', answer([])),
      ],
      then: {
        state: 'ready',
        context: { owner: 2, entries: [], parked: { 1: [{ kind: 'add', entry }] } },
        someCalls: [
          { applyVisitorOp: { op: { kind: 'add' } } },
          { openList: { owner: 1 } },
          { takeVisitorList: { owner: 2 } },
          { openList: { owner: 2, parked: [] } },
        ],
      },
    },
    {
      name: 'the same account announced again under a write sends it again; one an older session parked goes out with the next opening',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openList', answer([])),
        { type: 'wishlist.add', entry },
        { type: 'session.signingIn', user: { userId: 1 } },
        doneEvent('openList', answer([])),
        errorEvent('applyOp', accountGone),
        { type: 'session.signingIn', user: { userId: 1 } },
        { type: 'session.changed', user: { userId: 1 } },
        doneEvent('openList', answer([entry])),
      ],
      then: {
        state: 'ready',
        context: { owner: 1, entries: [entry], queue: [], parked: {} },
        someCalls: [
          { applySetAside: { owner: 1, op: { kind: 'add' } } },
          { applyOp: { owner: 1, op: { kind: 'add' } } },
          { openList: { owner: 1, parked: [] } },
          { applyOp: { owner: 1, op: { kind: 'add' } } },
          { openList: { owner: 1, parked: [{ kind: 'add', entry }] } },
          { openList: { owner: 1, parked: [{ kind: 'add', entry }] } },
        ],
      },
    },
    {
      name: 'another tab\u2019s change heard while the list is read or a write is out: the list is read again, then the write goes out again',
      events: [
        { type: 'session.changed', user: { userId: 1 } },
        { type: 'wishlist.refresh' },
        doneEvent('openList', answer([])),
        { type: 'wishlist.add', entry },
        { type: 'wishlist.refresh' },
        doneEvent('openList', answer([])),
        errorEvent('applyOp', new Error('Network Error')),
        { type: 'wishlist.refresh' },
        doneEvent('openList', answer([entry])),
      ],
      then: {
        state: 'syncing',
        context: { owner: 1, entries: [entry], queue: [{ kind: 'add', entry }] },
        someCalls: [
          { openList: { owner: 1 } },
          { openList: { owner: 1 } },
          { applyOp: { owner: 1, op: { kind: 'add' } } },
          { openList: { owner: 1 } },
          { applyOp: { owner: 1, op: { kind: 'add' } } },
          { openList: { owner: 1 } },
          { applyOp: { owner: 1, op: { kind: 'add' } } },
        ],
      },
    },
  ],
});
