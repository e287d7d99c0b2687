/** Coupon templates, dictionary entries and the New Year event. */
import { KEY_REFUND_DAYS } from '../../api/goods-promise';
import type { DictItem } from '../../api/dictionary';
import type { NewYearActivity } from '../../api/user';
import { imageUrl } from '../images';
import { ACTIVITY_ID } from './catalog';
import type { GameRow } from './games';
import { beijingDayStart, DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/beijing-time';
import type { SeedCouponTemplate } from './types';

/** The product key (`VITE_PRODUCT`, default `xingyou`) names the activity dictionary entry. */
const PRODUCT = 'xingyou';

const DICT_KEYS = {
  appDownloadUrl: 'mall-app-download-url',
  ocpc: 'leigod_mall_ocpc',
  activityConfig: `${PRODUCT}_activity_config`,
  qqQrcode: 'mall_qq_qrcode',
} as const;

const yuan = (n: number) => n * 100;

export function createCouponTemplates(rows: GameRow[]): SeedCouponTemplate[] {
  const idsOf = (pred: (r: GameRow) => boolean) => rows.filter(pred).map((r) => r.game.gameId);
  const mobile = idsOf((r) => r.kind === 'mobile');
  const indie = idsOf((r) => r.genre === '独立');
  const star = rows.find((r) => r.game.labelIds.includes(1) && r.kind !== 'mobile')?.game ?? rows[0]!.game;
  const t = (
    templateId: number,
    title: string,
    amount: number,
    threshold: number,
    validDays: number,
    gameIds: number[],
    total: number,
    description: string,
  ): SeedCouponTemplate => ({
    templateId,
    title,
    amount: yuan(amount),
    threshold: yuan(threshold),
    validDays,
    gameIds,
    total,
    description,
  });
  return [
    t(1, '新人专享 5 元无门槛券', 5, 0, 7, [], 100000, '全场通用，无门槛使用；每位用户限领 1 张，领取后 7 天内有效。'),
    t(2, '满 100 减 10 元', 10, 100, 15, [], 50000, '订单满 100 元可用，全场通用。'),
    t(3, '满 50 减 5 元', 5, 50, 15, [], 50000, '订单满 50 元可用，全场通用。'),
    t(4, '满 200 减 25 元', 25, 200, 30, [], 20000, '订单满 200 元可用，适合购买豪华版与组合套餐。'),
    t(5, '满 300 减 40 元', 40, 300, 30, [], 10000, '订单满 300 元可用，主机大作购买首选。'),
    t(6, `《${star.name}》专享满 68 减 8 元`, 8, 68, 10, [star.gameId], 5000, `仅限购买《${star.name}》相关商品使用。`),
    t(7, '手游充值满 30 减 3 元', 3, 30, 7, mobile, 30000, '仅限手游充值类商品使用，多款热门手游通用。'),
    t(8, '独立游戏满 40 减 6 元', 6, 40, 15, indie, 8000, '独立精选专区商品可用，支持小团队的好作品。'),
    t(9, '新春限量神券 满 150 减 30 元', 30, 150, 5, [], 20, '新春游戏节限量发放，先到先得，领完即止。'),
  ];
}

/** Shown by the home popup to anonymous visitors and new users. */
export const POPUP_TEMPLATE_IDS = [1, 3, 2];

const NEW_YEAR_RULES = [
  '活动时间内，会场商品以活动价销售，活动价已在商品卡片上标明。',
  '活动商品数量有限，售完即止；每个账号每件商品限购数量以商品页为准。',
  '活动商品可使用满足条件的优惠券，最终优惠以结算页显示为准。',
  `订单支付后 ${KEY_REFUND_DAYS} 天内、激活码未兑换且未领取赠品的，可在订单详情申请极速退款；激活码兑换或充值到账后不支持退款。`,
  '如发现刷单、倒卖等违规行为，平台有权取消订单并收回优惠。',
  '本活动最终解释权在法律允许范围内归星游商城所有。',
];

export function createDictionary(baseTime: number): {
  dictItems: Record<string, DictItem[]>;
  dictText: Record<string, Record<string, string>>;
} {
  const start = beijingDayStart(baseTime) - 7 * DAY_MS;
  const end = beijingDayStart(baseTime) + 21 * DAY_MS + 23 * HOUR_MS + 59 * MINUTE_MS;
  return {
    dictItems: {
      // text: platform shown to the user; value: the download link. The matching
      // QR image is served at /webapi/static/img/download/{android|ios}.svg.
      [DICT_KEYS.appDownloadUrl]: [
        { text: 'Android', value: '/webapi/static/download/xingyou-mall-android.apk' },
        { text: 'iOS', value: '/webapi/static/download/xingyou-mall-ios.html' },
      ],
      // Attribution (OCPC) parameter mapping. Each item maps a stored field to
      // the landing URL's query parameter: `text` is the name kept in session
      // storage (`ocpcReportParams`), `value` is the query parameter it is read
      // from. `{ text: 'keyword', value: 'kw' }` means ocpcReportParams.keyword
      // = the value of `?kw=` on the landing URL.
      [DICT_KEYS.ocpc]: [
        { text: 'keyword', value: 'kw' },
        { text: 'plan', value: 'planid' },
        { text: 'unit', value: 'unitid' },
        { text: 'url', value: 'lp' },
        { text: 'gameId', value: 'gid' },
        { text: 'urlMd5', value: 'urlmd5' },
      ],
      // Activity landing config: one item per field, `text` = field name, `value` =
      // its value as a string (times are epoch ms, rules are separated by "\n").
      [DICT_KEYS.activityConfig]: [
        { text: 'activityId', value: ACTIVITY_ID },
        { text: 'title', value: '新春游戏节' },
        { text: 'subtitle', value: '爆款游戏低至 5 折，领券再享满减' },
        { text: 'startTime', value: String(start) },
        { text: 'endTime', value: String(end) },
        { text: 'banner', value: imageUrl('banner', 6) },
        { text: 'rules', value: NEW_YEAR_RULES.join('\n') },
      ],
    },
    dictText: {
      [DICT_KEYS.qqQrcode]: { QQ_code: imageUrl('qq', 1) },
    },
  };
}

export function createNewYear(baseTime: number): NewYearActivity {
  return {
    active: true,
    title: '新春游戏节',
    banner: imageUrl('banner', 'newyear'),
    startTime: beijingDayStart(baseTime) - 7 * DAY_MS,
    endTime: beijingDayStart(baseTime) + 21 * DAY_MS + 23 * HOUR_MS + 59 * MINUTE_MS,
    rules: [...NEW_YEAR_RULES],
  };
}
