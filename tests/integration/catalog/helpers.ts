/**
 * Helpers for the catalogue screens' tests: answers in the API envelope,
 * real answers of the simulated backend to start an override from, a gate
 * that holds a response until the test lets it go, and a request counter.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { onTestFinished } from 'vitest';
import { backend, testServer } from '../../support/server';

export const API = '/webapi';

export const ok = (retData: unknown) => HttpResponse.json({ success: true, retCode: '0', retMsg: '成功', retData } as JsonBodyType);

/** What the simulated backend answers (retData), to base an override on. */
export async function backendData<T>(path: string, body: unknown = {}, method: 'GET' | 'POST' = 'POST', query: Record<string, string> = {}): Promise<T> {
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

/** Answers `path` (POST) with `retData` at once. */
export function answerPost(path: string, retData: unknown | ((body: Record<string, unknown>) => unknown)) {
  testServer.use(
    http.post(`${API}${path}`, async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      return ok(typeof retData === 'function' ? (retData as (b: Record<string, unknown>) => unknown)(body) : retData);
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
