/**
 * The tests' backend: the same simulated backend the browser uses, mounted
 * with msw/node and without latency. tests/setup.ts starts it, resets it after
 * every test, and fails any request it does not answer.
 *
 * Tests drive it with `backend.control` (advanceClock, completePayment,
 * setFault, …) and may still override single endpoints with `testServer.use()`,
 * answering in the API envelope with `ok()` under the base path `API`.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { createBackend } from '../../src/mock/backend';
import { createMswHandlers } from '../../src/mock/msw-handlers';
import { wishlistAdd, wishlistList, wishlistMerge, wishlistRemove } from '../../src/api/wishlist';
import { cartList, cartMerge, cartRemove, cartSet } from '../../src/api/cart';

// No automatic payment (8 s of the backend's clock after a QR code was handed out): that clock follows the wall
// clock, so on a loaded machine a test that took more than 8 s from the pay dialog to its next call met an order
// already paid (the UI fault matrix, 100 s for one test under load). A test of the automatic payment turns it on
// (`setAutoPay`) and moves the clock itself; `reset()` after each test turns it off again.
export const backend = createBackend({ latencyMs: 0, autoPayMs: 0 });

export const testServer = setupServer(...createMswHandlers(backend));

/** The API base path the app calls in tests (the default `VITE_API_BASE`). */
export const API = '/webapi';

/** A successful answer in the API envelope, for a `testServer.use()` override. */
export const ok = (retData: unknown) =>
  HttpResponse.json({ success: true, retCode: '0', retMsg: '成功', retData } as JsonBodyType);

/**
 * Answers the wishlist's and the cart's calls (docs/following-wishlist.md, docs/cart.md) with an empty list, as a
 * backend that had issued the session would. For tests whose sessions are fixtures the simulated backend never
 * issued: the wishlist and the cart read the account's list at start-up, and the backend's auth answer would end
 * such a session under the test.
 */
export function answerWishlistsEmpty(): void {
  testServer.use(
    ...[wishlistList, wishlistAdd, wishlistRemove, wishlistMerge, cartList, cartSet, cartRemove, cartMerge].map((def) =>
      http.post(`${API}${def.path}`, () => ok([])),
    ),
  );
}
