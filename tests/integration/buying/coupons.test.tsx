import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { postReceiveCoupon } from '../../../src/api/coupons';
import { createOrder } from '../../../src/api/orders';
import { PLAIN, preloadBuyingChunks, renderLoggedIn, FLOW_TIMEOUT } from './helpers';

beforeAll(preloadBuyingChunks);

describe('my coupons (/setting?type=1)', FLOW_TIMEOUT, () => {
  it('groups the coupons into 可使用, 已使用 and 已过期 with amount, threshold and validity', async () => {
    const { router } = await renderLoggedIn('/');
    const used = await postReceiveCoupon(1); // 5 元 without threshold, then used by an order
    await postReceiveCoupon(2); // 满 100 减 10 元
    await createOrder({ goodsId: PLAIN.goodsId, buyNum: 1, couponId: used.couponId, requestId: 'coupon-use' });

    await router.navigate({ to: '/setting', search: { type: 1 } });

    const available = await screen.findByRole('list', { name: '可使用的优惠券' });
    const [row] = within(available).getAllByRole('listitem');
    expect(row).toHaveTextContent('满 100 减 10 元');
    expect(row).toHaveTextContent('¥10.00');
    expect(row).toHaveTextContent('满¥100.00可用');
    expect(row).toHaveTextContent(/\d{4}\.\d{2}\.\d{2} - \d{4}\.\d{2}\.\d{2}/);
    const usedList = screen.getByRole('list', { name: '已使用的优惠券' });
    expect(within(usedList).getByRole('listitem')).toHaveTextContent('无门槛');
    expect(screen.getByRole('heading', { name: '已过期（0）' })).toBeInTheDocument();
    expect(screen.getByText('暂无已过期的优惠券')).toBeInTheDocument();
  });

  it('says so when the shopper has no coupons', async () => {
    const { router } = await renderLoggedIn('/');
    await router.navigate({ to: '/setting', search: { type: 1 } });
    expect(await screen.findByText('暂无优惠券')).toBeInTheDocument();
  });
});
