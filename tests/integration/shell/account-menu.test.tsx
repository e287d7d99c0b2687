import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderLoggedIn, FLOW_TIMEOUT } from '../buying/helpers';

const chip = () => within(screen.getByRole('banner')).findByRole('button', { name: /^个人中心 / });

describe('the account chip', FLOW_TIMEOUT, () => {
  it('is a menu button whose menu leads to 我的订单, 我的激活码, 账号与实名 and 退出登录', async () => {
    const { user, router } = await renderLoggedIn('/');
    const button = await chip();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const menu = await screen.findByRole('menu', { name: '个人中心' }, { timeout: 10_000 });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['我的订单', '我的激活码', '账号与实名', '愿望单', '退出登录']);
    // The first item takes the focus in the menu's effect, which may run after the menu is on screen.
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: '我的订单' })).toHaveFocus());

    await user.click(within(menu).getByRole('menuitem', { name: '我的激活码' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ type: 3 }));
    expect(router.state.location.pathname).toBe('/setting');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('moves through its items with the arrow keys, and Escape closes it, focus back on the chip', async () => {
    const { user } = await renderLoggedIn('/');
    const button = await chip();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: '个人中心' }, { timeout: 10_000 });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: '我的订单' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: '我的激活码' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: '退出登录' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(menu).getByRole('menuitem', { name: '我的订单' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: '退出登录' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // The chip takes the focus back as the menu unmounts (its effect's cleanup).
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out from 退出登录', async () => {
    const { user } = await renderLoggedIn('/');
    await user.click(await chip());
    await user.click(
      within(await screen.findByRole('menu', {}, { timeout: 10_000 })).getByRole('menuitem', { name: '退出登录' }),
    );
    expect(await screen.findByText('退出成功！')).toBeInTheDocument();
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('closes on a press outside it', async () => {
    const { user } = await renderLoggedIn('/');
    await user.click(await chip());
    await screen.findByRole('menu', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('main'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});
