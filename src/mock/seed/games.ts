/**
 * Games, their goods and their configs, generated from the tables below.
 * Every title, studio and product name is fictional.
 */
import type { Platform } from '../../api/common';
import type { GameConfig, GameDetail } from '../../api/game-detail';
import { fromPrice } from '../../api/from-price';
import type { Goods, GoodsType } from '../../api/goods';
import { imageUrl } from '../images';
import { KEY_REFUND_DAYS } from '../../api/goods-promise';
import { seedPromise } from './promise';
import { beijingDayStart, DAY_MS, HOUR_MS } from '../../shared/beijing-time';
import type { Random } from './random';
import type { SeedData } from './types';

type GameKind = 'pc' | 'console' | 'mobile';
/** `new`: released in the last 30 days; `soon`: not released yet (pre-order) */
type Flag = 'new' | 'soon' | '';

interface Genre {
  tag: string;
  /** secondary tags, one or two are added */
  extra: string[];
  /** "…是一款{blurb}。" */
  blurb: string;
  /** `title：text` */
  features: string[];
  /** played online: accelerators are sold, and the 多人联机 label applies */
  online: boolean;
  /** price tier of the standard edition, fen */
  prices: number[];
  titles: [name: string, kind: GameKind, flag?: Flag][];
}

const GENRES: Genre[] = [
  {
    tag: '角色扮演',
    extra: ['开放世界', '剧情', '奇幻', '武侠', '回合制'],
    online: false,
    blurb: '以东方幻想为背景的角色扮演游戏，玩家将踏上一段跨越山海的冒险旅程',
    prices: [6800, 9800, 12800, 19800],
    features: [
      '百万字剧情：多条故事线交织，每一次选择都会影响结局',
      '自由养成：上百种技能与装备自由搭配，打造专属流派',
      '无缝大世界：城镇、秘境与荒野之间无读条切换',
      '伙伴羁绊：与同伴并肩作战，解锁专属支线与合击技',
      '四季轮转：昼夜与天气变化影响任务与怪物行为',
      '全程配音：主线剧情由专业声优倾情演绎',
    ],
    titles: [
      ['星砂回响', 'pc', 'new'],
      ['云川仙踪录', 'pc'],
      ['长夜守灯人', 'pc'],
      ['铁锈王冠', 'console'],
      ['琉璃剑心', 'mobile'],
      ['灵渊契约', 'mobile'],
      ['白鹭城传奇', 'pc'],
    ],
  },
  {
    tag: '动作',
    extra: ['硬核', '冒险', '武侠', '魂系', '砍杀'],
    online: false,
    blurb: '节奏紧凑的动作游戏，讲究见招拆招与行云流水的连击',
    prices: [6800, 9800, 12800, 16800],
    features: [
      '弹反系统：精准格挡可打断敌人并触发处决',
      '百种武器：刀、枪、剑、戟手感各异，招式可自由编排',
      '首领战：二十余位风格迥异的强敌等你挑战',
      '难度可调：从剧情模式到极限挑战，新手老手皆宜',
      '高帧率：支持 120 帧与超宽屏显示',
      '轻量联机：可召唤好友协助攻克难关',
    ],
    titles: [
      ['断刃·归墟', 'pc'],
      ['赤霄战纪', 'console'],
      ['霜刃浪人', 'pc', 'new'],
      ['狂澜武道', 'mobile'],
      ['苍狼之牙', 'pc'],
      ['逐日者', 'console', 'soon'],
    ],
  },
  {
    tag: '射击',
    extra: ['多人', '竞技', '科幻', '战术', '第一人称'],
    online: true,
    blurb: '快节奏的多人射击游戏，团队配合与枪法同样重要',
    prices: [4800, 6800, 9800, 12800],
    features: [
      '多种模式：团队竞技、据点争夺与大逃杀轮换开放',
      '枪械改装：数百种配件，打造顺手的专属武器',
      '战术技能：每位干员拥有独特技能，阵容搭配千变万化',
      '公平竞技：段位匹配与反外挂系统保障对局体验',
      '赛季通行证：每赛季更新地图、角色与外观',
      '服务器优化：国内多地机房，低延迟稳定对战',
    ],
    titles: [
      ['零点突击', 'pc'],
      ['钢铁苍穹', 'pc'],
      ['裂隙行动', 'pc', 'new'],
      ['黑潮防线', 'mobile'],
      ['幽灵信标', 'pc', 'soon'],
      ['星火前哨', 'mobile'],
    ],
  },
  {
    tag: '策略',
    extra: ['历史', '战棋', '即时战略', '4X', '三国'],
    online: false,
    blurb: '运筹帷幄的策略游戏，在内政、外交与战争之间寻找平衡',
    prices: [4800, 6800, 9800, 12800],
    features: [
      '宏大沙盘：数百座城池与关隘构成的战略地图',
      '内政经营：屯田、开市、征兵，一切资源皆需精打细算',
      '名将如云：上百位武将，各有专属战法与性格',
      '外交博弈：结盟、离间、朝贡，兵不血刃亦可取胜',
      '多种胜利条件：统一、文化与科技路线任你选择',
      '创意工坊：支持自定义剧本与模组',
    ],
    titles: [
      ['九州霸业', 'pc'],
      ['群岛纪元', 'pc'],
      ['烽烟列国志', 'mobile'],
      ['铁穹棋局', 'pc'],
      ['远征舰队', 'pc'],
      ['山河沙盘', 'mobile'],
    ],
  },
  {
    tag: '模拟经营',
    extra: ['休闲', '种田', '建造', '治愈', '沙盒'],
    online: false,
    blurb: '轻松治愈的模拟经营游戏，从一块空地开始打造属于你的小天地',
    prices: [2800, 4800, 6800, 9800],
    features: [
      '自由建造：上千件家具与建筑组件随意摆放',
      '经营循环：进货、定价、雇佣员工，生意越做越大',
      '四季作物：春种秋收，不同季节有不同的收成与活动',
      '居民故事：与小镇居民交朋友，解锁他们的心事',
      '无压力玩法：没有失败惩罚，按自己的节奏慢慢来',
      '创意分享：一键分享你的设计蓝图',
    ],
    titles: [
      ['桃源小镇物语', 'pc'],
      ['街角面馆经营记', 'pc', 'new'],
      ['云端农场', 'mobile'],
      ['星港物流大亨', 'pc'],
      ['猫咪咖啡屋', 'mobile'],
      ['古镇客栈', 'pc'],
    ],
  },
  {
    tag: '独立',
    extra: ['解谜', '像素', '平台跳跃', '叙事', '手绘'],
    online: false,
    blurb: '由小团队倾心打造的独立游戏，用独特的美术与玩法讲述一个温暖的故事',
    prices: [1800, 2800, 3800, 4800],
    features: [
      '手绘美术：每一帧画面都由画师逐笔绘制',
      '精巧谜题：机关设计环环相扣，解开时豁然开朗',
      '原创配乐：十余首原创曲目贯穿全程',
      '短小精悍：约 6–8 小时流程，适合周末一口气通关',
      '多结局：隐藏收集品将揭开故事的另一面',
      '手柄支持：完整支持手柄与 Steam Deck',
    ],
    titles: [
      ['纸鸢', 'pc'],
      ['月下旅灯', 'pc'],
      ['迷雾邮差', 'pc'],
      ['回声方块', 'console'],
      ['小岛守塔人', 'pc', 'new'],
      ['像素骑士团', 'pc'],
      ['雨巷来信', 'pc'],
    ],
  },
  {
    tag: '竞速',
    extra: ['赛车', '多人', '模拟', '街机', '开放世界'],
    online: true,
    blurb: '追求极致速度的竞速游戏，驾驶百余款授权风格的原创赛车驰骋赛道',
    prices: [6800, 9800, 12800, 16800],
    features: [
      '百款赛车：从街头小钢炮到超级跑车，性能各异',
      '深度改装：引擎、悬挂、涂装全面自定义',
      '动态天气：雨雪与昼夜变化实时影响抓地力',
      '联机竞速：最多 16 人同场竞技，支持好友房',
      '漂移系统：易上手难精通的漂移与氮气机制',
      '方向盘支持：适配主流方向盘与力反馈',
    ],
    titles: [
      ['极光飙速', 'pc'],
      ['城市疾风', 'mobile'],
      ['荒原拉力', 'pc'],
      ['霓虹漂移', 'mobile'],
      ['风驰赛道', 'console'],
      ['涡轮少年', 'mobile'],
    ],
  },
  {
    tag: '体育',
    extra: ['多人', '竞技', '休闲', '模拟', '本地同屏'],
    online: true,
    blurb: '热血的体育游戏，在赛场上体验拼搏与团队荣耀',
    prices: [4800, 6800, 9800, 16800],
    features: [
      '真实物理：球体轨迹与身体对抗更加真实',
      '生涯模式：从青训小将成长为传奇球星',
      '球队经营：转会、训练与战术安排一手掌控',
      '在线联赛：每周赛季排名，争夺冠军奖杯',
      '本地同屏：支持双人同屏对战',
      '动作捕捉：职业运动员动作捕捉，细节生动',
    ],
    titles: [
      ['绿茵传奇经理', 'pc'],
      ['全场紧逼', 'console'],
      ['羽动青春', 'mobile'],
      ['王牌球会', 'mobile'],
      ['破发点网球', 'console'],
      ['街头三分王', 'mobile'],
    ],
  },
  {
    tag: '恐怖',
    extra: ['悬疑', '解谜', '中式恐怖', '生存', '剧情'],
    online: false,
    blurb: '氛围压抑的恐怖解谜游戏，在黑暗中拼凑一段尘封的往事',
    prices: [2800, 3800, 4800, 6800],
    features: [
      '沉浸氛围：环境音效与光影营造步步紧逼的压迫感',
      '本土题材：取材民俗传说，细节考究',
      '烧脑谜题：线索散落各处，需要细心观察与推理',
      '无战斗设计：只能躲藏与逃跑，紧张感拉满',
      '多结局：不同选择导向截然不同的真相',
      '温和模式：可关闭突发惊吓，胆小玩家也能体验故事',
    ],
    titles: [
      ['寂夜回廊', 'pc'],
      ['红伞', 'pc'],
      ['第十三号病房', 'pc'],
      ['老宅纸影', 'pc', 'new'],
      ['深井', 'pc'],
      ['雾隐村谈', 'console'],
    ],
  },
  {
    tag: '休闲',
    extra: ['消除', '益智', '派对', '萌宠', '合成'],
    online: false,
    blurb: '轻松有趣的休闲游戏，碎片时间随时来一局',
    prices: [1800, 2800, 3800],
    features: [
      '上手即玩：规则简单，一分钟就能学会',
      '海量关卡：上千个精心设计的关卡持续更新',
      '好友互动：互送体力、比拼分数其乐无穷',
      '萌系画风：色彩明快，角色可爱',
      '每日挑战：每天都有新任务与奖励',
      '离线可玩：没有网络也能畅玩',
    ],
    titles: [
      ['方块甜品屋', 'mobile'],
      ['喵星派对', 'mobile'],
      ['合合小镇', 'mobile'],
      ['泡泡森林', 'mobile'],
      ['指尖钓鱼王', 'mobile'],
      ['一起拼拼图', 'pc'],
      ['跳跳萌宠', 'mobile'],
      ['欢乐麻将馆', 'mobile'],
    ],
  },
];

