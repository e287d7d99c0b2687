import { describe, expect, it } from 'vitest';
import { capQuantity, quantityCap, quantityCapNotice } from '../../../src/features/buying/quantity';

describe('the quantity one order may hold (one owner for the game detail and the pay dialog)', () => {
  it('is the limit per order, or the stock when less is left, and at least 1', () => {
    expect(quantityCap({ stock: 600, limitPerOrder: 3 })).toEqual({ max: 3, by: 'limit' });
    expect(quantityCap({ stock: 3, limitPerOrder: 3 })).toEqual({ max: 3, by: 'limit' });
    expect(quantityCap({ stock: 2, limitPerOrder: 5 })).toEqual({ max: 2, by: 'stock' });
    expect(quantityCap({ stock: 0, limitPerOrder: 5 })).toEqual({ max: 1, by: 'stock' });
  });

  it('keeps a wanted quantity within 1..max, whole numbers only', () => {
    const cap = quantityCap({ stock: 600, limitPerOrder: 3 });
    expect(capQuantity(2, cap)).toBe(2);
    expect(capQuantity(9, cap)).toBe(3);
    expect(capQuantity(0, cap)).toBe(1);
    expect(capQuantity(-4, cap)).toBe(1);
    expect(capQuantity(2.7, cap)).toBe(2);
    expect(capQuantity(Number.NaN, cap)).toBe(1);
  });

  it('says which rule capped the quantity and what it became', () => {
    expect(quantityCapNotice({ max: 3, by: 'limit' })).toBe('每单最多购买 3 件，已改为 3 件');
    expect(quantityCapNotice({ max: 2, by: 'stock' })).toBe('库存仅剩 2 件，已改为 2 件');
  });
});
