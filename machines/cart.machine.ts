/**
 * The cart (购物车, docs/cart.md): whose cart the page shows, how adds, quantities and removals reach
 * it, and what 去结算 hands to the pay gate. A child of the root actor (`systemId: 'cart'`), built as
 * the wishlist is; a visitor's cart is kept in this browser and handed to the account in the login
 * (decision 0035: `takeVisitorCart`).
 *
 * Invariants (tests/properties/cart.test.ts, over interleavings): a write reaches only the cart of its `owner` when
 * made: an account change parks its unanswered writes (`parked`) until that account holds the tab again, and they go
 * out first (the same account announced again resends those not yet answered); an account's write also reaches what
 * is set aside for it and not merged yet (`applySetAside`); another tab's change (`cart.refresh`) heard while the
 * cart is read or a write is out reads it again; writes are absolute (a quantity, or a removal), so a repeat changes
 * nothing; an account change empties the cart before the next opens; a line's `price` is the unit price the shopper
 * was shown, and `cart.handOff` hands exactly those (the order refuses another, `order_40004`).
 *
 * Not here: where carts are kept (`openCart`, `applyOp`), the visitor's storage (`takeVisitorCart`,
 * `applyVisitorOps`), the pay gate and the page (src/features/cart).
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { CartEntry } from '../src/api/cart';
import { accountChanges, listGuards, loginChange, parkedFor, queuedAfter, unparked } from './parked-writes';
import { handOffOf, type CartHandOff } from './cart-view';

export type { CheckoutPlan } from './cart-view';

/** A line as the cart shows it: the entry and the unit price the shopper is shown now, fen. */
export interface CartLine extends CartEntry {
  price: number;
  /** the goods today as the server's cart answered it; absent until it did, and in a cart kept in this browser */
  today?: CartGoodsToday;
}

/** What the server's cart says of a line's goods today (the /cart page's marks: discount, 史低, stock, limit). */
export interface CartGoodsToday {
  originalPrice: number;
  lowPrice: number | null;
  stock: number;
  limitPerOrder: number;
}

/** A shopper's write: a line with its quantity (a new line, or another quantity), or a line removed. */
export type CartOp = { kind: 'set'; line: CartLine } | { kind: 'remove'; goodsId: number };

/** What opening a cart or applying a write answers: the owner's whole cart. */
export interface CartAnswer {
  lines: CartLine[];
  /** where the owner's cart is kept: `browser` for a visitor, or for an account when the server lacks the extension */
  where: 'server' | 'browser';
}

/** The cart as the machine keeps it. */
interface CartContext {
  /** whose cart this is: an account's user id, or null for the visitor's cart in this browser */
  owner: number | null;
  /** the cart as shown: the last answer with the writes not yet answered applied */
  lines: CartLine[];
  /** the last answer */
  confirmed: CartLine[];
  where: 'server' | 'browser';
  /** the owner's writes not yet answered, oldest first (the first is in flight while `syncing`) */
  queue: CartOp[];
  /** by user id: an account's writes not yet answered when it stopped holding the tab */
  parked: Record<string, CartOp[]>;
}

/** What the machine needs of `session.changed` and `session.signingIn` (the session's own events satisfy it). */
type SessionChange =
  | { type: 'session.changed'; user: { userId: number } | null }
  | { type: 'session.signingIn'; user: { userId: number } };

/** The cart's events that come from the page (the app machine forwards `cart.*` to this child). */
export type CartUiEvent =
  /** 加入购物车: `buyNum` more of the goods (a new line takes the page's price as the one shown), within `limit` */
  | { type: 'cart.add'; line: CartLine; limit?: number }
  /** the line's stepper */
  | { type: 'cart.setQuantity'; goodsId: number; buyNum: number }
  /** 移除 (and 撤销 is a `cart.add` of the line removed) */
  | { type: 'cart.remove'; goodsIds: number[] }
  /** an order of these lines was paid: its quantities leave the cart (unpaid lines stay) */
  | { type: 'cart.paid'; lines: { goodsId: number; buyNum: number }[] }
  /** 去结算 (N): the chosen lines go to the pay gate */
  | { type: 'cart.checkout'; goodsIds: number[] }
  /** another tab changed the cart, or a price changed (the order said so): read it again */
  | { type: 'cart.refresh' }
  /** try again after a failed load or write */
  | { type: 'cart.retry' }
  /** this browser did not keep a visitor's write (`lines`: the cart as it stays stored) */
  | { type: 'cart.notSaved'; reason: CartNotSavedReason; lines: CartLine[] };

