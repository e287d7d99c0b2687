/**
 * Storage and secrets.
 *
 * Every key the app persists (localStorage, sessionStorage) is read back
 * through zod: a value that is not JSON, is from an older version, or has the
 * wrong shape is dropped without a crash, and the app starts normally with
 * all of them damaged at once. Two tabs: a logout or login in one is followed
 * in the other through the `storage` event. The auto-login token leaves the
 * URL by `replaceState` (no history entry keeps it) before any request, and
 * the page's referrer policy never sends a full URL to another origin. Tokens
 * are never written to the console, and error reports are scrubbed.
 */
import { configure, act, screen, waitFor, within } from '@testing-library/react';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientState } from '../../src/api/client-state';
import { getGameDetail } from '../../src/api/game-detail';
import { isHeaderValue } from '../../src/api/transport';
import { reloadOnceFor } from '../../src/shared/chunk-reload';
import { historyStore } from '../../src/features/shell/history-store';
import { readStoredAutoLogin } from '../../src/features/session/session-bridge';
import {
  AUTO_LOGIN_APP_ID_KEY,
  AUTO_LOGIN_TOKEN_KEY,
  takeAutoLoginParams,
} from '../../src/features/session/link-params';
import { createBrowserSessionEffects } from '../../src/features/session/session-effects';
import { SESSION_STORAGE_KEY, loadPersistedSession } from '../../src/features/session/persisted-session';
import { RECENT_SEARCH_KEY, readRecentSearches } from '../../src/features/catalog/recent-searches';
import { readRecentViews } from '../../src/features/catalog/recent-views';
import { RECENT_VIEWS_KEY_PREFIX } from '../../src/features/catalog/recent-views-keys';
import { OCPC_STORAGE_KEY, readStoredParams } from '../../src/features/marketing/attribution';
import { ADAN_STORAGE_KEY, readStoredAdan } from '../../src/features/marketing/adan';
import { CHANNEL_STORAGE_KEY, resolveChannel } from '../../src/features/marketing/channel';
import { startErrorReporting, type SentryLike } from '../../src/features/marketing/error-reporting';
import { FILTERED, scrubSecrets } from '../../src/shared/scrub-secrets';
import {
  DEMO_CLOCK_OFFSET_KEY,
  POPUP_RECORD_KEY,
  readDemoClockOffsetDays,
  readPopupRecord,
} from '../../src/features/marketing/popup-record';
import { DEFAULT_STORAGE_KEY, createBackend } from '../../src/mock/backend';
import { HAND_OFF_STORAGE_KEY, takePaymentReturn } from '../../src/features/buying/pay-return';
import { REDEEMED_KEY_PREFIX } from '../../src/features/buying/redeemed';
import { nextPhone } from '../integration/buying/helpers';
import { keptListKeys } from '../../src/shared/kept-list';
import { createAccount, storeSession } from '../integration/session/helpers';
import { renderApp } from '../support/render-app';
import { backend } from '../support/server';

// Whole-app renders on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });
// Ceilings, not waits: whole-app renders on a machine shared with other suites can take seconds.
configure({ asyncUtilTimeout: 15_000 });

const ROOT = join(__dirname, '../..');
const USER = {
  token: 'tk_valid_token_1',
  userId: 10001,
  telNum: '13800000000',
  createTime: 1,
  registerCanal: 'xingyou',
};
const REAL_NAME = { realName: '张*', idCardNo: '1101**********4477', authTime: 1 };

