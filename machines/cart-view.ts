/**
 * What the screens read of a cart without the cart machine's code (docs/cart.md, "What it costs"): the header's
 * count, how a cart pays, and what 去结算 hands to the pay gate. The machine (./cart.machine.ts) hands over with
 * the same `handOffOf`; the pay sheet after a visitor's login reads it too.
 */

/** What these read of the cart machine's context (`CartContext`, ./cart.machine.ts). */
interface CartView {
  owner: number | null;
  where: 'server' | 'browser';
  lines: readonly { goodsId: number; gameId: number; buyNum: number; price: number }[];
}

/**
 * How 去结算 pays (docs/cart.md): `oneOrder`, one order for every line with one coupon (the server has the cart
 * extension); `orderPerGoods`, one order per line (it has not: said before paying); `afterLogin`, a visitor's,
 * decided once the login has opened the account's cart.
 */
export type CheckoutPlan = 'oneOrder' | 'orderPerGoods' | 'afterLogin';

/**
 * What 去结算 hands to the pay gate: the chosen lines at the prices shown, whose cart they are, and how to pay.
 */
export interface CartHandOff {
  owner: number | null;
  lines: { goodsId: number; gameId: number; buyNum: number; price: number }[];
  plan: CheckoutPlan;
}

/**
 * How the cart of this owner pays (`CheckoutPlan`).
 */
export const checkoutPlan = (context: Pick<CartView, 'owner' | 'where'>): CheckoutPlan =>
  context.owner === null ? 'afterLogin' : context.where === 'server' ? 'oneOrder' : 'orderPerGoods';

/** The chosen lines as 去结算 hands them over, at the prices shown (also read by the pay sheet after a login). */
export function handOffOf(context: CartView, goodsIds: readonly number[]): CartHandOff {
  return {
    owner: context.owner,
    lines: context.lines
      .filter((l) => goodsIds.includes(l.goodsId))
      .map(({ goodsId, gameId, buyNum, price }) => ({ goodsId, gameId, buyNum, price })),
    plan: checkoutPlan(context),
  };
}

/**
 * The lines of an order the shopper was not shown at that price: any is a reason to stop before paying and show
 * the new prices (the combined order refuses them itself; an order per goods, on a server without the extension,
 * is checked with this before its pay sheet).
 * @internal
 */
export const unseenPrices = (
  handOff: Pick<CartHandOff, 'lines'>,
  items: readonly { goodsId: number; price: number }[],
): number[] =>
  items
    .filter((item) => !handOff.lines.some((l) => l.goodsId === item.goodsId && l.price === item.price))
    .map((item) => item.goodsId);

/**
 * The number of goods in the cart as shown (the header's count).
 */
export const cartCount = (context: Pick<CartView, 'lines'>): number =>
  context.lines.reduce((sum, l) => sum + l.buyNum, 0);
