import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POPUP_RECORD_KEY } from '../../../src/features/marketing/popup-record';
import { renderApp } from '../../support/render-app';
import { createAccount, storeSession } from '../session/helpers';
import { SLOW, logInThroughModal, popupSettled } from './helpers';

// Instants on Beijing's clock: the popup's day is Beijing's, whatever zone the test runs in.
const DAY_1 = Date.parse('2026-01-31T10:00:00+08:00');
const DAY_1_EVENING = Date.parse('2026-01-31T21:00:00+08:00');
const DAY_2 = Date.parse('2026-02-01T09:00:00+08:00');

/** A page load at `now` with the popup on, as in the real app. */
async function visit(now: number, url = '/') {
  const app = await renderApp(url, { couponPopup: true, deps: { testing: { now: () => now } } });
  await popupSettled(app.actor);
  return app;
}

// Several page loads and a login through the modal per test: slow on a loaded machine.
describe('the daily coupon popup', { timeout: 20_000 }, () => {
  it('shows an anonymous visitor today’s coupons with amount, threshold and expiry', async () => {
    await visit(DAY_1);
    const dialog = await screen.findByRole('dialog', { name: '领取优惠券' });
    const coupons = within(within(dialog).getByRole('list', { name: '优惠券列表' })).getAllByRole('listitem');
    expect(coupons).toHaveLength(3);
    expect(coupons[0]).toHaveTextContent('¥5');
    expect(coupons[0]).toHaveTextContent('无门槛');
    expect(coupons[0]).toHaveTextContent(/有效期至 \d{4}\.\d{2}\.\d{2}/);
    expect(within(dialog).getByText('满50可用')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(POPUP_RECORD_KEY) ?? '')).toEqual({ browser: '2026-01-31' });
  });

  it('offers an anonymous visitor 登录领取, not 去使用: the coupons are not theirs until they log in', async () => {
    await visit(DAY_1);
    const dialog = await screen.findByRole('dialog', { name: '领取优惠券' });
    const coupons = within(dialog).getByRole('list', { name: '优惠券列表' });
    expect(within(coupons).getAllByRole('listitem')).toHaveLength(3);
    expect(within(coupons).queryAllByRole('button')).toEqual([]);
    expect(within(dialog).queryByRole('button', { name: '去使用' })).not.toBeInTheDocument();
    // the one action, and where the focus starts
    expect(within(dialog).getByRole('button', { name: '登录领取' })).toHaveFocus();
  });

  it('gives a new account’s coupons a 去使用 that closes the popup and goes where the coupon can be used', async () => {
    storeSession(await createAccount('13900002222'));
    const { user, router } = await visit(DAY_1);
    const dialog = await screen.findByRole('dialog', { name: '领取优惠券' }, { timeout: SLOW });
    expect(within(dialog).getByText('以下优惠券已放入您的账户，下单时自动抵扣。')).toBeInTheDocument();
    const coupons = within(within(dialog).getByRole('list', { name: '优惠券列表' })).getAllByRole('listitem');
    for (const coupon of coupons) expect(within(coupon).getByRole('button', { name: '去使用' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '登录领取' })).not.toBeInTheDocument();

    await user.click(within(coupons[0]!).getByRole('button', { name: '去使用' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(screen.queryByRole('dialog', { name: '领取优惠券' })).not.toBeInTheDocument();
  });

  it('brings the coupons it hands a new account into the personal centre behind it (可用券, 我的优惠券)', async () => {
    storeSession(await createAccount('13900003333'));
    // The centre asks for the account's coupons at once; the popup's call, which hands them over, comes later.
    const { user } = await visit(DAY_1, '/setting?type=1');
    const dialog = await screen.findByRole('dialog', { name: '领取优惠券' }, { timeout: SLOW });
    const handed = within(within(dialog).getByRole('list', { name: '优惠券列表' })).getAllByRole('listitem').length;
    expect(handed).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    expect(
      await screen.findByRole('link', { name: new RegExp(`^可用券\\s*${handed}$`) }, { timeout: SLOW }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /^可使用/ }, { timeout: SLOW })).toBeInTheDocument();
  });

  it('shows an anonymous visitor the popup at most once a day: not again the same evening, again the next day', async () => {
    const first = await visit(DAY_1);
    await screen.findByRole('dialog', { name: '领取优惠券' });
    first.unmount();

    const evening = await visit(DAY_1_EVENING);
    expect(screen.queryByRole('dialog', { name: '领取优惠券' })).not.toBeInTheDocument();
    evening.unmount();

    await visit(DAY_2);
    expect(await screen.findByRole('dialog', { name: '领取优惠券' })).toBeInTheDocument();
  });

  it('shows a user who logs in later the same day their own popup once', async () => {
    const { user, actor } = await visit(DAY_1);
    const anonymous = await screen.findByRole('dialog', { name: '领取优惠券' });
    await user.click(within(anonymous).getByRole('button', { name: '登录领取' }));

    await logInThroughModal(user, '13900001111');
    // A new account: the backend hands it the popup coupons, and the popup shows them to this user.
    const own = await screen.findByRole('dialog', { name: '领取优惠券' }, { timeout: SLOW });
    expect(within(own).getByText('以下优惠券已放入您的账户，下单时自动抵扣。')).toBeInTheDocument();
    await popupSettled(actor);
    const record = JSON.parse(localStorage.getItem(POPUP_RECORD_KEY) ?? '') as Record<string, string>;
    expect(record.browser).toBe('2026-01-31');
    expect(Object.entries(record).filter(([key]) => key.startsWith('user:'))).toEqual([
      [expect.stringMatching(/^user:\d+$/), '2026-01-31'],
    ]);
  });

  it('shows nothing when the popup has no coupons, and keeps no record of it', async () => {
    await renderApp('/', {
      couponPopup: true,
      deps: { testing: { now: () => DAY_1, fetchHomePopup: async () => [] } },
    }).then((app) => popupSettled(app.actor));
    expect(screen.queryByRole('dialog', { name: '领取优惠券' })).not.toBeInTheDocument();
    expect(localStorage.getItem(POPUP_RECORD_KEY)).toBeNull();
  });
});
