/**
 * Mock mode only (loaded by src/app/main.tsx): pages the simulated backend serves under the API base — the
 * pay channel's H5 page, the pay link's page — are reached by a navigation, and msw's service worker leaves
 * navigations to the network, where a static host has only the store. So this page asks the in-page backend
 * for the page and shows it in the store's place, and answers its forms the same way, following the
 * backend's redirect (303) back to the store. In live mode the same URLs reach the API server, which serves
 * these pages itself.
 */
import type { Backend, MockResponse } from './backend';

const STYLE = /<style>([\s\S]*?)<\/style>/g;

/** Shows the simulated backend's page for this URL. */
export async function showBackendPage(backend: Backend): Promise<void> {
  const ask = (method: 'GET' | 'POST', url: URL): Promise<MockResponse> =>
    backend.handle({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { accept: 'text/html' },
      body: undefined,
    });
  show(await ask('GET', new URL(window.location.href)));
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    for (const button of form.querySelectorAll('button')) button.disabled = true;
    void ask('POST', new URL(form.action)).then(show);
  });
}

function show(answer: MockResponse): void {
  const location = answer.headers?.location;
  if (answer.status >= 300 && answer.status < 400 && location) {
    window.location.assign(location);
    return;
  }
  const html = answer.text ?? '';
  // The page's styles become constructed sheets, taken out before parsing: the store's Content-Security-Policy
  // allows no inline <style> (Chromium reports one as soon as it is parsed), and the page carries no script.
  const sheets = [...html.matchAll(STYLE)].map(([, css]) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css ?? '');
    return sheet;
  });
  const page = new DOMParser().parseFromString(html.replace(STYLE, ''), 'text/html');
  for (const script of page.querySelectorAll('script')) script.remove();
  for (const link of document.querySelectorAll('link[rel="stylesheet"], style')) link.remove();
  document.adoptedStyleSheets = sheets;
  document.title = page.title;
  document.documentElement.lang = page.documentElement.lang || 'zh-CN';
  document.body.className = '';
  document.body.replaceChildren(...[...page.body.childNodes].map((node) => document.importNode(node, true)));
}
