/**
 * Price history (docs/following-prices.md, an extension, not in the spec): a goods' last 180 days of prices as change points
 * and its historical low. A server without the extension answers it as any unknown call; the fallback (`null`)
 * then hides the 价格走势 section, with no error shown.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FenSchema, IdSchema } from './common';
import { defineEndpoint, http } from './http';
import { dateOfDay, saneHistory, storeDayOf, type PriceHistory } from './price-history-rules';

/** The one 史低 rule (./historical-low.ts), beside the call it is about: the wishlist reads it here */
export { isAtHistoricalLow } from './historical-low';
export type { PriceHistory, PricePoint } from './price-history-rules';

const DateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const PricePointSchema = z.object({
  /** YYYY-MM-DD, the calendar day in Asia/Shanghai */
  date: DateSchema,
  /** fen */
  price: FenSchema,
});

/** @internal The shape of a history as the store shows it (what `saneHistory` returns; tests check answers with it). */
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

/**
 * What the call's answer must be to be read at all: its values are read point by point afterwards
 * (`saneHistory`, ./price-history-rules.ts), so one bad point costs that point, not the chart.
 */
const PriceHistoryAnswerSchema = z.object({
  goodsId: IdSchema,
  days: z.number(),
  points: z.array(z.unknown()),
  price: FenSchema,
});

export const priceHistory = defineEndpoint({
  id: 'price-history.get',
  method: 'POST',
  path: '/sgame/mall/goods/priceHistory',
  data: z.nullable(PriceHistoryAnswerSchema),
  fallback: () => null,
  request: '`{ goodsId }` (extension)',
  response: '`{ goodsId, days, points, low, price }`: 180 days (UTC+8) of change points, oldest first; `goods_40404`',
  uiOnFailure: '价格走势 absent',
});

type Opts = { signal?: AbortSignal | undefined };

/** @internal The goods' history as the store shows it (null: none, or nothing of the answer can be trusted). */
export const getPriceHistory = async (goodsId: number, o: Opts = {}): Promise<PriceHistory | null> => {
  const answer = await http.call(priceHistory, { body: { goodsId }, signal: o.signal });
  return answer && saneHistory(answer, { goodsId, today: dateOfDay(storeDayOf(Date.now())) });
};

export const priceHistoryQueryOptions = (goodsId: number) =>
  queryOptions({ queryKey: ['priceHistory', goodsId], queryFn: ({ signal }) => getPriceHistory(goodsId, { signal }) });
