/** Games: catalogue browsing under /sgame. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { EpochMsSchema, FenSchema, IdSchema, PlatformSchema, pageOf, type Platform } from './common';
import { defineEndpoint, emptyList, http } from './http';

export const GameCardSchema = z.object({
  gameId: IdSchema,
  name: z.string(),
  /** cover image URL (3:4) */
  cover: z.string(),
  /** square icon URL */
  icon: z.string(),
  tags: z.array(z.string()),
  platforms: z.array(PlatformSchema),
  labelIds: z.array(IdSchema),
  /** the from price (¥x起), fen: the cheapest edition, DLC and accelerators left out (`fromPrice`, ./from-price.ts) */
  minPrice: FenSchema,
  /** original price of that same goods, fen (so the card's discount is that goods' discount) */
  originalPrice: FenSchema,
  /** release date, epoch ms */
  releaseDate: EpochMsSchema,
  /** review score 0–10, one decimal */
  score: z.number(),
  sales: z.int(),
  /**
   * Extension (docs/following-prices.md), not in the spec: the historical low (last 180 days) of the from-price goods, fen; the
   * card's 史低 mark is `isAtHistoricalLow(minPrice, historicalLow)`. A server without it (or a bad value): no mark.
   */
  historicalLow: z.catch(z.optional(FenSchema), undefined),
});
export type GameCard = z.infer<typeof GameCardSchema>;

/** @internal */
export const BannerSchema = z.object({
  bannerId: IdSchema,
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  /** in-app path (`/gameDetail/12`) or absolute URL */
  link: z.string(),
  bannerSite: z.int(),
});
export type Banner = z.infer<typeof BannerSchema>;

const PlateSchema = z.object({
  plateId: IdSchema,
  name: z.string(),
  games: z.array(GameCardSchema),
});

/** @internal */
export const LabelSchema = z.object({ labelId: IdSchema, name: z.string() });
export type Label = z.infer<typeof LabelSchema>;

/** @internal */
export const RankTypeSchema = z.enum(['hot', 'sales', 'new', 'score']);
export type RankType = z.infer<typeof RankTypeSchema>;

const RankSchema = z.object({
  rankType: RankTypeSchema,
  name: z.string(),
  games: z.array(GameCardSchema),
});

const HotSearchSchema = z.object({
  gameList: z.array(GameCardSchema),
  /** suggested search words */
  keywords: z.array(z.string()),
});

/** `discount` (折扣最大, biggest discount first) is an extension (docs/following-prices.md), not in the spec. */
export const SearchSortSchema = z.enum(['default', 'sales', 'priceAsc', 'priceDesc', 'newest', 'score', 'discount']);
export type SearchSort = z.infer<typeof SearchSortSchema>;

/**
 * The deal filters (docs/following-prices.md, extension params, not in the spec): prices in fen against the card's from price;
 * `discountOnly` a from price below its original; `lowOnly` a from price at its historical low.
 */
interface DealFilters {
  platform?: Platform | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  discountOnly?: boolean | undefined;
  lowOnly?: boolean | undefined;
}
/** What a search answer says it applied (the sort too); a server without the extension says nothing. */
export type AppliedFilters = DealFilters & { sort?: SearchSort | undefined };

export interface SearchRequest extends DealFilters {
  keyword: string;
  labelId?: number | undefined;
  sort?: SearchSort | undefined;
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

const GamePageSchema = pageOf(GameCardSchema);
/**
 * A search answer: a page of cards and, from a server with the extension, what it applied (field → value). Only
 * read by comparing each value with the one asked for (`trustFilters`), so a value of another kind is never trusted.
 */
const SearchPageSchema = z.extend(GamePageSchema, {
  applied: z.catch(z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))), undefined),
});

const CombSearchSchema = z.object({
  games: z.array(GameCardSchema),
  labels: z.array(LabelSchema),
  keywords: z.array(z.string()),
});

// --- endpoints -------------------------------------------------------------

const listFailure = 'Section hidden';

