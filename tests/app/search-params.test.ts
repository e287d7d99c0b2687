import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { KEYWORD_MAX_LENGTH } from '../../src/shared/search-keyword';
import { OrderDetailSearchSchema } from '../../src/features/buying/route-search';
import { HelpSearchSchema, SearchPageSearchSchema } from '../../src/features/catalog/route-search';
import { SettingSearchSchema } from '../../src/features/session/route-search';
import { parseSearch, parseSearchParams } from '../../src/shared/search-fields';

/** What a route's validateSearch makes of a query string, read the way the store's router reads the address bar. */
const read = <S extends z.ZodMiniType>(schema: S, query: string) => parseSearch(schema)(parseSearchParams(query));

describe('search parameters fall back instead of breaking the page', () => {
  it('/setting?type= keeps 0, 1 or 2 and turns anything else into 0 (orders)', () => {
    expect(read(SettingSearchSchema, '?type=2')).toEqual({ type: 2 });
    expect(read(SettingSearchSchema, '?type=5')).toEqual({ type: 5 });
    expect(read(SettingSearchSchema, '')).toEqual({ type: 0 });
    for (const type of ['abc', '9', '-1', '1.5'])
      expect(read(SettingSearchSchema, `?type=${type}`)).toEqual({ type: 0 });
  });

  it('/setting?type=4 is the 愿望单 tab and 5 最近浏览 (the spec’s rule extended: docs/following.md), 6 is nothing', () => {
    expect(read(SettingSearchSchema, '?type=4')).toEqual({ type: 4 });
    expect(read(SettingSearchSchema, '?type=5')).toEqual({ type: 5 });
    expect(read(SettingSearchSchema, '?type=6')).toEqual({ type: 0 });
  });

  it('drops a page that is zero, negative or not a number, and keeps a positive one', () => {
    expect(read(SettingSearchSchema, '?type=1&page=0&status=paid')).toEqual({ type: 1, status: 'paid' });
    expect(read(SettingSearchSchema, '?page=-3')).toEqual({ type: 0 });
    expect(read(SearchPageSearchSchema, '?page=abc')).toEqual({});
    expect(read(SearchPageSearchSchema, '?page=2')).toEqual({ page: 2 });
  });

  it('/search reads price bounds written as plain decimal yuan only', () => {
    expect(read(SearchPageSearchSchema, '?min=50&max=100')).toEqual({ min: 50, max: 100 });
    for (const bad of [
      '0x20',
      '1e2',
      '%5B1%5D',
      '1.5',
      '100.0',
      '-3',
      '0',
      '%2B5',
      '%2050',
      'Infinity',
      '1234567890',
    ]) {
      expect(read(SearchPageSearchSchema, `?min=${bad}&max=${bad}`), bad).toEqual({});
    }
  });

  it('/search swaps reversed price bounds, as the 自定义价格 form does', () => {
    expect(read(SearchPageSearchSchema, '?min=200&max=50&discount=true')).toEqual({
      min: 50,
      max: 200,
      discount: true,
    });
    expect(read(SearchPageSearchSchema, '?min=200')).toEqual({ min: 200 });
  });

  it('reads no number the address bar did not write in plain decimal: pages and ids too, and a keyword stays its text', () => {
    expect(read(SearchPageSearchSchema, '?page=0x10&labelId=1e1')).toEqual({});
    expect(read(SearchPageSearchSchema, '?keyword=1e2')).toEqual({ keyword: '1e2' });
    expect(read(SearchPageSearchSchema, '?page=3&labelId=12')).toEqual({ page: 3, labelId: 12 });
  });

  it('/search drops an unknown sort and a label id that is not positive, and keeps a known sort', () => {
    expect(read(SearchPageSearchSchema, '?sort=cheapest&labelId=-2')).toEqual({});
    expect(read(SearchPageSearchSchema, '?sort=priceAsc&labelId=3')).toEqual({ sort: 'priceAsc', labelId: 3 });
  });

  it('/search leaves a missing keyword out and keeps an empty one as the empty string', () => {
    expect(read(SearchPageSearchSchema, '')).toEqual({});
    expect(read(SearchPageSearchSchema, '?keyword=')).toEqual({ keyword: '' });
    expect(read(SearchPageSearchSchema, `?keyword=${encodeURIComponent('原神')}`)).toEqual({ keyword: '原神' });
  });

  // Found by probing the money path (docs/decisions/0019-money-path-trust-and-budget.md): a keyword of only a zero-width space searched for an invisible term.
  it('/search drops invisible format characters from the keyword: a lone zero-width space is the empty search', () => {
    expect(read(SearchPageSearchSchema, '?keyword=%E2%80%8B')).toEqual({ keyword: '' });
    expect(read(SearchPageSearchSchema, `?keyword=${encodeURIComponent('原\u200b神\u202e')}`)).toEqual({
      keyword: '原神',
    });
    // Emoji sequences keep their zero-width joiner.
    expect(read(SearchPageSearchSchema, `?keyword=${encodeURIComponent('👨\u200d👩')}`)).toEqual({
      keyword: '👨\u200d👩',
    });
  });

  it('/orderDateil keeps an order id and turns a missing one, an object or a boolean into the empty string', () => {
    expect(read(OrderDetailSearchSchema, '?id=XY20240101000001')).toEqual({ id: 'XY20240101000001' });
    expect(read(OrderDetailSearchSchema, '')).toEqual({ id: '' });
    expect(read(OrderDetailSearchSchema, `?id=${encodeURIComponent('{"a":1}')}`)).toEqual({ id: '' });
    expect(read(OrderDetailSearchSchema, '?id=true')).toEqual({ id: '' });
  });

  it('keeps a keyword, a help search or an order id made only of digits as the text it is', () => {
    expect(read(SearchPageSearchSchema, '?keyword=2077')).toEqual({ keyword: '2077' });
    expect(read(HelpSearchSchema, '?q=404')).toEqual({ q: '404' });
    expect(read(OrderDetailSearchSchema, '?id=123')).toEqual({ id: '123' });
  });

  it('/search drops a keyword whose percent-escapes are broken instead of keeping U+FFFD, and keeps other raw text', () => {
    expect(read(SearchPageSearchSchema, '?keyword=%E4%A')).toEqual({});
    expect(read(SearchPageSearchSchema, '?keyword=%E4')).toEqual({});
    expect(read(SearchPageSearchSchema, '?keyword=%E4%A&sort=sales')).toEqual({ sort: 'sales' });
    expect(read(SearchPageSearchSchema, '?keyword=100%25')).toEqual({ keyword: '100%' });
    expect(read(SearchPageSearchSchema, '?keyword=50%')).toEqual({ keyword: '50%' });
  });

  it(`/search keeps at most ${KEYWORD_MAX_LENGTH} characters of a keyword, counting characters rather than UTF-16 units`, () => {
    expect(read(SearchPageSearchSchema, `?keyword=${'a'.repeat(2_000)}`)).toEqual({
      keyword: 'a'.repeat(KEYWORD_MAX_LENGTH),
    });
    expect(read(SearchPageSearchSchema, `?keyword=${encodeURIComponent('𠮷'.repeat(KEYWORD_MAX_LENGTH))}`)).toEqual({
      keyword: '𠮷'.repeat(KEYWORD_MAX_LENGTH),
    });
    expect(read(SearchPageSearchSchema, `?keyword=${encodeURIComponent('𠮷'.repeat(60))}`)).toEqual({
      keyword: '𠮷'.repeat(KEYWORD_MAX_LENGTH),
    });
  });
});
