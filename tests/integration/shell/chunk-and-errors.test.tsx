import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as NoticePageModule from '../../../src/features/catalog/notice-page';
import { renderApp } from '../../support/render-app';

const failures = vi.hoisted(() => ({ notice: 'none' as 'none' | 'bug' }));

vi.mock('../../../src/features/catalog/notice-page', async (importOriginal) => {
  const original = await importOriginal<typeof NoticePageModule>();
  if (failures.notice === 'bug') {
    return {
      ...original,
      NoticePage: () => {
        throw new Error('a bug in the page');
      },
    };
  }
  return original;
});

afterEach(() => {
  failures.notice = 'none';
  vi.resetModules();
});

describe('when a page cannot be shown', () => {
  it('shows "Internal Server Error" with a way home when a page throws', async () => {
    failures.notice = 'bug';
    const errors = vi.mocked(console.error);
    errors.mockImplementation(() => {}); // React reports the thrown error; that is the expected one.
    await renderApp('/notice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeInTheDocument();
    expect(await screen.findByRole('searchbox', { name: '搜索商品' })).toBeInTheDocument();
  });
});
