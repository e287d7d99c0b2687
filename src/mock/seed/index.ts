/**
 * The simulated backend's seed. `createSeed(baseTime)` is a pure function:
 * the catalogue (names, prices, stock, reviews…) comes from a PRNG with a
 * fixed seed, so it is the same for every `baseTime`; every time in the
 * output is relative to `baseTime` (release dates in the past year, a few in
 * the last 30 days, two upcoming; coupon validity counted from receipt).
 * The result is a fresh object tree on every call, safe for the backend to mutate.
 */
import {
  ACTIVITY_ID,
  createActivity,
  createBanners,
  createCompetitorPrices,
  createEvaluations,
  createHotSearch,
  createPackages,
  createPlates,
  createRanks,
  createRecentSells,
  createRecommend,
} from './catalog';
import {
  LABELS,
  applyActivityPrices,
  createGameConfig,
  createGames,
  createGoods,
  finishGames,
  setScarcity,
} from './games';
import { createHelp } from './help';
import { POPUP_TEMPLATE_IDS, createCouponTemplates, createDictionary, createNewYear } from './marketing';
import { createNotices } from './notices';
import { Random } from './random';
import type { Goods } from '../../api/goods';
import type { SeedData } from './types';

export type { SeedData } from './types';
/** @internal */
export { ACTIVITY_ID };

/** Fixed PRNG seed: the catalogue never depends on the clock. */
const CATALOGUE_SEED = 0x5eed2025;

/** The game of the activity's top goods: the landing page compares its price with other platforms. */
const activityTopGameId = (goods: Goods[], activity: SeedData['activity']) =>
  goods.find((g) => g.goodsId === activity.topGoodsId)?.gameId;

export function createSeed(baseTime: number): SeedData {
  // One stream per concern, so that adding data to one table does not reshuffle the others.
  const stream = (salt: number) => new Random(CATALOGUE_SEED ^ Math.imul(salt, 0x9e3779b1));

  const rows = createGames(stream(1), baseTime);
  const goods = createGoods(stream(2), rows);
  const soldOutId = setScarcity(goods);
  finishGames(stream(3), rows, goods, baseTime);
  const games = rows.map((r) => r.game);

  const configRandom = stream(4);
  const gameConfigs = Object.fromEntries(rows.map((r) => [r.game.gameId, createGameConfig(configRandom, r, goods)]));

  const ranks = createRanks(rows, baseTime);
  const excluded = new Set([soldOutId]);
  const { classifies, articles } = createHelp(baseTime);
  const { dictItems, dictText } = createDictionary(baseTime);
  const packages = createPackages(goods, excluded);
  // The activity's goods are sold at the activity price everywhere (detail, pay modal, order). It takes
  // no goods of a bundle, so an activity price never stacks with a bundle's discount.
  const activity = createActivity(goods, new Set([...excluded, ...packages.flatMap((p) => p.goodsIds)]), stream(8));
  applyActivityPrices(rows, goods, activity);

  return {
    games,
    gameConfigs,
    goods,
    banners: createBanners(rows, ranks),
    plates: createPlates(rows, baseTime, stream(5)),
    labels: LABELS.map((l) => ({ ...l })),
    ranks,
    hotSearch: createHotSearch(rows, ranks),
    recommendGameIds: createRecommend(rows, baseTime, stream(6)),
    evaluations: createEvaluations(rows, goods, baseTime, stream(7)),
    notices: createNotices(rows, baseTime),
    classifies,
    articles,
    dictItems,
    dictText,
    couponTemplates: createCouponTemplates(rows),
    popupTemplateIds: [...POPUP_TEMPLATE_IDS],
    packages,
    activity,
    competitorPrices: createCompetitorPrices(rows, goods, baseTime, stream(9), activityTopGameId(goods, activity)),
    newYear: createNewYear(baseTime),
    recentSells: createRecentSells(goods, baseTime, stream(10)),
  };
}
