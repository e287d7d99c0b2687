/**
 * Everything derived from the games and goods: banners, plates, ranks, hot
 * search, evaluations, packages, the activity, competitor prices and recent sells.
 */
import type { GameDetail } from '../../api/game-detail';
import type { Goods, RecentSell } from '../../api/goods';
import type { Package } from '../../api/orders';
import { isEdition } from '../../api/from-price';
import type { CompetitorPrice } from '../../api/user';
import { imageUrl } from '../images';
import type { GameRow } from './games';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/beijing-time';
import { type Random, maskPhone } from './random';
import type { SeedData, SeedEvaluation } from './types';

export const ACTIVITY_ID = 'spring-festival';

const released = (rows: GameRow[], baseTime: number) =>
  rows.filter((r) => r.game.releaseDate <= baseTime).map((r) => r.game);

/**
 * "Hot" has no field of its own: it is sales discounted by age, so that a
 * recent hit outranks an old best seller (sales / (1 + ageInDays / 90)).
 */
function heat(game: GameDetail, baseTime: number): number {
  return game.sales / (1 + Math.max(0, baseTime - game.releaseDate) / DAY_MS / 90);
}

export function createRanks(rows: GameRow[], baseTime: number): SeedData['ranks'] {
  const games = released(rows, baseTime);
  const top = (compare: (a: GameDetail, b: GameDetail) => number) =>
    [...games]
      .sort(compare)
      .slice(0, 10)
      .map((g) => g.gameId);
  return [
    { rankType: 'hot', name: '热门榜', gameIds: top((a, b) => heat(b, baseTime) - heat(a, baseTime)) },
    { rankType: 'sales', name: '畅销榜', gameIds: top((a, b) => b.sales - a.sales) },
    { rankType: 'new', name: '新品榜', gameIds: top((a, b) => b.releaseDate - a.releaseDate) },
    { rankType: 'score', name: '好评榜', gameIds: top((a, b) => b.score - a.score || b.sales - a.sales) },
  ];
}

export function createPlates(rows: GameRow[], baseTime: number, random: Random): SeedData['plates'] {
  const games = released(rows, baseTime);
  const ids = (list: GameDetail[], count: number) => list.slice(0, count).map((g) => g.gameId);
  const byHeat = [...games].sort((a, b) => heat(b, baseTime) - heat(a, baseTime));
  const discount = (g: GameDetail) => (g.originalPrice - g.minPrice) / Math.max(1, g.originalPrice);
  const of = (pred: (r: GameRow) => boolean) =>
    rows.filter((r) => pred(r) && r.game.releaseDate <= baseTime).map((r) => r.game);
  return [
    { plateId: 1, name: '热门推荐', gameIds: ids(byHeat, 12) },
    {
      plateId: 2,
      name: '限时特惠',
      gameIds: ids(
        [...games].filter((g) => discount(g) > 0).sort((a, b) => discount(b) - discount(a)),
        10,
      ),
    },
    // new releases first, upcoming games (pre-orders) at the end
    {
      plateId: 3,
      name: '新品上架',
      gameIds: [
        ...ids(
          [...games].sort((a, b) => b.releaseDate - a.releaseDate),
          8,
        ),
        ...rows.filter((r) => r.upcoming).map((r) => r.game.gameId),
      ],
    },
    {
      plateId: 4,
      name: '独立精选',
      gameIds: ids(random.shuffle(of((r) => r.genre === '独立' || r.genre === '恐怖')), 8),
    },
    {
      plateId: 5,
      name: '手游充值',
      gameIds: ids(
        of((r) => r.kind === 'mobile').sort((a, b) => b.sales - a.sales),
        10,
      ),
    },
    {
      plateId: 6,
      name: '主机大作',
      gameIds: ids(
        of((r) => r.kind === 'console').sort((a, b) => b.score - a.score),
        8,
      ),
    },
  ];
}

