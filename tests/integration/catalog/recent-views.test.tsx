/**
 * 最近浏览 (docs/following-recent.md): a game detail viewed goes to the top of the viewer's list, shown in the home
 * page's aside and in the personal centre's tab /setting?type=5 with cover, name and current from price; 移除,
 * 清空 with 撤销; one list per viewer through login, logout, an account switch and another tab.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameDetail } from '../../../src/api/game-detail';
import { formatYuan } from '../../../src/shared/money';
import { resetToasts } from '../../../src/shared/toast';
import { SESSION_STORAGE_KEY } from '../../../src/features/session/persisted-session';
import { RECENT_VIEWS_VISITOR_KEY } from '../../../src/features/catalog/recent-views-keys';
import { recentViewsKey } from '../../../src/features/catalog/recent-views-keys';
import { renderApp } from '../../support/render-app';
import {
  FLOW_TIMEOUT,
  createAccount,
  errorToasts,
  fastSession,
  loginWithSms,
  openLoginDialog,
  storeSession,
} from '../session/helpers';
import { backendData, warmPages } from './helpers';

beforeAll(async () => {
  await Promise.all([
    warmPages(),
    import('../../../src/features/catalog/recent-views-list'),
    import('../../../src/features/catalog/home-aside'),
  ]);
}, 60_000);
afterEach(() => {
  vi.restoreAllMocks();
  resetToasts();
});

const detail = (gameId: number) => backendData<GameDetail>('/sgame/game/mall/gameDetail', { gameId });
const aside = () => screen.findByRole('region', { name: '最近浏览' });
/** The names in a 最近浏览 list, top to bottom (as each row's 移除 button names its game). */
const namesIn = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((item) =>
      within(item).getByRole('button', { name: /^移除/ }).getAttribute('aria-label')?.slice('移除'.length),
    );

type App = Awaited<ReturnType<typeof renderApp>>;

/** Opens the games' detail pages one after the other, as a shopper would, and waits for each to show. */
async function view(app: App, ...gameIds: number[]) {
  for (const gameId of gameIds) {
    const game = await detail(gameId);
    await act(() => app.router.navigate({ to: '/gameDetail/$id', params: { id: String(gameId) } }));
    await screen.findByRole('heading', { level: 1, name: game.name });
  }
}

async function home(app: App) {
  await act(() => app.router.navigate({ to: '/' }));
  return aside();
}

/** The home page with its side column shown, and no 最近浏览 in it (nothing viewed: no empty box). */
async function homeWithoutViews(app: App) {
  await act(() => app.router.navigate({ to: '/' }));
  await screen.findByRole('region', { name: '排行榜' }, { timeout: 10_000 });
  expect(screen.queryByRole('region', { name: '最近浏览' })).not.toBeInTheDocument();
}

