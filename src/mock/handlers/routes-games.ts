/** Games: the catalogue under /sgame. */
import * as games from '../../api/games';
import * as gameDetail from '../../api/game-detail';
import type { AppliedFilters, GameCard, SearchSort } from '../../api/games';
import type { Evaluation, GameDetail } from '../../api/game-detail';
import { PlatformSchema } from '../../api/common';
import { isAtHistoricalLow } from '../../api/historical-low';
import type { SeedEvaluation } from '../seed/types';
import { int, num, str } from './rules';
import type { Route, World } from './world';
import { BizError, cardsOf, dealCard, findGame, gameCard, gameHistoricalLow, gamesToday, route } from './world';

export const gameNotFound = () => new BizError('game_40404', '游戏不存在或已下架');

const lower = (value: string) => value.toLowerCase();

export function matchesKeyword(game: GameDetail, keyword: string): boolean {
  const k = lower(keyword.trim());
  if (!k) return true;
  return [game.name, game.publisher, game.developer, ...game.tags].some((text) => lower(text).includes(k));
}

/**
 * How well a game matches `keyword`, lower first: a title starting with it, a title containing it, a tag
 * that is the keyword, then any other match (a tag containing it, the publisher or the developer).
 */
function relevance(game: GameDetail, keyword: string): number {
  const k = lower(keyword.trim());
  const name = lower(game.name);
  if (name.startsWith(k)) return 0;
  if (name.includes(k)) return 1;
  if (game.tags.some((tag) => lower(tag) === k)) return 2;
  return 3;
}

/** The games matching `keyword`, most relevant first (titles that contain it above the rest); stable within a rank. */
function findGames(games: GameDetail[], keyword: string): GameDetail[] {
  const found = games.filter((g) => matchesKeyword(g, keyword));
  if (!keyword.trim()) return found;
  return found
    .map((game) => ({ game, rank: relevance(game, keyword) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ game }) => game);
}

/** `default` (综合) keeps the relevance order `findGames` gave; every other sort is the shopper's explicit choice. */
function sortGames(list: GameDetail[], sort: SearchSort): GameDetail[] {
  const sorted = [...list];
  switch (sort) {
    case 'sales':
      return sorted.sort((a, b) => b.sales - a.sales);
    case 'priceAsc':
      return sorted.sort((a, b) => a.minPrice - b.minPrice);
    case 'priceDesc':
      return sorted.sort((a, b) => b.minPrice - a.minPrice);
    case 'newest':
      return sorted.sort((a, b) => b.releaseDate - a.releaseDate);
    case 'score':
      return sorted.sort((a, b) => b.score - a.score);
    case 'discount':
      // 折扣最大 (extension): the biggest share off the from price first; a game without a discount last.
      return sorted.sort((a, b) => discountOf(b) - discountOf(a));
    case 'default':
      return sorted;
  }
}

export function page<T>(list: T[], pageNumRaw: unknown, pageSizeRaw: unknown, defaultSize = 20) {
  const pageNum = int(pageNumRaw, 1, 1, 10_000);
  const pageSize = int(pageSizeRaw, defaultSize, 1, 100);
  return { list: list.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: list.length, pageNum, pageSize };
}

export function evaluationPageOf(list: SeedEvaluation[], pageNum: unknown, pageSize: unknown) {
  const sorted = [...list].sort((a, b) => b.createTime - a.createTime);
  const distribution = [0, 0, 0, 0, 0];
  let sum = 0;
  for (const e of sorted) {
    const score = Math.min(5, Math.max(1, e.score));
    distribution[score - 1]! += 1;
    sum += score;
  }
  const avgScore = sorted.length ? Math.round((sum / sorted.length) * 10) / 10 : 0;
  const paged = page(sorted, pageNum, pageSize, 10);
  const strip = ({ evaluationId, userName, score, content, goodsName, createTime }: SeedEvaluation): Evaluation => ({
    evaluationId,
    userName,
    score,
    content,
    goodsName,
    createTime,
  });
  return { ...paged, list: paged.list.map(strip), avgScore, distribution };
}

/** Remembers what a logged-in user searched for, newest first, no duplicates, at most 10. */
function rememberSearch(world: World, userId: number, keyword: string): void {
  const user = world.state.users.find((u) => u.userId === userId);
  const k = keyword.trim();
  if (!user || !k) return;
  user.recentSearches = [k, ...user.recentSearches.filter((s) => s !== k)].slice(0, 10);
}

const SORTS: readonly SearchSort[] = ['default', 'sales', 'priceAsc', 'priceDesc', 'newest', 'score', 'discount'];

const discountOf = (game: GameDetail) =>
  game.originalPrice > 0 ? (game.originalPrice - game.minPrice) / game.originalPrice : 0;

const fen = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/**
 * The deal filters a search asked for (docs/following-prices.md, extension params), as this backend understood them: what it
 * applies is what its answer's `applied` says. A value it cannot read is not applied (and not said).
 */
