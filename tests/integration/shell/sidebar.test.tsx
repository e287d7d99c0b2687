import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showsSidebar } from '../../../src/features/shell/floating-sidebar';
import { renderApp } from '../../support/render-app';
import { createAccount, storeSession } from '../session/helpers';

const sidebar = () => screen.getByRole('complementary', { name: '快捷入口' });

describe('the floating sidebar', () => {
  it('shows everywhere except under /sem and /coupon', () => {
    for (const path of [
      '/',
      '/new',
      '/search',
      '/gameDetail/1',
      '/orderDateil',
      '/setting',
      '/notice',
      '/help',
      '/agreement',
      '/missing',
    ]) {
      expect(showsSidebar(path), path).toBe(true);
    }
    for (const path of ['/sem/activity', '/sem', '/coupon']) expect(showsSidebar(path), path).toBe(false);
    expect(showsSidebar('/semantic')).toBe(true);
  });

  it('offers 订单 and 客服 on the home page; 客服 opens the customer-service page in a new tab', async () => {
    await renderApp('/');
    const aside = await screen.findByRole('complementary', { name: '快捷入口' });
    expect(within(aside).getByRole('button', { name: '订单' })).toBeInTheDocument();
    const kefu = within(aside).getByRole('link', { name: '客服' });
    expect(kefu).toHaveAttribute('href', 'https://kefu.example.com/chat');
    expect(kefu).toHaveAttribute('target', '_blank');
    expect(kefu.getAttribute('rel')).toContain('noopener');
  });

  it('shows the QQ customer-service QR code from the dictionary next to 客服', async () => {
    await renderApp('/');
    expect(await screen.findByRole('img', { name: 'QQ 客服群二维码' })).toHaveAttribute(
      'src',
      '/webapi/static/img/qq/1.svg',
    );
  });

  it('warns 请先登录 and opens the login dialog when a logged-out user asks for orders', async () => {
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: '订单' }));
    expect(await screen.findByText('请先登录')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
  });

  it('takes a logged-in user to the orders of the personal centre', async () => {
    storeSession(await createAccount('13900001111'));
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: '订单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting'));
    expect(router.state.location.search).toEqual({ type: 0 });
    expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull();
  });

  it('is absent on the landing pages', async () => {
    await renderApp('/coupon');
    await screen.findByRole('main');
    expect(screen.queryByRole('complementary', { name: '快捷入口' })).toBeNull();
  });

  it('shows 返回顶部 only past 200 px of scroll and scrolls smoothly to the top', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    await renderApp('/');
    await screen.findByRole('complementary', { name: '快捷入口' });
    expect(within(sidebar()).queryByRole('button', { name: '返回顶部' })).toBeNull();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
      fireEvent.scroll(window);
    });
    expect(within(sidebar()).queryByRole('button', { name: '返回顶部' })).toBeNull();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 201, configurable: true });
      fireEvent.scroll(window);
    });
    fireEvent.click(within(sidebar()).getByRole('button', { name: '返回顶部' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      fireEvent.scroll(window);
    });
    await waitFor(() => expect(within(sidebar()).queryByRole('button', { name: '返回顶部' })).toBeNull());
  });
});
