/** The search's deal filters (docs/following-prices.md): the URL schema, the request it makes, and the trust rule. */
import { describe, expect, it } from 'vitest';
import { searchRequestOf } from '../../../src/features/catalog/route-data';
import { SearchPageSearchSchema } from '../../../src/features/catalog/route-search';
import { clearFilters, hasFilters, trustFilters } from '../../../src/features/catalog/search-filters';

const parse = (raw: Record<string, unknown>) => SearchPageSearchSchema.parse(raw);

describe('the search URL’s deal filters', () => {
  it('reads a platform, whole-yuan bounds, the two flags and the 折扣最大 sort', () => {
    expect(parse({ platform: 'Switch', min: '50', max: 100, discount: true, low: true, sort: 'discount' })).toEqual({
      platform: 'Switch',
      min: 50,
      max: 100,
      discount: true,
      low: true,
      sort: 'discount',
    });
  });

  it('drops what it cannot read, each field on its own, and unknown fields', () => {
    expect(
      parse({
        keyword: '星',
        platform: 'Dreamcast',
        min: 'abc',
        max: -3,
        discount: 'maybe',
        low: 0,
        sort: 'cheapest',
        colour: 'red',
      }),
    ).toEqual({ keyword: '星' });
    expect(parse({ platform: 'pc', min: 1.5, discount: false, low: 1 })).toEqual({});
  });

  it('becomes a request in fen, leaving out what is not set', () => {
    const request = searchRequestOf(parse({ keyword: '星', platform: 'PC', min: 30, max: 200, discount: true }));
    expect(request).toMatchObject({
      keyword: '星',
      platform: 'PC',
      minPrice: 3000,
      maxPrice: 20000,
      discountOnly: true,
      sort: 'default',
    });
    expect(JSON.parse(JSON.stringify(searchRequestOf(parse({}))))).toEqual({
      keyword: '',
      sort: 'default',
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('knows when any is set, and clears them all (and the page), keeping the keyword, label and sort', () => {
    expect(hasFilters(parse({ keyword: '星', sort: 'discount' }))).toBe(false);
    expect(hasFilters(parse({ low: true }))).toBe(true);
    const cleared = clearFilters(
      parse({
        keyword: '星',
        labelId: 3,
        sort: 'priceAsc',
        page: 2,
        platform: 'PC',
        min: 1,
        max: 9,
        discount: true,
        low: true,
      }),
    );
    expect(JSON.parse(JSON.stringify(cleared))).toEqual({ keyword: '星', labelId: 3, sort: 'priceAsc' });
  });
});

describe('trustFilters: only what the answer says it applied is in force', () => {
  const request = searchRequestOf(parse({ platform: 'PC', min: 50, discount: true, low: true, sort: 'discount' }));

  it('puts each asked filter on the side the answer says, with its label', () => {
    const trust = trustFilters(request, { platform: 'PC', minPrice: 5000, discountOnly: true, sort: 'discount' });
    expect(trust.applied.map((f) => f.label)).toEqual(['PC', '最低¥50', '仅看折扣', '折扣最大']);
    expect(trust.notApplied.map((f) => f.label)).toEqual(['仅看史低']);
  });

  it('does not trust a filter applied with another value', () => {
    const trust = trustFilters(request, {
      platform: 'Xbox',
      minPrice: 1000,
      discountOnly: true,
      lowOnly: true,
      sort: 'default',
    });
    expect(trust.notApplied.map((f) => f.key)).toEqual(['platform', 'minPrice', 'sort']);
  });

  it('trusts nothing from a server that says nothing (no extension), and has nothing to say without filters', () => {
    expect(trustFilters(request, undefined).applied).toEqual([]);
    expect(trustFilters(request, undefined).notApplied).toHaveLength(5);
    expect(trustFilters(searchRequestOf(parse({ sort: 'priceAsc' })), { sort: 'priceAsc' })).toEqual({
      applied: [],
      notApplied: [],
    });
  });
});
