/**
 * What a game card's `minPrice` / `originalPrice` mean (the "from" price, ¥x起): the price of the
 * cheapest goods that *is* the game, with that same goods' original price, so the discount a card
 * shows is the one a shopper gets on the goods the card leads to.
 *
 * Which goods are the game: its editions (`key`: 标准版, 豪华版…); a game sold without editions (a
 * free-to-play mobile game) is its top-ups. Add-ons are never the game: a DLC needs the base game and
 * an accelerator is a network service, so a ¥19.80 accelerator or a ¥28 art book never makes a ¥68
 * game look like it starts at ¥19.80. A game that sells nothing else falls back to all its goods.
 * Gifts are not goods (a goods' `hasGift` flag), so they never count. Stock plays no part: the from
 * price is a list price, and a sold-out goods is shown as such where it is listed.
 *
 * One owner for both sides of the contract: the simulated backend fills the cards with it, and the
 * game detail, which has the goods, shows the same price from them.
 */
import type { Goods } from './goods';

type Priced = Pick<Goods, 'type' | 'price' | 'originalPrice'>;

/** The kind of goods that is an edition of the game (标准版, 豪华版…): a key to the game itself. */
const EDITION_TYPES: readonly Goods['type'][] = ['key'];

/** The kinds of goods that are the game itself, most telling first: its editions, else its top-ups. */
const BASE_TIERS: readonly (readonly Goods['type'][])[] = [EDITION_TYPES, ['topup']];

/**
 * Whether a goods is an edition of its game (标准版, 豪华版…). Two editions of one game are the same game
 * bought twice: a package (套餐) never holds more than one (the simulated backend's seed, createPackages).
 */
export const isEdition = (goods: Pick<Goods, 'type'>): boolean => EDITION_TYPES.includes(goods.type);

/** Whether a goods is the game itself (an edition or a top-up), not an add-on (a DLC, an accelerator). */
export const isGameItself = (goods: Pick<Goods, 'type'>): boolean =>
  BASE_TIERS.some((types) => types.includes(goods.type));

/** The goods whose price is the game's from price, or undefined when there are no goods. */
export function fromPriceGoods<T extends Priced>(goods: readonly T[]): T | undefined {
  const tier =
    BASE_TIERS.map((types) => goods.filter((g) => types.includes(g.type))).find((list) => list.length > 0) ?? goods;
  // Cheapest first; at the same price the one with the higher original price (the bigger discount).
  return tier.reduce<T | undefined>(
    (best, g) =>
      !best || g.price < best.price || (g.price === best.price && g.originalPrice > best.originalPrice) ? g : best,
    undefined,
  );
}

/** A game's from price and the original price of that same goods, in fen; undefined without goods. */
export function fromPrice(goods: readonly Priced[]): { minPrice: number; originalPrice: number } | undefined {
  const best = fromPriceGoods(goods);
  return best && { minPrice: best.price, originalPrice: Math.max(best.originalPrice, best.price) };
}
