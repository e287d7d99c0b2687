/**
 * A page mock mode's service worker does not control, claimed instead of reloaded
 * (docs/decisions/0047-claim-a-page-instead-of-reloading-it.md). msw's start reloads such a page (a tap made on it
 * as the page went was lost, and the page flashed); the store asks the worker to claim it, which it does once
 * active (public/mock-api-worker.js), and reloads only when it is not claimed.
 */

/**
 * @internal What the page posts to its worker; public/mock-api-worker.js answers this type (a copy: a worker imports
 * nothing of the app's).
 */
export const CLAIM_MESSAGE = { type: 'store:claim' } as const;

/**
 * How long a page waits to be claimed before it reloads as msw would: a worker of an earlier build, which does not
 * know the message, never claims it. A claim takes a few milliseconds once the worker is active.
 */
const CLAIM_WAIT_MS = 3000;

/**
 * Asks the worker of the page's scope to claim the page (an installing worker is waited for: its activation claims
 * the page itself) and resolves `true` once a worker controls it, `false` if none does within `CLAIM_WAIT_MS`.
 */
export function claimedByWorker(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<boolean> {
  return new Promise((resolve) => {
    if (container.controller) {
      resolve(true);
      return;
    }
    const timer = setTimeout(() => resolve(container.controller !== null), CLAIM_WAIT_MS);
    container.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
    void container.ready.then((registration) => registration.active?.postMessage(CLAIM_MESSAGE));
  });
}
