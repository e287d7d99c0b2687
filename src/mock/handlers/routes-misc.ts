/** Coupons, notices and help articles, the dictionary, and marketing attribution. */
import * as assist from '../../api/assist';
import * as attribution from '../../api/attribution';
import type { Coupon } from '../../api/common';
import * as coupons from '../../api/coupons';
import * as dictionary from '../../api/dictionary';
import { num, str } from './rules';
import type { Route } from './world';
import { BizError, couponView, issueCoupon, remainingOf, route } from './world';

const COUPON_STATUSES: readonly Coupon['status'][] = ['available', 'used', 'expired'];

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '');

export const miscRoutes: Route[] = [
  // --- coupons
  route(coupons.myCoupons, (ctx) => {
    const account = ctx.requireUser();
    const status = COUPON_STATUSES.find((s) => s === ctx.body.status);
    return ctx.world.state.coupons
      .filter((c) => c.userId === account.userId)
      .map((c) => couponView(ctx.world, c))
      .filter((c) => !status || c.status === status)
      .sort((a, b) => b.startTime - a.startTime);
  }),
  route(coupons.couponOffers, ({ world, user }) => {
    const held = new Set(
      user ? world.state.coupons.filter((c) => c.userId === user.userId).map((c) => c.templateId) : [],
    );
    return world.seed.couponTemplates.map((t) => ({
      templateId: t.templateId,
      title: t.title,
      amount: t.amount,
      threshold: t.threshold,
      validDays: t.validDays,
      gameIds: t.gameIds,
      remaining: remainingOf(world, t),
      received: held.has(t.templateId),
    }));
  }),
  route(coupons.couponReceive, (ctx) => {
    const { world } = ctx;
    const account = ctx.requireUser();
    const template = world.seed.couponTemplates.find((t) => t.templateId === num(ctx.body.templateId));
    if (!template) throw new BizError('coupon_40404', '优惠券不存在或活动已结束');
    if (world.state.coupons.some((c) => c.userId === account.userId && c.templateId === template.templateId)) {
      throw new BizError('coupon_40901', '您已领取过该优惠券');
    }
    if (remainingOf(world, template) <= 0) throw new BizError('coupon_41001', '优惠券已被领完');
    return couponView(world, issueCoupon(world, account, template));
  }),

  // --- assist
  route(assist.noticeList, ({ world }) =>
    [...world.seed.notices].sort((a, b) => Number(b.top) - Number(a.top) || b.publishTime - a.publishTime),
  ),
  route(assist.articleSearch, ({ world, request }) => {
    const keyword = (request.query.keyword ?? '').trim().toLowerCase();
    if (!keyword) return [];
    return world.seed.articles.filter(
      (a) => a.title.toLowerCase().includes(keyword) || stripTags(a.content).toLowerCase().includes(keyword),
    );
  }),
  route(assist.classifyList, ({ world }) =>
    world.seed.classifies.map((c) => ({
      ...c,
      articleCount: world.seed.articles.filter((a) => a.classifyId === c.classifyId).length,
    })),
  ),
  route(assist.classifyArticles, ({ world, request }) => {
    const classifyId = num(request.query.classifyId);
    return world.seed.articles.filter((a) => a.classifyId === classifyId);
  }),

  // --- dictionary
  route(dictionary.dictItems, ({ world, params }) => world.seed.dictItems[params.key ?? ''] ?? []),
  route(dictionary.dictText, ({ world, params }) => world.seed.dictText[params.key ?? '']?.[params.item ?? ''] ?? ''),

  // --- attribution
  route(attribution.semBid, ({ world, body }) => {
    world.bids.push(structuredClone(body));
    if (!str(body.bhSemReq) && !str(body.channel)) throw new BizError('sem_40001', '投放参数缺失');
    return { bId: `bid_${world.bids.length}` };
  }),
];