export function createBanners(rows: GameRow[], ranks: SeedData['ranks']): SeedData['banners'] {
  const name = (id: number) => rows[id - 1]?.game.name ?? '';
  const hot = ranks.find((r) => r.rankType === 'hot')?.gameIds ?? [];
  const fresh = ranks.find((r) => r.rankType === 'new')?.gameIds ?? [];
  const [h1 = 1, h2 = 2] = hot;
  const [n1 = 3, n2 = 4] = fresh.filter((id) => id !== h1 && id !== h2);
  const banner = (bannerId: number, bannerSite: number, title: string, subtitle: string, link: string) => ({
    bannerId,
    bannerSite,
    title,
    subtitle,
    link,
    image: imageUrl('banner', bannerId),
  });
  return [
    banner(1, 1, '新春游戏节', '全场好价低至 5 折，每日限量秒杀', '/sem/activity'),
    banner(2, 1, `《${name(n1)}》正式上线`, '新品首发特惠，官方正版秒发货', `/gameDetail/${n1}`),
    banner(3, 1, `《${name(h1)}》热卖中`, '人气之选，好友都在玩', `/gameDetail/${h1}`),
    banner(4, 1, '新人专享优惠券', '注册即领 5 元无门槛券', '/coupon'),
    banner(5, 1, `《${name(n2)}》新品推荐`, '限时折扣进行中', `/gameDetail/${n2}`),
    banner(6, 2, '新春游戏节 · 主会场', '爆款直降，年货节一站购齐', '/sem/activity'),
    banner(7, 2, `《${name(h2)}》活动特价`, '活动期间专享价，数量有限', `/gameDetail/${h2}`),
    banner(8, 2, '领券再享满减', '满 100 减 10，领券下单更划算', '/coupon'),
  ];
}

/** Hot search: the hottest games, and keywords that are the opening characters of game names. */
export function createHotSearch(rows: GameRow[], ranks: SeedData['ranks']): SeedData['hotSearch'] {
  const hot = ranks.find((r) => r.rankType === 'hot')?.gameIds ?? [];
  const sales = ranks.find((r) => r.rankType === 'sales')?.gameIds ?? [];
  const keywords: string[] = [];
  for (const id of [...hot, ...sales]) {
    const word = Array.from(rows[id - 1]?.game.name ?? '')
      .slice(0, 2)
      .join('');
    if (word.length === 2 && !keywords.includes(word)) keywords.push(word);
  }
  // generic words that also match several names
  for (const word of ['传奇', '派对', '经营']) if (rows.some((r) => r.game.name.includes(word))) keywords.push(word);
  return { gameIds: hot.slice(0, 9), keywords: keywords.slice(0, 10) };
}

export function createRecommend(rows: GameRow[], baseTime: number, random: Random): number[] {
  const good = released(rows, baseTime)
    .filter((g) => g.score >= 7.5)
    .map((g) => g.gameId);
  return random.sample(good, 12);
}

/** Review texts by goods type and mood (good: 4–5 stars, mid: 3, bad: 1–2). */
const REVIEWS: Record<Goods['type'], Record<'good' | 'mid' | 'bad', string[]>> = {
  key: {
    good: [
      '激活很快，付款后几秒就收到了激活码，好评！',
      '价格比别家便宜不少，已经回购第二次了。',
      '游戏本体很耐玩，剧情也很有代入感。',
      '画面精美，老电脑也能流畅运行。',
      '趁活动入手，折扣力度很大，不亏。',
      '豪华版送的内容很实用，推荐直接买豪华版。',
      '正版激活码，一次激活成功，放心。',
    ],
    mid: ['游戏还可以，就是前期节奏有点慢。', '内容中规中矩，打折入手比较合适。', '玩法不错，但新手引导不太友好。'],
    bad: [
      '优化一般，高画质下偶尔掉帧。',
      '流程有点短，希望后续出更多内容。',
      '激活码发放晚了几分钟，客服处理后解决了。',
    ],
  },
  dlc: {
    good: ['扩展内容很充实，又能多玩几十个小时。', '原声和设定集做得很用心，粉丝必入。', '打折买的，性价比很高。'],
    mid: ['内容不算多，打折入手可以。', '需要先有本体，购买前注意一下。'],
    bad: ['内容偏少，原价买有点不值。'],
  },
  topup: {
    good: [
      '充值秒到账，比游戏内买划算。',
      '已经第三次在这里充值了，一直很稳定。',
      '客服回复很及时，到账速度快。',
      '月卡很划算，每天上线领奖励。',
    ],
    mid: ['到账稍微慢了几分钟，总体还行。', '价格和官方差不多，胜在方便。'],
    bad: ['晚上高峰期等了十来分钟才到账。', '希望能多一些面额可选。'],
  },
  accelerator: {
    good: ['加速效果明显，晚上打排位不卡了。', '开通很快，延迟从一百多降到三十左右。', '和朋友开黑再也没掉过线。'],
    mid: ['大部分时间挺稳，偶尔会跳一下。', '效果还行，价格可以再便宜点。'],
    bad: ['高峰期还是有点延迟。'],
  },
};
const NICKNAMES = [
  '风吹麦浪',
  '夜猫子',
  '一只咸鱼',
  '橘子汽水',
  '不吃香菜',
  '北岛的风',
  '小熊软糖',
  '摸鱼达人',
  '今天也要加油',
  '山海不可平',
  '白开水',
  '追光的人',
];

