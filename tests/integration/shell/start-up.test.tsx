/**
 * The ordered start-up (docs/architecture.md, "Start-up") as a shopper meets it: a restored session's
 * start-up calls all carry its token, and a dialog the shopper asks for in the first moments is never
 * lost to the daily coupon popup.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadModal } from '../../../src/app/modal-registry';
import { POPUP_RECORD_KEY } from '../../../src/features/marketing/popup-record';
import { renderApp } from '../../support/render-app';
import { testServer } from '../../support/server';
import { createAccount, fastSession, header, storeSession } from '../session/helpers';

const POPUP = '领取优惠券';

interface Recorded {
  path: string;
  token: string | null;
}

let recorded: Recorded[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith('/webapi/') && !url.pathname.startsWith('/webapi/__mock/'))
    recorded.push({ path: url.pathname, token: request.headers.get('token') });
};

beforeAll(() => Promise.all([loadModal('coupon'), loadModal('login')]), 60_000);
afterEach(() => {
  testServer.events.removeListener('request:start', record);
  recorded = [];
});

/** A deferred the test settles: the coupon dialog's code arrives when the test says so. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('start-up', { timeout: 20_000 }, () => {
  it('sends every call of a restored session with its token, the campaign landing’s attribution calls included', async () => {
    const user = await createAccount('13800005555');
    storeSession(user);
    testServer.events.on('request:start', record);

    // A campaign landing: the attribution reads its dictionary and asks for a bid at start.
    await renderApp('/sem/activity?channel=baidu_sem&kw=%E6%B8%B8%E6%88%8F&planid=p1', {
      couponPopup: true,
      deps: fastSession,
    });
    await waitFor(() => {
      const paths = recorded.map((call) => call.path);
      expect(paths).toContain('/webapi/common/comm/dict/getDictItems/leigod_mall_ocpc');
      expect(paths).toContain('/webapi/bohe-version/sem/bind/channel/bid');
      expect(paths).toContain('/webapi/u-nnpc/hello');
      expect(paths).toContain('/webapi/u-nnpc/mall/activity/home/popup');
    });
    expect(recorded.filter((call) => call.token !== user.token)).toEqual([]);
  });

  it('opens the login dialog a shopper clicks while the popup loads, and shows the popup (recorded then) once it is closed', async () => {
    const couponCode = gate();
    const { user } = await renderApp('/', {
      couponPopup: true,
      deps: {
        modals: {
          load: async (name) => (name === 'coupon' ? couponCode.opened.then(() => loadModal(name)) : loadModal(name)),
        },
      },
    });
    // The popup's dialog is on its way; the shopper clicks 登录 now.
    await user.click(header().getByRole('button', { name: '登录' }));
    await act(async () => couponCode.open());

    const login = await screen.findByRole('dialog', { name: '登录' });
    expect(screen.queryByRole('dialog', { name: POPUP })).not.toBeInTheDocument();
    expect(localStorage.getItem(POPUP_RECORD_KEY)).toBeNull();

    await user.click(within(login).getByRole('button', { name: '关闭' }));
    expect(await screen.findByRole('dialog', { name: POPUP })).toBeInTheDocument();
    expect(Object.keys(JSON.parse(localStorage.getItem(POPUP_RECORD_KEY) ?? '{}'))).toEqual(['browser']);
  });

  it('records nothing when the popup could not be shown on this page view, so a later view that day still shows it', async () => {
    const first = await renderApp('/', {
      couponPopup: true,
      deps: {
        modals: {
          load: async (name) =>
            name === 'coupon'
              ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
              : loadModal(name),
        },
      },
    });
    await waitFor(() => expect(first.actor.system.get('couponPopup')?.getSnapshot().value).toBe('idle'));
    expect(localStorage.getItem(POPUP_RECORD_KEY)).toBeNull();
    first.close();

    await renderApp('/', { couponPopup: true });
    expect(await screen.findByRole('dialog', { name: POPUP })).toBeInTheDocument();
  });
});
