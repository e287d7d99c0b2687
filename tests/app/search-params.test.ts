import { defaultParseSearch } from '@tanstack/react-router';
import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { HelpSearchSchema, OrderDetailSearchSchema, SearchPageSearchSchema, SettingSearchSchema, parseSearch } from '../../src/app/search-params';

/** What a route's validateSearch makes of a query string, read the way the router reads the address bar. */
const read = <S extends z.ZodMiniType>(schema: S, query: string) => parseSearch(schema)(defaultParseSearch(query));

describe('search parameters fall back instead of breaking the page', () => {
  it('/setting?type= keeps 0, 1 or 2 and turns anything else into 0 (orders)', () => {
    expect(read(SettingSearchSchema, '?type=2')).toEqual({ type: 2 });
    expect(read(SettingSearchSchema, '')).toEqual({ type: 0 });
    for (const type of ['abc', '5', '-1', '1.5']) expect(read(SettingSearchSchema, `?type=${type}`)).toEqual({ type: 0 });
  });

  it('drops a page that is zero, negative or not a number, and keeps a positive one', () => {
    expect(read(SettingSearchSchema, '?type=1&page=0&status=paid')).toEqual({ type: 1, status: 'paid' });
    expect(read(SettingSearchSchema, '?page=-3')).toEqual({ type: 0 });
    expect(read(SearchPageSearchSchema, '?page=abc')).toEqual({});
    expect(read(SearchPageSearchSchema, '?page=2')).toEqual({ page: 2 });
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
});
