/**
 * What the /cart page says of each line (docs/cart.md): the goods today (the server's cart answers it with each
 * line; a cart kept in this browser reads the catalogue), whether the line can be paid, and what changed since it
 * was added, said on the line before anything is paid.
 */
import type { CartGoodsToday, CartLine } from '../../../machines/cart.machine';
import type { Goods } from '../../api/goods';
import { formatYuan } from '../../shared/money';

/** The goods today: its price, or `offSale` (gone from the game's goods); undefined while not known. */
export type LineFacts = (CartGoodsToday & { price: number }) | 'offSale' | undefined;

/** The line's goods today: the server's word with the line, else the game's goods as the catalogue lists them. */
export function lineFacts(line: CartLine, catalogue: readonly Goods[] | undefined): LineFacts {
  if (line.today) return { ...line.today, price: line.price };
  if (!catalogue) return undefined;
  const goods = catalogue.find((g) => g.goodsId === line.goodsId);
  if (!goods) return 'offSale';
  return {
    price: goods.price,
    originalPrice: goods.originalPrice,
    lowPrice: null,
    stock: goods.stock,
    limitPerOrder: goods.limitPerOrder,
  };
}

/** A line 去结算 may take: its goods known, on sale and in stock. */
export const payable = (facts: LineFacts): facts is CartGoodsToday & { price: number } =>
  facts !== undefined && facts !== 'offSale' && facts.stock > 0;

/** How much cheaper the line is than when it was added (the 降价 mark), fen; 0 when not. */
export const dropSinceAdded = (line: Pick<CartLine, 'price' | 'addedPrice'>): number =>
  Math.max(0, line.addedPrice - line.price);

/** What changed since the line was added, said on it: off sale, sold out, less stock, a price now higher or other. */
export function lineChanges(line: CartLine, facts: LineFacts): string[] {
  if (facts === 'offSale') return ['该商品已下架，无法结算'];
  const said: string[] = [];
  if (facts && facts.stock <= 0) said.push('该商品已售罄，暂无法结算');
  else if (facts && facts.stock < line.buyNum) said.push(`库存只剩 ${facts.stock} 件，少于购物车中的数量`);
  if (line.price > line.addedPrice)
    said.push(`比加入时涨价 ${formatYuan(line.price - line.addedPrice)}（加入时 ${formatYuan(line.addedPrice)}）`);
  if (facts && facts.price !== line.price) said.push(`当前售价 ${formatYuan(facts.price)}，结算时以当前售价为准`);
  return said;
}