export function createEvaluations(rows: GameRow[], goods: Goods[], baseTime: number, random: Random): SeedEvaluation[] {
  const list: SeedEvaluation[] = [];
  for (const { game, upcoming } of rows) {
    if (upcoming) continue;
    const own = goods.filter((g) => g.gameId === game.gameId);
    const count = random.int(3, 15);
    const since = Math.max(game.releaseDate, baseTime - 365 * DAY_MS);
    for (let i = 0; i < count; i++) {
      const item = random.pick(own);
      // stars lean on the game's score: a 9.0 game gets mostly 4–5 stars
      const score = Math.max(1, Math.min(5, Math.round(game.score / 2 + (random.next() - 0.6) * 2.2)));
      const pool = REVIEWS[item.type];
      const text = random.pick(score >= 4 ? pool.good : score === 3 ? pool.mid : pool.bad);
      const nick = random.pick(NICKNAMES);
      const userName = random.chance(0.5) ? `玩家${maskPhone(random)}` : `${nick.slice(0, 1)}**${nick.slice(-1)}`;
      list.push({
        evaluationId: list.length + 1,
        gameId: game.gameId,
        goodsId: item.goodsId,
        goodsName: item.name,
        userName,
        score,
        content: `<p>${text}</p>`,
        createTime: Math.round(since + random.next() * (baseTime - HOUR_MS - since)),
      });
    }
  }
  return list.sort((a, b) => b.createTime - a.createTime).map((e, i) => ({ ...e, evaluationId: i + 1 }));
}

/**
 * What a package (套餐) is called, by what it holds: top-ups alone are a 充值特惠包, an accelerator membership
 * makes it a 畅玩加速套餐, a DLC a 完整内容套装 (the edition with its extra content); an edition with top-ups
 * is a 超值组合包.
 */
function packageKind(picked: readonly Goods[]): string {
  const has = (type: Goods['type']) => picked.some((g) => g.type === type);
  if (picked.every((g) => g.type === 'topup')) return '充值特惠包';
  if (has('accelerator')) return '畅玩加速套餐';
  if (has('dlc')) return '完整内容套装';
  return '超值组合包';
}

/**
 * The four packages, in order: how many goods each bundles and what it must hold, so that the store
 * offers each kind the catalogue can make (an edition with its DLC, the game with an accelerator
 * membership, top-ups alone).
 */
const PACKAGE_PLANS: readonly { size: 2 | 3; fits: (bundle: readonly Goods[]) => boolean }[] = [
  { size: 2, fits: (bundle) => bundle.some(isEdition) },
  { size: 3, fits: (bundle) => bundle.some((g) => g.type === 'accelerator') },
  { size: 2, fits: (bundle) => bundle.some(isEdition) },
  { size: 3, fits: (bundle) => bundle.every((g) => g.type === 'topup') },
];

/**
 * Four bundles of 2–3 goods of one game (PACKAGE_PLANS), each from another part of the catalogue; the price
 * is about 85 % of the sum. A bundle holds at most one edition (`isEdition`): two editions of one game are
 * the same game bought twice. So it is the game's first edition (its standard one) with the game's other
 * goods (DLC, accelerator, top-ups) in their order, or, for a game sold without editions, those alone.
 */
