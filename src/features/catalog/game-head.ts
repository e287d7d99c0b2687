/**
 * What a game detail tells search engines and shares (./../shell/page-head.ts
 * writes it): the game's name, a description in plain text, its cover, and
 * schema.org `Product` data with one `Offer` per goods on sale, the price in
 * yuan (CNY) and the availability from the goods' stock.
 */
import type { GameDetail } from '../../api/games';
import type { Goods } from '../../api/goods';
import { fenToYuan } from '../../shared/money';
import type { PageHead } from '../shell';
import { pageDescription } from './page-description';
import { isUpcoming } from './game-card';

const SCHEMA = 'https://schema.org';

/** A goods' availability: sold out at 0 stock; a game not yet released sells pre-orders. */
function availability(game: GameDetail, goods: Goods): string {
  if (goods.stock <= 0) return `${SCHEMA}/OutOfStock`;
  return isUpcoming(game) ? `${SCHEMA}/PreOrder` : `${SCHEMA}/InStock`;
}

/**
 * The detail's head. `goods` is the game's goods once loaded (until then, the head carries no offers);
 * `origin` makes the URLs absolute (`https://store.example.com`).
 */
export function gameHead(game: GameDetail, goods: readonly Goods[] | undefined, origin: string): PageHead {
  const page = `${origin}/gameDetail/${game.gameId}`;
  const absolute = (href: string) => new URL(href, origin).href;
  const description = pageDescription(game.description) ?? `${game.name}：${game.publisher}发行。`;
  const product: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'Product',
    name: game.name,
    url: page,
    image: [game.cover, ...game.gallery].map(absolute),
    description,
    brand: { '@type': 'Brand', name: game.publisher },
  };
  if (goods && goods.length > 0) {
    product.offers = goods.map((item) => ({
      '@type': 'Offer',
      name: item.name,
      sku: String(item.goodsId),
      url: `${page}?goods=${item.goodsId}`,
      price: fenToYuan(item.price),
      priceCurrency: 'CNY',
      availability: availability(game, item),
    }));
  }
  return { title: game.name, description, image: game.cover, type: 'product', jsonLd: product };
}
