import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { backend } from '../../support/server';
import { SLOW, countRequests, logInThroughModal } from './helpers';

const RECEIVE = '/nn-activity/client/coupon/receive';

/** The offer card (list item) named by its coupon title (after a login the offers reload for the user). */
async function offer(title: string) {
  return screen.findByRole('listitem', { name: title }, { timeout: SLOW });
}

// Logging in through the modal takes a few seconds on a loaded machine.
describe('the coupon landing /coupon', { timeout: 20_000 }, () => {
  it('shows the coupons on offer in the sem layout, without site navigation or sidebar', async () => {
    await renderApp('/coupon');
    expect(await screen.findByRole('heading', { level: 1, name: '领券中心' })).toBeInTheDocument();
    const card = await offer('满 100 减 10 元');
    expect(card).toHaveTextContent('¥10');
    expect(card).toHaveTextContent('满100可用');
    expect(card).toHaveTextContent('领取后 15 天内有效');
    expect(within(card).getByRole('link', { name: '去逛逛' })).toHaveAttribute('href', '/search');
    expect(within(await offer('新人专享 5 元无门槛券')).getByText('无门槛')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主导航' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: '快捷入口' })).not.toBeInTheDocument();
  });

  it('links a game-specific coupon to the games it applies to', async () => {
    await renderApp('/coupon');
    const card = await screen.findByRole('listitem', { name: /专享满 68 减 8 元/ });
    const links = within(card).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', expect.stringMatching(/^\/gameDetail\/\d+$/));
    // the game's name replaces the placeholder once it is known
    await waitFor(() => expect(links[0]).not.toHaveTextContent(/^游戏 \d+$/));
  });

  it('asks an anonymous visitor to log in and then receives the coupon without another click', async () => {
    const { user } = await renderApp('/coupon');
    const card = await offer('满 100 减 10 元');
    const receives = countRequests(RECEIVE);
    await user.click(within(card).getByRole('button', { name: '立即领取' }));

    expect(await screen.findByRole('dialog', { name: '登录' }, { timeout: SLOW })).toBeInTheDocument();
    expect(screen.getByText('登录后将自动为您领取「满 100 减 10 元」')).toBeInTheDocument();
    await logInThroughModal(user);

    expect(
      await within(await offer('满 100 减 10 元')).findByRole('button', { name: '已领取' }, { timeout: SLOW }),
    ).toBeDisabled();
    expect(await screen.findByText('领取成功，可在个人中心查看', {}, { timeout: SLOW })).toBeInTheDocument();
    expect(receives.count()).toBe(1);
    receives.stop();
  });

  it('sends one request for a double click', async () => {
    const { user } = await renderApp('/coupon');
    const card = await offer('满 50 减 5 元');
    await user.click(within(card).getByRole('button', { name: '立即领取' }));
    await logInThroughModal(user, '13700002222');
    await within(await offer('满 50 减 5 元')).findByRole('button', { name: '已领取' }, { timeout: SLOW });

    const receives = countRequests(RECEIVE);
    // A slow answer, so that both clicks happen while the first request is in flight.
    backend.control.setFault(RECEIVE, { kind: 'delay', ms: 300 });
    const other = await offer('满 200 减 25 元');
    await user.dblClick(within(other).getByRole('button', { name: '立即领取' }));
    expect(
      await within(await offer('满 200 减 25 元')).findByRole('button', { name: '已领取' }, { timeout: SLOW }),
    ).toBeDisabled();
    expect(receives.count()).toBe(1);
    receives.stop();
  });

  it('shows a business error as a toast and leaves the coupon receivable', async () => {
    const { user } = await renderApp('/coupon');
    await user.click(within(await offer('满 300 减 40 元')).getByRole('button', { name: '立即领取' }));
    backend.control.setFault(RECEIVE, { kind: 'business', code: 'coupon_41001', message: '优惠券已被领完', times: 1 });
    await logInThroughModal(user, '13700003333');

    expect(await screen.findByText('优惠券已被领完', {}, { timeout: SLOW })).toBeInTheDocument();
    expect(within(await offer('满 300 减 40 元')).getByRole('button', { name: '立即领取' })).toBeEnabled();
  });

  it('marks a coupon the user already holds as received when the server says so', async () => {
    const { user } = await renderApp('/coupon');
    await user.click(within(await offer('满 50 减 5 元')).getByRole('button', { name: '立即领取' }));
    backend.control.setFault(RECEIVE, {
      kind: 'business',
      code: 'coupon_40901',
      message: '您已领取过该优惠券',
      times: 1,
    });
    await logInThroughModal(user, '13700004444');

    expect(await screen.findByText('您已领取过该优惠券', {}, { timeout: SLOW })).toBeInTheDocument();
    expect(within(await offer('满 50 减 5 元')).getByRole('button', { name: '已领取' })).toBeDisabled();
  });
});
