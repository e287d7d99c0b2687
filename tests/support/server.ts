/**
 * The tests' backend: the same simulated backend the browser uses, mounted
 * with msw/node and without latency. tests/setup.ts starts it, resets it after
 * every test, and fails any request it does not answer.
 *
 * Tests drive it with `backend.control` (advanceClock, completePayment,
 * setFault, …) and may still override single endpoints with `testServer.use()`.
 */
import { setupServer } from 'msw/node';
import { createBackend } from '../../src/mock/backend';
import { createMswHandlers } from '../../src/mock/msw-handlers';

export const backend = createBackend({ latencyMs: 0 });

export const testServer = setupServer(...createMswHandlers(backend));
