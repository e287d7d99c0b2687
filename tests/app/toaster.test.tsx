import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, toast, TOAST_DURATION_MS } from '../../src/shared/toast';
import { Toaster } from '../../src/shared/ui/toaster';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announce info, success, warning and loading politely and errors assertively', () => {
    render(<Toaster />);
    act(() => {
      toast.success('登录成功');
      toast.warning('请先登录');
      toast.info('已复制');
      toast.loading('正在支付…');
      toast.error('网络连接失败');
    });
    const status = screen.getByRole('status', { name: '消息提示' });
    const alert = screen.getByRole('alert', { name: '错误提示' });
    expect(within(status).getByText('登录成功')).toBeInTheDocument();
    expect(within(status).getByText('请先登录')).toBeInTheDocument();
    expect(within(status).getByText('已复制')).toBeInTheDocument();
    expect(within(status).getByText('正在支付…')).toBeInTheDocument();
    expect(within(alert).getByText('网络连接失败')).toBeInTheDocument();
    expect(within(status).queryByText('网络连接失败')).toBeNull();
  });

  it('disappear after 3 seconds by default, loading toasts stay until dismissed', () => {
    render(<Toaster />);
    let loading = 0;
    act(() => {
      toast.success('退出成功！');
      loading = toast.loading('加载中');
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('退出成功！')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('退出成功！')).toBeNull();
    expect(screen.getByText('加载中')).toBeInTheDocument();
    act(() => toast.dismiss(loading));
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('honour a custom duration', () => {
    render(<Toaster />);
    act(() => void toast.info('稍等', 500));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('稍等')).toBeNull();
  });

  it('sit 100 px from the top', () => {
    render(<Toaster />);
    const region = screen.getByRole('status', { name: '消息提示' }).parentElement!;
    expect(region.style.top).toBe('100px');
    expect(TOAST_DURATION_MS).toBe(3000);
  });
});
