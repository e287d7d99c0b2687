import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHANNEL_STORAGE_KEY } from '../../../src/features/marketing/channel';
import { renderApp } from '../../support/render-app';
import { backend } from '../../support/server';
import './helpers'; // longer waits for a busy machine

// Page chunks load on first use; on a busy machine a test can take longer than the 5 s default.
describe('marketing at start-up', { timeout: 20_000 }, () => {
  it('sends the default channel as registerCanal on the home page’s calls and keeps it for the visit', async () => {
    await renderApp('/');
    await screen.findByRole('navigation', { name: '主导航' });
    await waitFor(() =>
      expect(backend.control.lastRequestHeaders('/sgame/mall/game/qryBanner')?.registercanal).toBe('xingyou'),
    );
    expect(sessionStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('xingyou');
    expect(backend.control.lastRequestHeaders('/sgame/mall/game/qryBanner')?.adan).toBeUndefined();
  });

  it('keeps a bid from earlier in the visit: the first call after a reload already carries adan', async () => {
    sessionStorage.setItem('adan', 'bid_earlier');
    sessionStorage.setItem(CHANNEL_STORAGE_KEY, 'baidu_sem');
    await renderApp('/');
    await waitFor(() =>
      expect(backend.control.lastRequestHeaders('/sgame/mall/game/qryBanner')).toMatchObject({
        adan: 'bid_earlier',
        registercanal: 'baidu_sem',
      }),
    );
    expect(backend.control.bidRequests()).toEqual([]);
  });
});