/** Values any JSON key may be left with: not JSON, JSON of another type, a prototype-pollution attempt. */
const GARBAGE = [
  '{not json',
  '',
  'null',
  '42',
  '"text"',
  '[]',
  'true',
  '{"__proto__":{"polluted":true}}',
  '\u0000\uffff',
];

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('every persisted key, damaged, is dropped without a crash', () => {
  it('localStorage userInfo (the session): garbage, the older flat format, a wrong shape, a token no header can carry', () => {
    const older = JSON.stringify(USER); // the user alone, before the real-name info was kept with it
    const wrong = [
      JSON.stringify({ user: { ...USER, userId: '10001' }, realName: null }),
      JSON.stringify({ user: USER }),
      JSON.stringify({ user: USER, realName: { realName: 1 } }),
    ];
    const unsendable = [
      JSON.stringify({ user: { ...USER, token: '令牌' }, realName: null }),
      JSON.stringify({ user: { ...USER, token: 'tk\nx' }, realName: null }),
      JSON.stringify({ user: { ...USER, token: '' }, realName: null }),
    ];
    for (const value of [...GARBAGE, older, ...wrong, ...unsendable]) {
      localStorage.setItem(SESSION_STORAGE_KEY, value);
      expect(loadPersistedSession(localStorage), value).toBeNull();
      expect(localStorage.getItem(SESSION_STORAGE_KEY), `removed: ${value}`).toBeNull();
    }
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: USER, realName: REAL_NAME }));
    expect(loadPersistedSession(localStorage)).toEqual({ user: USER, realName: REAL_NAME });
  });

  it('localStorage recent-searches:v1: garbage and an older plain list read as empty; bad entries are skipped one by one', () => {
    for (const value of [...GARBAGE, '["旧格式"]', '{"keywords":"a"}']) {
      localStorage.setItem(RECENT_SEARCH_KEY, value);
      expect(readRecentSearches(), value).toEqual({ keywords: [], hiddenServer: [] });
    }
    localStorage.setItem(
      RECENT_SEARCH_KEY,
      JSON.stringify({ keywords: ['好词', 5, '', ' ', 'x'.repeat(51), null, '好词'], hiddenServer: 'x' }),
    );
    expect(readRecentSearches()).toEqual({ keywords: ['好词'], hiddenServer: [] });
  });

  it('localStorage recent-views:v1:<viewer> (最近浏览): garbage and a wrong shape read as empty; bad entries are skipped one by one', () => {
    for (const value of [...GARBAGE, '[{"gameId":1}]', '{"views":"a"}']) {
      localStorage.setItem(`${RECENT_VIEWS_KEY_PREFIX}u1`, value);
      expect(readRecentViews('u1'), value).toEqual([]);
    }
    const good = { gameId: 3, name: '好游戏', cover: '/c.jpg', viewedAt: 1 };
    localStorage.setItem(
      `${RECENT_VIEWS_KEY_PREFIX}visitor`,
      JSON.stringify({ views: [5, null, { ...good, gameId: 'x' }, good, { ...good, name: 1 }] }),
    );
    expect(readRecentViews('visitor')).toEqual([good]);
  });

  it('localStorage couponPopup:shown and demo:clockOffsetDays read as “never shown” and 0', () => {
    for (const value of [
      ...GARBAGE,
      '"2026-01-01"',
      '{"browser":5}',
      '{"hacker":"2026-01-01"}',
      '{"browser":"01/01/2026"}',
    ]) {
      localStorage.setItem(POPUP_RECORD_KEY, value);
      expect(readPopupRecord(localStorage), value).toEqual({});
    }
    for (const value of ['abc', '-5', '2.5', '1e9', 'Infinity', '{"days":1}']) {
      localStorage.setItem(DEMO_CLOCK_OFFSET_KEY, value);
      expect(readDemoClockOffsetDays(localStorage), value).toBe(0);
    }
  });

  it('localStorage xingyou-mock-backend:v1 (the in-browser simulated backend) is reseeded', async () => {
    for (const value of [...GARBAGE, '{"users":"x"}', JSON.stringify({ version: 0, users: [] })]) {
      localStorage.setItem(DEFAULT_STORAGE_KEY, value);
      const fresh = createBackend({ storage: localStorage });
      const answer = await fresh.handle({
        method: 'POST',
        path: '/sgame/game/mall/gameDetail',
        query: {},
        headers: {},
        body: { gameId: 1 },
      });
      expect(answer.status, value).toBe(200);
      expect(fresh.control.state().users, value).toEqual([]);
    }
  });

  it('sessionStorage route-history:v1 reads as an empty history', () => {
    for (const value of [
      ...GARBAGE,
      '["/notice"]',
      '{"routeHistory":"/"}',
      '{"routeHistory":[1],"searchParams":null,"lastRoutePath":null}',
    ]) {
      sessionStorage.setItem('route-history:v1', value);
      historyStore.reset();
      expect(historyStore.get(), value).toEqual({ routeHistory: [], searchParams: null, lastRoutePath: null });
    }
  });

  it('sessionStorage route-history:shown, damaged, only lets the page a full page load left be recorded', () => {
    for (const value of [...GARBAGE, '/new?']) {
      sessionStorage.setItem(
        'route-history:v1',
        JSON.stringify({ routeHistory: ['/'], searchParams: null, lastRoutePath: null }),
      );
      sessionStorage.setItem('route-history:shown', value);
      historyStore.reset();
      historyStore.arrive({ pathname: '/new', search: {} });
      expect(historyStore.get().routeHistory, value).toEqual(['/', '/new']);
    }
  });

  it('sessionStorage route-history:leaving, damaged, names no page left and is taken once', () => {
    for (const value of [...GARBAGE, '{"from":"/new"}', '{"from":1,"to":"/gameDetail/3"}']) {
      sessionStorage.setItem('route-history:leaving', value);
      expect(historyStore.takeLeaving(), value).toBeNull();
      expect(sessionStorage.getItem('route-history:leaving'), value).toBeNull();
    }
  });

  it('sessionStorage chunk-reload:<path>: garbage, and a time in the future, do not block the reload', () => {
    const now = 1_700_000_000_000;
    for (const value of ['abc', '', '-1', '1.5', String(now + 60_000), String(now * 10)]) {
      const storage = new Map<string, string>([['chunk-reload:/x', value]]);
      const reload = vi.fn();
      const store = {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
      };
      expect(reloadOnceFor('/x', { storage: store, now: () => now, reload }), value).toBe(true);
      expect(reload).toHaveBeenCalledTimes(1);
    }
    // A real reload 2 s ago still guards.
    const store = { getItem: () => String(now - 2000), setItem: () => {} };
    expect(reloadOnceFor('/x', { storage: store, now: () => now, reload: vi.fn() })).toBe(false);
  });

  it('sessionStorage channel, ocpcReportParams and adan: damaged values count as nothing stored', () => {
    for (const value of ['', 'a b', '<script>', 'x'.repeat(65), '渠道']) {
      sessionStorage.setItem(CHANNEL_STORAGE_KEY, value);
      expect(
        resolveChannel({ search: new URLSearchParams(), storage: sessionStorage, defaultChannel: 'xingyou' }),
        value,
      ).toBe('xingyou');
    }
    for (const value of [
      ...GARBAGE,
      '{"keyword":1}',
      JSON.stringify({ keyword: 'a' }),
      JSON.stringify({ keyword: 'x'.repeat(3000), plan: '', unit: '', url: '', gameId: '', urlMd5: '' }),
    ]) {
      sessionStorage.setItem(OCPC_STORAGE_KEY, value);
      expect(readStoredParams(sessionStorage), value).toBeNull();
    }
    // `adan` is sent as a header: a value a browser cannot send is not used.
    for (const value of ['', '中文', 'bid\n1', ' bid', 'x'.repeat(257)]) {
      sessionStorage.setItem(ADAN_STORAGE_KEY, value);
      expect(readStoredAdan(sessionStorage), JSON.stringify(value)).toBeNull();
    }
    sessionStorage.setItem(ADAN_STORAGE_KEY, 'bid_7');
    expect(readStoredAdan(sessionStorage)).toBe('bid_7');
  });

  it('sessionStorage autoLoginToken / autoLoginAppId: a damaged pair is removed and no auto-login starts', () => {
    for (const [token, appId] of [
      ['令牌', 'nn_mall_web'],
      ['tok en', 'nn_mall_web'],
      ['x'.repeat(1025), 'nn_mall_web'],
      ['alt_1', 'app id'],
      ['alt_1', '<script>'],
    ]) {
      sessionStorage.setItem(AUTO_LOGIN_TOKEN_KEY, token!);
      sessionStorage.setItem(AUTO_LOGIN_APP_ID_KEY, appId!);
      expect(readStoredAutoLogin(sessionStorage, 'nn_mall_web'), `${token} ${appId}`).toBeNull();
      expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBeNull();
      expect(sessionStorage.getItem(AUTO_LOGIN_APP_ID_KEY)).toBeNull();
    }
    sessionStorage.setItem(AUTO_LOGIN_TOKEN_KEY, 'alt_ok');
    expect(readStoredAutoLogin(sessionStorage, 'nn_mall_web')).toEqual({ token: 'alt_ok', appId: 'nn_mall_web' });
  });

  it('never sends an identity value a browser would refuse as a header (the call goes out without it)', async () => {
    expect(isHeaderValue('tk_abc.DEF-123')).toBe(true);
    for (const bad of ['令牌', 'a\nb', ' lead', 'trail ', '', 'tab\tx'])
      expect(isHeaderValue(bad), JSON.stringify(bad)).toBe(false);
    clientState.set({ token: '令牌', channel: 'web\r\nX-Evil: 1', adan: 'bid_ok' });
    await getGameDetail(1);
    const headers = backend.control.lastRequestHeaders('/sgame/game/mall/gameDetail')!;
    expect(headers.token).toBeUndefined();
    expect(headers.registercanal).toBeUndefined();
    expect(headers['x-evil']).toBeUndefined();
    expect(headers.adan).toBe('bid_ok');
  });

  it('drops a damaged or foreign pay hand-off instead of resuming it', () => {
    const at = {
      location: { href: 'http://shop.test/' } as Location,
      history: { state: null, replaceState: () => undefined } as unknown as History,
    };
    for (const damaged of [
      '{',
      '"XY1"',
      JSON.stringify({ orderId: '../x', owner: 1 }),
      JSON.stringify({ orderId: 5 }),
    ]) {
      sessionStorage.setItem(HAND_OFF_STORAGE_KEY, damaged);
      expect(takePaymentReturn(1, { ...at, storage: sessionStorage }), damaged).toBeNull();
    }
    sessionStorage.setItem(HAND_OFF_STORAGE_KEY, JSON.stringify({ orderId: 'XY1', owner: 2 }));
    expect(takePaymentReturn(1, { ...at, storage: sessionStorage })).toBeNull();
    expect(sessionStorage.getItem(HAND_OFF_STORAGE_KEY)).toBeNull();
  });

  it('lists every key the app reads from storage, so none is left out of these tests', () => {
    // The keys are found in the source; a new persisted key fails here until it is tested above.
    const tested = new Set([
      SESSION_STORAGE_KEY,
      RECENT_SEARCH_KEY,
      RECENT_VIEWS_KEY_PREFIX,
      POPUP_RECORD_KEY,
      DEMO_CLOCK_OFFSET_KEY,
      DEFAULT_STORAGE_KEY,
      'route-history:v1',
      'route-history:shown',
      'route-history:leaving',
      'chunk-reload:',
      CHANNEL_STORAGE_KEY,
      OCPC_STORAGE_KEY,
      ADAN_STORAGE_KEY,
      AUTO_LOGIN_TOKEN_KEY,
      AUTO_LOGIN_APP_ID_KEY,
      HAND_OFF_STORAGE_KEY,
      REDEEMED_KEY_PREFIX,
      // The wishlist's (docs/following-wishlist.md): tests/features/wishlist/wishlist-storage.test.ts damages each of them.
      'wishlist:visitor',
      'wishlist:handover:',
      'wishlist:account:',
      'wishlist:seen:',
    ]);
    const sources = [
      'src/features/session/persisted-session.ts',
      'src/features/session/link-params.ts',
      'src/features/catalog/recent-searches.ts',
      'src/features/catalog/recent-views-keys.ts',
      'src/features/marketing/popup-record.ts',
      'src/mock/handlers/state.ts',
      'src/features/shell/history-store.ts',
      'src/shared/chunk-reload.ts',
      'src/features/marketing/channel.ts',
      'src/features/marketing/attribution.ts',
      'src/features/marketing/adan.ts',
      'src/features/buying/pay-return.ts',
      'src/features/buying/redeemed.ts',
      'src/features/wishlist/wishlist-effects.ts',
      'src/features/wishlist/wishlist-rules.ts',
    ];
    // The wishlist's browser-kept list names its keys through the shared kept list (src/shared/kept-list.ts): a
    // visitor's key, and an account's hand-over and kept copy, each a prefix before the account's id.
    const keptList = keptListKeys('wishlist');
    const declared = [
      ...sources.flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(/(?:_KEY|KEY_PREFIX|STORAGE_KEY)\s*=\s*'([^']+)'/g)].map(
          (m) => m[1]!,
        ),
      ),
      keptList.visitor,
      keptList.handover(7).replace(/7$/, ''),
      keptList.account(7).replace(/7$/, ''),
    ];
    expect(declared.length).toBeGreaterThanOrEqual(tested.size);
    for (const key of declared) expect(tested.has(key), `untested storage key ${key}`).toBe(true);
    // …and the files that touch storage are the ones whose keys are above (a new one must be added here, and tested).
    const storageUsers = listSource('src')
      .filter(
        (file) =>
          !/[\\/]mock[\\/]/.test(file) && /\b(?:localStorage|sessionStorage)\b/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => file.slice(ROOT.length + 1).replace(/\\/g, '/'));
    expect(storageUsers.sort()).toEqual(
      [
        'src/shared/chunk-reload.ts',
        'src/features/shell/history-store.ts',
        'src/app/root-actor.ts',
        // Reads the session's, the channel's and the bid's keys (tested above) before the first call.
        'src/app/visit-identity.ts',
        'src/app/visitor-lists.ts',
        'src/features/session/session-bridge.ts',
        'src/features/session/session-effects.ts',
        'src/features/session/persisted-session.ts',
        'src/features/session/link-params.ts',
        'src/features/catalog/recent-searches.ts',
        // 最近浏览's store, and its login hook that looks for a visitor's list (keys: recent-views-keys.ts).
        'src/features/catalog/recent-views.ts',
        'src/features/catalog/recent-views-keys.ts',
        'src/features/marketing/attribution.ts',
        'src/features/marketing/adan.ts',
        'src/features/marketing/channel.ts',
        'src/features/marketing/popup-record.ts',
        'src/features/marketing/start.ts',
        // The /demo console's popup clock and record (its page reads the offset; two panels change it).
        'src/features/demo/demo-page.tsx',
        'src/features/demo/clock-panel.tsx',
        'src/features/demo/data-panel.tsx',
        'src/features/buying/pay-return.ts',
        'src/features/buying/redeemed.ts',
        // The wishlist's storage (its keys are named in wishlist-effects.ts and wishlist-rules.ts).
        'src/features/wishlist/wishlist-store.ts',
        // The one helper that reaches the browser's storage (missing or blocked); it holds no key of its own.
        'src/shared/storage.ts',
      ].sort(),
    );
  });
});

