/** Copy the listing pages share (search, 新品, help's search); kept out of the first paint's modules. */

/** The two price orders both listing pages (search, 新品) offer, last in their sort bars. */
export const PRICE_SORTS = [
  { value: 'priceAsc', label: '价格从低到高' },
  { value: 'priceDesc', label: '价格从高到低' },
] as const;

/** The heading over what a search found, the same for games and help articles. */
export const resultsTitle = (keyword: string): string => `“${keyword}”的搜索结果`;
