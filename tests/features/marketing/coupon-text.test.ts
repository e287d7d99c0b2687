import { describe, expect, it } from 'vitest';
import { couponAmount, couponExpiry, couponTarget, couponThreshold } from '../../../src/features/marketing/coupon-text';

describe('coupon texts', () => {
  it('show amounts in yuan without needless decimals', () => {
    expect(couponAmount(1000)).toBe('¥10');
    expect(couponAmount(1050)).toBe('¥10.5');
    expect(couponAmount(1005)).toBe('¥10.05');
  });

  it('show the threshold, or 无门槛 when there is none', () => {
    expect(couponThreshold(10000)).toBe('满100可用');
    expect(couponThreshold(0)).toBe('无门槛');
  });

  it('show the expiry as 有效期至 yyyy.MM.dd', () => {
    // 2026-02-07 18:00 in Beijing, the store's time (formatDate).
    expect(couponExpiry(Date.UTC(2026, 1, 7, 10))).toBe('有效期至 2026.02.07');
  });

  it('lead to the game of a single-game coupon, otherwise to the search page', () => {
    expect(couponTarget([42])).toEqual({ to: '/gameDetail/$id', params: { id: '42' } });
    expect(couponTarget([])).toEqual({ to: '/search' });
    expect(couponTarget([1, 2])).toEqual({ to: '/search' });
  });
});