function listSource(dir: string): string[] {
  const abs = join(ROOT, dir);
  return readdirSync(abs).flatMap((name) => {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) return listSource(join(dir, name));
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the app with every stored value damaged at once', () => {
  it('starts anonymous on the home page, shows the daily popup, records the visit, and logs nothing', async () => {
    const error = vi.spyOn(console, 'error');
    localStorage.setItem(SESSION_STORAGE_KEY, '{"user":');
    localStorage.setItem(RECENT_SEARCH_KEY, '{');
    localStorage.setItem(POPUP_RECORD_KEY, '[1]');
    sessionStorage.setItem('route-history:v1', '{"routeHistory":5}');
    sessionStorage.setItem(CHANNEL_STORAGE_KEY, '<b>');
    sessionStorage.setItem(OCPC_STORAGE_KEY, '{');
    sessionStorage.setItem(ADAN_STORAGE_KEY, '中文');
    sessionStorage.setItem(AUTO_LOGIN_TOKEN_KEY, 'bad token');
    historyStore.reset();
    document.cookie = 'token=%E0%A4%A; path=/';
    const { queryClient } = await renderApp('/', { couponPopup: true });
    // The damaged popup record counts as “not shown today”: the daily popup opens over the page.
    expect(await screen.findByRole('dialog', { name: '领取优惠券' })).toBeInTheDocument();
    expect(screen.getByRole('banner', { hidden: true }).querySelector('.header-login')).toHaveTextContent('登录');
    await waitFor(() => expect(screen.getByRole('main').querySelectorAll('h2').length).toBeGreaterThan(3));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBeNull();
    expect(clientState.get().token).toBeUndefined();
    expect(clientState.get().adan).toBeUndefined();
    expect(clientState.get().channel).toBe('xingyou');
    expect(historyStore.get().routeHistory).toEqual(['/']);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(error).not.toHaveBeenCalled();
    document.cookie = 'token=; max-age=0; path=/';
  });
});

