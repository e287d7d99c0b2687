import { describe, expect, it } from 'vitest';
import { fromPrice, fromPriceGoods } from '../../src/api/from-price';
import type { GoodsType } from '../../src/api/goods';

const goods = (type: GoodsType, price: number, originalPrice = price, name = `${type}-${price}`) => ({
  type,
  price,
  originalPrice,
  name,
});

describe('fromPrice: a game’s from price (¥x起)', () => {
  it('is its cheapest edition with that edition’s original price, never a cheaper DLC', () => {
    // 星砂回响: 标准版 ¥40.80 (−40 % off ¥68.00), 豪华版 ¥54.00, a ¥28.00 art book
    const list = [goods('key', 4080, 6800), goods('key', 5400, 10800), goods('dlc', 2800)];
    expect(fromPrice(list)).toEqual({ minPrice: 4080, originalPrice: 6800 });
    expect(fromPriceGoods(list)?.name).toBe('key-4080');
  });

  it('leaves out accelerators too: a network service is not the game', () => {
    expect(fromPrice([goods('accelerator', 1980, 3000), goods('key', 4800), goods('dlc', 900, 1200)])).toEqual({
      minPrice: 4800,
      originalPrice: 4800,
    });
  });

  it('takes the original price of the same goods, not the lowest original price', () => {
    // the cheapest edition is not the one with the lowest original price
    expect(fromPrice([goods('key', 6120, 6800), goods('key', 6480, 10800)])).toEqual({
      minPrice: 6120,
      originalPrice: 6800,
    });
  });

  it('is the cheapest top-up of a game sold without editions (a free-to-play mobile game)', () => {
    expect(fromPrice([goods('topup', 2940, 3000), goods('topup', 590, 600), goods('accelerator', 300)])).toEqual({
      minPrice: 590,
      originalPrice: 600,
    });
  });

  it('falls back to all the goods of a game that sells only DLC (or only add-ons)', () => {
    expect(fromPrice([goods('dlc', 3800), goods('dlc', 1200, 1800)])).toEqual({ minPrice: 1200, originalPrice: 1800 });
    expect(fromPrice([goods('accelerator', 3000), goods('dlc', 1200)])).toEqual({
      minPrice: 1200,
      originalPrice: 1200,
    });
  });

  it('prefers the bigger discount between two editions at the same price', () => {
    expect(fromPrice([goods('key', 4800, 4800), goods('key', 4800, 9600)])).toEqual({
      minPrice: 4800,
      originalPrice: 9600,
    });
  });

  it('never has an original price below the price (a bad row shows no negative discount)', () => {
    expect(fromPrice([goods('key', 5000, 4000)])).toEqual({ minPrice: 5000, originalPrice: 5000 });
  });

  it('is undefined without goods', () => {
    expect(fromPrice([])).toBeUndefined();
    expect(fromPriceGoods([])).toBeUndefined();
  });
});
