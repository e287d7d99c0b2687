/**
 * Hostile content: the simulated backend serves its hostile seed
 * (src/mock/seed/hostile.ts) — XSS payloads in notices, help and agreement
 * articles, game descriptions and evaluations (HTML), in names, titles,
 * keywords and coupon titles (text), and in banner, download, price and image
 * addresses (URLs). Each screen that shows them is rendered and then probed:
 * every event that could fire an inline handler is dispatched on every
 * element, and the flag any payload would set stays unset; no script, frame,
 * form or embedded object came from the server; no attribute carries a
 * handler or a `javascript:` / `data:` / `vbscript:` address; nothing
 * navigated; text payloads show as the literal text they are.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientState } from '../../src/api/client-state';
import { postReceiveCoupon } from '../../src/api/coupons';
import { sanitizeHtml } from '../../src/shared/sanitize';
import { HOSTILE_HTML, HOSTILE_TEXT, XSS_FLAG } from '../../src/mock/seed/hostile';
import { nextPhone } from '../integration/buying/helpers';
import { createAccount, storeSession } from '../integration/session/helpers';
import { renderApp } from '../support/render-app';
import { backend } from '../support/server';
import { expectNoProblems, watchForProblems } from './support/ui';

type Flagged = Window & { [XSS_FLAG]?: unknown };
/** Whether any payload ran: the window flag (browsers) or the attribute on <html> (jsdom runs handlers in a global of its own). */
const flag = () => (window as Flagged)[XSS_FLAG] ?? document.documentElement.getAttribute('data-xss-ran') ?? undefined;

watchForProblems();
// Each test replays many faults in one rendered app: seconds of work that a loaded machine stretches.
vi.setConfig({ testTimeout: 120_000 });
// Ceilings, not waits: whole-app renders on a machine shared with other suites can take seconds.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  await Promise.all([
    import('../../src/features/catalog/home-page'),
    import('../../src/features/catalog/game-detail-page'),
    import('../../src/features/catalog/notice-page'),
    import('../../src/features/catalog/help-page'),
    import('../../src/features/catalog/agreement-page'),
    import('../../src/features/marketing/sem-activity-page'),
    import('../../src/features/marketing/coupon-page'),
    import('../../src/features/session/setting-page'),
  ]);
}, 60_000);

beforeEach(() => {
  backend.control.useSeed('hostile');
});

afterEach(() => {
  backend.control.useSeed('default');
  delete (window as Flagged)[XSS_FLAG];
  document.documentElement.removeAttribute('data-xss-ran');
});

/** Events that fire the inline handlers the payloads use (`onerror`, `onload`, `ontoggle`, `onmouseover`, `onfocus`). */
const HANDLER_EVENTS = ['error', 'load', 'toggle', 'mouseover', 'focus', 'animationstart'];
const DANGEROUS_SCHEME = /^(?:javascript|data|vbscript):/i;
// eslint-disable-next-line no-control-regex -- what browsers ignore inside a scheme
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc', 'background', 'poster'];
/** Never rendered by the app itself; from the server they would be an attack. */
const NEVER = 'script, iframe, frame, frameset, object, embed, base, meta, link, style, template, applet';
/** Allowed in the app's own UI, never inside server HTML. */
const NOT_IN_RICH_TEXT = 'form, input, button, textarea, select, svg, math, video, audio, source, details, noscript';

/** Probes the document: fires every handler event everywhere, then looks at what is in the DOM. */
async function expectInert(where: string, startHref: string): Promise<void> {
  for (const element of document.body.querySelectorAll('*')) {
    for (const type of HANDLER_EVENTS) element.dispatchEvent(new Event(type));
  }
  await expectNoProblems(where);
  expect(flag(), `a payload ran on ${where}`).toBeUndefined();
  expect(
    [...document.body.querySelectorAll(NEVER)].map((e) => e.outerHTML.slice(0, 120)),
    where,
  ).toEqual([]);
  for (const element of document.body.querySelectorAll('*')) {
    const handlers = [...element.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => a.name);
    expect(handlers, `${where}: ${element.outerHTML.slice(0, 120)}`).toEqual([]);
    for (const name of URL_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value !== null)
        expect(value.replace(IGNORED, ''), `${where}: ${name} of ${element.outerHTML.slice(0, 120)}`).not.toMatch(
          DANGEROUS_SCHEME,
        );
    }
  }
  for (const rich of document.body.querySelectorAll('.rich-text')) {
    expect(
      [...rich.querySelectorAll(NOT_IN_RICH_TEXT)].map((e) => e.tagName),
      where,
    ).toEqual([]);
    expect(
      [...rich.querySelectorAll('[style], [id], [name], [class]')].map((e) => e.outerHTML.slice(0, 80)),
      where,
    ).toEqual([]);
  }
  expect(window.location.href, `${where} navigated the window`).toBe(startHref);
}

const countRichText = () => document.body.querySelectorAll('.rich-text').length;

