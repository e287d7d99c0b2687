/**
 * The search's deal filters (docs/following-prices.md): what the URL asks for, how each is named, and the trust rule — the
 * store shows a filter as in force only when the answer's `applied` says the server applied it with that value
 * (docs/following-prices.md). A server without the extension says nothing: the store then offers no filters.
 */
import type { AppliedFilters, SearchRequest } from '../../api/games';
import type { SearchPageParams } from './route-data';

type FilterKey = 'platform' | 'minPrice' | 'maxPrice' | 'discountOnly' | 'lowOnly' | 'sort';

export interface FilterLabel {
  key: FilterKey;
  label: string;
}

/** The URL's filter fields; `clearFilters` drops them all. */
const URL_FILTERS = ['platform', 'min', 'max', 'discount', 'low'] as const;

/** The price presets, in whole yuan (a bound left out is open). */
export const PRICE_PRESETS: readonly { label: string; min?: number; max?: number }[] = [
  { label: '¥50以下', max: 50 },
  { label: '¥50–100', min: 50, max: 100 },
  { label: '¥100–200', min: 100, max: 200 },
  { label: '¥200以上', min: 200 },
];

const yuan = (fen: number) => `¥${fen / 100}`;

const LABELS: { key: FilterKey; label: (value: never) => string }[] = [
  { key: 'platform', label: (value: string) => value },
  { key: 'minPrice', label: (value: number) => `最低${yuan(value)}` },
  { key: 'maxPrice', label: (value: number) => `最高${yuan(value)}` },
  { key: 'discountOnly', label: () => '仅看折扣' },
  { key: 'lowOnly', label: () => '仅看史低' },
  { key: 'sort', label: () => '折扣最大' },
];

/** The deal filters a request asks for (the sort only when it is the extension's 折扣最大). */
function requested(request: SearchRequest): Partial<Record<FilterKey, unknown>> {
  const { platform, minPrice, maxPrice, discountOnly, lowOnly, sort } = request;
  return { platform, minPrice, maxPrice, discountOnly, lowOnly, sort: sort === 'discount' ? sort : undefined };
}

/**
 * The trust rule: of the filters `request` asked for, those the answer says it applied (same value), and those it
 * did not. Without `applied` (a server without the extension) nothing is applied.
 */
export function trustFilters(
  request: SearchRequest,
  applied: AppliedFilters | undefined,
): { applied: FilterLabel[]; notApplied: FilterLabel[] } {
  const asked = requested(request);
  const result = { applied: [] as FilterLabel[], notApplied: [] as FilterLabel[] };
  for (const { key, label } of LABELS) {
    const value = asked[key];
    if (value === undefined) continue;
    const entry = { key, label: label(value as never) };
    (applied?.[key] === value ? result.applied : result.notApplied).push(entry);
  }
  return result;
}

/** What a filter control changes in the URL. */
export type FilterPatch = Pick<SearchPageParams, 'platform' | 'min' | 'max' | 'discount' | 'low'>;

/** A filter in force, as a chip that removes it. */
export interface AppliedChip {
  key: 'platform' | 'price' | 'discount' | 'low';
  label: string;
  remove: FilterPatch;
}

/** A price range in whole yuan as one label: `¥50–100`, `¥50以上`, `¥100以下`. */
const priceRangeLabel = (min: number | undefined, max: number | undefined) =>
  min !== undefined && max !== undefined ? `¥${min}–${max}` : min !== undefined ? `¥${min}以上` : `¥${max}以下`;

/**
 * The chips of the filters in force: only those the answer said it applied (`applied`, from `trustFilters`), in
 * the controls' order, the two price bounds as one range.
 */
export function appliedChips(search: SearchPageParams, applied: readonly FilterLabel[]): AppliedChip[] {
  const has = (key: FilterKey) => applied.some((filter) => filter.key === key);
  const chips: AppliedChip[] = [];
  if (search.platform !== undefined && has('platform'))
    chips.push({ key: 'platform', label: search.platform, remove: { platform: undefined } });
  const min = has('minPrice') ? search.min : undefined;
  const max = has('maxPrice') ? search.max : undefined;
  if (min !== undefined || max !== undefined)
    chips.push({ key: 'price', label: priceRangeLabel(min, max), remove: { min: undefined, max: undefined } });
  if (search.discount && has('discountOnly'))
    chips.push({ key: 'discount', label: '仅看折扣', remove: { discount: undefined } });
  if (search.low && has('lowOnly')) chips.push({ key: 'low', label: '仅看史低', remove: { low: undefined } });
  return chips;
}

/** How many filters the URL asks for (a price range counts once): the 筛选（N） button's N. */
export const filterCount = (search: SearchPageParams) =>
  (['platform', 'discount', 'low'] as const).filter((key) => search[key] !== undefined).length +
  (search.min !== undefined || search.max !== undefined ? 1 : 0);

/** Whether the URL asks for any deal filter (the sort aside). */
export const hasFilters = (search: SearchPageParams) => URL_FILTERS.some((key) => search[key] !== undefined);

/** The URL without its deal filters (and back to the first page): 清除筛选. */
export function clearFilters<T extends SearchPageParams>(search: T): T {
  const next = { ...search, page: undefined };
  for (const key of URL_FILTERS) next[key] = undefined;
  return next;
}