const PUBLISHERS = ['星海互娱', '北辰数字娱乐', '沧澜网络', '青云互动', '远山游戏', '乘风文化', '鲸落娱乐', '千帆游戏'];
const DEVELOPERS = [
  '青鸾工作室',
  '白夜游戏',
  '折纸猫工作室',
  '赤焰互动',
  '夜航船工作室',
  '小灯塔游戏',
  '山海造物',
  '铁匠铺工作室',
  '雪松数字',
  '萤火虫工作室',
  '南风游戏',
  '方寸工作室',
];
const LANGUAGE_SETS = [
  ['简体中文'],
  ['简体中文', '繁体中文'],
  ['简体中文', '繁体中文', '英语'],
  ['简体中文', '英语', '日语'],
  ['简体中文', '繁体中文', '英语', '日语', '韩语'],
];
const HOOKS = [
  '在这里，每一次选择都会改变故事的走向。',
  '精致的画面与细腻的配乐，带来沉浸式的游戏体验。',
  '无论是独自游玩还是与好友同行，都能找到属于自己的乐趣。',
  '上线以来持续更新，内容越来越丰富。',
  '开发团队历时三年打磨，只为呈现最完整的作品。',
];
const CLOSINGS = [
  '本店所售均为官方正版，支付成功后即时发货，购买前请确认所需平台与版本。',
  '现在入手即可畅玩全部本体内容，后续免费更新同样可以获得。',
  '如遇激活或到账问题，请通过右侧「客服」联系我们，我们将第一时间为您处理。',
];
const PLATFORM_SETS: Record<GameKind, Platform[][]> = {
  pc: [
    ['PC', 'Steam'],
    ['PC', 'Steam', 'Epic'],
    ['PC', 'Epic'],
    ['PC', 'Steam'],
  ],
  console: [['Switch'], ['PS5', 'Xbox'], ['PS5', 'Xbox', 'PC', 'Steam'], ['Switch', 'PC', 'Steam']],
  mobile: [
    ['iOS', 'Android'],
    ['Android', 'iOS'],
  ],
};
const CURRENCIES = ['点券', '钻石', '元宝', '星石', '金币', '仙玉'];
const DLC_NAMES = ['季票', '原声音乐集', '数字美术设定集', '扩展包「失落之地」', '扩展包「远洋来客」', '新手成长礼包'];