function dealFilters(body: Record<string, unknown>): Omit<AppliedFilters, 'sort'> {
  const platform = PlatformSchema.safeParse(body.platform);
  return {
    ...(platform.success ? { platform: platform.data } : {}),
    ...(fen(body.minPrice) !== undefined ? { minPrice: fen(body.minPrice) } : {}),
    ...(fen(body.maxPrice) !== undefined ? { maxPrice: fen(body.maxPrice) } : {}),
    ...(body.discountOnly === true ? { discountOnly: true } : {}),
    ...(body.lowOnly === true ? { lowOnly: true } : {}),
  };
}

function applyDeals(world: World, list: GameDetail[], filters: Omit<AppliedFilters, 'sort'>): GameDetail[] {
  const { platform, minPrice, maxPrice, discountOnly, lowOnly } = filters;
  return list.filter(
    (g) =>
      (platform === undefined || g.platforms.includes(platform)) &&
      (minPrice === undefined || g.minPrice >= minPrice) &&
      (maxPrice === undefined || g.minPrice <= maxPrice) &&
      (!discountOnly || g.minPrice < g.originalPrice) &&
      (!lowOnly || isAtHistoricalLow(g.minPrice, gameHistoricalLow(world, g) ?? 0)),
  );
}

export function recommendedGames(world: World, gameId: number | undefined, size: number): GameCard[] {
  const base = world.seed.recommendGameIds;
  if (gameId === undefined) return cardsOf(world, base).slice(0, size);
  const game = findGame(world, gameId);
  const related = game
    ? world.seed.games
        .filter((g) => g.gameId !== game.gameId && g.labelIds.some((id) => game.labelIds.includes(id)))
        .sort((a, b) => b.score - a.score)
        .map((g) => g.gameId)
    : [];
  const ids = [...new Set([...related, ...base])].filter((id) => id !== gameId);
  return cardsOf(world, ids).slice(0, size);
}

export const gameRoutes: Route[] = [
  route(games.qryBanner, ({ world, body }) => {
    const site = int(body.bannerSite, 1, 0, 1000);
    return world.seed.banners.filter((b) => b.bannerSite === site);
  }),
  route(games.hotSearch, ({ world }) => ({
    gameList: cardsOf(world, world.seed.hotSearch.gameIds),
    keywords: world.seed.hotSearch.keywords,
  })),
  route(games.recommend, ({ world, body }) => recommendedGames(world, num(body.gameId), int(body.size, 8, 1, 50))),
  route(games.search, ({ world, body, user }) => {
    const keyword = str(body.keyword);
    const labelId = num(body.labelId);
    const sort = SORTS.find((s) => s === body.sort) ?? 'default';
    const filters = dealFilters(body);
    let list = applyDeals(world, findGames(gamesToday(world), keyword), filters);
    if (labelId !== undefined) list = list.filter((g) => g.labelIds.includes(labelId));
    if (user) rememberSearch(world, user.userId, keyword);
    const paged = page(sortGames(list, sort), body.pageNum, body.pageSize);
    return { ...paged, list: paged.list.map((g) => dealCard(world, g)), applied: { ...filters, sort } };
  }),
  route(games.recentGameSearch, ({ user }) => (user ? user.recentSearches : [])),
  route(games.rank, ({ world, body }) => {
    const size = int(body.size, 10, 1, 50);
    return world.seed.ranks.map((r) => ({
      rankType: r.rankType,
      name: r.name,
      games: cardsOf(world, r.gameIds).slice(0, size),
    }));
  }),
  route(games.qryPlate, ({ world }) =>
    world.seed.plates.map((p) => ({ plateId: p.plateId, name: p.name, games: cardsOf(world, p.gameIds) })),
  ),
  route(games.qryLabel, ({ world }) => world.seed.labels),
  route(games.combSearch, ({ world, body }) => {
    const keyword = str(body.keyword).trim();
    if (!keyword) return { games: [], labels: [], keywords: world.seed.hotSearch.keywords.slice(0, 8) };
    const k = lower(keyword);
    const found = findGames(gamesToday(world), keyword);
    const keywords = [
      ...world.seed.hotSearch.keywords.filter((w) => lower(w).includes(k)),
      ...found.map((g) => g.name),
    ];
    return {
      games: found.slice(0, 5).map(gameCard),
      labels: world.seed.labels.filter((l) => lower(l.name).includes(k)),
      keywords: [...new Set(keywords)].slice(0, 8),
    };
  }),
  route(gameDetail.gameDetail, ({ world, body }) => {
    const game = findGame(world, body.gameId);
    if (!game) throw gameNotFound();
    return game;
  }),
  route(gameDetail.gameConfig, ({ world, body }) => {
    const game = findGame(world, body.gameId);
    if (!game) throw gameNotFound();
    return (
      world.seed.gameConfigs[game.gameId] ?? {
        gameId: game.gameId,
        minimum: [],
        recommended: [],
        deliveryNote: '付款后自动发货',
      }
    );
  }),
  route(gameDetail.evaluationPage, ({ world, body }) => {
    const gameId = num(body.gameId);
    if (!findGame(world, gameId)) throw gameNotFound();
    return evaluationPageOf(
      world.seed.evaluations.filter((e) => e.gameId === gameId),
      body.pageNum,
      body.pageSize,
    );
  }),
];
