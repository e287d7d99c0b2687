/**
 * Keeps the mock build's service worker registered for the whole life of a test's browser context
 * (docs/e2e.md, "The msw worker's hand-over").
 *
 * msw's page sends `CLIENT_CLOSED` to its worker on `beforeunload`, that is at every page load of a tab as well
 * as at a tab's close, and the worker unregisters itself when no other window it controls is left
 * (public/mockServiceWorker.js, msw's generated file, left as it is). A journey that opens its pages one after
 * another in one tab (every `page.goto`, every link the browser follows) therefore had each new document born
 * while the registration was being removed and made again, uncontrolled at first, and now and then a script
 * request of that document was lost in the hand-over.
 *
 * The keeper is one more window of the store's origin, opened with the context and left open: the store's icon
 * (`/favicon.svg`), a document that runs none of the store's code. The worker claims it when it activates (or
 * controls it from its load, when the worker came first), so a closing page always leaves another window, and
 * the registration stays for the context's life: every document after the first is controlled from its birth.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** What the keeper shows: a static file of the store's origin, in the worker's scope. */
const WORKER_KEEPER_PATH = '/favicon.svg';

/** Opens the keeper window in `context` (whose `baseURL` is the mock build's); returns it. */
export async function openWorkerKeeper(context: BrowserContext): Promise<Page> {
  const keeper = await context.newPage();
  await keeper.goto(WORKER_KEEPER_PATH);
  return keeper;
}

/** Whether `page` is the keeper window (its console speaks for no store page). */
export const isWorkerKeeper = (page: Page): boolean => new URL(page.url()).pathname === WORKER_KEEPER_PATH;

/**
 * Installs msw's worker from the keeper window and waits until it is active, so that every store document of the
 * context is controlled from its birth. For journeys whose first tap is followed by the browser while a first
 * visit's worker would still be installing: the page born then can miss the worker's claim, and msw's start
 * reloads a page it finds uncontrolled (msw's `getWorkerInstance`), taking a tap kept meanwhile with it. That
 * reload is the simulated backend's own, which live mode does not have; the store's start-up runs as it comes.
 */
export async function installMockWorker(context: BrowserContext): Promise<void> {
  const keeper = context.pages().find(isWorkerKeeper);
  if (!keeper) throw new Error('no worker keeper in this context (mock mode only)');
  await keeper.evaluate(async () => {
    await navigator.serviceWorker.register('/mockServiceWorker.js');
    await navigator.serviceWorker.ready;
  });
}