export interface GameRow {
  game: GameDetail;
  kind: GameKind;
  genre: string;
  online: boolean;
  upcoming: boolean;
}

/** Rounds to a "nice" shelf price ending in 8 yuan: 7680 → 7800. */
function shelfPrice(fen: number): number {
  return Math.min(39800, Math.max(600, Math.round(fen / 1000) * 1000 - 200));
}

function discounted(random: Random, originalPrice: number): number {
  const factor = random.pick([1, 1, 1, 0.9, 0.85, 0.8, 0.75, 0.7, 0.6, 0.5]);
  return Math.round((originalPrice * factor) / 10) * 10;
}

/** Builds the games (without labelIds, min prices and sales, filled in by `finishGames`). */
export function createGames(random: Random, baseTime: number): GameRow[] {
  const today = beijingDayStart(baseTime);
  const rows: GameRow[] = [];
  for (const genre of GENRES) {
    for (const [name, kind, flag = ''] of genre.titles) {
      const gameId = rows.length + 1;
      const upcoming = flag === 'soon';
      const days = flag === 'new' ? random.int(2, 26) : upcoming ? -random.int(10, 40) : random.int(35, 420);
      const features = random.sample(genre.features, random.int(3, 4)).map((f) => {
        const [title, text] = f.split('：');
        return `<li><strong>${title}</strong>：${text}</li>`;
      });
      const description =
        `<p><strong>《${name}》</strong>是一款${genre.blurb}。${random.pick(HOOKS)}</p>` +
        `<h3>游戏特色</h3><ul>${features.join('')}</ul><p>${random.pick(CLOSINGS)}</p>`;
      const galleryCount = random.int(3, 5);
      rows.push({
        kind,
        genre: genre.tag,
        online: genre.online,
        upcoming,
        game: {
          gameId,
          name,
          cover: imageUrl('cover', gameId),
          icon: imageUrl('icon', gameId),
          tags: [genre.tag, ...random.sample(genre.extra, random.int(1, 2))],
          platforms: [...random.pick(PLATFORM_SETS[kind])],
          labelIds: [],
          minPrice: 0,
          originalPrice: 0,
          releaseDate: today - days * DAY_MS + 10 * HOUR_MS,
          score: upcoming ? 0 : (random.chance(0.1) ? random.int(45, 61) : random.int(62, 97)) / 10,
          sales: 0,
          description,
          gallery: Array.from({ length: galleryCount }, (_, i) => imageUrl('gallery', `${gameId}-${i + 1}`)),
          publisher: random.pick(PUBLISHERS),
          developer: random.pick(DEVELOPERS),
          languages: [...random.pick(LANGUAGE_SETS)],
        },
      });
    }
  }
  return rows;
}

