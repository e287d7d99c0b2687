import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { answerGet, backend, gate, holdGet, warmPages } from './helpers';

const CLASSIFIES = '/nn-assist/classify/mall/list';
const ARTICLES = '/nn-assist/classify/mall/article';
const SEARCH = '/nn-assist/article/mall/search';

const categories = () => screen.getByRole('navigation', { name: '帮助分类' });

beforeAll(warmPages, 30_000);
describe('help page', () => {
  it('shows a skeleton while the categories load', async () => {
    const held = gate();
    holdGet(CLASSIFIES, held.wait);
    await renderApp('/help');
    expect(await screen.findByRole('status', { name: '正在加载帮助分类' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByRole('navigation', { name: '帮助分类' })).toBeInTheDocument();
  });

  it('lists the help categories (not the legal texts) and the articles of the first one', async () => {
    await renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: '帮助中心' })).toBeInTheDocument();
    const links = within(await screen.findByRole('navigation', { name: '帮助分类' })).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      '账号与登录 (5)',
      '购买与支付 (5)',
      '发货与激活 (5)',
      '退款与售后 (4)',
    ]);
    expect(links[0]).toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { level: 2, name: '账号与登录' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '如何注册和登录星游商城？' })).toHaveAttribute(
      'href',
      '/help?category=1&article=1',
    );
  });

  it('opens a category and an article, each with its own URL', async () => {
    const { user, router } = await renderApp('/help');
    await user.click(
      within(await screen.findByRole('navigation', { name: '帮助分类' })).getByRole('link', { name: /购买与支付/ }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: '购买与支付' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ category: 2 });
    expect(within(categories()).getByRole('link', { name: /购买与支付/ })).toHaveAttribute('aria-current');

    await user.click(await screen.findByRole('link', { name: '支持哪些支付方式？' }));
    const article = await screen.findByRole('article', { name: '支持哪些支付方式？' });
    expect(router.state.location.search).toEqual({ category: 2, article: 6 });
    expect(within(article).getByText(/微信支付/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('支持哪些支付方式？ - 星游商城'));
    await user.click(within(article).getByRole('link', { name: '‹ 返回“购买与支付”' }));
    expect(await screen.findByRole('heading', { level: 2, name: '购买与支付' })).toBeInTheDocument();
  });

  it('opens a deep-linked article', async () => {
    await renderApp('/help?category=3&article=11');
    expect(await screen.findByRole('article', { name: '激活码在哪里查看？' })).toBeInTheDocument();
  });

  it('finds the category of an article linked without one', async () => {
    await renderApp('/help?article=12');
    expect(await screen.findByRole('article', { name: '如何在 Steam 激活产品？' })).toBeInTheDocument();
    expect(within(categories()).getByRole('link', { name: /发货与激活/ })).toHaveAttribute('aria-current');
  });

  it('says so when a linked article does not exist', async () => {
    await renderApp('/help?category=1&article=999');
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent('该文章不存在或已下线');
    expect(screen.getByRole('heading', { level: 2, name: '账号与登录' })).toBeInTheDocument();
  });

  it('searches all articles, keeping the words in the URL, and links legal texts to the agreement page', async () => {
    const { user, router } = await renderApp('/help');
    await screen.findByRole('navigation', { name: '帮助分类' });
    await user.type(screen.getByRole('searchbox', { name: '搜索帮助文章' }), '激活码');
    await user.click(within(screen.getByRole('search', { name: '搜索帮助' })).getByRole('button', { name: '搜索' }));
    expect(await screen.findByRole('heading', { level: 2, name: '“激活码”的搜索结果' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ q: '激活码' });
    expect(await screen.findByRole('link', { name: '激活码在哪里查看？' })).toHaveAttribute(
      'href',
      '/help?category=3&article=11',
    );
    const results = screen.getByRole('heading', { level: 2, name: '“激活码”的搜索结果' }).closest('section')!;
    expect(within(results).getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', '/agreement?doc=privacy');
    await user.click(screen.getByRole('link', { name: '激活码在哪里查看？' }));
    expect(await screen.findByRole('article', { name: '激活码在哪里查看？' })).toBeInTheDocument();
  });

  it('says so when no article matches', async () => {
    await renderApp('/help?q=zzzz');
    expect(await screen.findByText('没有找到相关文章')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '搜索帮助文章' })).toHaveValue('zzzz');
  });

  it('shows an error with a retry button when the search fails', async () => {
    backend.control.setFault(SEARCH, { kind: 'network' });
    const { user } = await renderApp('/help?q=%E9%80%80%E6%AC%BE');
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('搜索失败');
    backend.control.setFault(SEARCH, null);
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '哪些订单可以申请退款？' })).toBeInTheDocument();
  });

  it('shows an error with a retry button when a category cannot be loaded', async () => {
    backend.control.setFault(ARTICLES, { kind: 'http', status: 500 });
    const { user } = await renderApp('/help?category=2');
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('文章加载失败');
    backend.control.setFault(ARTICLES, null);
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '支持哪些支付方式？' })).toBeInTheDocument();
  });

  it('says there is no help content when there are no categories', async () => {
    answerGet(CLASSIFIES, []);
    await renderApp('/help');
    expect(await screen.findByText('暂无帮助内容')).toBeInTheDocument();
  });
});
