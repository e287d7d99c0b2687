import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBuildRedirects } from '../../../src/app/route-middleware';
import { renderApp } from '../../support/render-app';

afterEach(() => setBuildRedirects({}));

describe('redirects from the build metadata', () => {
  it('send an old in-app path to its new place', async () => {
    setBuildRedirects({ '/old-news': '/notice' });
    const { router } = await renderApp('/old-news');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notice'));
    expect(await screen.findByRole('heading', { level: 1, name: '公告' })).toBeInTheDocument();
  });

  it('leave the app with a full page load for an external target', async () => {
    const assign = vi.fn();
    setBuildRedirects({ '/app': 'https://download.example.com/mall' }, assign);
    void renderApp('/app');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://download.example.com/mall'));
  });
});