/** What every gift of the simulated store is (giftCdkGrant hands out its code). */
export const GIFT_NAME = '全民加速器 7 天会员';

/** Creates 2–5 goods per game, ids from 1 in game order. */
export function createGoods(random: Random, rows: GameRow[]): Goods[] {
  const goods: Goods[] = [];
  for (const { game, kind, genre, online, upcoming } of rows) {
    const popularity = upcoming ? random.int(20, 300) : Math.round(300 + random.next() ** 2 * 30000);
    const list: Omit<Goods, 'goodsId' | 'gameId' | 'gameName' | 'cover' | 'sales' | 'stock'>[] = [];
    const add = (
      name: string,
      type: GoodsType,
      originalPrice: number,
      price: number,
      extra: { gift?: boolean; limit?: number } = {},
    ) => {
      const hasGift = extra.gift ?? false;
      const tags =
        type === 'topup'
          ? ['官方直充', '秒到账']
          : type === 'accelerator'
            ? ['秒开通', '全区全服']
            : type === 'dlc'
              ? ['官方正版', '需本体']
              : upcoming
                ? ['官方正版', '预购']
                : ['官方正版', '秒发货'];
      if (price < originalPrice) tags.push('限时折扣');
      if (hasGift) tags.push('赠品');
      list.push({
        name,
        type,
        originalPrice,
        price,
        deliveryType: type === 'key' || type === 'dlc' ? 'cdk' : 'account',
        hasGift,
        ...(hasGift ? { giftName: GIFT_NAME } : {}),
        limitPerOrder: extra.limit ?? random.int(1, 5),
        tags,
      });
    };
    const edition = (label: string) => (upcoming ? `预购${label}` : label);

    if (kind === 'mobile') {
      const currency = random.pick(CURRENCIES);
      const packs: [string, number][] = [
        [`60${currency}`, 600],
        [`300${currency}`, 3000],
        [`680${currency}`, 6800],
        [`1980${currency}`, 19800],
        [`3280${currency}`, 32800],
      ];
      const chosen = random.sample(packs, random.int(2, 3)).sort((a, b) => a[1] - b[1]);
      if (random.chance(0.6)) chosen.push(['月卡（30天）', 3000]);
      for (const [name, face] of chosen)
        add(name, 'topup', face, Math.round((face * random.pick([1, 0.98, 0.95])) / 10) * 10, { limit: 10 });
    } else {
      const tier = random.pick(GENRES.find((g) => g.tag === genre)?.prices ?? [6800]);
      // console editions cost about 2.5× the PC tier of the genre
      const standard = kind === 'console' ? Math.min(34800, shelfPrice(tier * 2.5)) : tier;
      const store =
        kind === 'console'
          ? game.platforms.includes('Switch')
            ? 'Switch 兑换码'
            : '主机兑换码'
          : `${game.platforms.includes('Steam') ? 'Steam' : 'PC'} 激活码`;
      const standardPrice = discounted(random, standard);
      add(`${edition('标准版')}（${store}）`, 'key', standard, standardPrice, { gift: random.chance(0.25) });
      if (upcoming || random.chance(0.7)) {
        const deluxe = shelfPrice(standard * 1.6);
        const deluxePrice = discounted(random, deluxe);
        // the deluxe edition never sells below the standard one
        add(`${edition('豪华版')}（${store}）`, 'key', deluxe, deluxePrice > standardPrice ? deluxePrice : deluxe, {
          gift: random.chance(0.35),
        });
      }
      if (!upcoming && (list.length < 2 || random.chance(0.45))) {
        const affordable = [1200, 1800, 2800, 3800, 4800, 6800].filter((p) => p < standard);
        const price = random.pick(affordable.length ? affordable : [600]);
        add(random.pick(DLC_NAMES), 'dlc', price, discounted(random, price));
      }
    }
    if (online ? random.chance(0.75) : kind === 'pc' && random.chance(0.15)) {
      if (random.chance(0.5))
        add('加速器月卡（30天）', 'accelerator', 3000, random.pick([1980, 2500, 3000]), { limit: 3 });
      else add('加速器季卡（90天）', 'accelerator', 8400, random.pick([6800, 7200]), { limit: 3 });
    }

    let remaining = popularity;
    list.slice(0, 5).forEach((item, index, all) => {
      const sales = index === all.length - 1 ? remaining : Math.round(remaining * (0.4 + random.next() * 0.3));
      remaining -= sales;
      const goodsId = goods.length + 1;
      goods.push({
        ...item,
        ...seedPromise(item.type, game.platforms),
        goodsId,
        gameId: game.gameId,
        gameName: game.name,
        cover: imageUrl('goods', goodsId),
        stock: item.type === 'key' || item.type === 'dlc' ? random.int(12, 600) : 999,
        sales,
      });
    });
  }
  return goods;
}

