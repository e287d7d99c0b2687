/** The simulated backend's seed: counts, invariants, contract shapes and determinism. */
import { describe, expect, it, vi } from 'vitest';
import { ArticleSchema, ClassifySchema, NoticeWireSchema } from '../../src/api/assist';
import { CouponOfferSchema } from '../../src/api/coupons';
import { DICT_KEYS, DictItemSchema } from '../../src/api/dictionary';
import { BannerSchema, GameCardSchema, LabelSchema, RankTypeSchema } from '../../src/api/games';
import { EvaluationSchema, GameConfigSchema, GameDetailSchema } from '../../src/api/game-detail';
import { ActivityGameSchema, GoodsSchema, RecentSellSchema } from '../../src/api/goods';
import { PackageSchema } from '../../src/api/orders';
import { CompetitorPriceSchema, NewYearActivitySchema } from '../../src/api/user';
import { fromPrice, isEdition } from '../../src/api/from-price';
import { IMAGE_SIZES, renderImage, seedImageLabel } from '../../src/mock/images';
import { createSeed } from '../../src/mock/seed';
import { createPackages } from '../../src/mock/seed/catalog';

const DAY = 86_400_000;
const BASE = Date.UTC(2025, 0, 20, 4, 0, 0);
const seed = createSeed(BASE);
const gameById = new Map(seed.games.map((g) => [g.gameId, g]));
const goodsById = new Map(seed.goods.map((g) => [g.goodsId, g]));
const goodsOf = (gameId: number) => seed.goods.filter((g) => g.gameId === gameId);