describe('two tabs', () => {
  // What the browser does in this tab when another tab writes localStorage. (Not inside act(): the
  // session's updates reach React asynchronously, as in the browser, and are awaited with findBy….)
  const otherTab = async (newValue: string | null, key: string | null = SESSION_STORAGE_KEY) => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  };

  it('follows a logout, an expiry, a damaged write and a login in the other tab; calls carry the right token', async () => {
    const account = await createAccount(nextPhone());
    storeSession(account);
    const { user, queryClient } = await renderApp('/');
    const header = () => within(screen.getByRole('banner'));
    await header().findByRole('button', { name: /个人中心/ });

    // The other tab logs out: its effects remove the stored session (the browser tells this tab).
    createBrowserSessionEffects({ localStorage, sessionStorage: undefined, cookieJar: undefined }).forgetSession();
    await otherTab(null);
    await header().findByRole('button', { name: '登录' });
    expect(clientState.get().token).toBeUndefined();
    await act(() => getGameDetail(1));
    expect(backend.control.lastRequestHeaders('/sgame/game/mall/gameDetail')?.token).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The other tab logs in: this one follows, and its calls carry the token.
    const stored = JSON.stringify({ user: account, realName: null });
    localStorage.setItem(SESSION_STORAGE_KEY, stored);
    await otherTab(stored);
    await header().findByRole('button', { name: /个人中心/ });
    await act(() => getGameDetail(1));
    expect(backend.control.lastRequestHeaders('/sgame/game/mall/gameDetail')?.token).toBe(account.token);

    // A damaged value written by another tab (or by hand) counts as logged out, without an error.
    localStorage.setItem(SESSION_STORAGE_KEY, '{"user":');
    await otherTab('{"user":');
    await header().findByRole('button', { name: '登录' });

    // The other tab cleared all storage.
    localStorage.setItem(SESSION_STORAGE_KEY, stored);
    await otherTab(stored);
    await header().findByRole('button', { name: /个人中心/ });
    localStorage.clear();
    await otherTab(null, null);
    await header().findByRole('button', { name: '登录' });
    expect(clientState.get().token).toBeUndefined();

    // Keys of other features are not mistaken for the session.
    await otherTab('x', RECENT_SEARCH_KEY);
    await user.click(header().getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });
});

