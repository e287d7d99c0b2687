/**
 * The store's promise about a goods, as the contract carries it: where a key activates, on which store, how
 * it is delivered and how many days after payment its order may be refunded. Goods and order items carry
 * the facts (`activationRegion`, `activationPlatform`, `refundDays`: optional, see `PromiseFields` in
 * ./goods.ts); what a server that leaves one out means is decided here and nowhere else. The simulated
 * backend builds its seed and its user agreement from the same constants, so the terms cannot drift from
 * what the screens say.
 */
import type { ActivationPlatform, Goods, GoodsType } from './goods';
import type { OrderItem } from './orders';
import { DAY_MS } from '../shared/beijing-time';

/** An unredeemed key may be refunded this many days after payment. */
export const KEY_REFUND_DAYS = 7;
/** Top-ups and accelerator memberships are credited to the account at once: not refundable once delivered. */
export const ACCOUNT_REFUND_DAYS = 0;
/** The region of a key whose goods do not name one. */
export const DEFAULT_KEY_REGION = '国区';

interface GoodsPromise {
  /** `cdk`: a code to redeem; `account`: credited to the buyer's game account */
  delivery: 'cdk' | 'account';
  /** the region a key activates in; null for account delivery */
  region: string | null;
  /** the store a key is redeemed in; null when unknown (generic steps) */
  platform: ActivationPlatform | null;
  /** days after payment the order may be refunded; 0 = not once delivered */
  refundDays: number;
}

type PromiseInput = Pick<Goods, 'activationRegion' | 'activationPlatform' | 'refundDays'> &
  ({ type: GoodsType; deliveryType?: Goods['deliveryType'] } | { goodsType: GoodsType });

/** Keys and DLC are codes; top-ups and accelerators go to the account (the goods' `deliveryType` when it has one). */
function deliveryOf(source: PromiseInput): GoodsPromise['delivery'] {
  if ('deliveryType' in source && source.deliveryType) return source.deliveryType;
  const type = 'goodsType' in source ? source.goodsType : source.type;
  return type === 'key' || type === 'dlc' ? 'cdk' : 'account';
}

/** The promise of a goods or of an order item (its snapshot), with the defaults for what the server left out. */
export function goodsPromise(source: PromiseInput): GoodsPromise {
  const delivery = deliveryOf(source);
  const isKey = delivery === 'cdk';
  return {
    delivery,
    region: isKey ? (source.activationRegion ?? DEFAULT_KEY_REGION) : null,
    platform: isKey ? (source.activationPlatform ?? null) : null,
    refundDays: source.refundDays ?? (isKey ? KEY_REFUND_DAYS : ACCOUNT_REFUND_DAYS),
  };
}

/** An order's refund window in days: the shortest of its items' (a bundle is refunded whole or not at all). */
export function orderRefundDays(items: readonly OrderItem[]): number {
  if (items.length === 0) return 0;
  return Math.min(...items.map((item) => goodsPromise(item).refundDays));
}

/** Until when a paid order may be refunded (epoch ms), or null when it was not paid or its goods allow none. */
export function refundDeadline(order: { payTime: number | null; items: readonly OrderItem[] }): number | null {
  const days = orderRefundDays(order.items);
  if (order.payTime === null || days === 0) return null;
  return order.payTime + days * DAY_MS;
}