/**
 * Sold-out and low-stock goods for the stock checks: the dearest goods of
 * game 2 is sold out (stock 0) and two others have stock 3. Returns the
 * sold-out goods id.
 */
export function setScarcity(goods: Goods[]): number {
  const ofGame = (id: number) => goods.filter((g) => g.gameId === id).sort((a, b) => b.price - a.price);
  const soldOut = ofGame(2)[0]!;
  soldOut.stock = 0;
  ofGame(4)[0]!.stock = 3;
  ofGame(9)[0]!.stock = 3;
  return soldOut.goodsId;
}

export const LABELS = [
  { labelId: 1, name: '热销' },
  { labelId: 2, name: '新品' },
  { labelId: 3, name: '限时折扣' },
  { labelId: 4, name: '好评如潮' },
  { labelId: 5, name: '多人联机' },
  { labelId: 6, name: '国产精品' },
  { labelId: 7, name: '独立佳作' },
  { labelId: 8, name: '手游' },
  { labelId: 9, name: '主机游戏' },
  { labelId: 10, name: '有赠品' },
  { labelId: 11, name: '即将上线' },
];

/** Fills in minPrice/originalPrice (the from price, `src/api/from-price.ts`), sales (sum of goods) and labelIds from the data. */
export function finishGames(random: Random, rows: GameRow[], goods: Goods[], baseTime: number): void {
  for (const row of rows) {
    priceGame(row, goods);
    row.game.sales = goods.filter((g) => g.gameId === row.game.gameId).reduce((sum, g) => sum + g.sales, 0);
  }
  const bestSellers = new Set(
    [...rows]
      .sort((a, b) => b.game.sales - a.game.sales)
      .slice(0, 15)
      .map((r) => r.game.gameId),
  );
  for (const row of rows) {
    const { game } = row;
    const own = goods.filter((g) => g.gameId === game.gameId);
    const age = baseTime - game.releaseDate;
    const checks: [number, boolean][] = [
      [1, bestSellers.has(game.gameId)],
      [2, age >= 0 && age <= 30 * DAY_MS],
      [3, own.some((g) => g.price < g.originalPrice)],
      [4, game.score >= 9],
      [5, row.online],
      [6, random.chance(0.4)],
      [7, row.genre === '独立'],
      [8, row.kind === 'mobile'],
      [9, row.kind === 'console'],
      [10, own.some((g) => g.hasGift)],
      [11, row.upcoming],
    ];
    game.labelIds = checks.filter(([, on]) => on).map(([id]) => id);
  }
}