export function createPackages(goods: Goods[], excluded: Set<number>): Package[] {
  const byGame = new Map<number, Goods[]>();
  for (const g of goods)
    if (!excluded.has(g.goodsId) && g.stock > 3) byGame.set(g.gameId, [...(byGame.get(g.gameId) ?? []), g]);
  const bundles = [...byGame.values()].map((own) => {
    const edition = own.find(isEdition);
    return [...(edition ? [edition] : []), ...own.filter((g) => !isEdition(g))];
  });
  return PACKAGE_PLANS.map(({ size, fits }, i) => {
    const fit = bundles.map((bundle) => bundle.slice(0, size)).filter((b) => b.length === size && fits(b));
    const picked = fit[Math.floor((i * fit.length) / PACKAGE_PLANS.length)] ?? [];
    const originalPrice = picked.reduce((s, g) => s + g.price, 0);
    return {
      packageId: i + 1,
      name: `${picked[0]?.gameName ?? ''} ${packageKind(picked)}`,
      goodsIds: picked.map((g) => g.goodsId),
      originalPrice,
      price: Math.round((originalPrice * 0.85) / 100) * 100,
    };
  });
}

export function createActivity(goods: Goods[], excluded: Set<number>, random: Random): SeedData['activity'] {
  const tags = ['新春特惠', '限时秒杀', '年货必备', '爆款直降'];
  // Full-price goods only: an activity price never stacks on another discount.
  const candidates = goods.filter(
    (g) =>
      !excluded.has(g.goodsId) && g.stock > 0 && g.price >= 1000 && g.price === g.originalPrice && g.type !== 'topup',
  );
  const chosen = random.sample(candidates, 12).sort((a, b) => b.sales - a.sales);
  return {
    activityId: ACTIVITY_ID,
    topGoodsId: chosen[0]!.goodsId,
    goods: chosen.map((g, i) => ({
      goodsId: g.goodsId,
      activityPrice: Math.round((g.price * random.pick([0.6, 0.7, 0.75, 0.8, 0.85])) / 10) * 10,
      activityTag: i === 0 ? '新春特惠' : random.pick(tags),
    })),
  };
}

const COMPETITORS = [
  ['游戏星球', 'youxixingqiu'],
  ['闪电卡密', 'shandiankami'],
  ['乐淘游戏', 'letao'],
  ['云游小铺', 'yunyou'],
] as const;

/** Other platforms' prices for most released key games: 3–20 % above our standard edition's price. */
export function createCompetitorPrices(
  rows: GameRow[],
  goods: Goods[],
  baseTime: number,
  random: Random,
  alwaysGameId?: number,
): Record<number, CompetitorPrice[]> {
  const result: Record<number, CompetitorPrice[]> = {};
  for (const { game } of rows) {
    // compared with our standard edition: the game's first key goods
    const standard = goods.find((g) => g.gameId === game.gameId && isEdition(g));
    // (the chance is drawn for every released game, so `alwaysGameId` does not reshuffle the others)
    if (!standard || game.releaseDate > baseTime || (!random.chance(0.7) && game.gameId !== alwaysGameId)) continue;
    result[game.gameId] = random.sample(COMPETITORS, random.int(2, 3)).map(([platform, slug]) => ({
      platform,
      price: Math.round((standard.price * (1.03 + random.next() * 0.17)) / 10) * 10,
      url: `https://example.com/${slug}/game/${game.gameId}`,
    }));
  }
  return result;
}

export function createRecentSells(goods: Goods[], baseTime: number, random: Random): RecentSell[] {
  const pool = goods.filter((g) => g.stock > 0);
  let time = baseTime - random.int(1, 5) * MINUTE_MS;
  return Array.from({ length: 20 }, () => {
    const g = random.pick(pool);
    const sell = { goodsName: g.name, gameName: g.gameName, buyer: maskPhone(random), price: g.price, time };
    time -= random.int(1, 25) * MINUTE_MS + random.int(0, 59) * 1000;
    return sell;
  });
}
