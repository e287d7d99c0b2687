import { screen, waitFor } from '@testing-library/react';
import * as z from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameDetail } from '../../../src/api/game-detail';
import type { Goods } from '../../../src/api/goods';
import { PRICE_VALID_MS } from '../../../src/features/catalog/game-head';
import { formatDate } from '../../../src/shared/format';
import { renderApp } from '../../support/render-app';
import { backendData } from '../catalog/helpers';

const ORIGIN = window.location.origin;
const STORE_DESCRIPTION = '星游商城：正版游戏激活码、游戏充值与加速器会员，秒发货，售后无忧。';

/** The shape schema.org and search engines ask of a product with offers (what the detail must always carry). */
const AbsoluteUrl = z.url({ protocol: /^https?$/ });
const OfferSchema = z.strictObject({
  '@type': z.literal('Offer'),
  name: z.string().min(1),
  sku: z.string().regex(/^\d+$/),
  url: AbsoluteUrl,
  price: z.string().regex(/^\d+\.\d{2}$/),
  priceCurrency: z.literal('CNY'),
  priceValidUntil: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock', 'https://schema.org/PreOrder']),
});
const ProductSchema = z.strictObject({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  url: AbsoluteUrl,
  image: z.array(AbsoluteUrl).min(1),
  description: z.string().min(1).max(121),
  brand: z.strictObject({ '@type': z.literal('Brand'), name: z.string().min(1) }),
  offers: z.array(OfferSchema).min(1),
});

const headMeta = (key: string) =>
  document.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
const jsonLd = () => {
  const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts.length).toBeLessThanOrEqual(1);
  return scripts[0] ? (JSON.parse(scripts[0].textContent ?? '') as unknown) : null;
};

beforeEach(() => {
  // What index.html gives every page before any script: the store's own description.
  document.head
    .querySelectorAll('meta, link[rel="canonical"], script[type="application/ld+json"]')
    .forEach((el) => el.remove());
  const description = document.createElement('meta');
  description.setAttribute('name', 'description');
  description.setAttribute('content', STORE_DESCRIPTION);
  document.head.append(description);
});

describe('the page head', () => {
  it('gives a game detail its name, description, canonical URL, share tags and Product data with one Offer per goods', async () => {
    const game = await backendData<GameDetail>('/sgame/game/mall/gameDetail', { gameId: 1 });
    const { goods } = await backendData<{ goods: Goods[] }>('/goods/mall/goods/gameDetail', { gameId: 1 });
    const before = Date.now();
    await renderApp(`/gameDetail/1?goods=${goods[0]!.goodsId}&num=2`);
    await screen.findByRole('heading', { level: 1, name: game.name });
    await waitFor(() => expect(jsonLd()).toMatchObject({ offers: expect.any(Array) }));
    // The goods were read between these two moments (which may straddle a midnight: either day counts).
    const validDates = [before, Date.now()].map((read) => formatDate(read + PRICE_VALID_MS, 'yyyy-MM-dd'));

    const product = ProductSchema.parse(jsonLd());
    expect(product.name).toBe(game.name);
    expect(product.url).toBe(`${ORIGIN}/gameDetail/1`);
    expect(product.offers.map((offer) => offer.sku)).toEqual(goods.map((g) => String(g.goodsId)));
    for (const [i, offer] of product.offers.entries()) {
      const item = goods[i]!;
      expect(offer.price).toBe((item.price / 100).toFixed(2));
      expect(offer.availability).toBe(item.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
      // The price holds for a day from when it was read (here: this page view's fetch), as a Beijing date.
      expect(validDates).toContain(offer.priceValidUntil);
    }
    expect(document.title).toBe(`${game.name} - 星游商城`);
    // The chosen goods and quantity are the shopper's, not the page's: the canonical URL leaves them out.
    expect(canonical()).toBe(`${ORIGIN}/gameDetail/1`);
    expect(headMeta('og:url')).toBe(`${ORIGIN}/gameDetail/1`);
    expect(headMeta('og:type')).toBe('product');
    expect(headMeta('og:title')).toBe(`${game.name} - 星游商城`);
    expect(headMeta('og:image')).toBe(new URL(game.cover, ORIGIN).href);
    expect(headMeta('description')).toBe(product.description);
    expect(headMeta('og:description')).toBe(product.description);
    expect(headMeta('robots')).toBeNull();
  });

  it('puts the store description back and drops the product data when the shopper leaves the game for the home page', async () => {
    const app = await renderApp('/gameDetail/1');
    await waitFor(() => expect(jsonLd()).not.toBeNull());
    await app.router.navigate({ to: '/' });
    await waitFor(() => expect(document.title).toBe('星游商城'));
    expect(jsonLd()).toBeNull();
    expect(headMeta('description')).toBe(STORE_DESCRIPTION);
    expect(headMeta('og:type')).toBe('website');
    expect(headMeta('og:image')).toBeNull();
    expect(canonical()).toBe(`${ORIGIN}/`);
  });

  it.each([
    ['/help?category=1&q=x', `${ORIGIN}/help?category=1`],
    ['/agreement?doc=privacy', `${ORIGIN}/agreement?doc=privacy`],
    ['/search?keyword=%E6%98%9F&sort=priceAsc&page=2', `${ORIGIN}/search?keyword=%E6%98%9F`],
    ['/new?sort=sales', `${ORIGIN}/new`],
  ])('keeps in the canonical URL of %s only the parameters that name its content', async (url, expected) => {
    await renderApp(url);
    await waitFor(() => expect(canonical()).toBe(expected));
  });

  it('describes an open notice by its own text', async () => {
    await renderApp('/notice?id=1');
    await screen.findByRole('article', { name: '公告' });
    await waitFor(() => expect(headMeta('description')).not.toBe(STORE_DESCRIPTION));
    expect(headMeta('description')).not.toMatch(/[<>]/);
    expect(headMeta('description')!.length).toBeLessThanOrEqual(121);
  });

  it.each([['/setting'], ['/orderDateil?id=A1'], ['/demo'], ['/no/such/page']])(
    'asks search engines not to index %s and gives it no canonical URL',
    async (url) => {
      await renderApp(url);
      await waitFor(() => expect(headMeta('robots')).toBe('noindex'));
      expect(canonical()).toBeNull();
    },
  );
});
