/**
 * React Query options for the buying screens. Every key starts with
 * `orders` (invalidate `['orders']` after anything that changes an order)
 * and carries the user id, so another account logging in on the same page
 * never sees the previous account's rows. Orders change on their own (payment,
 * expiry, refund settling), so they are never considered fresh.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  getOrder,
  getOrderAccount,
  getOrders,
  getPackages,
  getPayChannels,
  OrderStatusSchema,
  type Order,
  type OrderStatus,
} from '../../api/orders';
import { ACCOUNT_SCOPED } from '../../api/account-scope';

export const ORDERS_KEY = ['orders'] as const;
export const ORDER_PAGE_SIZE = 10;

/** The `?status=` of the order list, when it is a known status (anything else lists every order). */
export function orderStatusOf(raw: string | undefined): OrderStatus | undefined {
  const parsed = OrderStatusSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export const orderListQuery = (userId: number, pageNum: number, status: OrderStatus | undefined) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', userId, pageNum, status ?? 'all'],
    queryFn: ({ signal }) => getOrders({ pageNum, pageSize: ORDER_PAGE_SIZE, status }, { signal }),
    staleTime: 0,
    meta: ACCOUNT_SCOPED,
  });

/** Enough pages of 100 (the list's largest page) for any shopper's keys; a longer history shows its newest keys. */
const KEYS_PAGE_SIZE = 100;
const KEYS_MAX_PAGES = 10;

/** 我的激活码: every delivered order that carries codes, newest first, read from the order list page by page. */
export const orderKeysQuery = (userId: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'keys', userId],
    queryFn: async ({ signal }) => {
      const orders: Order[] = [];
      for (let pageNum = 1; pageNum <= KEYS_MAX_PAGES; pageNum += 1) {
        const page = await getOrders({ pageNum, pageSize: KEYS_PAGE_SIZE, status: 'delivered' }, { signal });
        orders.push(...page.list);
        if (page.list.length < KEYS_PAGE_SIZE || orders.length >= page.total) break;
      }
      return orders.filter((order) => order.cdks.length > 0);
    },
    staleTime: 0,
    meta: ACCOUNT_SCOPED,
  });

export const orderDetailQuery = (userId: number, orderId: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', userId, orderId],
    queryFn: ({ signal }) => getOrder(orderId, { signal }),
    staleTime: 0,
    meta: ACCOUNT_SCOPED,
  });

export const orderAccountQuery = (userId: number, orderId: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'account', userId, orderId],
    queryFn: ({ signal }) => getOrderAccount(orderId, { signal }),
    meta: ACCOUNT_SCOPED,
  });

export const packagesQuery = (goodsId: number) =>
  queryOptions({
    queryKey: ['packages', goodsId],
    queryFn: ({ signal }) => getPackages([goodsId], { signal }),
    select: (packages) => packages.filter((item) => item.goodsIds.includes(goodsId)),
  });

export const payChannelsQuery = (amount: number) =>
  queryOptions({
    queryKey: ['payChannels', amount],
    queryFn: ({ signal }) => getPayChannels(amount, { signal }),
  });
