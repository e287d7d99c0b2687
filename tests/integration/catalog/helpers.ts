/**
 * Helpers for the catalogue screens' tests: answers in the API envelope,
 * real answers of the simulated backend to start an override from, a gate
 * that holds a response until the test lets it go, and a request counter.
 */
import { configure } from '@testing-library/react';
import { http } from 'msw';
import { onTestFinished, vi } from 'vitest';
import { API, backend, ok, testServer } from '../../support/server';

// Ceilings, not waits: a busy machine (several suites at once) renders the whole app slowly, and a
// test should then still pass as soon as what the user would see is there.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

export { API, ok } from '../../support/server';

/** What the simulated backend answers (retData), to base an override on. */
export async function backendData<T>(
  path: string,
  body: unknown = {},
  method: 'GET' | 'POST' = 'POST',
  query: Record<string, string> = {},
): Promise<T> {
  const answer = await backend.handle({ method, path, query, headers: {}, body: method === 'POST' ? body : undefined });
  const envelope = answer.body as { success: boolean; retData: T };
  if (!envelope.success) throw new Error(`backend refused ${path}`);
  return envelope.retData;
}

/** A promise the test resolves when it wants a held response to go out. */
export function gate(): { wait: Promise<void>; release: () => void } {
  let release = () => undefined as void;
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait, release };
}

/** Answers `path` with `retData` once `held` is released (and the simulated backend's answer for others). */
export function holdPost(path: string, held: Promise<void>, retData?: () => Promise<unknown> | unknown) {
  testServer.use(
    http.post(`${API}${path}`, async ({ request }) => {
      await held;
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      return ok(retData ? await retData() : await backendData(path, body));
    }),
  );
}

export function holdGet(path: string, held: Promise<void>) {
  testServer.use(
    http.get(`${API}${path}`, async () => {
      await held;
      return ok(await backendData(path, undefined, 'GET'));
    }),
  );
}

type Json = Record<string, unknown> | unknown[] | string | number | boolean | null;

/** Answers `path` (POST) with `retData`, or with what `retData(body)` returns, at once. */
export function answerPost(path: string, retData: Json | ((body: Record<string, unknown>) => unknown)) {
  testServer.use(
    http.post(`${API}${path}`, async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      return ok(typeof retData === 'function' ? retData(body) : retData);
    }),
  );
}

export function answerGet(path: string, retData: unknown) {
  testServer.use(http.get(`${API}${path}`, () => ok(retData)));
}

/** Counts requests to one API path (below /webapi) from now on, until the test ends. */
export function countRequests(path: string): { readonly count: number } {
  let count = 0;
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname === `${API}${path}`) count += 1;
  };
  testServer.events.on('request:start', listener);
  onTestFinished(() => {
    testServer.events.removeListener('request:start', listener);
  });
  return {
    get count() {
      return count;
    },
  };
}

export { backend, testServer };

/**
 * Imports the lazily loaded pages a test navigates to, so that the first navigation is not slowed
 * down by compiling the page module (which would show the route's pending state instead).
 */
export async function warmPages(): Promise<void> {
  await Promise.all([
    import('../../../src/features/catalog/home-page'),
    import('../../../src/features/catalog/search-page'),
    import('../../../src/features/catalog/game-detail-page'),
    import('../../../src/features/catalog/help-page'),
    import('../../../src/features/catalog/notice-page'),
    import('../../../src/features/catalog/new-page'),
    import('../../../src/features/catalog/agreement-page'),
  ]);
}
