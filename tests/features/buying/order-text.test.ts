/** What the refund dialog says of the coupon, and the gift section of an order that cannot give its gift. */
import { describe, expect, it } from 'vitest';
import { giftUnavailableText, refundCouponNote, refundScopeNotes } from '../../../src/features/buying/order-text';

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

describe('what a refund covers', () => {
  const item = { buyNum: 1 } as never;
  it('says nothing for one goods with no key marked redeemed', () => {
    expect(refundScopeNotes({ items: [item], cdks: [] }, 0)).toEqual([]);
  });

  it('says an order of several goods is refunded whole, every key void, and that marked keys go void too', () => {
    const order = {
      items: [item, { buyNum: 2 } as never],
      cdks: [
        { goodsName: 'a', code: 'A' },
        { goodsName: 'b', code: 'B' },
        { goodsName: 'b', code: 'C' },
      ],
    };
    expect(refundScopeNotes(order, 1)).toEqual([
      '退款按整单处理：本订单 2 种共 3 件商品一并退款，全部 3 个激活码将失效，不能只退其中一部分。',
      '其中 1 个激活码已标记为已兑换：已兑换的激活码同样失效，对应游戏可能被平台收回。',
    ]);
  });
});