/** Why a visitor's write was not kept: storage refused it, or a new line beyond the cart's bound. */
export type CartNotSavedReason = 'storageFull' | 'cartFull';

type CartEvent = SessionChange | CartUiEvent;

/**
 * The cart's announcement for the pay gate (`actor.on('cart.handOff', …)`).
 * @internal
 */
export interface CartHandOffEvent {
  type: 'cart.handOff';
  handOff: CartHandOff;
}

/** A cart with one write applied: a new line first, another quantity in place, a removal gone. */
export function applyCartOp(lines: readonly CartLine[], op: CartOp): CartLine[] {
  if (op.kind === 'remove') return lines.filter((l) => l.goodsId !== op.goodsId);
  const kept = lines.find((l) => l.goodsId === op.line.goodsId);
  if (!kept) return [op.line, ...lines];
  return lines.map((l) => (l === kept ? { ...kept, buyNum: op.line.buyNum } : l));
}

/** The goods a write is about. */
export const goodsOf = (op: CartOp) => (op.kind === 'set' ? op.line.goodsId : op.goodsId);

/**
 * Writes with the same end as `ops`: the last per goods (each is absolute), in the order of those last writes.
 * @internal
 */
export function compactCartOps(ops: readonly CartOp[]): CartOp[] {
  const last = new Map<number, CartOp>();
  for (const op of ops) {
    last.delete(goodsOf(op));
    last.set(goodsOf(op), op);
  }
  return [...last.values()];
}

/** The queue with more writes; the first, which may be in flight, stays as it is. */
const queued = (queue: readonly CartOp[], ops: readonly CartOp[]): CartOp[] => queuedAfter(queue, ops, compactCartOps);

const applyAll = (lines: readonly CartLine[], ops: readonly CartOp[]) =>
  ops.reduce<CartLine[]>(applyCartOp, [...lines]);

/**
 * The writes a page event makes of the cart as shown.
 * @internal
 */
export function opsOf(lines: readonly CartLine[], event: CartEvent): CartOp[] {
  const line = (goodsId: number) => lines.find((l) => l.goodsId === goodsId);
  switch (event.type) {
    case 'cart.add': {
      const kept = line(event.line.goodsId);
      const wanted = (kept?.buyNum ?? 0) + event.line.buyNum;
      const buyNum = Math.max(1, Math.min(wanted, event.limit ?? wanted));
      return [{ kind: 'set', line: kept ? { ...kept, buyNum } : { ...event.line, buyNum } }];
    }
    case 'cart.setQuantity': {
      const kept = line(event.goodsId);
      return kept && event.buyNum >= 1 ? [{ kind: 'set', line: { ...kept, buyNum: Math.floor(event.buyNum) } }] : [];
    }
    case 'cart.remove':
      return event.goodsIds.filter((id) => line(id)).map((goodsId) => ({ kind: 'remove', goodsId }));
    case 'cart.paid':
      return event.lines.flatMap(({ goodsId, buyNum }): CartOp[] => {
        const kept = line(goodsId);
        if (!kept) return [];
        return kept.buyNum > buyNum
          ? [{ kind: 'set', line: { ...kept, buyNum: kept.buyNum - buyNum } }]
          : [{ kind: 'remove', goodsId }];
      });
    default:
      return [];
  }
}

const NOT_PROVIDED = (name: string) => () => {
  throw new Error(`${name} is supplied by the app through cartMachine.provide()`);
};

