/**
 * Keeps the mock build's service worker registered for the whole life of a test's browser context
 * (docs/e2e.md, "The msw worker").
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