describe('the auto-login token', () => {
  it('leaves the address bar by replaceState: no history entry keeps it, the rest of the URL stays', () => {
    window.history.pushState(null, '', '/gameDetail/3?token=alt_secret_1&appId=nn_mall_web&goods=5#reviews');
    const entries = window.history.length;
    const push = vi.spyOn(window.history, 'pushState');
    expect(takeAutoLoginParams(window, sessionStorage)).toBe(true);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/gameDetail/3?goods=5#reviews',
    );
    expect(window.history.length).toBe(entries);
    expect(push).not.toHaveBeenCalled();
    expect(window.location.href).not.toContain('alt_secret_1');
    expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBe('alt_secret_1');
    window.history.replaceState(null, '', '/');
  });

  it('is taken before anything else runs at start, and the page never sends a full URL to another origin', () => {
    const main = readFileSync(join(ROOT, 'src/app/main.tsx'), 'utf8');
    const body = main.slice(main.indexOf('async function start()'));
    const statements = body
      .slice(body.indexOf('{') + 1)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('//'));
    expect(statements[0]).toBe('takeAutoLoginParams();');
    const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
    expect(html).toMatch(/<meta name="referrer" content="strict-origin-when-cross-origin" \/>/);
    // index.html loads nothing from another origin before the app has cleaned the URL.
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
  });

  it('is sent in a POST body, never in a URL, and is gone from storage once exchanged', async () => {
    const token = backend.control.issueAutoLoginToken('13900000077');
    const seen: string[] = [];
    const { testServer } = await import('../support/server');
    const listener = ({ request }: { request: Request }) => void seen.push(request.url);
    testServer.events.on('request:start', listener);
    try {
      await renderApp(`/?token=${token}&appId=nn_mall_web`);
      expect(await screen.findByRole('dialog', { name: '自动登录' })).toBeInTheDocument();
      expect(sessionStorage.getItem(AUTO_LOGIN_TOKEN_KEY)).toBeNull();
      expect(seen.some((url) => url.includes('checkTokenGetUserInfo'))).toBe(true);
      expect(seen.filter((url) => url.includes(token))).toEqual([]);
    } finally {
      testServer.events.removeListener('request:start', listener);
    }
  });
});

