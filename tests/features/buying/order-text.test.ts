/** What the refund dialog says of the coupon, and the gift section of an order that cannot give its gift. */
import { describe, expect, it } from 'vitest';
import { giftUnavailableText, refundCouponNote } from '../../../src/features/buying/order-text';

describe('a refund and the order’s coupon', () => {
  it('says a used coupon is not given back, and nothing for an order without one', () => {
    expect(refundCouponNote({ coupon: { couponId: 'CP1', title: '满100减10', amount: 1000 } })).toBe(
      '本订单使用的优惠券「满100减10」退款后不退还。',
    );
    expect(refundCouponNote({ coupon: null })).toBeNull();
  });
});

describe('a gift that cannot be claimed', () => {
  it('says why for each status: unpaid, refunding, refunded, never paid', () => {
    expect(giftUnavailableText('unpaid')).toBe('支付完成后可领取赠品。');
    expect(giftUnavailableText('refunding')).toBe('订单退款中，赠品不可领取。');
    expect(giftUnavailableText('refunded')).toBe('订单已退款，赠品不再发放。');
    expect(giftUnavailableText('expired')).toBe('订单未支付，赠品不发放。');
    expect(giftUnavailableText('cancelled')).toBe('订单未支付，赠品不发放。');
  });
});
