/** What the personal centre's route accepts in the URL; a bad value falls back to the orders tab. */
import * as z from 'zod/mini';
import { optionalPositiveInt } from '../../shared/search-fields';
import { SETTING_TAB_LABELS } from '../../shared/setting-tabs';

/**
 * `/setting?type=`: 0 orders (the spec's value), 1 coupons, 2 account and real name, 3 my keys (我的激活码), 4 愿望单, 5 最近浏览 (docs/following-wishlist.md: the spec's rule extended);
 * a type is valid when it names a tab (SETTING_TAB_LABELS).
 */
export const SettingSearchSchema = z.object({
  type: z.catch(
    z._default(
      z.coerce.number().check(
        z.int(),
        z.refine((type) => Object.hasOwn(SETTING_TAB_LABELS, type)),
      ),
      0,
    ),
    0,
  ),
  status: z.catch(z.optional(z.string()), undefined),
  page: optionalPositiveInt,
});
