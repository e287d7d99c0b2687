/**
 * The wishlist (愿望单), an extension of the contract (src/api/wishlist.ts, docs/following-wishlist.md): kept per account in the
 * persisted state. Each item is answered with what the 愿望单 tab shows: today's from price (the one
 * `fromPrice` rule), the lowest of the last 180 days (`historicalLowOf`, the price history's seed), and whether
 * the game is out yet or sold out, and the goods 立即购买 buys (the from-price goods). The price when added is
 * the server's: an add takes the game's from price at that moment, a visitor's list handed over at login keeps
 * only prices the game could have had (`handedOverEntry`).
 */
import { fromPrice, fromPriceGoods } from '../../api/from-price';
import * as wishlist from '../../api/wishlist';
import type { WishEntry, WishItem } from '../../api/wishlist';
import { handedOver, num } from './rules';
import type { UserRecord } from './state';
import type { Route, RouteContext, World } from './world';
import { BizError, accountNamed, findGame, goodsHistoricalLow, goodsOfGame, route } from './world';

const entriesOf = (world: World, user: UserRecord): WishEntry[] => world.state.wishlists[String(user.userId)] ?? [];

function itemOf(world: World, entry: WishEntry): WishItem | undefined {
  const game = findGame(world, entry.gameId);
  if (!game) return undefined;
  const goods = goodsOfGame(world, game.gameId);
  const price = fromPrice(goods) ?? { minPrice: game.minPrice, originalPrice: game.originalPrice };
  const cheapest = fromPriceGoods(goods);
  return {
    ...entry,
    name: game.name,
    cover: game.cover,
    price: price.minPrice,
    originalPrice: price.originalPrice,
    // A game not out yet has no history, so no low (./world.ts, gameHistoricalLow).
    lowPrice: cheapest && game.releaseDate <= world.now() ? goodsHistoricalLow(world, cheapest).price : null,
    goodsId: cheapest?.goodsId ?? null,
    upcoming: game.releaseDate > world.now(),
    soldOut: goods.length > 0 && goods.every((g) => g.stock <= 0),
  };
}

/** The account's list as answered: newest first, games no longer in the catalogue left out. */
const listOf = (world: World, user: UserRecord): WishItem[] =>
  entriesOf(world, user)
    .map((entry) => itemOf(world, entry))
    .filter((item): item is WishItem => item !== undefined);

/** The account a call is for; `wishlist_40901` when the token speaks for another (a login or logout raced it). */
const writer = (ctx: RouteContext): UserRecord => accountNamed(ctx, wishlist.WRONG_ACCOUNT_CODE);

/** The game a write names; `wishlist_40401` when the catalogue has none. */
function gameOf(world: World, body: Record<string, unknown>) {
  const gameId = num(body.gameId);
  const game = gameId === undefined ? undefined : findGame(world, gameId);
  if (!game) throw new BizError('wishlist_40401', '游戏不存在');
  return game;
}

/** The game's from price now (the one `fromPrice` rule), and the most it has been sold for (its original price). */
function pricesOf(world: World, gameId: number, fallback: { minPrice: number; originalPrice: number }) {
  const price = fromPrice(goodsOfGame(world, gameId)) ?? fallback;
  return { now: price.minPrice, most: Math.max(price.originalPrice, price.minPrice) };
}

/**
 * An add: the price when added is the server's, the game's from price at this moment, and the time is the
 * server's; what the client says of either is not read (a page with a stale or forged price cannot set them).
 */
function addedNow(world: World, body: Record<string, unknown>): WishEntry {
  const game = gameOf(world, body);
  return { gameId: game.gameId, addedPrice: pricesOf(world, game.gameId, game).now, addedAt: world.now() };
}

/**
 * An entry of a visitor's list handed over at login (kept in the browser, so its price and time are the
 * page's): kept when they are a price the game could have had (a whole number of fen, at most its original
 * price) and a time not in the future; otherwise the server's price and time now take their place.
 */
function handedOverEntry(world: World, body: Record<string, unknown>): WishEntry {
  const game = gameOf(world, body);
  const prices = pricesOf(world, game.gameId, game);
  const kept = handedOver({ price: body.addedPrice, at: body.addedAt }, prices.most, {
    price: prices.now,
    at: world.now(),
  });
  return { gameId: game.gameId, addedPrice: kept.price, addedAt: kept.at };
}

const save = (world: World, user: UserRecord, entries: WishEntry[]) => {
  world.state.wishlists[String(user.userId)] = entries;
};

export const wishlistRoutes: Route[] = [
  route(wishlist.wishlistList, (ctx) => listOf(ctx.world, writer(ctx))),
  route(wishlist.wishlistAdd, (ctx) => {
    const user = writer(ctx);
    save(ctx.world, user, wishlist.mergeEntries(entriesOf(ctx.world, user), [addedNow(ctx.world, ctx.body)]));
    return listOf(ctx.world, user);
  }),
  route(wishlist.wishlistRemove, (ctx) => {
    const user = writer(ctx);
    const gameId = num(ctx.body.gameId);
    save(
      ctx.world,
      user,
      entriesOf(ctx.world, user).filter((e) => e.gameId !== gameId),
    );
    return listOf(ctx.world, user);
  }),
  route(wishlist.wishlistMerge, (ctx) => {
    const user = writer(ctx);
    const given = Array.isArray(ctx.body.entries) ? ctx.body.entries : [];
    if (given.length > wishlist.WISHLIST_MERGE_MAX)
      throw new BizError('wishlist_41301', `一次最多合并 ${wishlist.WISHLIST_MERGE_MAX} 个游戏`);
    const entries = given
      .filter(
        (e): e is Record<string, unknown> =>
          typeof e === 'object' &&
          e !== null &&
          findGame(ctx.world, num((e as Record<string, unknown>).gameId)) !== undefined,
      )
      .map((e) => handedOverEntry(ctx.world, e));
    save(ctx.world, user, wishlist.mergeEntries(entriesOf(ctx.world, user), entries));
    return listOf(ctx.world, user);
  }),
];

/**
 * The `lowerPrice` control: the game's from-price goods costs `price` fen from now on (default: 20 % less,
 * rounded down to a whole yuan). Returns the new from price. For journeys and /demo's 降价 button.
 */
export function lowerPrice(world: World, gameId: number, price?: number): number {
  const cheapest = fromPriceGoods(goodsOfGame(world, gameId));
  if (!cheapest) throw new Error(`Unknown game: ${gameId}`);
  const next = price ?? Math.floor((cheapest.price * 0.8) / 100) * 100;
  if (!Number.isInteger(next) || next < 0 || next >= cheapest.price)
    throw new Error(`降价后的价格须低于当前价格 ${cheapest.price}`);
  world.state.prices[String(cheapest.goodsId)] = next;
  const changes = (world.state.priceChanges[String(cheapest.goodsId)] ??= []);
  changes.push({ price: next, at: world.now() });
  return next;
}
