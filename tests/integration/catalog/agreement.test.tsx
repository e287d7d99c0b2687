import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { answerGet, backend, gate, holdGet, warmPages } from './helpers';

const CLASSIFIES = '/nn-assist/classify/mall/list';
const ARTICLES = '/nn-assist/classify/mall/article';

const panel = () => screen.getByRole('tabpanel');
const tab = (name: string) => within(screen.getByRole('tablist', { name: '协议' })).getByRole('tab', { name });

beforeAll(warmPages, 30_000);
describe('agreement page', () => {
  it('shows a skeleton while the texts load', async () => {
    const held = gate();
    holdGet(CLASSIFIES, held.wait);
    await renderApp('/agreement');
    expect(await screen.findByRole('status', { name: '正在加载用户协议' })).toBeInTheDocument();
    held.release();
    expect(await within(panel()).findByRole('article', { name: '用户协议' })).toBeInTheDocument();
  });

  it('shows the user agreement by default, in the first of two tabs', async () => {
    await renderApp('/agreement');
    expect(await screen.findByRole('heading', { level: 1, name: '用户协议与隐私政策' })).toBeInTheDocument();
    expect(tab('用户协议')).toHaveAttribute('aria-selected', 'true');
    expect(tab('隐私政策')).toHaveAttribute('aria-selected', 'false');
    const text = await within(panel()).findByRole('article', { name: '用户协议' });
    expect(text).toHaveTextContent(/更新于 \d{4}\.\d{2}\.\d{2}/);
    await waitFor(() => expect(document.title).toBe('用户协议 - 星游商城'));
  });

  it("names the operator, its ICP licence number and the service hours under each text, marked as the simulated store's by default", async () => {
    const { user } = await renderApp('/agreement');
    for (const name of ['用户协议', '隐私政策']) {
      await user.click(tab(name));
      const text = await within(panel()).findByRole('article', { name });
      const operator = within(text).getByRole('region', { name: '经营者信息' });
      expect(
        within(operator)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        '运营方：星游商城演示运营方（模拟商城示例，非真实信息）',
        'ICP 备案号：示例ICP备00000000号（模拟商城示例，非真实信息）',
        '客服时间：每天 9:00–22:00（模拟商城示例，非真实信息）',
      ]);
    }
  });

  it('switches to the privacy policy with the tab, by click or arrow key, keeping it in the URL', async () => {
    const { user, router } = await renderApp('/agreement');
    await within(await screen.findByRole('tabpanel')).findByRole('article', { name: '用户协议' });
    await user.click(tab('隐私政策'));
    expect(await within(panel()).findByRole('article', { name: '隐私政策' })).toBeInTheDocument();
    expect(tab('隐私政策')).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toEqual({ doc: 'privacy' });
    await waitFor(() => expect(document.title).toBe('隐私政策 - 星游商城'));
    await user.keyboard('{ArrowLeft}');
    expect(await within(panel()).findByRole('article', { name: '用户协议' })).toBeInTheDocument();
    expect(tab('用户协议')).toHaveFocus();
    expect(router.state.location.search).toEqual({ doc: 'user' });
  });

  it('opens the privacy policy from a deep link', async () => {
    await renderApp('/agreement?doc=privacy');
    expect(await within(panel()).findByRole('article', { name: '隐私政策' })).toBeInTheDocument();
    expect(tab('隐私政策')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows an error with a retry button when the texts cannot be loaded', async () => {
    backend.control.setFault(ARTICLES, { kind: 'network' });
    const { user } = await renderApp('/agreement');
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('加载失败');
    backend.control.setFault(ARTICLES, null);
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await within(panel()).findByRole('article', { name: '用户协议' })).toBeInTheDocument();
  });

  it('says the texts cannot be shown when there is no agreement category', async () => {
    answerGet(CLASSIFIES, []);
    await renderApp('/agreement');
    expect(await screen.findByText('协议内容暂时无法显示，请稍后再试')).toBeInTheDocument();
  });
});
