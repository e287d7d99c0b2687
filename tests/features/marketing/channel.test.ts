import { describe, expect, it } from 'vitest';
import { clientState } from '../../../src/api/client-state';
import { getNotices } from '../../../src/api/assist';
import { CHANNEL_STORAGE_KEY, resolveChannel } from '../../../src/features/marketing/channel';
import { startMarketing } from '../../../src/features/marketing/start';
import { backend } from '../../support/server';

const search = (query: string) => new URLSearchParams(query);

describe('the marketing channel', () => {
  it('is the default channel (the product key) when the URL names none, and is kept in sessionStorage', () => {
    expect(resolveChannel({ search: search(''), storage: sessionStorage, defaultChannel: 'xingyou' })).toBe('xingyou');
    expect(sessionStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('xingyou');
  });

  it('is taken from the channel query parameter when there is one, and replaces the stored one', () => {
    sessionStorage.setItem(CHANNEL_STORAGE_KEY, 'xingyou');
    expect(
      resolveChannel({ search: search('channel=baidu_sem'), storage: sessionStorage, defaultChannel: 'xingyou' }),
    ).toBe('baidu_sem');
    expect(sessionStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('baidu_sem');
  });

  it('stays the channel of this visit on later pages without the parameter', () => {
    sessionStorage.setItem(CHANNEL_STORAGE_KEY, 'baidu_sem');
    expect(
      resolveChannel({ search: search('keyword=elden'), storage: sessionStorage, defaultChannel: 'xingyou' }),
    ).toBe('baidu_sem');
  });

  it('ignores a channel value that is not a short code', () => {
    expect(
      resolveChannel({ search: search('channel=%3Cscript%3E'), storage: sessionStorage, defaultChannel: 'xingyou' }),
    ).toBe('xingyou');
    expect(resolveChannel({ search: search('channel='), storage: sessionStorage, defaultChannel: 'xingyou' })).toBe(
      'xingyou',
    );
  });

  it('still works when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(resolveChannel({ search: search(''), storage: blocked, defaultChannel: 'xingyou' })).toBe('xingyou');
  });

  it('is sent as the registerCanal header on every call after start', async () => {
    const { channel } = startMarketing({ href: '/' });
    expect(channel).toBe('xingyou');
    expect(clientState.get().channel).toBe('xingyou');
    await getNotices();
    expect(backend.control.lastRequestHeaders('/nn-assist/mall/notice/list')?.registercanal).toBe('xingyou');
  });

  it('sends the landing URL’s channel as registerCanal', async () => {
    startMarketing({ href: '/search?channel=toutiao_feed' });
    await getNotices();
    expect(backend.control.lastRequestHeaders('/nn-assist/mall/notice/list')?.registercanal).toBe('toutiao_feed');
  });
});