describe('最近浏览', FLOW_TIMEOUT, () => {
  it('lists the games viewed in the home aside, newest first, once each, with name and current from price', async () => {
    const app = await renderApp('/');
    // A first visit shows no empty box.
    await homeWithoutViews(app);
    await view(app, 1, 2, 3, 1);
    const [g1, g2, g3] = await Promise.all([detail(1), detail(2), detail(3)]);
    const region = await home(app);
    await waitFor(() => expect(namesIn(region)).toEqual([g1.name, g3.name, g2.name]));
    const first = within(region).getAllByRole('listitem')[0]!;
    await waitFor(() => expect(first).toHaveTextContent(formatYuan(g1.minPrice)));
    expect(first).toHaveTextContent('起');
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/gameDetail/1');
  });

  it('shows five on the home page and the whole list in the personal centre’s tab, for a visitor too', async () => {
    const app = await renderApp('/');
    await view(app, 1, 2, 3, 4, 5, 6);
    const region = await home(app);
    await waitFor(() => expect(namesIn(region)).toHaveLength(5));
    await app.user.click(within(region).getByRole('link', { name: '查看全部 6 款' }));
    const panel = await screen.findByRole('region', { name: '最近浏览' });
    expect(screen.getByText('登录后即可查看订单、优惠券和账号信息')).toBeInTheDocument();
    await waitFor(() => expect(namesIn(panel)).toHaveLength(6));
    expect(app.router.state.location.href).toBe('/setting?type=5');
  });

  it('removes one game, and 清空 empties the list until 撤销 brings it back', async () => {
    const app = await renderApp('/');
    await view(app, 1, 2);
    const [g1, g2] = await Promise.all([detail(1), detail(2)]);
    const region = await home(app);
    await waitFor(() => expect(namesIn(region)).toEqual([g2.name, g1.name]));

    await app.user.click(within(region).getByRole('button', { name: `移除${g2.name}` }));
    expect(namesIn(region)).toEqual([g1.name]);

    await view(app, 2);
    const again = await home(app);
    await waitFor(() => expect(namesIn(again)).toEqual([g2.name, g1.name]));
    await app.user.click(within(again).getByRole('button', { name: '清空' }));
    expect(namesIn(again)).toEqual([]);
    expect(within(again).getByRole('status')).toHaveTextContent('已清空');
    expect(localStorage.getItem(RECENT_VIEWS_VISITOR_KEY)).toBeNull();
    await app.user.click(within(again).getByRole('button', { name: '撤销' }));
    expect(namesIn(again)).toEqual([g2.name, g1.name]);
    expect(within(again).queryByRole('status')).not.toBeInTheDocument();
  });

  it('joins a visitor’s list into the account at login, leaves no visitor copy, and shows the account’s to nobody after logout or to another account', async () => {
    const app = await renderApp('/', { deps: fastSession });
    await view(app, 1, 2);
    const [g1, g2, g3] = await Promise.all([detail(1), detail(2), detail(3)]);
    await home(app);
    await loginWithSms(app.user, await openLoginDialog(app.user), '13800001111');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    await waitFor(() => expect(localStorage.getItem(RECENT_VIEWS_VISITOR_KEY)).toBeNull());
    await view(app, 3);
    const region = await home(app);
    await waitFor(() => expect(namesIn(region)).toEqual([g3.name, g2.name, g1.name]));

    // The tab shows the same list.
    await act(() => app.router.navigate({ to: '/setting', search: { type: 5 } }));
    expect(await screen.findByRole('tab', { name: '最近浏览', selected: true })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: '最近浏览' });
    await waitFor(() => expect(namesIn(panel)).toEqual([g3.name, g2.name, g1.name]));

    await app.user.click(screen.getByRole('button', { name: '退出登录' }));
    await screen.findByText('退出成功！');
    await homeWithoutViews(app);

    // Someone else logs in on this computer: nothing of the first account.
    await loginWithSms(app.user, await openLoginDialog(app.user), '13800002222');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
    await homeWithoutViews(app);
  });

  it('follows another tab: a view recorded there shows here; a switch of account there shows that account’s list', async () => {
    const first = await createAccount('13800003333');
    const second = await createAccount('13800004444');
    localStorage.setItem(
      recentViewsKey(`u${second.userId}`),
      JSON.stringify({ views: [{ gameId: 4, name: '第二个账号的游戏', cover: '', viewedAt: 1 }] }),
    );
    storeSession(first);
    const app = await renderApp('/', { deps: fastSession });
    const g5 = await detail(5);
    await homeWithoutViews(app);

    const key = recentViewsKey(`u${first.userId}`);
    const value = JSON.stringify({ views: [{ gameId: 5, name: g5.name, cover: g5.cover, viewedAt: 2 }] });
    localStorage.setItem(key, value);
    act(() => window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage })));
    const region = await aside();
    await waitFor(() => expect(namesIn(region)).toEqual([g5.name]));

    // Another tab logs in as the second account: this tab follows the stored session, and its list.
    storeSession(second);
    act(() =>
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: SESSION_STORAGE_KEY,
          newValue: localStorage.getItem(SESSION_STORAGE_KEY),
          storageArea: localStorage,
        }),
      ),
    );
    const g4 = await detail(4);
    await waitFor(() => expect(namesIn(region)).toEqual([g4.name]));
    expect(app.router.state.location.pathname).toBe('/');
  });

  it('keeps a game the catalogue no longer has under its stored name, without a price', async () => {
    localStorage.setItem(
      RECENT_VIEWS_VISITOR_KEY,
      JSON.stringify({ views: [{ gameId: 40404, name: '已下架的游戏', cover: '', viewedAt: 1 }] }),
    );
    await renderApp('/');
    const region = await aside();
    await waitFor(() => expect(namesIn(region)).toEqual(['已下架的游戏']));
    expect(within(region).getByRole('listitem')).not.toHaveTextContent('起');
  });

  it('goes on quietly when this browser’s storage is full: the game shows, nothing is kept, no error', async () => {
    const app = await renderApp('/');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await view(app, 1);
    await homeWithoutViews(app);
    expect(errorToasts().queryAllByText(/./)).toEqual([]);
  });
});
