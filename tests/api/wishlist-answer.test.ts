/**
 * The wishlist's list answer is read item by item (src/api/wishlist.ts): one bad item from a server is dropped or
 * bounded, and the rest of the list is shown.
 */
import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../../src/api/http';
import { WISH_PRICE_MAX, wishlistAdd, wishlistList, type WishItem } from '../../src/api/wishlist';

const item = (gameId: number, over: Partial<Record<keyof WishItem, unknown>> = {}) => ({
  gameId,
  addedPrice: 6800,
  addedAt: 1_000 + gameId,
  name: `游戏${gameId}`,
  cover: '/covers/1.svg',
  price: 4080,
  originalPrice: 6800,
  lowPrice: 4080,
  upcoming: false,
  soldOut: false,
  goodsId: gameId * 10,
  ...over,
});
const answer = (retData: unknown) => ({ success: true, retCode: '0', retMsg: '', retData });

describe('a wishlist answer', () => {
  it('drops an item with an absurd price when added and shows the rest', () => {
    const list = parseAnswer(
      wishlistList,
      answer([
        item(1),
        item(2, { addedPrice: 1e21 }),
        item(3, { addedPrice: -1 }),
        item(4, { addedPrice: WISH_PRICE_MAX + 1 }),
        item(5),
      ]),
    );
    expect(list.map((i) => i.gameId)).toEqual([1, 5]);
  });

  it('drops an item that does not parse, or a game listed twice, whichever call answers', () => {
    const list = parseAnswer(
      wishlistAdd,
      answer([
        item(1),
        { gameId: 2 },
        null,
        'x',
        item(3, { price: '40' }),
        item(1, { addedPrice: 1 }),
        item(4, { originalPrice: WISH_PRICE_MAX * 2 }),
      ]),
    );
    expect(list).toEqual([item(1)]);
  });

  it('bounds a price when added above the original price, and a low above today’s price', () => {
    const [bounded] = parseAnswer(wishlistList, answer([item(1, { addedPrice: 9_999_00, lowPrice: 9000 })]));
    expect(bounded).toMatchObject({ addedPrice: 6800, lowPrice: 4080 });
  });

  it('reads an item without the goods it buys (an older server) as not knowing it', () => {
    const { goodsId: _, ...old } = item(1);
    expect(parseAnswer(wishlistList, answer([old]))[0]!.goodsId).toBeUndefined();
  });

  it('is a contract error when the answer is not a list at all', () => {
    expect(() => parseAnswer(wishlistList, answer({ list: [] }))).toThrow(/retData/);
  });
});
