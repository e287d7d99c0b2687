/**
 * The cart (购物车, docs/cart.md): an extension, not in the spec. Four calls in the spec's style (envelope, headers,
 * `token`, errors) that keep an account's cart on the server, each answering the account's whole cart with
 * today's price, stock and limit of every line, so the store never keeps a stale copy after a change. As the
 * wishlist's (./wishlist.ts), every call names the account it is meant for (`userId`): the backend refuses one
 * whose token speaks for another (`cart_40901`), so a write that races a login or a logout never lands on
 * another account's cart.
 *
 * Paying for the cart is the spec's `/nnorder/combine/order/create` (./orders.ts) with two extension fields: each
 * line's `price` (the unit price the shopper saw: another price today is refused, `order_40004`) and `fromCart`
 * (the order's lines leave the cart once it is paid).
 *
 * A server without the extension answers as for any unknown call (`isUnsupported`, one reading in src/api/errors.ts of
 * that answer): the store then keeps the cart in this browser and pays one order per goods
 * (src/features/cart/cart-effects.ts).
 */
import * as z from 'zod/mini';
import { EpochMsSchema, FenSchema, IdSchema } from './common';
import { defineEndpoint, http } from './http';

/**
 * A cart line as the store keeps it: which goods (and of which game, with the names to show it without the
 * server), how many, and the unit price and time when it was added. On an account's cart both are the server's
 * (an add takes its price and time, not the page's).
 */
export const CartEntrySchema = z.object({
  goodsId: IdSchema,
  gameId: IdSchema,
  gameName: z.string(),
  /** the edition (标准版, 豪华版…) or the goods' own name */
  goodsName: z.string(),
  cover: z.string(),
  buyNum: z.int().check(z.positive()),
  /** the goods' unit price when it was added, fen */
  addedPrice: FenSchema,
  addedAt: EpochMsSchema,
});
export type CartEntry = z.infer<typeof CartEntrySchema>;

/**
 * A line of an account's cart as the server answers it: the entry with the goods as it is today.
 * @internal
 */
export const CartItemSchema = z.extend(CartEntrySchema, {
  /** today's unit price, fen */
  price: FenSchema,
  /** the goods' original price, fen */
  originalPrice: FenSchema,
  /** the lowest price of the goods in the last 180 days (the 史低 rule: `isAtHistoricalLow`); null when unknown */
  lowPrice: z.nullable(FenSchema),
  /** units left today; 0 = sold out */
  stock: z.int(),
  limitPerOrder: z.int(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** One line a merge hands over: a visitor's line kept in this browser (the server keeps only a price it could have had). */
type CartMergeEntry = Pick<CartEntry, 'goodsId' | 'buyNum' | 'addedPrice' | 'addedAt'>;

const ListSchema = z.array(CartItemSchema);

export const cartList = defineEndpoint({
  id: 'cart.list',
  method: 'POST',
  path: '/nnorder/mall/cart/list',
  data: ListSchema,
  request: '`{ userId }`; `token` (extension)',
  response:
    "`CartItem[]`, newest first, each line with its added and today's price, 史低, stock and limit; `cart_40901`",
  uiOnFailure: '购物车暂未同步 with 重试; without the call: cart in this browser, one order per goods',
});
export const cartSet = defineEndpoint({
  id: 'cart.set',
  method: 'POST',
  path: '/nnorder/mall/cart/set',
  data: ListSchema,
  request: '`{ userId, goodsId, buyNum }`; `token` (extension)',
  response:
    '`CartItem[]`; quantity capped at `limitPerOrder`; `cart_40001` below 1 or not whole; `goods_40404`; `cart_41301` beyond `CART_LINES_MAX` = 50 lines; `cart_40901`',
  uiOnFailure: "Quantity kept, 购物车暂未同步 with 重试; on expiry the write waits for its account's next login",
});
export const cartRemove = defineEndpoint({
  id: 'cart.remove',
  method: 'POST',
  path: '/nnorder/mall/cart/remove',
  data: ListSchema,
  request: '`{ userId, goodsIds }`; `token` (extension)',
  response: '`CartItem[]`; `cart_40901`',
  uiOnFailure: 'As for a set',
});
export const cartMerge = defineEndpoint({
  id: 'cart.merge',
  method: 'POST',
  path: '/nnorder/mall/cart/merge',
  data: ListSchema,
  request: "`{ userId, entries }` (a visitor's cart at login, at most 50); `token` (extension)",
  response:
    "`CartItem[]`, the union: larger quantity, earlier price and time (a repeat changes nothing); implausible prices or times become the server's now; `cart_41301`; `cart_40901`",
  uiOnFailure: 'The rest stays set aside in this browser, merged at the next opening',
});

/** The most lines a cart holds and a merge carries (extension, not in the spec): `cart_41301` beyond. */
export const CART_LINES_MAX = 50;

/** The answer the backend gives a cart call whose token speaks for another account than the one named. */
export const CART_WRONG_ACCOUNT_CODE = 'cart_40901';

/** The answer `combine/order/create` gives when a line's price is not the one the shopper saw (extension). */
export const PRICE_CHANGED_CODE = 'order_40004';
/** What that answer says (and the pay sheet, when it sees another price first), naming the game and goods. */
export const priceChangedText = (goodsName: string) => `「${goodsName}」的价格已变动，请确认新价格后再结算`;

type Opts = { signal?: AbortSignal | undefined };

export const getCart = (userId: number, o: Opts = {}) => http.call(cartList, { body: { userId }, signal: o.signal });
export const postCartSet = (userId: number, line: { goodsId: number; buyNum: number }, o: Opts = {}) =>
  http.call(cartSet, { body: { userId, goodsId: line.goodsId, buyNum: line.buyNum }, signal: o.signal });
export const postCartRemove = (userId: number, goodsIds: readonly number[], o: Opts = {}) =>
  http.call(cartRemove, { body: { userId, goodsIds }, signal: o.signal });
export const postCartMerge = (userId: number, entries: readonly CartMergeEntry[], o: Opts = {}) =>
  http.call(cartMerge, {
    body: {
      userId,
      entries: entries.map(({ goodsId, buyNum, addedPrice, addedAt }) => ({ goodsId, buyNum, addedPrice, addedAt })),
    },
    signal: o.signal,
  });

/** A line as the cart keeps it with the server's item (today's price is the item's business, not the entry's). */
export const entryOfItem = (item: CartItem): CartEntry => ({
  goodsId: item.goodsId,
  gameId: item.gameId,
  gameName: item.gameName,
  goodsName: item.goodsName,
  cover: item.cover,
  buyNum: item.buyNum,
  addedPrice: item.addedPrice,
  addedAt: item.addedAt,
});

/**
 * The one merge rule of two carts (the server's `cart/merge`, and a cart kept in this browser): a goods in both
 * keeps the larger quantity and the earlier line's price and time when added. The larger rather than the sum, so
 * that a merge sent twice (its answer lost) changes nothing. Newest first.
 */
export function unionCartLines<L extends { goodsId: number; buyNum: number; addedAt: number }>(
  first: readonly L[],
  second: readonly L[],
): L[] {
  const byGoods = new Map<number, L>();
  for (const line of [...first, ...second]) {
    const kept = byGoods.get(line.goodsId);
    if (!kept) byGoods.set(line.goodsId, line);
    else {
      const earlier = line.addedAt < kept.addedAt ? line : kept;
      byGoods.set(line.goodsId, { ...earlier, buyNum: Math.max(line.buyNum, kept.buyNum) });
    }
  }
  return [...byGoods.values()].sort((a, b) => b.addedAt - a.addedAt);
}
