/**
 * Search parameters of the routes that take them, validated with zod. Bad
 * values never break a page: each field falls back to its default.
 */
import * as z from 'zod/mini';
import { SearchSortSchema } from '../api/games';
import { isGarbled, normalizeKeyword } from '../features/catalog/search-keyword';

const optionalPositiveInt = z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined);
/**
 * Free text: the router reads `?keyword=2077` as the number 2077, which is still the text the shopper typed.
 * Text holding U+FFFD (a broken percent-escape such as `%E4%A` decodes to it) is refused, so each field
 * falls back to its default instead of carrying garbage.
 */
const text = z.union([z.string(), z.pipe(z.number(), z.transform((n) => String(n)))]).check(z.refine((s) => !isGarbled(s)));
const optionalText = z.catch(z.optional(text), undefined);

export const SearchPageSearchSchema = z.object({
  /**
   * normalised (src/features/catalog/search-keyword.ts): invisible format characters dropped, a longer one shortened
   * to KEYWORD_MAX_LENGTH characters; nothing left (a lone zero-width space) is the empty search, as `?keyword=` is
   */
  keyword: z.catch(z.optional(z.pipe(text, z.transform(normalizeKeyword))), undefined),
  labelId: optionalPositiveInt,
  sort: z.catch(z.optional(SearchSortSchema), undefined),
  page: optionalPositiveInt,
});

/** `/setting?type=`: 0 orders (the spec's value), 1 coupons, 2 account and real name, 3 my keys (我的激活码). */
export const SettingSearchSchema = z.object({
  type: z.catch(z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(3)), 0), 0),
  status: z.catch(z.optional(z.string()), undefined),
  page: optionalPositiveInt,
});

export const OrderDetailSearchSchema = z.object({
  id: z.catch(text, ''),
});

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

/** Landing pages read arbitrary marketing parameters; the attribution module parses them. */
export const LandingSearchSchema = z.record(z.string(), z.unknown());

export function parseSearch<S extends z.ZodMiniType>(schema: S) {
  return (raw: Record<string, unknown>): z.output<S> => schema.parse(raw);
}