/** A game's 起价: its cheapest base-game goods with that goods' original price (the contract's rule, one owner). */
function priceGame(row: GameRow, goods: Goods[]): void {
  const price = fromPrice(goods.filter((g) => g.gameId === row.game.gameId));
  if (!price) return;
  row.game.minPrice = price.minPrice;
  row.game.originalPrice = price.originalPrice;
}

/**
 * While the activity runs its goods cost the activity price wherever they are sold, and carry the
 * activity's tag: the landing page, the game detail, the pay modal and the order all agree. Their games
 * get the new 起价 and the 特惠 label.
 */
export function applyActivityPrices(rows: GameRow[], goods: Goods[], activity: SeedData['activity']): void {
  for (const entry of activity.goods) {
    const item = goods.find((g) => g.goodsId === entry.goodsId);
    const row = rows.find((r) => r.game.gameId === item?.gameId);
    if (!item || !row) continue;
    item.originalPrice = Math.max(item.originalPrice, item.price);
    item.price = entry.activityPrice;
    item.activityTag = entry.activityTag;
    priceGame(row, goods);
    if (!row.game.labelIds.includes(3)) row.game.labelIds = [...row.game.labelIds, 3].sort((a, b) => a - b);
  }
}

const PC_SPECS = {
  os: ['Windows 10 64 位', 'Windows 10/11 64 位'],
  cpu: [
    ['Intel Core i3-6100 / AMD Ryzen 3 1200', 'Intel Core i5-8400 / AMD Ryzen 5 2600'],
    ['Intel Core i5-4460 / AMD FX-6300', 'Intel Core i7-8700 / AMD Ryzen 5 3600'],
    ['Intel Core i5-8400 / AMD Ryzen 5 2600', 'Intel Core i7-12700 / AMD Ryzen 7 5800X'],
  ],
  ram: [
    ['4 GB', '8 GB'],
    ['8 GB', '16 GB'],
    ['16 GB', '32 GB'],
  ],
  gpu: [
    ['NVIDIA GTX 750 Ti / AMD R7 260X', 'NVIDIA GTX 1050 Ti / AMD RX 560'],
    ['NVIDIA GTX 1060 6GB / AMD RX 580', 'NVIDIA RTX 2060 / AMD RX 5700'],
    ['NVIDIA GTX 1660 / AMD RX 5600 XT', 'NVIDIA RTX 3070 / AMD RX 6800'],
  ],
};