export const qryBanner = defineEndpoint({
  id: 'games.qryBanner',
  method: 'POST',
  path: '/sgame/mall/game/qryBanner',
  data: z.array(BannerSchema),
  fallback: emptyList,
  request: '`{ bannerSite: 1 }` (1 home, 2 activity)',
  response: '`Banner[]`',
  uiOnFailure: listFailure,
});
export const hotSearch = defineEndpoint({
  id: 'games.hotSearch',
  method: 'POST',
  path: '/sgame/mall/game/hotSearch',
  data: HotSearchSchema,
  fallback: () => ({ gameList: [], keywords: [] }),
  request: '`{}`',
  response: '`{ gameList: GameCard[], keywords: string[] }`',
  uiOnFailure: 'Hot search hidden',
});
export const recommend = defineEndpoint({
  id: 'games.recommend',
  method: 'POST',
  path: '/sgame/mall/game/recommend',
  data: z.array(GameCardSchema),
  fallback: emptyList,
  request: '`{ gameId?, size? }`',
  response: '`GameCard[]`',
  uiOnFailure: listFailure,
});
export const search = defineEndpoint({
  id: 'games.search',
  method: 'POST',
  path: '/sgame/mall/game/search',
  data: SearchPageSchema,
  request:
    '`{ keyword, labelId?, sort?, pageNum, pageSize }`; extension: `platform?, minPrice?, maxPrice?, discountOnly?, lowOnly?`, sort `discount`',
  response: '`Page<GameCard>`, keyword titles first (sort `default`); extension: `applied` filters and sort',
  uiOnFailure: 'Error with retry; the keyword stays',
});
export const recentGameSearch = defineEndpoint({
  id: 'games.recentGameSearch',
  method: 'POST',
  path: '/sgame/mall/game/recentGameSearch',
  data: z.array(z.string()),
  fallback: emptyList,
  request: '`{}` (per user)',
  response: '`string[]` keywords',
  uiOnFailure: 'Only locally kept searches shown',
});
export const rank = defineEndpoint({
  id: 'games.rank',
  method: 'POST',
  path: '/sgame/mall/game/rank',
  data: z.array(RankSchema),
  fallback: emptyList,
  request: '`{ size? }`',
  response: '`Rank[]` (one list per rank type)',
  uiOnFailure: listFailure,
});
export const qryPlate = defineEndpoint({
  id: 'games.qryPlate',
  method: 'POST',
  path: '/sgame/mall/game/qryPlate',
  data: z.array(PlateSchema),
  fallback: emptyList,
  request: '`{}`',
  response: '`Plate[]`',
  uiOnFailure: listFailure,
});
export const qryLabel = defineEndpoint({
  id: 'games.qryLabel',
  method: 'POST',
  path: '/sgame/mall/game/qryLabel',
  data: z.array(LabelSchema),
  fallback: emptyList,
  request: '`{}`',
  response: '`Label[]`',
  uiOnFailure: 'Label filters hidden',
});
export const combSearch = defineEndpoint({
  id: 'games.combSearch',
  method: 'POST',
  path: '/sgame/mall/game/combSearch',
  data: CombSearchSchema,
  request: '`{ keyword }`',
  response: '`{ games, labels, keywords }` suggestions while typing',
  uiOnFailure: 'Suggestions hidden',
});

// --- fetchers --------------------------------------------------------------

type Opts = { signal?: AbortSignal | undefined };

/** @internal */
export const getBanners = (bannerSite = 1, o: Opts = {}) =>
  http.call(qryBanner, { body: { bannerSite }, signal: o.signal });
/** @internal */
export const getHotSearch = (o: Opts = {}) => http.call(hotSearch, { body: {}, signal: o.signal });
/** @internal */
export const getRecommend = (body: { gameId?: number; size?: number } = {}, o: Opts = {}) =>
  http.call(recommend, { body, signal: o.signal });
export const searchGames = (body: SearchRequest, o: Opts = {}) =>
  http.call(search, { body: { pageNum: 1, pageSize: 20, sort: 'default', ...body }, signal: o.signal });
export const getRecentGameSearch = (o: Opts = {}) => http.call(recentGameSearch, { body: {}, signal: o.signal });
/** @internal */
export const getRanks = (o: Opts = {}) => http.call(rank, { body: {}, signal: o.signal });
/** @internal */
export const getPlates = (o: Opts = {}) => http.call(qryPlate, { body: {}, signal: o.signal });
/** @internal */
export const getLabels = (o: Opts = {}) => http.call(qryLabel, { body: {}, signal: o.signal });
export const getCombSearch = (keyword: string, o: Opts = {}) =>
  http.call(combSearch, { body: { keyword }, signal: o.signal });

// --- query options ---------------------------------------------------------

export const bannersQueryOptions = (bannerSite = 1) =>
  queryOptions({ queryKey: ['banners', bannerSite], queryFn: ({ signal }) => getBanners(bannerSite, { signal }) });
export const hotSearchQueryOptions = () =>
  queryOptions({ queryKey: ['hotSearch'], queryFn: ({ signal }) => getHotSearch({ signal }) });
export const platesQueryOptions = () =>
  queryOptions({ queryKey: ['plates'], queryFn: ({ signal }) => getPlates({ signal }) });
export const labelsQueryOptions = () =>
  queryOptions({ queryKey: ['labels'], queryFn: ({ signal }) => getLabels({ signal }) });
export const ranksQueryOptions = () =>
  queryOptions({ queryKey: ['ranks'], queryFn: ({ signal }) => getRanks({ signal }) });
export const recommendQueryOptions = (gameId?: number) =>
  queryOptions({
    queryKey: ['recommend', gameId ?? null],
    queryFn: ({ signal }) => getRecommend(gameId ? { gameId } : {}, { signal }),
  });
export const searchQueryOptions = (request: SearchRequest) =>
  queryOptions({ queryKey: ['search', request], queryFn: ({ signal }) => searchGames(request, { signal }) });
