import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { answerGet, backend, backendData, gate, holdGet, warmPages } from './helpers';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

const LIST = '/nn-assist/mall/notice/list';
type WireNotice = { title: string; content: string; publishTime: number; top: boolean };

beforeAll(warmPages, 30_000);
describe('notice page', () => {
  it('shows a skeleton while the notices load', async () => {
    const held = gate();
    holdGet(LIST, held.wait);
    await renderApp('/notice');
    expect(await screen.findByRole('status', { name: '正在加载公告' })).toBeInTheDocument();
    held.release();
    expect(await screen.findAllByRole('button', { expanded: false })).not.toHaveLength(0);
  });

  it('lists every notice closed, pinned ones marked, with a plain-text preview', async () => {
    const notices = await backendData<WireNotice[]>(LIST, undefined, 'GET');
    await renderApp('/notice');
    expect(await screen.findByRole('heading', { level: 1, name: '公告' })).toBeInTheDocument();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(notices.length);
    const first = within(headings[0]!).getByRole('button');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveAccessibleName(expect.stringContaining(notices[0]!.title));
    expect(first).toHaveAccessibleName(expect.stringMatching(/^置顶/));
    const preview = headings[0]!.nextElementSibling!;
    expect(preview.textContent).not.toMatch(/[<>]/);
    expect(preview.textContent!.length).toBeGreaterThan(10);
  });

  it('opens a notice in place, keeping it in the URL, and closes it again', async () => {
    const notices = await backendData<WireNotice[]>(LIST, undefined, 'GET');
    const { user, router } = await renderApp('/notice');
    const button = await screen.findByRole('button', { name: new RegExp(notices[1]!.title.slice(0, 8)) });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(router.state.location.search).toEqual({ id: 2 });
    const body = screen.getByRole('region', { name: button.textContent! });
    expect(body).toHaveTextContent('发布时间');
    await waitFor(() => expect(document.title).toBe(`${notices[1]!.title} - 星游商城`));
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(router.state.location.search).toEqual({});
    expect(screen.queryByRole('region', { name: button.textContent! })).not.toBeInTheDocument();
  });

  it('opens the notice of a deep link (?id=3)', async () => {
    const notices = await backendData<WireNotice[]>(LIST, undefined, 'GET');
    await renderApp('/notice?id=3');
    const open = await screen.findByRole('button', { expanded: true });
    expect(open).toHaveAccessibleName(expect.stringContaining(notices[2]!.title));
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
  });

  it('says so when a linked notice does not exist', async () => {
    await renderApp('/notice?id=99');
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent('该公告不存在或已下线');
    expect(screen.queryByRole('button', { expanded: true })).not.toBeInTheDocument();
  });

  it('says there are no notices when the list is empty', async () => {
    answerGet(LIST, []);
    await renderApp('/notice');
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
  });

  it('shows the empty state, quietly, when the list cannot be loaded', async () => {
    backend.control.setFault(LIST, { kind: 'network' });
    await renderApp('/notice');
    expect(await screen.findByText('暂无公告')).toBeInTheDocument();
  });

  it('never runs a script or an event handler from a notice body', async () => {
    answerGet(LIST, [
      {
        title: '安全测试公告',
        top: false,
        publishTime: Date.now(),
        content:
          '<p>正文内容</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><p onclick="window.__xss = 3">点击</p><a href="javascript:window.__xss = 4">恶意链接</a><a href="data:text/html,<script>alert(1)</script>">数据链接</a><form action="https://evil.example"><input name="pwd"></form><style>body{display:none}</style><a href="https://partner.example/x">合作方</a>',
      },
    ]);
    const { user, container } = await renderApp('/notice');
    const button = await screen.findByRole('button', { name: /安全测试公告/ });
    expect(button.closest('li')).not.toHaveTextContent('window.__xss');
    await user.click(button);
    const body = screen.getByRole('region', { name: button.textContent! });
    expect(within(body).getByText('正文内容')).toBeInTheDocument();
    await user.click(within(body).getByText('点击'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.__xss).toBeUndefined();
    expect(container.querySelectorAll('[onerror], [onclick], script, input[name="pwd"]')).toHaveLength(0);
    expect(body.querySelectorAll('form, style, img[src="x"][onerror]')).toHaveLength(0);
    expect(within(body).getByText('恶意链接')).not.toHaveAttribute('href');
    expect(within(body).getByText('数据链接')).not.toHaveAttribute('href');
    expect(within(body).getByRole('link', { name: '合作方' })).toHaveAttribute('target', '_blank');
    expect(within(body).getByRole('link', { name: '合作方' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('follows a link to another page of the store inside the app', async () => {
    const notices = await backendData<WireNotice[]>(LIST, undefined, 'GET');
    const index = notices.findIndex((n) => n.content.includes('href="/help"'));
    const { user, router } = await renderApp(`/notice?id=${index + 1}`);
    const body = await screen.findByRole('region');
    await user.click(within(body).getByRole('link', { name: '帮助中心' }));
    expect(await screen.findByRole('heading', { level: 1, name: '帮助中心' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/help');
  });
});