describe('tokens are never logged or reported', () => {
  it('no source file passes a token to the console', () => {
    const offenders = listSource('src').filter((file) => /console\.\w+\([^)]*token/i.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('a login, a failed call, an expiry and a logout write no token to the console', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation(() => {}),
    );
    const account = await createAccount(nextPhone());
    storeSession(account);
    const { actor } = await renderApp('/setting?type=2');
    await within(screen.getByRole('banner')).findByRole('button', { name: /个人中心/ });
    backend.control.setFault('/u-nnpc/getOpenBindInfo', { kind: 'http', status: 500, times: 1 });
    backend.control.expireSessions();
    await act(async () => {
      await getGameDetail(1).catch(() => undefined);
    });
    await screen.findByRole('dialog', { name: '登录' });
    act(() => actor.send({ type: 'session.login', user: account }));
    const logged = spies.flatMap((spy) =>
      spy.mock.calls.map((args) =>
        args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : (JSON.stringify(a) ?? String(a)))).join(' '),
      ),
    );
    expect(logged.filter((line) => line.includes(account.token))).toEqual([]);
  });

  it('error reports are scrubbed of the current token, secret URL values and secret fields', async () => {
    const init = vi.fn();
    const sentry: SentryLike = { init, captureException: vi.fn(() => 'id'), setUser: vi.fn() };
    const reporting = startErrorReporting({
      dsn: 'https://k@o1.ingest.example/1',
      load: async () => sentry,
      schedule: (task) => task(),
      target: new EventTarget() as unknown as Window,
      onChunkFailure: () => () => {},
      secrets: () => ['tk_live_secret_42'],
    });
    await reporting!.ready;
    const options = init.mock.calls[0]![0] as {
      beforeSend: (event: unknown) => unknown;
      beforeBreadcrumb: (b: unknown) => unknown;
    };
    const event = {
      message: 'request failed for tk_live_secret_42',
      request: {
        url: 'https://shop.example/gameDetail/1?token=alt_123&goods=2',
        headers: { token: 'tk_live_secret_42', Cookie: 'token=tk_live_secret_42', 'User-Agent': 'x' },
      },
      extra: {
        body: '{"token":"alt_123","appId":"nn"}',
        idCardNo: '110101199003074477',
        nested: [{ sessionCode: 'sc_1' }],
      },
      exception: { values: [{ value: 'Error at https://shop.example/?code=123456&x=1' }] },
    };
    const scrubbed = JSON.stringify(options.beforeSend(event));
    for (const secret of ['tk_live_secret_42', 'alt_123', '110101199003074477', 'sc_1', '123456'])
      expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain('goods=2');
    expect(scrubbed).toContain('"User-Agent":"x"');
    expect(scrubbed).toContain(FILTERED);
    const crumb = JSON.stringify(
      options.beforeBreadcrumb({ category: 'xhr', data: { url: '/webapi/u-nnpc/hello?token=tk_live_secret_42' } }),
    );
    expect(crumb).not.toContain('tk_live_secret_42');
    // The event handed in is not changed (Sentry may still hold it).
    expect(event.request.headers.token).toBe('tk_live_secret_42');
    expect(scrubSecrets('short', ['abc'])).toBe('short');
    reporting!.stop();
  });
});
