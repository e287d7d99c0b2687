/**
 * Price history (issue 34, an extension, not in the spec): a goods' last 180 days of prices as change points
 * and its historical low. A server without the extension answers it as any unknown call; the fallback (`null`)
 * then hides the 价格走势 section, with no error shown.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FenSchema, IdSchema } from './common';
import { defineEndpoint, http } from './http';

/** The one 史低 rule (./historical-low.ts), beside the call it is about: the wishlist reads it here */
export { isAtHistoricalLow } from './historical-low';

const DateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const PricePointSchema = z.object({
  /** YYYY-MM-DD, the calendar day in Asia/Shanghai */
  date: DateSchema,
  /** fen */
  price: FenSchema,
});
export type PricePoint = z.infer<typeof PricePointSchema>;

/** @internal */
export const PriceHistorySchema = z.object({
  goodsId: IdSchema,
  /** how many days the history covers, today included (180) */
  days: z.int().check(z.positive()),
  /** change points, oldest first: the window's first day, then each change; the last is today's price */
  points: z.array(PricePointSchema).check(z.minLength(1)),
  /** the lowest price of those days, with the latest day it started at that price */
  low: PricePointSchema,
  /** today's price, fen (the last point's) */
  price: FenSchema,
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;

export const priceHistory = defineEndpoint({
  id: 'price-history.get', method: 'POST', path: '/sgame/mall/goods/priceHistory',
  data: z.nullable(PriceHistorySchema), fallback: () => null,
  request: '`{ goodsId }` (extension, not in the spec)',
  response: '`{ goodsId, days, points: { date, price }[], low: { date, price }, price }`: the last 180 days (UTC+8 dates) as change points, oldest first, the last one today\u2019s price; business code `goods_40404` when unknown',
  uiOnFailure: '价格走势 section absent (a server without the extension, or any failure)',
});

type Opts = { signal?: AbortSignal | undefined };

/** @internal */
export const getPriceHistory = (goodsId: number, o: Opts = {}) => http.call(priceHistory, { body: { goodsId }, signal: o.signal });

export const priceHistoryQueryOptions = (goodsId: number) =>
  queryOptions({ queryKey: ['priceHistory', goodsId], queryFn: ({ signal }) => getPriceHistory(goodsId, { signal }) });
