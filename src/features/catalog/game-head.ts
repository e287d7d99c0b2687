/**
 * What a game detail tells search engines and shares (./../shell/page-head.ts
 * writes it): the game's name, a description in plain text, its cover, and
 * schema.org `Product` data with one `Offer` per goods on sale, the price in
 * yuan (CNY), the availability from the goods' stock, and how long the price
 * holds (`priceValidUntil`, docs/prerendering.md, "Prices in the HTML").
 */
import type { GameDetail } from '../../api/game-detail';
import type { Goods } from '../../api/goods';
import { formatDate } from '../../shared/format';
import { fenToYuan } from '../../shared/money';
import type { PageHead } from '../shell';
import { pageDescription } from './page-description';
import { isUpcoming } from './game-card';
import { DAY_MS } from '../../shared/beijing-time';

const SCHEMA = 'https://schema.org';

/**
 * How long a price read at a given moment is offered for: a day. A deployment rebuilds the prerendered pages
 * at least once a day and whenever a price changes (docs/prerendering.md, "Prices in the HTML"), so the HTML's
 * price never outlives this.
 * @internal
 */
export const PRICE_VALID_MS = DAY_MS;

/** A goods' availability: sold out at 0 stock; a game not yet released sells pre-orders. */
function availability(game: GameDetail, goods: Goods): string {
  if (goods.stock <= 0) return `${SCHEMA}/OutOfStock`;
  return isUpcoming(game) ? `${SCHEMA}/PreOrder` : `${SCHEMA}/InStock`;
}

/**
 * The detail's head. `goods` is the game's goods once loaded (until then, the head carries no offers), read
 * at `pricedAt` (epoch ms: the build's time in a prerendered page, the fetch's in the browser); `origin`
 * makes the URLs absolute (`https://store.example.com`).
 */
export function gameHead(
  game: GameDetail,
  goods: readonly Goods[] | undefined,
  origin: string,
  pricedAt: number,
): PageHead {
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
      // A date in the store's time (Beijing), as schema.org's ISO 8601 date.
      priceValidUntil: formatDate(pricedAt + PRICE_VALID_MS, 'yyyy-MM-dd'),
      availability: availability(game, item),
    }));
  }
  return { title: game.name, description, image: game.cover, type: 'product', jsonLd: product };
}
