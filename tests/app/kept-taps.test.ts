// @vitest-environment node
/**
 * The boot script's fifth job (src/app/boot.js; docs/prerendering.md, "No tap is lost"): the taps kept before the
 * store's flows run go with a reload the store makes itself (msw taking the page in mock builds, a chunk that
 * failed), announced by `carryKeptTapsAcrossReload()`. Each document is a jsdom window running the script as the
 * page carries it (minified, `bootScript()`); the browser's reload is played by handing the tab's sessionStorage to
 * a second window. The real browser's reload by msw: tests/e2e/first-tap.spec.ts.
 */
import { JSDOM, VirtualConsole } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { bootScript } from '../../scripts/vite-boot-script';

const PAGE = 'http://store.test/gameDetail/1';
const BODY = `<div id="root"><main>
  <a href="/gameDetail/2">星砂回响</a>
  <button type="button">立即购买</button>
  <input type="search" aria-label="搜索">
</main></div>`;

interface BootWindow {
  __carryKeptTaps?: () => void;
  __storeReady?: () => void;
  __earlyNavigation?: string;
}

/** A document at `url` running the boot script, its tab's sessionStorage given as `session`, once parsed. */
async function openDocument(url: string, session: Record<string, string> = {}) {
  // jsdom does not navigate: a followed link is only reported, and not what these tests look at.
  const virtualConsole = new VirtualConsole();
  const dom = new JSDOM(`<!doctype html><html><head></head><body>${BODY}</body></html>`, {
    url,
    runScripts: 'outside-only',
    pretendToBeVisual: true,
    virtualConsole,
  });
  for (const [key, value] of Object.entries(session)) dom.window.sessionStorage.setItem(key, value);
  dom.window.eval(bootScript().code);
  const { document } = dom.window;
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const button = document.querySelector('button') as HTMLButtonElement;
  const box = document.querySelector('input') as HTMLInputElement;
  const link = document.querySelector('a') as HTMLAnchorElement;
  return {
    window: dom.window as unknown as Window & BootWindow,
    button,
    box,
    link,
    tap: (element: HTMLElement) =>
      element.dispatchEvent(new dom.window.MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })),
    type: (text: string) => {
      box.value = text;
      box.dispatchEvent(new dom.window.Event('input', { bubbles: true }));
    },
    /** The page goes (a reload): its pagehide, then what the tab's sessionStorage holds. */
    leave: (): Record<string, string> => {
      dom.window.dispatchEvent(new dom.window.Event('pagehide'));
      const storage = dom.window.sessionStorage;
      const held: Record<string, string> = {};
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i) as string;
        held[key] = storage.getItem(key) as string;
      }
      dom.window.close();
      return held;
    },
  };
}

/** Lets the replay's tasks run (one kept tap per task). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('taps kept before the store runs, across a reload the store makes', () => {
  it('are acted on in the reloaded page: a tap on its twin, what was typed in its box, each once', async () => {
    const first = await openDocument(PAGE);
    first.tap(first.button);
    first.type('星');
    expect(first.button.hasAttribute('data-tap-kept')).toBe(true);
    first.window.__carryKeptTaps?.();
    const session = first.leave();

    const reloaded = await openDocument(PAGE, session);
    // Shown as kept from the start, what was typed back in its box.
    expect(reloaded.button.hasAttribute('data-tap-kept')).toBe(true);
    expect(reloaded.button.getAttribute('aria-busy')).toBe('true');
    expect(reloaded.box.value).toBe('星');
    const clicks: string[] = [];
    const typed: string[] = [];
    reloaded.button.addEventListener('click', () => clicks.push('立即购买'));
    reloaded.box.addEventListener('input', () => typed.push(reloaded.box.value));

    reloaded.window.__storeReady?.();
    await settle();
    expect(clicks).toEqual(['立即购买']);
    expect(typed.at(-1)).toBe('星');
    expect(reloaded.button.hasAttribute('data-tap-kept')).toBe(false);

    // Read once: a later reload of the same page carries nothing more.
    const again = await openDocument(PAGE, reloaded.leave());
    expect(again.button.hasAttribute('data-tap-kept')).toBe(false);
  });

  it('carry a link followed before the app started: the reloaded page’s app follows it', async () => {
    const first = await openDocument(PAGE);
    first.tap(first.link);
    expect(first.window.__earlyNavigation).toBe('http://store.test/gameDetail/2');
    first.window.__carryKeptTaps?.();
    const reloaded = await openDocument(PAGE, first.leave());
    expect(reloaded.window.__earlyNavigation).toBe('http://store.test/gameDetail/2');
  });

  it('are not carried by a page that leaves unannounced (the shopper’s own reload or link)', async () => {
    const first = await openDocument(PAGE);
    first.tap(first.button);
    const reloaded = await openDocument(PAGE, first.leave());
    expect(reloaded.button.hasAttribute('data-tap-kept')).toBe(false);
  });

  it('are not acted on at another address, nor kept for a later visit there', async () => {
    const first = await openDocument(PAGE);
    first.tap(first.button);
    first.window.__carryKeptTaps?.();
    const elsewhere = await openDocument('http://store.test/gameDetail/3', first.leave());
    expect(elsewhere.button.hasAttribute('data-tap-kept')).toBe(false);
    const back = await openDocument(PAGE, elsewhere.leave());
    expect(back.button.hasAttribute('data-tap-kept')).toBe(false);
  });

  it('are dropped, not thrown, when what was written is damaged', async () => {
    const page = await openDocument(PAGE, { 'boot:carried-taps': '{"url":' });
    expect(page.button.hasAttribute('data-tap-kept')).toBe(false);
    page.tap(page.button);
    expect(page.button.hasAttribute('data-tap-kept')).toBe(true);
  });
});
