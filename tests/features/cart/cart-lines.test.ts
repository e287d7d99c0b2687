/**
 * What the /cart page says of a line (src/features/cart/cart-lines.ts): the goods today from the server's line or the
 * catalogue, which lines 去结算 may take, the 降价 since added, and what changed since the line was added.
 */
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../machines/cart.machine';
import type { Goods } from '../../../src/api/goods';
import { dropSinceAdded, lineChanges, lineFacts, payable } from '../../../src/features/cart/cart-lines';
import { catalogue } from '../../mock/helpers';

const goods = catalogue.goods.find((g) => g.stock > 10 && g.limitPerOrder >= 3)!;
const line = (over: Partial<CartLine> = {}): CartLine => ({
  goodsId: goods.goodsId,
  gameId: goods.gameId,
  gameName: goods.gameName,
  goodsName: goods.name,
  cover: goods.cover,
  buyNum: 2,
  addedPrice: goods.price,
  addedAt: 1,
  price: goods.price,
  ...over,
});
const today = { originalPrice: goods.originalPrice, lowPrice: 100, stock: 5, limitPerOrder: 3 };
const listed = (over: Partial<Goods> = {}): Goods[] => [{ ...goods, ...over }];

describe('a cart line’s goods today and what changed', () => {
  it('takes the server’s word when the line has it, else the catalogue’s; a goods the game no longer lists is off sale', () => {
    expect(lineFacts(line({ today }), undefined)).toEqual({ ...today, price: goods.price });
    expect(lineFacts(line(), undefined)).toBeUndefined();
    expect(lineFacts(line(), listed({ price: 999 }))).toEqual({
      price: 999,
      originalPrice: goods.originalPrice,
      lowPrice: null,
      stock: goods.stock,
      limitPerOrder: goods.limitPerOrder,
    });
    expect(lineFacts(line(), listed({ goodsId: goods.goodsId + 1000 }))).toBe('offSale');
  });

  it('lets 去结算 take a line only when its goods is known, on sale and in stock', () => {
    expect(payable(lineFacts(line({ today }), undefined))).toBe(true);
    expect(payable(lineFacts(line({ today: { ...today, stock: 0 } }), undefined))).toBe(false);
    expect(payable('offSale')).toBe(false);
    expect(payable(undefined)).toBe(false);
  });

  it('marks 降价 by how much cheaper the line is than when added, and nothing when dearer', () => {
    expect(dropSinceAdded({ price: 800, addedPrice: 1000 })).toBe(200);
    expect(dropSinceAdded({ price: 1200, addedPrice: 1000 })).toBe(0);
  });

  it('says off sale, sold out, too little stock, a higher price and another price today', () => {
    expect(lineChanges(line(), 'offSale')).toEqual(['该商品已下架，无法结算']);
    expect(
      lineChanges(
        line({ today: { ...today, stock: 0 } }),
        lineFacts(line({ today: { ...today, stock: 0 } }), undefined),
      ),
    ).toEqual(['该商品已售罄，暂无法结算']);
    const short = line({ buyNum: 3, today: { ...today, stock: 1 } });
    expect(lineChanges(short, lineFacts(short, undefined))).toEqual(['库存只剩 1 件，少于购物车中的数量']);
    const dearer = line({ price: 1500, addedPrice: 1000, today });
    expect(lineChanges(dearer, lineFacts(dearer, undefined))).toEqual(['比加入时涨价 ¥5.00（加入时 ¥10.00）']);
    // A cart kept in this browser: the price shown is the one when added; today's is said beside it.
    const kept = line({ price: 1000, addedPrice: 1000 });
    expect(lineChanges(kept, lineFacts(kept, listed({ price: 900 })))).toEqual([
      '当前售价 ¥9.00，结算时以当前售价为准',
    ]);
    expect(lineChanges(kept, undefined)).toEqual([]);
  });
});
