// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  goodsOrderTotal,
  linesOrderTotal,
  packageOrderTotal,
  packageSaving,
} from '../../../src/features/buying/pricing';

describe('what an order comes to (到手价)', () => {
  it('is the unit price times the quantity, less what the coupon takes off', () => {
    expect(goodsOrderTotal(1999, 3)).toEqual({ subtotal: 5997, saving: 0, due: 5997 });
    expect(goodsOrderTotal(1999, 3, { amount: 500 })).toEqual({ subtotal: 5997, saving: 500, due: 5497 });
  });

  it('is, for a cart’s lines in one order, every line at its price times its quantity, less the one coupon', () => {
    const lines = [
      { price: 9600, buyNum: 1 },
      { price: 10240, buyNum: 2 },
    ];
    expect(linesOrderTotal(lines)).toEqual({ subtotal: 30080, saving: 0, due: 30080 });
    expect(linesOrderTotal(lines, { amount: 2500 })).toEqual({ subtotal: 30080, saving: 2500, due: 27580 });
  });

  it('never lets a coupon take off more than the order amount', () => {
    expect(goodsOrderTotal(300, 1, { amount: 500 })).toEqual({ subtotal: 300, saving: 300, due: 0 });
  });

  it('is a package’s goods at their original prices less the package’s saving, never a negative saving', () => {
    expect(packageOrderTotal({ price: 8000, originalPrice: 10000 })).toEqual({
      subtotal: 10000,
      saving: 2000,
      due: 8000,
    });
    expect(packageSaving({ price: 12000, originalPrice: 10000 })).toBe(0);
  });
});
