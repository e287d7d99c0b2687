/**
 * The simulated backend's seed: everything the store holds before any user
 * acts. `createSeed()` (./index.ts) builds it deterministically; the backend
 * (../backend.ts) copies it into its mutable state.
 */
import type { Article, Classify, NoticeWireSchema } from '../../api/assist';
import type { CouponOffer } from '../../api/coupons';
import type { DictItem } from '../../api/dictionary';
import type { Banner, Label, RankType } from '../../api/games';
import type { Evaluation, GameConfig, GameDetail } from '../../api/game-detail';
import type { Goods, RecentSell } from '../../api/goods';
import type { Package } from '../../api/orders';
import type { CompetitorPrice, NewYearActivity } from '../../api/user';
import type * as z from 'zod/mini';

export type SeedNotice = z.infer<typeof NoticeWireSchema>;

export interface SeedEvaluation extends Evaluation {
  gameId: number;
  goodsId: number;
}

export interface SeedCouponTemplate extends Omit<CouponOffer, 'received' | 'remaining'> {
  /** how many can be handed out in all */
  total: number;
  description: string;
}

export interface SeedData {
  /** at least 60, ids 1..n */
  games: GameDetail[];
  gameConfigs: Record<number, GameConfig>;
  /** several per game; at least one with stock 0 */
  goods: Goods[];
  /** bannerSite 1 (home) and 2 (activity) */
  banners: Banner[];
  plates: { plateId: number; name: string; gameIds: number[] }[];
  labels: Label[];
  ranks: { rankType: RankType; name: string; gameIds: number[] }[];
  hotSearch: { gameIds: number[]; keywords: string[] };
  recommendGameIds: number[];
  evaluations: SeedEvaluation[];
  /** at least 8, HTML bodies */
  notices: SeedNotice[];
  /** help categories (3+, code `help`) and one `agreement` category */
  classifies: Classify[];
  /** 4+ per help category; the agreement category holds the user agreement and the privacy policy */
  articles: Article[];
  /** getDictItems answers by key */
  dictItems: Record<string, DictItem[]>;
  /** getDictText answers by key then item */
  dictText: Record<string, Record<string, string>>;
  couponTemplates: SeedCouponTemplate[];
  /** templates whose coupons the home popup offers to anonymous visitors and new users */
  popupTemplateIds: number[];
  packages: Package[];
  activity: {
    activityId: string;
    topGoodsId: number;
    goods: { goodsId: number; activityPrice: number; activityTag: string }[];
  };
  competitorPrices: Record<number, CompetitorPrice[]>;
  newYear: NewYearActivity;
  recentSells: RecentSell[];
}
