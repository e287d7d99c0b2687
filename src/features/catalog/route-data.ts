/**
 * What the catalogue routes load, shared by the route loaders (router.tsx)
 * and the pages, so both use the same query keys. Kept out of the page
 * modules: the router imports this file eagerly, the pages stay lazy.
 *
 * Loaders only *start* queries (prefetch) so that navigation is not blocked
 * and each section shows its own skeleton — except the game detail, whose
 * loader waits for the game because an unknown id must become the 404 page
 * before anything renders, and briefly for its goods (no layout shift).
 */
import type { HomeAside } from './home-aside';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { DICT_KEYS, dictItemsQueryOptions } from '../../api/dictionary';
import { isApiError } from '../../api/errors';
import {
  bannersQueryOptions,
  hotSearchQueryOptions,
  labelsQueryOptions,
  platesQueryOptions,
  ranksQueryOptions,
  recommendQueryOptions,
  searchGames,
  searchQueryOptions,
  type GameCard,
  type SearchRequest,
  type SearchSort,
} from '../../api/games';
import type { Platform } from '../../api/common';
import { DAY_MS } from '../../shared/beijing-time';

/**
 * The goods, game detail and assist endpoints are not needed to paint the home page (the
 * recent sells are in its lazy side column), so the loaders reach them
 * through dynamic imports and their schemas stay out of the entry chunk
 * (docs/performance.md). The queries still start in the loader, in parallel
 * with the page's code.
 */
const goodsApi = () => import('../../api/goods');
const gameDetailApi = () => import('../../api/game-detail');
const assistApi = () => import('../../api/assist');
/** A prefetch whose code failed to load is simply not made: the page asks again (and its own chunk load is guarded). */
const ignore = () => undefined;

/** Business code of the game detail call for an id that does not exist. */
const GAME_NOT_FOUND_CODE = 'game_40404';

const SEARCH_PAGE_SIZE = 20;

export interface SearchPageParams {
  keyword?: string | undefined;
  labelId?: number | undefined;
  sort?: SearchSort | undefined;
  page?: number | undefined;
  platform?: Platform | undefined;
  /** yuan */
  min?: number | undefined;
  /** yuan */
  max?: number | undefined;
  discount?: true | undefined;
  low?: true | undefined;
}

/** The search request for the URL's parameters: the URL is the only source of the keyword and filters. */
export function searchRequestOf(search: SearchPageParams): SearchRequest {
  return {
    keyword: (search.keyword ?? '').trim(),
    labelId: search.labelId,
    sort: search.sort ?? 'default',
    pageNum: search.page ?? 1,
    pageSize: SEARCH_PAGE_SIZE,
    // The deal filters (docs/following-prices.md, extension params): the from price in fen. A value left out is not sent.
    platform: search.platform,
    minPrice: search.min && search.min * 100,
    maxPrice: search.max && search.max * 100,
    discountOnly: search.discount,
    lowOnly: search.low,
  };
}

// --- newly launched ----------------------------------------------------------

/** "Newly launched" = released within this many days (see docs/catalog.md). */
export const NEW_WINDOW_DAYS = 90;
/** How many of the newest games are asked for; the window is cut from them. */
const NEW_FETCH_SIZE = 100;

export interface NewGames {
  /** released within the window, newest first */
  released: GameCard[];
  /** not released yet (pre-orders), soonest first */
  upcoming: GameCard[];
}

function splitNewGames(games: GameCard[], now: number): NewGames {
  const since = now - NEW_WINDOW_DAYS * DAY_MS;
  return {
    released: games
      .filter((g) => g.releaseDate <= now && g.releaseDate >= since)
      .sort((a, b) => b.releaseDate - a.releaseDate),
    upcoming: games.filter((g) => g.releaseDate > now).sort((a, b) => a.releaseDate - b.releaseDate),
  };
}

export const newGamesQueryOptions = () =>
  queryOptions({
    queryKey: ['newGames', NEW_WINDOW_DAYS],
    queryFn: async ({ signal }) => {
      const page = await searchGames({ keyword: '', sort: 'newest', pageNum: 1, pageSize: NEW_FETCH_SIZE }, { signal });
      return splitNewGames(page.list, Date.now());
    },
  });

export type NewSort = 'newest' | 'sales' | 'priceAsc' | 'priceDesc';

export function sortNewGames(games: GameCard[], sort: NewSort): GameCard[] {
  const sorted = [...games];
  switch (sort) {
    case 'newest':
      return sorted.sort((a, b) => b.releaseDate - a.releaseDate);
    case 'sales':
      return sorted.sort((a, b) => b.sales - a.sales);
    case 'priceAsc':
      return sorted.sort((a, b) => a.minPrice - b.minPrice || b.releaseDate - a.releaseDate);
    case 'priceDesc':
      return sorted.sort((a, b) => b.minPrice - a.minPrice || b.releaseDate - a.releaseDate);
  }
}

