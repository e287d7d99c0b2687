/**
 * Where the cart machine's carts are kept (machines/cart.machine.ts provides the flow), as the wishlist's are
 * (../wishlist/wishlist-effects.ts): a visitor's in this browser (`cart:visitor`), an account's on the server, and,
 * when the server lacks the extension (it answers as for any unknown call: `isUnsupported`), an account's in this
 * browser too (`cart:account:<userId>`), when checkout pays one order per goods (`checkoutPlan`). At login the
 * visitor's cart moves at once to the account's hand-over slot (`cart:handover:<userId>`, `takeVisitorCart`, in the
 * step that stores the login), merged by the account's cart opening (its share of the login's hand-over, or, when
 * that failed or the page was closed first, at the account's next opening); the visitor's copy is gone the moment
 * the account holds the tab. The merge goes in parts of CART_LINES_MAX, each part leaving the slot once merged.
 *
 * Another tab: a write this page made to an account's cart on the server is marked in storage
 * (`cart:changed:<userId>`), so another tab of the same account reads the cart again (./cart-store.ts,
 * `installCartSync`); a visitor's or a browser-kept cart is itself in storage.
 */
import * as z from 'zod/mini';
import { applyCartOp, goodsOf, type CartAnswer, type CartLine, type CartOp } from '../../../machines/cart.machine';
import {
  CART_LINES_MAX,
  CART_WRONG_ACCOUNT_CODE,
  CartEntrySchema,
  entryOfItem,
  getCart,
  postCartMerge,
  postCartRemove,
  postCartSet,
  unionCartLines,
  type CartItem,
} from '../../api/cart';
import { FenSchema } from '../../api/common';
import { createKeptList } from '../../shared/kept-list';
import { writeText, type StorageLike } from '../../shared/storage';
import { CART_KEYS as KEYS, cartChangedKey, forgetCart, takeVisitorCart } from './cart-keys';

/** The calls the effects make; the app's are the extension's fetchers, tests give their own. */
export interface CartServer {
  list(userId: number): Promise<CartItem[]>;
  set(userId: number, line: { goodsId: number; buyNum: number }): Promise<CartItem[]>;
  remove(userId: number, goodsIds: readonly number[]): Promise<CartItem[]>;
  merge(userId: number, lines: readonly CartLine[]): Promise<CartItem[]>;
}

export const apiCartServer: CartServer = {
  list: (userId) => getCart(userId),
  set: (userId, line) => postCartSet(userId, line),
  remove: (userId, goodsIds) => postCartRemove(userId, goodsIds),
  merge: (userId, lines) => postCartMerge(userId, lines),
};

export const CART_VISITOR_KEY = KEYS.visitor;
/** An account's cart kept in this browser (a server without the extension). */
export const cartAccountKey = KEYS.account;
export { cartChangedKey };

/** A line as this browser keeps it: the entry and the price shown. */
const StoredLineSchema = z.extend(CartEntrySchema, { price: FenSchema });

/** What became of a visitor's writes: kept, refused by storage, or a new line beyond CART_LINES_MAX. */
type VisitorWrite = 'saved' | 'storageFull' | 'cartFull';

/** A server's line as the cart shows it: today's price is the price shown, with the goods' other facts today. */
const lineOfItem = (item: CartItem): CartLine => ({
  ...entryOfItem(item),
  price: item.price,
  today: {
    originalPrice: item.originalPrice,
    lowPrice: item.lowPrice,
    stock: item.stock,
    limitPerOrder: item.limitPerOrder,
  },
});

export interface CartEffects {
  /** `signal`: aborted once the machine stopped waiting (the owner changed): no more writes are made for it. */
  openCart(input: { owner: number | null; parked: readonly CartOp[] }, signal?: AbortSignal): Promise<CartAnswer>;
  applyOp(input: { owner: number; op: CartOp }, signal?: AbortSignal): Promise<CartAnswer>;
  takeVisitorCart(owner: number): void;
  /** An account's write reaches what is set aside for it in this browser: a quantity set or a line removed there too. */
  applySetAside(owner: number, ops: readonly CartOp[]): void;
  applyVisitorOps(ops: readonly CartOp[]): VisitorWrite;
  /** the visitor's cart as stored (another tab may have written it) */
  visitorLines(): CartLine[];
  /** Removes every copy of the account's cart this browser keeps (its logout). */
  forgetAccount(owner: number): void;
}

export function createCartEffects(options: { storage: StorageLike | undefined; server: CartServer }): CartEffects {
  const { storage, server } = options;
  const list = createKeptList({
    storage,
    keys: KEYS,
    entrySchema: StoredLineSchema,
    server,
    writeToServer: (owner, op: CartOp) =>
      op.kind === 'set'
        ? server.set(owner, { goodsId: op.line.goodsId, buyNum: op.line.buyNum })
        : server.remove(owner, [op.goodsId]),
    union: unionCartLines,
    apply: applyCartOp,
    keyOf: (l) => l.goodsId,
    partMax: CART_LINES_MAX,
    visitorMax: CART_LINES_MAX,
    wrongAccountCode: CART_WRONG_ACCOUNT_CODE,
    served: (owner, items: CartItem[]): CartAnswer => {
      writeText(storage, cartChangedKey(owner), String(Date.now()));
      return { lines: items.map(lineOfItem), where: 'server' };
    },
    kept: (lines): CartAnswer => ({ lines, where: 'browser' }),
  });
  const { read } = list;

  return {
    openCart: list.openList,
    applyOp: list.applyOp,
    takeVisitorCart: (owner) => takeVisitorCart(storage, owner),
    applySetAside(owner, ops) {
      for (const op of ops) list.applySetAside(owner, goodsOf(op), op);
    },
    applyVisitorOps(ops) {
      const outcome = list.applyVisitorOps(ops);
      return outcome === 'full' ? 'cartFull' : outcome;
    },
    visitorLines: () => read(CART_VISITOR_KEY),
    forgetAccount: (owner) => forgetCart(storage, owner),
  };
}
