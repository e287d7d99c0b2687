/**
 * What the catalogue's routes accept in the URL, validated with zod. Bad values never break a page: each
 * field falls back to its default (the field rules are src/shared/search-fields.ts's). The router
 * (src/app/router.tsx) hands these to `validateSearch`; the loaders of ./route-data.ts read the same shapes.
 */
import * as z from 'zod/mini';
import { PlatformSchema } from '../../api/common';
import { SearchSortSchema } from '../../api/games';
import { optionalPositiveInt, optionalText, text } from '../../shared/search-fields';
import { normalizeKeyword } from '../../shared/search-keyword';

/** An on/off filter: `?discount=true` is on; anything else (absent, `false`, a value it cannot read) is off. */
const optionalFlag = z.catch(z.optional(z.literal(true)), undefined);

/**
 * A price range's bounds in order: given the wrong way round (`?min=200&max=50`, or typed so in the form), they
 * are swapped, the one rule for the URL and the 自定义价格 form.
 */
export function orderedBounds<T extends { min?: number | undefined; max?: number | undefined }>(bounds: T): T {
  const { min, max } = bounds;
  return min !== undefined && max !== undefined && min > max ? { ...bounds, min: max, max: min } : bounds;
}

export const SearchPageSearchSchema = z.pipe(
  z.object({
    /**
     * normalised (src/shared/search-keyword.ts): invisible format characters dropped, a longer one shortened
     * to KEYWORD_MAX_LENGTH characters; nothing left (a lone zero-width space) is the empty search, as `?keyword=` is
     */
    keyword: z.catch(z.optional(z.pipe(text, z.transform(normalizeKeyword))), undefined),
    labelId: optionalPositiveInt,
    sort: z.catch(z.optional(SearchSortSchema), undefined),
    page: optionalPositiveInt,
    // The deal filters (docs/following-prices.md; sent as extension params, docs/following-prices.md): prices in whole yuan,
    // plain decimal digits only (src/shared/search-fields.ts), reversed bounds swapped.
    platform: z.catch(z.optional(PlatformSchema), undefined),
    min: optionalPositiveInt,
    max: optionalPositiveInt,
    /** 仅看折扣 */
    discount: optionalFlag,
    /** 仅看史低 */
    low: optionalFlag,
  }),
  z.transform(orderedBounds),
);

export const HelpSearchSchema = z.object({
  category: optionalPositiveInt,
  article: optionalPositiveInt,
  q: optionalText,
});

export const NewPageSearchSchema = z.object({
  sort: z.catch(z.optional(z.enum(['newest', 'sales', 'priceAsc', 'priceDesc'])), undefined),
});

/** `/gameDetail/:id?goods=&num=`: the chosen goods and quantity survive a login or a reload. */
export const GameDetailSearchSchema = z.object({
  goods: optionalPositiveInt,
  num: optionalPositiveInt,
});

export const NoticeSearchSchema = z.object({ id: optionalPositiveInt });

export const AgreementSearchSchema = z.object({ doc: z.catch(z.optional(z.enum(['user', 'privacy'])), undefined) });