const cartSetup = setup({
  types: {} as {
    context: CartContext;
    events: CartEvent;
    input: { owner: number | null };
    emitted: CartHandOffEvent;
    tags: 'cart:loading' | 'cart:failed';
  },
  actors: {
    /** The owner's cart: the visitor's from this browser; an account's after its parked writes and the visitor's cart handed to it. */
    openCart: fromPromise<CartAnswer, { owner: number | null; parked: readonly CartOp[] }>(async () =>
      NOT_PROVIDED('openCart')(),
    ),
    /** One write to an account's cart. */
    applyOp: fromPromise<CartAnswer, { owner: number; op: CartOp }>(async () => NOT_PROVIDED('applyOp')()),
  },
  actions: {
    /** The app moves the visitor's cart in this browser to the account's hand-over slot (merged by its next `openCart`). */
    takeVisitorCart: (_, _params: { owner: number }) => {},
    /** At start with an account: the visitor's cart in this browser is handed to it, as at a login. */
    adoptVisitorCart: enqueueActions(({ context, enqueue }) => {
      // (Cast: an action named inside its own setup() is not typed yet.)
      if (context.owner !== null) enqueue({ type: 'takeVisitorCart', params: { owner: context.owner } } as never);
    }),
    /**
     * An account's writes also reach what this browser set aside for it and has not merged yet (a visitor's cart
     * handed to it at a login whose opening did not finish): a quantity set or a line removed there too, so that
     * merge (the larger quantity per goods), which may come after the writes are sent, does not undo them.
     */
    applySetAside: (_, _params: { owner: number; ops: CartOp[] }) => {},
    /** The app writes a visitor's writes to the cart in this browser; one it did not keep comes back as `cart.notSaved`. */
    applyVisitorOps: (_, _params: { ops: CartOp[] }) => {},
    /** The shopper hears that the cart was not saved in this browser. */
    notifyNotSaved: (_, _params: { reason: CartNotSavedReason }) => {},
    /** A visitor's write this browser did not keep: the cart shows what is stored. */
    showStored: assign((_, params: { lines: CartLine[] }) => ({ lines: params.lines, queue: [] })),
    /** Writes, shown at once and queued for the owner's cart. */
    queueOps: assign(({ context }, params: { ops: CartOp[] }) => ({
      queue: queued(context.queue, params.ops),
      lines: applyAll(context.lines, params.ops),
    })),
    /** A visitor's writes, shown at once (the app has written them); remembered while the cart is read, to apply to what is read. */
    showVisitorOps: assign(({ context }, params: { ops: CartOp[]; remember: boolean }) => ({
      lines: applyAll(context.lines, params.ops),
      queue: params.remember ? queued(context.queue, params.ops) : context.queue,
    })),
    /** Another owner holds the tab: the previous account's unanswered writes wait for it, and nothing of it stays on screen. */
    changeOwner: assign(({ context }, params: { owner: number | null }) => {
      const parked =
        context.owner !== null && context.queue.length > 0
          ? parkedFor(context.parked, context.owner, context.queue, compactCartOps)
          : context.parked;
      return { owner: params.owner, parked, queue: [], lines: [], confirmed: [], where: 'server' as const };
    }),
    /** The opened cart, with the writes made meanwhile applied (a visitor's are already written). */
    takeOpened: assign(({ context }, params: { answer: CartAnswer }) => {
      const parked = unparked(context.parked, context.owner);
      return {
        confirmed: params.answer.lines,
        where: params.answer.where,
        lines: applyAll(params.answer.lines, context.queue),
        queue: context.owner === null ? [] : context.queue,
        parked,
      };
    }),
    /** The first queued write was answered. */
    takeAnswer: assign(({ context }, params: { answer: CartAnswer }) => {
      const queue = context.queue.slice(1);
      return {
        confirmed: params.answer.lines,
        where: params.answer.where,
        queue,
        lines: applyAll(params.answer.lines, queue),
      };
    }),
    /** The account lost the session under a write: its writes wait for its next login; the last answer is shown. */
    parkQueue: assign(({ context }) => {
      if (context.owner === null) return {};
      return {
        parked: parkedFor(context.parked, context.owner, context.queue, compactCartOps),
        queue: [],
        lines: context.confirmed,
      };
    }),
    /** 去结算: the chosen lines, at the prices shown, go to whoever listens for the pay gate. */
    handOff: emit(({ context, event }) => ({
      type: 'cart.handOff' as const,
      handOff: handOffOf(context, event.type === 'cart.checkout' ? event.goodsIds : []),
    })),
  },
  guards: {
    ...listGuards,
    /** The event changes something of the cart as shown. */
    makesWrites: ({ context, event }) => opsOf(context.lines, event).length > 0,
    /** 去结算 names at least one line of the cart as shown. */
    hasChosenLines: ({ context, event }) =>
      event.type === 'cart.checkout' && context.lines.some((l) => event.goodsIds.includes(l.goodsId)),
  },
});

