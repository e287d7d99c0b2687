/**
 * The mock build's service worker (docs/simulated-backend.md, "Layout"): msw's own worker
 * (mockServiceWorker.js, msw's generated file, left as it is) for the simulated backend's calls, and nothing for
 * any other request.
 *
 * msw's worker asks the page about every request it sees (the app's chunks, styles, images and fonts as well as
 * the API calls) and, when the page says it has no answer, fetches the request itself and posts a copy of the
 * answer back to the page. Each such round trip goes through the page's main thread, which is busiest while the
 * app starts. A listener added before msw's stops every request outside the API, so the browser loads those as
 * if no worker were there (docs/decisions/0046-only-api-calls-reach-msw.md).
 *
 * The page registers this file as `mock-api-worker.js?api=<the API's absolute prefix>` (src/mock/browser.ts).
 * Without `api`, every request goes on to msw, as before this file.
 */
const apiPrefix = new URL(self.location.href).searchParams.get('api');

self.addEventListener('fetch', (event) => {
  if (apiPrefix && !event.request.url.startsWith(apiPrefix)) event.stopImmediatePropagation();
});

self.addEventListener('message', (event) => {
  // A page of the store this worker does not control asks to be claimed (`CLAIM_MESSAGE`, src/mock/worker-claim.ts):
  // one opened while the worker was installing, after its activation had claimed the pages then open, or one reloaded
  // past the worker (Shift+reload). Claimed, the page goes on where msw's start would have reloaded it, and a tap made
  // meanwhile is not lost in the reload (docs/decisions/0047-claim-a-page-instead-of-reloading-it.md).
  if (event.data?.type === 'store:claim') {
    event.stopImmediatePropagation();
    event.waitUntil(self.clients.claim());
    return;
  }
  // msw's page says `CLIENT_CLOSED` as it unloads, at every page load of a tab, and msw's worker unregisters itself
  // when it then finds no other window: the next document of the tab was born uncontrolled, as the worker went and
  // was installed again. The store's worker stays registered instead, so a tab's next page is under it from its birth
  // (docs/decisions/0048-the-worker-stays-registered.md). The closed page's id stays in msw's set; nothing asks for it.
  if (event.data === 'CLIENT_CLOSED') event.stopImmediatePropagation();
});

// Relative to this file: msw's worker sits beside it (Vite copies both from public/).
importScripts('mockServiceWorker.js');