describe('createSeed', () => {
  it('is deterministic and never reads Math.random or the clock', () => {
    const random = vi.spyOn(Math, 'random');
    const now = vi.spyOn(Date, 'now');
    const again = createSeed(BASE);
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
    expect(again).toEqual(seed);
    expect(again).not.toBe(seed);
    expect(again.games[0]).not.toBe(seed.games[0]);
  });

  it('keeps the catalogue and moves every time with baseTime', () => {
    const later = createSeed(BASE + 7 * DAY);
    expect(later.games.map((g) => [g.name, g.minPrice])).toEqual(seed.games.map((g) => [g.name, g.minPrice]));
    later.games.forEach((g, i) => expect(g.releaseDate - seed.games[i]!.releaseDate).toBe(7 * DAY));
    expect(later.newYear.endTime - seed.newYear.endTime).toBe(7 * DAY);
  });

  it('has 60+ valid games with ids 1..n and plausible release dates', () => {
    expect(seed.games.length).toBeGreaterThanOrEqual(60);
    expect(seed.games.map((g) => g.gameId)).toEqual(seed.games.map((_, i) => i + 1));
    expect(new Set(seed.games.map((g) => g.name)).size).toBe(seed.games.length);
    for (const game of seed.games) {
      GameDetailSchema.parse(game);
      GameCardSchema.parse(game);
      expect(game.gallery.length).toBeGreaterThanOrEqual(3);
      expect(game.gallery.length).toBeLessThanOrEqual(5);
      expect(game.score).toBeGreaterThanOrEqual(0);
      expect(game.score).toBeLessThanOrEqual(10);
      expect(Math.round(game.score * 10) / 10).toBe(game.score);
      expect(game.tags.length).toBeGreaterThan(0);
      expect(game.languages).toContain('简体中文');
      expect(game.description).toMatch(/<p>.*<ul><li>.*<strong>/);
      expect(game.description).not.toMatch(/<script|\son\w+=|javascript:/i);
      expect(game.releaseDate).toBeGreaterThan(BASE - 430 * DAY);
      expect(game.releaseDate).toBeLessThan(BASE + 60 * DAY);
    }
    const age = (g: { releaseDate: number }) => BASE - g.releaseDate;
    expect(seed.games.filter((g) => age(g) >= 0 && age(g) <= 30 * DAY).length).toBeGreaterThanOrEqual(3);
    expect(seed.games.some((g) => g.releaseDate > BASE)).toBe(true);
  });

  it('gives every game 2–5 valid goods and a card price equal to its cheapest edition (never a DLC or an accelerator)', () => {
    expect(new Set(seed.goods.map((g) => g.goodsId)).size).toBe(seed.goods.length);
    for (const goods of seed.goods) {
      GoodsSchema.parse(goods);
      expect(goods.price).toBeLessThanOrEqual(goods.originalPrice);
      expect(goods.price).toBeGreaterThanOrEqual(500);
      expect(goods.originalPrice).toBeLessThanOrEqual(39800);
      expect(goods.limitPerOrder).toBeGreaterThanOrEqual(1);
      expect(goods.limitPerOrder).toBeLessThanOrEqual(10);
      expect(goods.gameName).toBe(gameById.get(goods.gameId)?.name);
      expect(goods.deliveryType).toBe(goods.type === 'key' || goods.type === 'dlc' ? 'cdk' : 'account');
    }
    for (const game of seed.games) {
      const own = goodsOf(game.gameId);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(5);
      // The card's price and original price are one goods' (so its discount is that goods' discount), the
      // cheapest of the game's editions, or of its top-ups for a game sold without editions.
      const source = own.find((g) => g.price === game.minPrice && g.originalPrice === game.originalPrice);
      expect(source, game.name).toBeDefined();
      const base = own.some((g) => g.type === 'key') ? 'key' : 'topup';
      expect(source!.type, game.name).toBe(base);
      expect(Math.min(...own.filter((g) => g.type === base).map((g) => g.price))).toBe(game.minPrice);
      expect(game.sales).toBe(own.reduce((sum, g) => sum + g.sales, 0));
    }
    const types = new Set(seed.goods.map((g) => g.type));
    expect([...types].sort()).toEqual(['accelerator', 'dlc', 'key', 'topup']);
    expect(seed.goods.some((g) => g.stock === 0)).toBe(true);
    expect(seed.goods.filter((g) => g.stock > 0 && g.stock <= 3).length).toBeGreaterThanOrEqual(2);
    expect(seed.goods.some((g) => g.hasGift)).toBe(true);
  });

  it('has a config with the five requirement rows for every game', () => {
    for (const game of seed.games) {
      const config = seed.gameConfigs[game.gameId];
      GameConfigSchema.parse(config);
      expect(config?.gameId).toBe(game.gameId);
      expect(config?.minimum.map((r) => r.label)).toEqual(['操作系统', '处理器', '内存', '显卡', '存储空间']);
      expect(config?.recommended).toHaveLength(5);
      expect(config?.deliveryNote).toMatch(/[\u4e00-\u9fff]/);
      if (game.platforms.every((p) => p === 'iOS' || p === 'Android'))
        expect(config?.minimum[0]?.value).toContain('移动端');
    }
  });

  it('has banners for both sites linking inside the store', () => {
    seed.banners.forEach((b) => BannerSchema.parse(b));
    const site = (n: number) => seed.banners.filter((b) => b.bannerSite === n).length;
    expect(site(1)).toBeGreaterThanOrEqual(4);
    expect(site(1)).toBeLessThanOrEqual(6);
    expect(site(2)).toBeGreaterThanOrEqual(2);
    expect(site(2)).toBeLessThanOrEqual(3);
    for (const { link } of seed.banners) {
      const detail = /^\/gameDetail\/(\d+)$/.exec(link);
      if (detail) expect(gameById.has(Number(detail[1]))).toBe(true);
      else expect(['/sem/activity', '/coupon']).toContain(link);
    }
  });

  it('has labels, plates, ranks, hot search and recommendations that refer to real games', () => {
    expect(seed.labels.length).toBeGreaterThanOrEqual(8);
    expect(seed.labels.length).toBeLessThanOrEqual(12);
    seed.labels.forEach((l) => LabelSchema.parse(l));
    const labelIds = new Set(seed.labels.map((l) => l.labelId));
    for (const game of seed.games) game.labelIds.forEach((id) => expect(labelIds.has(id)).toBe(true));
    for (const label of seed.labels) expect(seed.games.some((g) => g.labelIds.includes(label.labelId))).toBe(true);

    expect(seed.plates.length).toBeGreaterThanOrEqual(4);
    expect(seed.plates.length).toBeLessThanOrEqual(6);
    for (const plate of seed.plates) {
      expect(plate.gameIds.length).toBeGreaterThanOrEqual(6);
      expect(plate.gameIds.length).toBeLessThanOrEqual(12);
      expect(new Set(plate.gameIds).size).toBe(plate.gameIds.length);
      plate.gameIds.forEach((id) => expect(gameById.has(id)).toBe(true));
    }

    expect(seed.ranks.map((r) => r.rankType).sort()).toEqual([...RankTypeSchema.options].sort());
    const ranked = (type: string) =>
      (seed.ranks.find((r) => r.rankType === type)?.gameIds ?? []).map((id) => gameById.get(id)!);
    for (const rank of seed.ranks) expect(rank.gameIds).toHaveLength(10);
    const nonIncreasing = (values: number[]) => values.every((v, i) => i === 0 || v <= values[i - 1]!);
    expect(nonIncreasing(ranked('sales').map((g) => g.sales))).toBe(true);
    expect(nonIncreasing(ranked('new').map((g) => g.releaseDate))).toBe(true);
    expect(nonIncreasing(ranked('score').map((g) => g.score))).toBe(true);
    expect(ranked('new').every((g) => g.releaseDate <= BASE)).toBe(true);

    expect(seed.hotSearch.gameIds.length).toBeGreaterThanOrEqual(8);
    expect(seed.hotSearch.gameIds.length).toBeLessThanOrEqual(10);
    seed.hotSearch.gameIds.forEach((id) => expect(gameById.has(id)).toBe(true));
    expect(seed.hotSearch.keywords.length).toBeGreaterThanOrEqual(6);
    expect(seed.hotSearch.keywords.length).toBeLessThanOrEqual(10);
    for (const word of seed.hotSearch.keywords) expect(seed.games.some((g) => g.name.includes(word))).toBe(true);

    expect(seed.recommendGameIds.length).toBeGreaterThan(0);
    seed.recommendGameIds.forEach((id) => expect(gameById.has(id)).toBe(true));
  });

  it('has past evaluations tied to a game and one of its goods', () => {
    for (const e of seed.evaluations) {
      EvaluationSchema.parse(e);
      const goods = goodsById.get(e.goodsId);
      expect(goods?.gameId).toBe(e.gameId);
      expect(e.goodsName).toBe(goods?.name);
      expect(e.score).toBeGreaterThanOrEqual(1);
      expect(e.score).toBeLessThanOrEqual(5);
      expect(e.createTime).toBeLessThan(BASE);
      expect(e.content).toMatch(/^<p>.+<\/p>$/);
      expect(e.userName).toMatch(/^玩家1\d{2}\*{4}\d{4}$|^.\*\*.$/u);
    }
    expect(new Set(seed.evaluations.map((e) => e.evaluationId)).size).toBe(seed.evaluations.length);
    const released = seed.games.filter((g) => g.releaseDate <= BASE);
    const reviewed = released.filter((g) => {
      const n = seed.evaluations.filter((e) => e.gameId === g.gameId).length;
      return n >= 3 && n <= 15;
    });
    expect(reviewed.length).toBeGreaterThanOrEqual(released.length * 0.8);
  });

  it('has 8+ notices with HTML bodies, one or two pinned', () => {
    expect(seed.notices.length).toBeGreaterThanOrEqual(8);
    seed.notices.forEach((n) => NoticeWireSchema.parse(n));
    const pinned = seed.notices.filter((n) => n.top).length;
    expect(pinned).toBeGreaterThanOrEqual(1);
    expect(pinned).toBeLessThanOrEqual(2);
    expect(seed.notices.every((n) => n.content.startsWith('<p>') && n.publishTime <= BASE)).toBe(true);
    expect(seed.notices.some((n) => n.content.includes('<ul>'))).toBe(true);
    expect(seed.notices.some((n) => /<a href="\/[^"]*">/.test(n.content))).toBe(true);
  });

  it('has 3+ help categories of 4+ articles and the two agreement articles', () => {
    seed.classifies.forEach((c) => ClassifySchema.parse(c));
    seed.articles.forEach((a) => ArticleSchema.parse(a));
    expect(new Set(seed.articles.map((a) => a.articleId)).size).toBe(seed.articles.length);
    for (const c of seed.classifies)
      expect(c.articleCount).toBe(seed.articles.filter((a) => a.classifyId === c.classifyId).length);
    const help = seed.classifies.filter((c) => c.code === 'help');
    expect(help.length).toBeGreaterThanOrEqual(3);
    help.forEach((c) => expect(c.articleCount).toBeGreaterThanOrEqual(4));
    const agreement = seed.classifies.filter((c) => c.code === 'agreement');
    expect(agreement).toHaveLength(1);
    const legal = seed.articles.filter((a) => a.classifyId === agreement[0]!.classifyId);
    expect(legal.map((a) => a.title).sort()).toEqual(['用户协议', '隐私政策'].sort());
    for (const article of legal) {
      expect(article.content.length).toBeGreaterThan(1000);
      expect((article.content.match(/<h3>/g) ?? []).length).toBeGreaterThanOrEqual(5);
    }
    for (const article of seed.articles) {
      expect((article.content.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(2);
      expect(article.updateTime).toBeLessThan(BASE);
    }
  });

  it('answers every dictionary key the storefront reads', () => {
    for (const key of [DICT_KEYS.appDownloadUrl, DICT_KEYS.ocpc, DICT_KEYS.activityConfig]) {
      const items = seed.dictItems[key];
      expect(items?.length, key).toBeGreaterThan(0);
      items?.forEach((item) => DictItemSchema.parse(item));
    }
    const downloads = seed.dictItems[DICT_KEYS.appDownloadUrl]!;
    expect(downloads.map((d) => d.text)).toEqual(['Android', 'iOS']);
    downloads.forEach((d) => expect(d.value).toMatch(/^\/webapi\/static\/download\//));
    expect(seed.dictItems[DICT_KEYS.ocpc]!.map((i) => i.text).sort()).toEqual(
      ['gameId', 'keyword', 'plan', 'unit', 'url', 'urlMd5'].sort(),
    );
    expect(seed.dictItems[DICT_KEYS.ocpc]).toContainEqual({ text: 'keyword', value: 'kw' });
    const activity = Object.fromEntries(seed.dictItems[DICT_KEYS.activityConfig]!.map((i) => [i.text, i.value]));
    expect(activity.activityId).toBe(seed.activity.activityId);
    expect(Number(activity.startTime)).toBeLessThan(BASE);
    expect(Number(activity.endTime)).toBeGreaterThan(BASE);
    expect(seed.dictText[DICT_KEYS.qqQrcode]?.QQ_code).toBe('/webapi/static/img/qq/1.svg');
  });

  it('has coupon templates, popup ids, packages, an activity and competitor prices', () => {
    expect(seed.couponTemplates.length).toBeGreaterThanOrEqual(6);
    expect(seed.couponTemplates.length).toBeLessThanOrEqual(10);
    for (const t of seed.couponTemplates) {
      CouponOfferSchema.parse({ ...t, received: false, remaining: t.total });
      expect(t.amount).toBeGreaterThan(0);
      expect(t.threshold === 0 || t.amount < t.threshold).toBe(true);
      expect(t.validDays).toBeGreaterThan(0);
      t.gameIds.forEach((id) => expect(gameById.has(id)).toBe(true));
    }
    expect(seed.couponTemplates.some((t) => t.threshold === 0)).toBe(true);
    expect(seed.couponTemplates.some((t) => t.gameIds.length > 0)).toBe(true);
    expect(seed.popupTemplateIds.length).toBeGreaterThanOrEqual(2);
    expect(seed.popupTemplateIds.length).toBeLessThanOrEqual(3);
    seed.popupTemplateIds.forEach((id) => expect(seed.couponTemplates.some((t) => t.templateId === id)).toBe(true));

    expect(seed.packages.length).toBeGreaterThanOrEqual(3);
    expect(seed.packages.length).toBeLessThanOrEqual(5);
    for (const p of seed.packages) {
      PackageSchema.parse(p);
      expect(p.goodsIds.length).toBeGreaterThanOrEqual(2);
      expect(p.goodsIds.length).toBeLessThanOrEqual(3);
      const goods = p.goodsIds.map((id) => goodsById.get(id)!);
      expect(p.originalPrice).toBe(goods.reduce((s, g) => s + g.price, 0));
      expect(p.price).toBeLessThan(p.originalPrice);
      expect(goods.every((g) => g.stock > 0)).toBe(true);
      expect(new Set(goods.map((g) => g.gameId)).size).toBe(1);
    }

    const { activity } = seed;
    expect(activity.goods.length).toBeGreaterThanOrEqual(8);
    expect(activity.goods.length).toBeLessThanOrEqual(16);
    expect(activity.goods.some((g) => g.goodsId === activity.topGoodsId)).toBe(true);
    const bundled = new Set(seed.packages.flatMap((p) => p.goodsIds));
    for (const entry of activity.goods) {
      const goods = goodsById.get(entry.goodsId)!;
      // sold at the activity price everywhere, tagged, below its original price, in no bundle
      expect(goods.price).toBe(entry.activityPrice);
      expect(goods.activityTag).toBe(entry.activityTag);
      expect(entry.activityPrice).toBeLessThan(goods.originalPrice);
      expect(bundled.has(goods.goodsId)).toBe(false);
      // the game's from price follows its goods' activity prices
      expect(gameById.get(goods.gameId)!.minPrice).toBe(fromPrice(goodsOf(goods.gameId))!.minPrice);
      if (goods.type === 'key') expect(gameById.get(goods.gameId)!.minPrice).toBeLessThanOrEqual(entry.activityPrice);
      expect(entry.activityPrice).toBeGreaterThan(0);
      ActivityGameSchema.parse({
        game: gameById.get(goods.gameId),
        goods,
        activityPrice: entry.activityPrice,
        activityTag: entry.activityTag,
      });
    }

    const compared = Object.keys(seed.competitorPrices).map(Number);
    expect(compared.length).toBeGreaterThanOrEqual(20);
    for (const gameId of compared) {
      const prices = seed.competitorPrices[gameId]!;
      expect(prices.length).toBeGreaterThanOrEqual(2);
      expect(prices.length).toBeLessThanOrEqual(3);
      const standard = goodsOf(gameId).find((g) => g.type === 'key')!;
      for (const p of prices) {
        CompetitorPriceSchema.parse(p);
        expect(p.price).toBeGreaterThan(standard.price);
      }
    }
  });

  it('never bundles two editions of a game: one edition with its extras, or top-ups, named by what it holds', () => {
    expect(seed.packages).toHaveLength(4);
    expect(seed.packages.map((p) => p.packageId)).toEqual([1, 2, 3, 4]);
    for (const p of seed.packages) {
      const goods = p.goodsIds.map((id) => goodsById.get(id)!);
      // two editions of one game (标准版 and 豪华版) would be the same game bought twice
      expect(goods.filter(isEdition), p.name).toHaveLength(goods[0]!.type === 'topup' ? 0 : 1);
      expect(new Set(p.goodsIds).size, p.name).toBe(p.goodsIds.length);
      expect(p.price, p.name).toBe(Math.round((p.originalPrice * 0.85) / 100) * 100);
      const [gameName, kind] = p.name.split(' ');
      expect(gameName).toBe(goods[0]!.gameName);
      const types = new Set(goods.map((g) => g.type));
      const holds: Record<string, boolean> = {
        充值特惠包: types.size === 1 && types.has('topup'),
        畅玩加速套餐: types.has('accelerator'),
        完整内容套装: types.has('dlc') && !types.has('accelerator'),
      };
      expect(holds[kind!], p.name).toBe(true);
    }
    // the store offers each kind the catalogue can make
    expect(new Set(seed.packages.map((p) => p.name.split(' ')[1]))).toEqual(
      new Set(['完整内容套装', '畅玩加速套餐', '充值特惠包']),
    );
    // the first package holds the first game's standard edition (the buying tests' goods) and its DLC
    expect(seed.packages[0]).toMatchObject({ name: '星砂回响 完整内容套装', goodsIds: [1, 3], price: 5800 });
  });

  it('makes no package of two editions even from a catalogue of editions only', () => {
    // every game sells three editions and one DLC: each bundle still takes one edition at most
    const editions = seed.goods.map((g) => (g.type === 'dlc' ? g : { ...g, type: 'key' as const }));
    const packages = createPackages(editions, new Set());
    expect(packages).toHaveLength(4);
    for (const p of packages) {
      const goods = p.goodsIds.map((id) => editions.find((g) => g.goodsId === id)!);
      expect(goods.filter(isEdition).length, p.name).toBeLessThanOrEqual(1);
    }
  });

  it('has an active New Year event and 20 recent sells with masked phones', () => {
    NewYearActivitySchema.parse(seed.newYear);
    expect(seed.newYear.active).toBe(true);
    expect(seed.newYear.startTime).toBeLessThan(BASE);
    expect(seed.newYear.endTime).toBeGreaterThan(BASE);
    expect(seed.newYear.rules.length).toBeGreaterThan(0);
    expect(seed.recentSells).toHaveLength(20);
    for (const sell of seed.recentSells) {
      RecentSellSchema.parse(sell);
      expect(sell.buyer).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(sell.time).toBeLessThanOrEqual(BASE);
    }
  });

  it('uses only /webapi/static/img URLs that the image renderer answers', () => {
    const urls = JSON.stringify(seed).match(/\/webapi\/static\/img\/[^"]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(seed.games.length * 3);
    expect(JSON.stringify(seed)).not.toMatch(/https?:\/\/[^"]*\.(svg|png|jpe?g|webp|gif)/i);
    for (const url of new Set(urls)) {
      const match = /^\/webapi\/static\/img\/([a-z]+)\/([\w-]+)\.svg$/.exec(url);
      expect(match, url).not.toBeNull();
      const svg = renderImage(match![1]!, match![2]!, seedImageLabel(seed, match![1]!, match![2]!));
      expect(svg, url).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    }
  });
});

describe('renderImage', () => {
  it('renders each kind at its size, deterministically, and null for unknown kinds', () => {
    for (const [kind, [w, h]] of Object.entries(IMAGE_SIZES)) {
      const svg = renderImage(kind, '7', '星砂回响');
      expect(svg).toContain(`width="${w}" height="${h}"`);
      expect(renderImage(kind, '7', '星砂回响')).toBe(svg);
      expect(renderImage(kind, '8', '星砂回响')).not.toBe(svg);
    }
    expect(renderImage('unknown', '1')).toBeNull();
    expect(renderImage('cover', '1', '星砂回响')).toContain(
      "font-family=\"'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif\"",
    );
  });

  it('escapes label text', () => {
    const svg = renderImage('banner', '1', '<script>alert("x")</script>&')!;
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
  });
});
