import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureChunkReload } from '../../src/shared/chunk-reload';
import { lazyPage } from '../../src/app/lazy-page';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <h1>Internal Server Error</h1> : this.props.children;
  }
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/notice-page-x1.js');

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

afterEach(() => configureChunkReload({}));

describe('pages loaded on demand', () => {
  it('render once their chunk has loaded, and can be preloaded on intent', async () => {
    const importer = vi.fn(async () => ({ NoticePage: () => <h1>公告</h1> }));
    const Page = lazyPage(importer, 'NoticePage');
    await Page.preload();
    render(
      <Suspense fallback="…">
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: '公告' })).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('reload the page once for a missing chunk, and show the error page when it fails again within 10 s', async () => {
    const reload = vi.fn();
    configureChunkReload({ reload, now: () => 50_000, storage: memoryStorage() });
    const importer = () => Promise.reject(chunkError());
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React logs the error the boundary catches

    const First = lazyPage(importer, 'NoticePage' as never);
    const first = render(
      <Boundary>
        <Suspense fallback="加载中">
          <First />
        </Suspense>
      </Boundary>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('加载中')).toBeInTheDocument(); // it waits for the reload, it does not break
    first.unmount();

    // After the "reload" the same chunk fails again: no second reload, the error page instead.
    const Second = lazyPage(importer, 'NoticePage' as never);
    // act() lets React retry the suspended render once the import has failed.
    await act(async () => {
      render(
        <Boundary>
          <Suspense fallback="加载中">
            <Second />
          </Suspense>
        </Boundary>,
      );
    });
    expect(await screen.findByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
