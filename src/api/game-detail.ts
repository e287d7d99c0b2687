/**
 * Games: one game's detail page under /sgame (the game, its requirements, its evaluations). Apart from
 * games.ts so that the entry chunk carries none of it: the detail route's loader imports this module when it
 * runs (src/features/catalog/route-data.ts), and the detail page's chunk imports it statically.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { EpochMsSchema, IdSchema, pageOf } from './common';
import { GameCardSchema } from './games';
import { defineEndpoint, http } from './http';

export const GameDetailSchema = z.extend(GameCardSchema, {
  /** server HTML; render only through the sanitiser */
  description: z.string(),
  /** screenshot URLs (16:9), shown in the detail's gallery */
  gallery: z.array(z.string()),
  publisher: z.string(),
  developer: z.string(),
  languages: z.array(z.string()),
});
export type GameDetail = z.infer<typeof GameDetailSchema>;

export const GameConfigSchema = z.object({
  gameId: IdSchema,
  /** system requirements, label/value rows */
  minimum: z.array(z.object({ label: z.string(), value: z.string() })),
  recommended: z.array(z.object({ label: z.string(), value: z.string() })),
  /** how goods of this game are delivered, shown to the buyer */
  deliveryNote: z.string(),
});
export type GameConfig = z.infer<typeof GameConfigSchema>;

export const EvaluationSchema = z.object({
  evaluationId: IdSchema,
  /** masked nickname */
  userName: z.string(),
  /** 1–5 */
  score: z.int(),
  /** server HTML; render only through the sanitiser */
  content: z.string(),
  goodsName: z.string(),
  createTime: EpochMsSchema,
});
export type Evaluation = z.infer<typeof EvaluationSchema>;

export const EvaluationPageSchema = z.object({
  ...pageOf(EvaluationSchema).shape,
  /** average 1–5, one decimal */
  avgScore: z.number(),
  /** counts for scores 1..5, index 0 = one star */
  distribution: z.array(z.int()),
});

// --- endpoints -------------------------------------------------------------

export const gameDetail = defineEndpoint({
  id: 'games.gameDetail',
  method: 'POST',
  path: '/sgame/game/mall/gameDetail',
  data: GameDetailSchema,
  request: '`{ gameId }`',
  response: '`GameDetail`; `game_40404`',
  uiOnFailure: '`game_40404`: 404 page; else error with retry',
});
export const gameConfig = defineEndpoint({
  id: 'games.gameConfig',
  method: 'POST',
  path: '/sgame/mall/game/gameConfig',
  data: GameConfigSchema,
  request: '`{ gameId }`',
  response: '`GameConfig`',
  uiOnFailure: 'Requirements section hidden',
});
export const evaluationPage = defineEndpoint({
  id: 'games.evaluationPage',
  method: 'POST',
  path: '/sgame/mall/goods/evaluationPage',
  data: EvaluationPageSchema,
  request: '`{ gameId, pageNum, pageSize }`',
  response: '`Page<Evaluation> & { avgScore, distribution }`',
  uiOnFailure: 'Error with retry',
});

// --- fetchers --------------------------------------------------------------

type Opts = { signal?: AbortSignal | undefined };

export const getGameDetail = (gameId: number, o: Opts = {}) =>
  http.call(gameDetail, { body: { gameId }, signal: o.signal });
export const getGameConfig = (gameId: number, o: Opts = {}) =>
  http.call(gameConfig, { body: { gameId }, signal: o.signal });
export const getEvaluations = (body: { gameId: number; pageNum?: number; pageSize?: number }, o: Opts = {}) =>
  http.call(evaluationPage, { body: { pageNum: 1, pageSize: 10, ...body }, signal: o.signal });

// --- query options ---------------------------------------------------------

export const gameDetailQueryOptions = (gameId: number) =>
  queryOptions({ queryKey: ['gameDetail', gameId], queryFn: ({ signal }) => getGameDetail(gameId, { signal }) });
export const gameConfigQueryOptions = (gameId: number) =>
  queryOptions({ queryKey: ['gameConfig', gameId], queryFn: ({ signal }) => getGameConfig(gameId, { signal }) });
export const evaluationsQueryOptions = (gameId: number, pageNum = 1) =>
  queryOptions({
    queryKey: ['evaluations', gameId, pageNum],
    queryFn: ({ signal }) => getEvaluations({ gameId, pageNum }, { signal }),
  });
