/**
 * The seed's promise for each goods (src/api/goods-promise.ts says what the fields mean): keys activate on the
 * store their name says (`Steam 激活码`, `PC 激活码` on an Epic-only game, `Switch 兑换码`, `主机兑换码` for
 * PlayStation), PC keys in 国区 and console codes in 港区, and may be refunded unredeemed for
 * KEY_REFUND_DAYS; top-ups and accelerator memberships are credited at once and are not refundable
 * (ACCOUNT_REFUND_DAYS), as the help centre and the user agreement (./help.ts) say.
 */
import type { Platform } from '../../api/common';
import type { ActivationPlatform, Goods, GoodsType } from '../../api/goods';
import { ACCOUNT_REFUND_DAYS, DEFAULT_KEY_REGION, KEY_REFUND_DAYS } from '../../api/goods-promise';

/** The region of each store's keys; the agreement lists the same table. */
export const KEY_REGIONS: Record<ActivationPlatform, string> = {
  steam: DEFAULT_KEY_REGION,
  epic: DEFAULT_KEY_REGION,
  nintendo: '港区',
  playstation: '港区',
  xbox: DEFAULT_KEY_REGION,
};

/** Store names as the agreement spells them. */
export const STORE_NAMES: Record<ActivationPlatform, string> = {
  steam: 'Steam',
  epic: 'Epic',
  nintendo: 'Switch',
  playstation: 'PlayStation',
  xbox: 'Xbox',
};

/** Where a game's keys are redeemed, in the order createGoods names the store (Switch, then the other consoles, then PC). */
function keyPlatform(platforms: readonly Platform[]): ActivationPlatform | undefined {
  if (platforms.includes('Switch')) return 'nintendo';
  if (platforms.includes('PS5')) return 'playstation';
  if (platforms.includes('Xbox')) return 'xbox';
  if (platforms.includes('Steam')) return 'steam';
  if (platforms.includes('Epic')) return 'epic';
  return undefined;
}

type PromiseFacts = Pick<Goods, 'activationRegion' | 'activationPlatform' | 'refundDays'>;

/** The promise fields of a goods of `type` for a game on `platforms` (createGoods spreads them into each goods). */
export function seedPromise(type: GoodsType, platforms: readonly Platform[]): PromiseFacts {
  if (type !== 'key' && type !== 'dlc') return { refundDays: ACCOUNT_REFUND_DAYS };
  const platform = keyPlatform(platforms);
  if (!platform) return { activationRegion: DEFAULT_KEY_REGION, refundDays: KEY_REFUND_DAYS };
  return { activationRegion: KEY_REGIONS[platform], activationPlatform: platform, refundDays: KEY_REFUND_DAYS };
}
