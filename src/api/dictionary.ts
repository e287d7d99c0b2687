/** Dictionary: configuration items by key, under /common/comm/dict. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { config } from '../shared/env';
import { defineEndpoint, emptyList, http } from './http';

/** @internal */
export const DictItemSchema = z.object({ text: z.string(), value: z.string() });
export type DictItem = z.infer<typeof DictItemSchema>;

/** Keys the storefront reads. */
export const DICT_KEYS = {
  appDownloadUrl: 'mall-app-download-url',
  ocpc: 'leigod_mall_ocpc',
  activityConfig: `${config.product}_activity_config`,
  qqQrcode: 'mall_qq_qrcode',
} as const;

type Opts = { signal?: AbortSignal | undefined };

export const dictItems = defineEndpoint({
  id: 'dictionary.getDictItems',
  method: 'GET',
  path: '/common/comm/dict/getDictItems/{key}',
  data: z.array(DictItemSchema),
  fallback: emptyList,
  request: 'path `key`',
  response: '`{ text, value }[]`',
  uiOnFailure: 'Its entry hidden',
});
export const dictText = defineEndpoint({
  id: 'dictionary.getDictText',
  method: 'GET',
  path: '/common/comm/dict/getDictText/{key}/{item}',
  data: z.string(),
  fallback: () => '',
  request: 'path `key`, `item`',
  response: '`string` (a URL or text)',
  uiOnFailure: 'Its entry hidden',
});

export const getDictItems = (key: string, o: Opts = {}) => http.call(dictItems, { params: { key }, signal: o.signal });
/** @internal */
export const getDictText = (key: string, item: string, o: Opts = {}) =>
  http.call(dictText, { params: { key, item }, signal: o.signal });

export const dictItemsQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['dictItems', key],
    queryFn: ({ signal }) => getDictItems(key, { signal }),
    staleTime: 10 * 60_000,
  });
export const dictTextQueryOptions = (key: string, item: string) =>
  queryOptions({
    queryKey: ['dictText', key, item],
    queryFn: ({ signal }) => getDictText(key, item, { signal }),
    staleTime: 10 * 60_000,
  });