describe('the probe itself', () => {
  it('notices a payload that runs (so a clean result means something)', async () => {
    const host = document.createElement('div');
    // One of the seed's payloads, unsanitised: the probe must see it run.
    host.innerHTML = HOSTILE_HTML[1]!;
    document.body.append(host);
    try {
      for (const element of host.querySelectorAll('*')) element.dispatchEvent(new Event('error'));
      expect(flag()).toBe('1');
    } finally {
      host.remove();
    }
  });

  it('the hostile seed really carries the payloads the app must neutralise', async () => {
    const answer = await backend.handle({
      method: 'POST',
      path: '/sgame/game/mall/gameDetail',
      query: {},
      headers: {},
      body: { gameId: 1 },
    });
    const game = (answer.body as { retData: { name: string; description: string } }).retData;
    expect(game.name).toContain(HOSTILE_TEXT);
    for (const payload of [
      '<script>',
      'onerror=',
      'javascript:',
      'data:text/html',
      '<svg',
      'expression(',
      '<iframe',
      '<form',
    ]) {
      expect(game.description).toContain(payload);
    }
    // …and the sanitiser leaves none of it in the HTML it returns.
    const clean = sanitizeHtml(game.description);
    for (const payload of [
      '<script',
      'onerror',
      'javascript:',
      'data:',
      '<svg',
      'expression(',
      '<iframe',
      '<form',
      'style=',
    ]) {
      expect(clean).not.toContain(payload);
    }
  });
});

describe('screens showing hostile server content', () => {
  it('home: banners, labels, keywords, plates, ranks, recent sales, download links and the QQ image', async () => {
    const { router } = await renderApp('/');
    const start = window.location.href;
    const main = screen.getByRole('main');
    await waitFor(() => expect(main.querySelectorAll('h2').length).toBeGreaterThan(4));
    // Text payloads are text.
    expect(within(main).getAllByText((text) => text.includes('<script>')).length).toBeGreaterThan(0);
    // The banner links to `javascript:…` are not links; every download link was unsafe, so the section is gone.
    expect(within(main).queryByText(/版下载/)).toBeNull();
    expect(screen.queryByAltText('QQ 客服群二维码')).toBeNull();
    await expectInert('home', start);
    expect(router.state.location.pathname).toBe('/');
  });

  it('notices: the open notice’s HTML, the titles and previews', async () => {
    const { user } = await renderApp('/notice');
    const start = window.location.href;
    const main = screen.getByRole('main');
    await waitFor(() => expect(main.querySelectorAll('.notice').length).toBeGreaterThan(3));
    await user.click(main.querySelector<HTMLButtonElement>('.notice button')!);
    await waitFor(() => expect(countRichText()).toBe(1));
    expect(main.querySelector('.notice-title')?.textContent).toContain('<script>');
    await expectInert('notices', start);
  });

  it('help and agreement articles', async () => {
    const { router } = await renderApp('/help');
    const start = window.location.href;
    const main = screen.getByRole('main');
    const first = await waitFor(() => {
      const link = main.querySelector<HTMLAnchorElement>('.article-list a');
      expect(link).not.toBeNull();
      return link!;
    });
    await router.navigate({ href: first.getAttribute('href')! });
    await waitFor(() => expect(countRichText()).toBe(1));
    await expectInert('help article', start);

    await router.navigate({ to: '/agreement', search: { doc: 'user' } });
    await within(main).findByRole('heading', { level: 2 });
    await waitFor(() => expect(countRichText()).toBe(1));
    await expectInert('agreement', start);
  });

  it('game detail: description, evaluations, names, tags and unsafe gallery images', async () => {
    await renderApp('/gameDetail/1');
    const start = window.location.href;
    const main = screen.getByRole('main');
    const title = await within(main).findByRole('heading', { level: 1 });
    expect(title.textContent).toContain(HOSTILE_TEXT);
    expect(document.title).toContain('<script>');
    await within(main).findByText(/共 \d+ 条评价/);
    await waitFor(() => expect(countRichText()).toBeGreaterThan(1));
    await within(main).findAllByRole('radio');
    await expectInert('game detail', start);
  });

  it('activity landing: configured title and rules, the event banner, price-comparison links', async () => {
    await renderApp('/sem/activity');
    const start = window.location.href;
    const main = screen.getByRole('main');
    const heading = await within(main).findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain('<script>');
    await within(main).findByRole('heading', { name: '全网比价' });
    await within(main).findByRole('heading', { name: '活动商品' });
    await expectInert('activity landing', start);
  });

  it('coupon landing and the personal centre’s coupons: coupon titles and descriptions', async () => {
    const account = await createAccount(nextPhone());
    clientState.set({ token: account.token });
    await postReceiveCoupon(2);
    clientState.set({ token: undefined });
    storeSession(account);
    const { router } = await renderApp('/coupon');
    const start = window.location.href;
    const main = screen.getByRole('main');
    await waitFor(() =>
      expect(within(main).getAllByText((text) => text.includes('<img src=x')).length).toBeGreaterThan(0),
    );
    await expectInert('coupon landing', start);

    await router.navigate({ to: '/setting', search: { type: 1 } });
    await waitFor(() =>
      expect(within(main).getAllByText((text) => text.includes('满 100 减 10 元<img')).length).toBeGreaterThan(0),
    );
    await expectInert('my coupons', start);
  });
});
