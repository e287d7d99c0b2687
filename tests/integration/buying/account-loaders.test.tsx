import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { countRequests } from '../catalog/helpers';
import { FLOW_TIMEOUT, placeOrder, renderLoggedIn } from './helpers';

const DETAIL = '/nnorder/mall/unified/order/detail';
const LIST = '/nnorder/mall/unified/order/list';

describe('the account routes load for the user the session machine has logged in', FLOW_TIMEOUT, () => {
  it('starts the order detail for that user as soon as the route is asked for, before its page is shown', async () => {
    const { router, queryClient, account } = await renderLoggedIn('/');
    const order = await placeOrder();
    const calls = countRequests(DETAIL);

    await router.preloadRoute({ to: '/orderDateil', search: { id: order.orderId } });

    await waitFor(() =>
      expect(queryClient.getQueryData(['orders', 'detail', account.userId, order.orderId])).toMatchObject({
        orderId: order.orderId,
      }),
    );
    expect(calls.count).toBe(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('starts the order list of /setting?type=0 with its page and status, and nothing for the other tabs', async () => {
    const { router, queryClient, account } = await renderLoggedIn('/');
    await placeOrder();
    const calls = countRequests(LIST);

    await router.preloadRoute({ to: '/setting', search: { type: 2 } });
    await router.preloadRoute({ to: '/setting', search: { type: 0, status: 'unpaid' } });

    await waitFor(() =>
      expect(queryClient.getQueryData(['orders', 'list', account.userId, 1, 'unpaid'])).toMatchObject({ total: 1 }),
    );
    expect(calls.count).toBe(1);
  });

  it('asks for nothing while nobody is logged in', async () => {
    const { router } = await renderApp('/');
    const detail = countRequests(DETAIL);
    const list = countRequests(LIST);

    await router.preloadRoute({ to: '/orderDateil', search: { id: 'XY0001' } });
    await router.preloadRoute({ to: '/setting', search: { type: 0 } });
    await import('../../../src/features/buying/queries');

    expect(detail.count + list.count).toBe(0);
  });
});
