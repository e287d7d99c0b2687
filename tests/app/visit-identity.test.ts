/**
 * The request identity is applied by the entry before the first call (src/app/visit-identity.ts): a page's
 * own calls, made before the store's flows start, carry the restored token, the channel and a stored bid.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clientState } from '../../src/api/client-state';
import { applyVisitIdentity } from '../../src/app/visit-identity';
import { ADAN_STORAGE_KEY } from '../../src/features/marketing/adan';
import { CHANNEL_STORAGE_KEY } from '../../src/features/marketing/channel';
import { SESSION_STORAGE_KEY } from '../../src/features/session/persisted-session';
import { config } from '../../src/shared/env';

const USER = {
  token: 'tok-restored',
  userId: 7,
  telNum: '13800000000',
  createTime: 1_700_000_000_000,
  registerCanal: 'web',
};

afterEach(() => {
  clientState.reset();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the visit identity applied at the entry', () => {
  it('carries the stored session’s token, the landing’s channel and the visit’s stored bid', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: USER, realName: null }));
    sessionStorage.setItem(ADAN_STORAGE_KEY, 'bid-42');

    const restored = applyVisitIdentity('http://shop.test/search?keyword=x&channel=spring');

    expect(restored?.user.userId).toBe(7);
    expect(clientState.get()).toEqual({ token: 'tok-restored', channel: 'spring', adan: 'bid-42' });
    // The channel is this visit's from now on: a later page of the visit keeps it.
    expect(sessionStorage.getItem(CHANNEL_STORAGE_KEY)).toBe('spring');
  });

  it('is anonymous with the default channel on a first visit, and drops a stored session it cannot read', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{"user":');

    expect(applyVisitIdentity('http://shop.test/')).toBeNull();

    expect(clientState.get()).toEqual({ token: undefined, channel: config.product, adan: undefined });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