const rowsOf = (values: string[]) =>
  ['操作系统', '处理器', '内存', '显卡', '存储空间'].map((label, i) => ({ label, value: values[i] ?? '' }));

export function createGameConfig(random: Random, row: GameRow, goods: Goods[]): GameConfig {
  const { game, kind } = row;
  let minimum: GameConfig['minimum'];
  let recommended: GameConfig['recommended'];
  if (kind === 'mobile') {
    minimum = rowsOf([
      'Android 8.0 / iOS 13.0 及以上（移动端游戏）',
      '骁龙 660 / 苹果 A11 及以上',
      '4 GB',
      '移动端游戏，无需独立显卡',
      `${random.int(2, 6)} GB 可用空间`,
    ]);
    recommended = rowsOf([
      'Android 11 / iOS 15.0 及以上（移动端游戏）',
      '骁龙 865 / 苹果 A14 及以上',
      '8 GB',
      '移动端游戏，无需独立显卡',
      `${random.int(6, 12)} GB 可用空间`,
    ]);
  } else if (kind === 'console' && !game.platforms.includes('PC')) {
    const system = game.platforms.includes('Switch') ? 'Nintendo Switch 系统' : 'PS5 / Xbox Series X|S 主机';
    const none = '主机游戏，无额外硬件要求';
    const size = `${random.int(8, 60)} GB 可用空间`;
    minimum = rowsOf([system, none, none, none, size]);
    recommended = rowsOf([system, none, none, none, size]);
  } else {
    const tier = ['独立', '休闲', '恐怖'].includes(row.genre) ? 0 : random.int(1, 2);
    const size = tier === 0 ? random.int(2, 12) : random.int(30, 120);
    const pick = (pair: string[] | undefined, i: number) => pair?.[i] ?? '';
    minimum = rowsOf([
      PC_SPECS.os[0]!,
      pick(PC_SPECS.cpu[tier], 0),
      pick(PC_SPECS.ram[tier], 0),
      pick(PC_SPECS.gpu[tier], 0),
      `${size} GB 可用空间`,
    ]);
    recommended = rowsOf([
      PC_SPECS.os[1]!,
      pick(PC_SPECS.cpu[tier], 1),
      pick(PC_SPECS.ram[tier], 1),
      pick(PC_SPECS.gpu[tier], 1),
      `${size} GB 可用空间（建议 SSD）`,
    ]);
  }
  const own = goods.filter((g) => g.gameId === game.gameId);
  const notes: string[] = [];
  if (own.some((g) => g.deliveryType === 'cdk')) {
    const where = game.platforms.includes('Steam')
      ? '在 Steam 客户端「游戏 → 激活产品」中输入激活码'
      : kind === 'console'
        ? '在主机商店的「兑换代码」中输入兑换码'
        : '在对应平台客户端的「兑换」入口输入激活码';
    notes.push(
      `激活码类商品支付成功后即时发放，可在「订单详情」中查看，并同步以短信发送至账号绑定手机。请${where}完成激活。激活码一经兑换即与您的账号绑定，无法退款；未兑换的激活码可在付款后 ${KEY_REFUND_DAYS} 天内申请退款。`,
    );
  }
  if (own.some((g) => g.type === 'topup'))
    notes.push(
      '充值类商品支付成功后直充至下单时登录的账号，一般 1–5 分钟内到账，高峰期可能稍有延迟；到账账号可在「订单详情」中查看。充值到账后不支持撤回。',
    );
  if (own.some((g) => g.type === 'accelerator'))
    notes.push('加速器会员支付成功后自动开通至当前登录账号，有效期从开通时起算，可在加速器客户端中直接使用。');
  if (row.upcoming) notes.push(`本作为预购商品，激活码将于正式发售后可用，请留意发售公告。`);
  return { gameId: game.gameId, minimum, recommended, deliveryNote: notes.join('') };
}
