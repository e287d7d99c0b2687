import { act, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, toast, TOAST_DURATION_MS, TOAST_TOP_PX } from '../../src/shared/toast';
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
    expect(TOAST_TOP_PX).toBe(100);
    expect(region.style.getPropertyValue('--toast-top')).toBe('100px');
    expect(styleRule(null, '.toaster').getPropertyValue('top')).toBe('var(--toast-top)');
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  // A dialog fills a phone's screen and its title sits 100 px from the top: toasts there would cover it.
  it('sit at the bottom on phones, above the safe area and a bottom bar, and let taps through to the dialog', () => {
    const toaster = styleRule('(max-width: 639px)', '.toaster');
    expect(toaster.getPropertyValue('top')).toBe('auto');
    expect(toaster.getPropertyValue('bottom')).toMatch(/env\(safe-area-inset-bottom.*var\(--bottom-bar-h/);
    expect(styleRule('(max-width: 639px)', '.toast').getPropertyValue('pointer-events')).toBe('none');
    // a toast that stays until dismissed keeps its × clickable
    expect(styleRule(null, '.toast-close').getPropertyValue('pointer-events')).toBe('auto');
  });
});

/** The declarations of `selector` in src/shared/styles.css, at the top level or inside `@media media`. */
function styleRule(media: string | null, selector: string): CSSStyleDeclaration {
  const style = document.createElement('style');
  style.textContent = readFileSync(resolve(import.meta.dirname, '../../src/shared/styles.css'), 'utf8');
  document.head.append(style);
  try {
    const rules = [...style.sheet!.cssRules];
    const scope =
      media === null
        ? rules
        : rules
            .filter((rule) => rule instanceof CSSMediaRule && rule.media.mediaText === media)
            .flatMap((rule) => [...(rule as CSSMediaRule).cssRules]);
    const found = scope.find(
      (rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && rule.selectorText === selector,
    );
    if (!found)
      throw new Error(`no rule ${selector} ${media ? `in @media ${media}` : 'at the top level'} of styles.css`);
    return found.style;
  } finally {
    style.remove();
  }
}
