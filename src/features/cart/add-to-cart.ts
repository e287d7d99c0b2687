/**
 * 加入购物车 (docs/cart.md): the line a goods makes, the toast that says what became of the add (the shopper stays
 * where they are), and the add of a goods known only by its ids (a wishlist row), read from the catalogue first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CartLine } from '../../../machines/cart.machine';
import { gameGoodsQueryOptions, type Goods } from '../../api/goods';
import { useAppActor, type AppActor } from '../../shared/app-actor';
import { toast } from '../../shared/toast';
import { whenCartOpen, type CartActor } from './cart-open';
import { CART_LOAD_FAILED } from './texts';

/** 加入购物车 taken: the shopper stays where they are. */
const CART_ADDED = '已加入购物车';
/** 加入购物车 of a goods already at its limit per order in the cart. */
const cartAtLimit = (limit: number) => `购物车中该商品已达每单限购 ${limit} 件`;
/** The goods 加入购物车 names could not be read (the game's goods failed to load, or it is gone). */
const CART_ADD_FAILED = '商品信息加载失败，请稍后重试';

/** What became of a 加入购物车: more in the cart, the line already at its limit, or not kept (the machine said why). */
type CartAddOutcome = 'added' | 'atLimit' | 'notKept';

/**
 * Adds `line.buyNum` of a goods, within `limit`, to the cart that runs (`cart`), and tells what became of it: the
 * machine (the root's `cart` child, which it forwards `cart.*` to) takes the add at once (a visitor's is written to
 * this browser in the same step), so a line missing afterwards was not kept. 撤销 after 移除 is one too.
 */
export function addToCart(root: AppActor, cart: CartActor, line: CartLine, limit: number): CartAddOutcome {
  const quantity = () => cart.getSnapshot().context.lines.find((l) => l.goodsId === line.goodsId)?.buyNum;
  const before = quantity() ?? 0;
  root.send({ type: 'cart.add', line, limit });
  const after = quantity();
  if (after === undefined) return 'notKept';
  return after > before ? 'added' : 'atLimit';
}

type CartGoods = Pick<Goods, 'goodsId' | 'gameId' | 'gameName' | 'name' | 'cover' | 'price' | 'limitPerOrder'>;

/** `buyNum` of a goods as a new cart line: its price now is the price shown and the price when added. */
const cartLineOf = (goods: CartGoods, buyNum: number, now = Date.now()): CartLine => ({
  goodsId: goods.goodsId,
  gameId: goods.gameId,
  gameName: goods.gameName,
  goodsName: goods.name,
  cover: goods.cover,
  buyNum,
  addedPrice: goods.price,
  addedAt: now,
  price: goods.price,
});

/**
 * Adds `buyNum` of the goods within its limit per order once the cart runs (its code may still be loading: the price
 * is the one shown at the tap) and says so in a toast (announced); a write not kept is said by the machine, a cart
 * whose code failed to load by an error toast.
 */
export async function addGoodsToCart(root: AppActor, goods: CartGoods, buyNum: number): Promise<void> {
  const line = cartLineOf(goods, buyNum);
  const cart = await whenCartOpen(root).catch(() => undefined);
  if (!cart) return void toast.error(CART_LOAD_FAILED);
  const outcome = addToCart(root, cart, line, goods.limitPerOrder);
  if (outcome === 'added') toast.success(CART_ADDED);
  else if (outcome === 'atLimit') toast.warning(cartAtLimit(goods.limitPerOrder));
}

/** 加入购物车 of one of a game's goods by its ids (a wishlist row): the goods is read from the catalogue first. */
export function useAddToCartById(): (target: { gameId: number; goodsId: number }) => void {
  const root = useAppActor();
  const queryClient = useQueryClient();
  return useCallback(
    (target) => {
      queryClient
        .fetchQuery(gameGoodsQueryOptions(target.gameId))
        .then(({ goods }) => {
          const found = goods.find((g) => g.goodsId === target.goodsId);
          if (found) return addGoodsToCart(root, found, 1);
          else toast.error(CART_ADD_FAILED);
        })
        .catch(() => toast.error(CART_ADD_FAILED));
    },
    [root, queryClient],
  );
}
