import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';

describe('error pages', () => {
  it('say "Page not found: {path}" for a path no route matches, with a way home', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found: /no/such/page' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  it('offer a search of the store and the way back to it on the 404 page, the spec message kept', async () => {
    await renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found: /no/such/page' });
    const search = await screen.findByRole('search', { name: '找找其他商品' });
    expect(within(search).getByRole('searchbox', { name: '搜索商品' })).toHaveAttribute('name', 'keyword');
    expect(search).toHaveAttribute('action', '/search');
    expect(within(search).getByRole('button', { name: '去搜索' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  it('say "Page Not Found: {path}" with status 404 when a page rejects its parameters', async () => {
    await renderApp('/gameDetail/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /gameDetail/abc' }),
    ).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
  });

  it('keep the site header and footer around the 404 page', async () => {
    await renderApp('/missing');
    await screen.findByRole('heading', { level: 1, name: 'Page not found: /missing' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '搜索' })).toBeInTheDocument();
  });
});

describe('page titles', () => {
  it('show the game name on a game detail', async () => {
    await renderApp('/gameDetail/1');
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(`${heading.textContent} - 星游商城`));
  });

  it('show the store name alone on the home page', async () => {
    await renderApp('/');
    await waitFor(() => expect(document.title).toBe('星游商城'));
  });

  it.each([
    ['/new', '新品上架 - 星游商城'],
    ['/search?keyword=%E6%98%9F', '搜索 - 星游商城'],
    ['/notice', '公告 - 星游商城'],
    ['/help', '帮助中心 - 星游商城'],
    ['/agreement', '用户协议 - 星游商城'],
    ['/agreement?doc=privacy', '隐私政策 - 星游商城'],
    ['/orderDateil', '订单详情 - 星游商城'],
    ['/orderDateil?id=A1', '订单 A1 - 星游商城'],
    ['/setting?type=0', '个人中心 - 星游商城'],
    ['/setting', '个人中心 - 星游商城'],
    ['/coupon', '领券中心 - 星游商城'],
    ['/sem/activity', '限时活动 - 星游商城'],
    ['/demo', '演示控制台 - 星游商城'],
  ])('show "<page title> - <store name>" on %s', async (url, title) => {
    await renderApp(url);
    await waitFor(() => expect(document.title).toBe(title));
  });
});