type Ctx = { context: CartContext; event: CartEvent };
/** The page event's writes go to the queue (and are shown at once), and reach what is set aside for the account. */
const QUEUE_OPS = [
  // First: the writes are made of the cart as shown before they are.
  {
    type: 'applySetAside',
    params: ({ context, event }: Ctx) => ({ owner: context.owner ?? 0, ops: opsOf(context.lines, event) }),
  },
  { type: 'queueOps', params: ({ context, event }: Ctx) => ({ ops: opsOf(context.lines, event) }) },
] as const;
/** A visitor's writes are written to this browser at once (and remembered, to apply to the cart being read). */
const visitorWrite = (remember: boolean) =>
  [
    { type: 'applyVisitorOps', params: ({ context, event }: Ctx) => ({ ops: opsOf(context.lines, event) }) },
    { type: 'showVisitorOps', params: ({ context, event }: Ctx) => ({ ops: opsOf(context.lines, event), remember }) },
  ] as const;
/** While a cart is read (or could not be): a visitor's write is written, an account's queued. */
const WRITE_WHILE_OPENING = [
  { guard: 'isVisitor', actions: visitorWrite(true) },
  { guard: 'makesWrites', actions: QUEUE_OPS },
] as const;
/** On a read cart: a visitor's write is written, an account's goes out. */
const WRITE_WHEN_READY = [
  { guard: 'isVisitor', actions: visitorWrite(false) },
  { guard: 'makesWrites', target: 'syncing', actions: QUEUE_OPS },
] as const;
const WRITES = ['cart.add', 'cart.setQuantity', 'cart.remove', 'cart.paid'] as const;
const on = <T>(transition: T) =>
  Object.fromEntries(WRITES.map((type) => [type, transition])) as Record<(typeof WRITES)[number], T>;
const CHECKOUT = { 'cart.checkout': { guard: 'hasChosenLines', actions: 'handOff' } } as const;

export const cartMachine = cartSetup.createMachine({
  id: 'cart',
  context: ({ input }) => ({ owner: input.owner, lines: [], confirmed: [], where: 'server', queue: [], parked: {} }),
  // A page that starts with an account (a reload in the middle of a login) takes what a visitor left meanwhile.
  entry: { type: 'adoptVisitorCart' },
  initial: 'opening',
  on: {
    'cart.notSaved': {
      guard: 'isVisitor',
      actions: [
        { type: 'showStored', params: ({ event }) => ({ lines: event.lines }) },
        { type: 'notifyNotSaved', params: ({ event }) => ({ reason: event.reason }) },
      ],
    },
    ...accountChanges(loginChange('takeVisitorCart')),
  },
  states: {
    opening: {
      tags: ['cart:loading'],
      invoke: {
        id: 'openCart',
        src: 'openCart',
        input: ({ context }) => ({
          owner: context.owner,
          parked: context.owner === null ? [] : (context.parked[context.owner] ?? []),
        }),
        onDone: [
          {
            guard: 'hasQueue',
            target: 'syncing',
            actions: { type: 'takeOpened', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'ready', actions: { type: 'takeOpened', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: 'openFailed',
      },
      // Another tab's change may have come after the cart was read: it is read again.
      on: { ...on(WRITE_WHILE_OPENING), 'cart.refresh': { target: 'opening', reenter: true } },
    },
    ready: {
      on: { ...on(WRITE_WHEN_READY), ...CHECKOUT, 'cart.refresh': 'opening' },
    },
    syncing: {
      invoke: {
        id: 'applyOp',
        src: 'applyOp',
        input: ({ context }) => ({ owner: context.owner ?? 0, op: context.queue[0]! }),
        onDone: [
          {
            guard: 'hasMoreQueued',
            target: 'syncing',
            reenter: true,
            actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'ready', actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'isAccountGone', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: 'parkQueue',
          },
          { target: 'syncFailed' },
        ],
      },
      // Another tab's change may come after the answer to this write: the cart is read again, then the writes not
      // yet answered go out again (each is absolute: a repeat changes nothing).
      on: { ...on({ guard: 'makesWrites', actions: QUEUE_OPS }), ...CHECKOUT, 'cart.refresh': 'opening' },
    },
    syncFailed: {
      tags: ['cart:failed'],
      on: {
        ...on({ guard: 'makesWrites', target: 'syncing', actions: QUEUE_OPS }),
        ...CHECKOUT,
        'cart.retry': 'syncing',
        'cart.refresh': 'opening',
      },
    },
    openFailed: {
      tags: ['cart:failed'],
      on: { ...on(WRITE_WHILE_OPENING), 'cart.retry': 'opening', 'cart.refresh': 'opening' },
    },
  },
});