// --- loaders -------------------------------------------------------------------

/**
 * The home page's side column (rankings, recent sells, app download): a chunk of its own. A prerendered home
 * waits for it before it hydrates (the index route's `beforeHydrate`), so that its tabs hydrate with the
 * page instead of staying inert while the chunk loads; a page rendered in the browser shows its skeletons.
 */
interface HomeAsideModule {
  HomeAside: typeof HomeAside;
}
export function loadHomeAside(): Promise<HomeAsideModule> {
  return import('./home-aside').then((module) => (homeAside = module));
}
let homeAside: HomeAsideModule | undefined;

/** The side column's module once loaded: a page rendered then (a prerendered home hydrating) uses it at once. */
export const loadedHomeAside = () => homeAside;

/** The home route's loader: its queries start, and so does the side column's code (not waited for). */
export function loadHome(queryClient: QueryClient): void {
  prefetchHome(queryClient);
  void loadHomeAside().catch(ignore); // the page's Suspense boundary loads (and reports) it again
}

/**
 * 今日特惠, the home page's deal tiles: the biggest discounts now (search's 折扣最大 with 仅看折扣, both extension
 * parameters; a server without them answers its default order, which the tiles sort and filter again).
 */
export const HOME_DEALS_REQUEST: SearchRequest = {
  keyword: '',
  sort: 'discount',
  discountOnly: true,
  pageNum: 1,
  pageSize: 10,
};

function prefetchHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(bannersQueryOptions(1));
  void queryClient.prefetchQuery(searchQueryOptions(HOME_DEALS_REQUEST));
  void queryClient.prefetchQuery(labelsQueryOptions());
  void queryClient.prefetchQuery(hotSearchQueryOptions());
  void queryClient.prefetchQuery(recommendQueryOptions());
  void queryClient.prefetchQuery(platesQueryOptions());
  void queryClient.prefetchQuery(ranksQueryOptions());
  void queryClient.prefetchQuery(dictItemsQueryOptions(DICT_KEYS.appDownloadUrl));
  void goodsApi().then((goods) => queryClient.prefetchQuery(goods.recentSellQueryOptions()), ignore);
}

export function prefetchNew(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(newGamesQueryOptions());
}

export function prefetchSearch(queryClient: QueryClient, search: SearchPageParams): void {
  void queryClient.prefetchQuery(searchQueryOptions(searchRequestOf(search)));
  void queryClient.prefetchQuery(labelsQueryOptions());
}

export function prefetchNotices(queryClient: QueryClient): void {
  void assistApi().then((assist) => queryClient.prefetchQuery(assist.noticesQueryOptions()), ignore);
}

export function prefetchClassifies(queryClient: QueryClient): void {
  void assistApi().then((assist) => queryClient.prefetchQuery(assist.classifiesQueryOptions()), ignore);
}

/**
 * How long the detail waits for its goods once the game is in. The price under the title and the trust
 * strip come with the goods: painting the page with them avoids pushing the facts down a moment later (a
 * layout shift on a phone); a goods call slower than this paints the page first and fills them in.
 */
const GOODS_WAIT_MS = 800;

/**
 * Waits for the game: an unknown id (business code game_40404) becomes the
 * 404 page. Any other failure is left to the page, which shows it with a
 * retry button. The goods, requirements and evaluations start in parallel;
 * the goods are waited for too, for at most GOODS_WAIT_MS after the game.
 */
export async function loadGameDetail(queryClient: QueryClient, gameId: number): Promise<void> {
  const goods = goodsApi().then((api) => queryClient.prefetchQuery(api.gameGoodsQueryOptions(gameId)), ignore);
  // Its code failing to load is the page's to show: the detail page's chunk, which imports the same module, goes
  // through the reload guard.
  const api = await gameDetailApi().catch(ignore);
  if (!api) return;
  void queryClient.prefetchQuery(api.gameConfigQueryOptions(gameId));
  void queryClient.prefetchQuery(api.evaluationsQueryOptions(gameId, 1));
  try {
    await queryClient.ensureQueryData(api.gameDetailQueryOptions(gameId));
  } catch (error) {
    if (isApiError(error) && error.code === GAME_NOT_FOUND_CODE) throw notFound({ data: { reason: 'validation' } });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([goods, new Promise<void>((resolve) => (timer = setTimeout(resolve, GOODS_WAIT_MS)))]);
  clearTimeout(timer);
}
