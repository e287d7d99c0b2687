import { describe, expect, it } from 'vitest';
import { discountBadge, fenToYuan, formatYuan, splitPrice } from '../../src/shared/money';

describe('splitPrice', () => {
  it('splits fen into yuan and fen parts', () => {
    expect(splitPrice(9900)).toEqual({ int: '99', dec: '00' });
    expect(splitPrice(6850)).toEqual({ int: '68', dec: '50' });
    expect(splitPrice(1)).toEqual({ int: '0', dec: '01' });
    expect(splitPrice(0)).toEqual({ int: '0', dec: '00' });
  });

  it('is exact for large amounts and for amounts binary fractions get wrong', () => {
    expect(splitPrice(123456789)).toEqual({ int: '1234567', dec: '89' });
    expect(splitPrice(1005)).toEqual({ int: '10', dec: '05' });
    expect(splitPrice(29)).toEqual({ int: '0', dec: '29' });
  });

  it('rounds a fraction of a fen to the nearest fen and counts non-finite values as 0', () => {
    expect(splitPrice(99.6)).toEqual({ int: '1', dec: '00' });
    expect(splitPrice(Number.NaN)).toEqual({ int: '0', dec: '00' });
  });

  it('keeps the sign of a negative amount (a refund shown as a difference)', () => {
    expect(splitPrice(-50)).toEqual({ int: '-0', dec: '50' });
    expect(splitPrice(-1234)).toEqual({ int: '-12', dec: '34' });
  });
});

describe('formatYuan and fenToYuan', () => {
  it('show fen as yuan with two decimals', () => {
    expect(formatYuan(12345)).toBe('¥123.45');
    expect(formatYuan(100)).toBe('¥1.00');
    expect(fenToYuan(9900)).toBe('99.00');
  });
});

describe('discountBadge', () => {
  it('gives the whole-percent saving against the original price', () => {
    expect(discountBadge(7000, 10000)).toBe(30);
    expect(discountBadge(6800, 9800)).toBe(31);
    expect(discountBadge(4080, 6800)).toBe(40);
  });

  it('is 0 when the price is not lower than the original, or the original is 0', () => {
    expect(discountBadge(9800, 9800)).toBe(0);
    expect(discountBadge(9900, 9800)).toBe(0);
    expect(discountBadge(0, 0)).toBe(0);
    expect(discountBadge(100, 0)).toBe(0);
  });

  it('is 0 (no badge) under 5 %, compared before rounding: 4.6 % is no -5 % badge', () => {
    expect(discountBadge(590, 600)).toBe(0);
    expect(discountBadge(9990, 10000)).toBe(0);
    expect(discountBadge(9540, 10000)).toBe(0);
    expect(discountBadge(9500, 10000)).toBe(5);
    expect(discountBadge(570, 600)).toBe(5);
  });
});
