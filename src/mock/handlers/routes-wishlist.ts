/**
 * The wishlist (愿望单), an extension of the contract (src/api/wishlist.ts, issue 34): kept per account in the
 * persisted state. Each item is answered with what the 愿望单 tab shows: today's from price (the one
 * `fromPrice` rule), the lowest of the last 180 days (`historicalLowOf`, the price history's seed), and whether
 * the game is out yet or sold out.
 */
import { fromPrice, fromPriceGoods } from '../../api/from-price';
import * as wishlist from '../../api/wishlist';
import type { WishEntry, WishItem } from '../../api/wishlist';
import { historicalLowOf } from '../seed/price-history';
import { num } from './rules';
import type { UserRecord } from './state';
import type { Route, RouteContext, World } from './world';
import { BizError, findGame, goodsOfGame, route } from './world';

const entriesOf = (world: World, user: UserRecord): WishEntry[] => world.state.wishlists[String(user.userId)] ?? [];

function itemOf(world: World, entry: WishEntry): WishItem | undefined {
  const game = findGame(world, entry.gameId);
  if (!game) return undefined;
  const goods = goodsOfGame(world, game.gameId);
  const price = fromPrice(goods) ?? { minPrice: game.minPrice, originalPrice: game.originalPrice };
  const cheapest = fromPriceGoods(goods);
  const today = new Date(world.now());
  return {
    ...entry,
    name: game.name,
    cover: game.cover,
    price: price.minPrice,
    originalPrice: price.originalPrice,
    lowPrice: cheapest ? historicalLowOf(cheapest, today).price : null,
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
function writer(ctx: RouteContext): UserRecord {
  const user = ctx.requireUser();
  if (num(ctx.body.userId) !== user.userId) throw new BizError(wishlist.WRONG_ACCOUNT_CODE, '账号已变更，请刷新后重试');
  return user;
}

function entryOf(world: World, body: Record<string, unknown>): WishEntry {
  const gameId = num(body.gameId);
  if (gameId === undefined || !findGame(world, gameId)) throw new BizError('wishlist_40401', '游戏不存在');
  const addedPrice = num(body.addedPrice);
  const addedAt = num(body.addedAt);
  const game = findGame(world, gameId)!;
  return {
    gameId,
    addedPrice: addedPrice !== undefined && Number.isInteger(addedPrice) && addedPrice >= 0 ? addedPrice : game.minPrice,
    addedAt: addedAt !== undefined && addedAt > 0 ? addedAt : world.now(),
  };
}

const save = (world: World, user: UserRecord, entries: WishEntry[]) => {
  world.state.wishlists[String(user.userId)] = entries;
};

export const wishlistRoutes: Route[] = [
  route(wishlist.wishlistList, (ctx) => listOf(ctx.world, writer(ctx))),
  route(wishlist.wishlistAdd, (ctx) => {
    const user = writer(ctx);
    save(ctx.world, user, wishlist.mergeEntries(entriesOf(ctx.world, user), [entryOf(ctx.world, ctx.body)]));
    return listOf(ctx.world, user);
  }),
  route(wishlist.wishlistRemove, (ctx) => {
    const user = writer(ctx);
    const gameId = num(ctx.body.gameId);
    save(ctx.world, user, entriesOf(ctx.world, user).filter((e) => e.gameId !== gameId));
    return listOf(ctx.world, user);
  }),
  route(wishlist.wishlistMerge, (ctx) => {
    const user = writer(ctx);
    const given = Array.isArray(ctx.body.entries) ? ctx.body.entries : [];
    if (given.length > wishlist.WISHLIST_MERGE_MAX) throw new BizError('wishlist_41301', `一次最多合并 ${wishlist.WISHLIST_MERGE_MAX} 个游戏`);
    const entries = given
      .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null && findGame(ctx.world, num((e as Record<string, unknown>).gameId)) !== undefined)
      .map((e) => entryOf(ctx.world, e));
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
  if (!Number.isInteger(next) || next < 0 || next >= cheapest.price) throw new Error(`降价后的价格须低于当前价格 ${cheapest.price}`);
  world.state.prices[String(cheapest.goodsId)] = next;
  return next;
}
