/** Assist: notices and help articles under /nn-assist. Bodies are server HTML. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { EpochMsSchema, IdSchema } from './common';
import { defineEndpoint, emptyList, http } from './http';

export const NoticeWireSchema = z.object({
  title: z.string(),
  /** server HTML; render only through the sanitiser */
  content: z.string(),
  publishTime: EpochMsSchema,
  /** pinned to the top of the list */
  top: z.boolean(),
});
/** A notice as the app sees it: the wire notice plus a sequential id from 1. */
export type Notice = z.infer<typeof NoticeWireSchema> & { id: number };

export const ClassifySchema = z.object({
  classifyId: IdSchema,
  name: z.string(),
  /** `help` for help categories, `agreement` for the legal texts */
  code: z.enum(['help', 'agreement']),
  articleCount: z.int(),
});
export type Classify = z.infer<typeof ClassifySchema>;

export const ArticleSchema = z.object({
  articleId: IdSchema,
  classifyId: IdSchema,
  title: z.string(),
  /** server HTML; render only through the sanitiser */
  content: z.string(),
  updateTime: EpochMsSchema,
});
export type Article = z.infer<typeof ArticleSchema>;

type Opts = { signal?: AbortSignal | undefined };

export const noticeList = defineEndpoint({
  id: 'assist.noticeList',
  method: 'GET',
  path: '/nn-assist/mall/notice/list',
  data: z.array(NoticeWireSchema),
  fallback: emptyList,
  request: 'none',
  response: '`Notice[]`, numbered from 1 by the client',
  uiOnFailure: 'Empty list state',
});
export const articleSearch = defineEndpoint({
  id: 'assist.articleSearch',
  method: 'GET',
  path: '/nn-assist/article/mall/search',
  data: z.array(ArticleSchema),
  request: 'query `keyword`',
  response: '`Article[]`',
  uiOnFailure: 'Error with retry; the keyword stays',
});
export const classifyList = defineEndpoint({
  id: 'assist.classifyList',
  method: 'GET',
  path: '/nn-assist/classify/mall/list',
  data: z.array(ClassifySchema),
  fallback: emptyList,
  request: 'none',
  response: '`Classify[]`',
  uiOnFailure: 'Empty state',
});
export const classifyArticles = defineEndpoint({
  id: 'assist.classifyArticles',
  method: 'GET',
  path: '/nn-assist/classify/mall/article',
  data: z.array(ArticleSchema),
  request: 'query `classifyId`',
  response: '`Article[]`',
  uiOnFailure: 'Error with retry',
});

export async function getNotices(o: Opts = {}): Promise<Notice[]> {
  const list = await http.call(noticeList, { signal: o.signal });
  return list.map((notice, index) => ({ ...notice, id: index + 1 }));
}
export const searchArticles = (keyword: string, o: Opts = {}) =>
  http.call(articleSearch, { query: { keyword }, signal: o.signal });
export const getClassifies = (o: Opts = {}) => http.call(classifyList, { signal: o.signal });
export const getClassifyArticles = (classifyId: number, o: Opts = {}) =>
  http.call(classifyArticles, { query: { classifyId }, signal: o.signal });

export const noticesQueryOptions = () =>
  queryOptions({ queryKey: ['notices'], queryFn: ({ signal }) => getNotices({ signal }) });
export const classifiesQueryOptions = () =>
  queryOptions({ queryKey: ['classifies'], queryFn: ({ signal }) => getClassifies({ signal }) });
export const classifyArticlesQueryOptions = (classifyId: number) =>
  queryOptions({
    queryKey: ['classifyArticles', classifyId],
    queryFn: ({ signal }) => getClassifyArticles(classifyId, { signal }),
  });
export const articleSearchQueryOptions = (keyword: string) =>
  queryOptions({ queryKey: ['articleSearch', keyword], queryFn: ({ signal }) => searchArticles(keyword, { signal }) });
