// @vitest-environment node
/**
 * Mock mode's service worker (public/mock-api-worker.js) lets only the API's calls reach msw's worker, and the page
 * tells it where the API is (`apiPrefix`, src/mock/msw-handlers.ts); it claims a page that asks
 * (src/mock/worker-claim.ts). The browser's side (assets not served by a worker, API calls answered by it) is walked
 * by tests/e2e/startup.spec.ts, the claim by tests/e2e/first-tap.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiPrefix } from '../../src/mock/msw-handlers';
import { CLAIM_MESSAGE } from '../../src/mock/worker-claim';
import { MOCK_WORKER_FILES } from '../../src/mock/worker-files';

const SOURCE = readFileSync(new URL(`../../public/${MOCK_WORKER_FILES.registered}`, import.meta.url), 'utf8');
const ORIGIN = 'http://127.0.0.1:4300';

/**
 * Runs the worker's script in a scope of its own, registered as `scriptUrl`; returns what each request does: whether
 * the worker stops it before msw's listener (`'browser'`) or lets it go on (`'msw'`), and which scripts it imported.
 */
function loadWorker(scriptUrl: string) {
  const listeners: ((event: unknown) => void)[] = [];
  const messageListeners: ((event: unknown) => void)[] = [];
  const imported: { script: string; listenersBefore: number; messageListenersBefore: number }[] = [];
  let claims = 0;
  const scope = {
    location: new URL(scriptUrl),
    clients: {
      claim: () => {
        claims += 1;
        return Promise.resolve();
      },
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'fetch') listeners.push(listener);
      if (type === 'message') messageListeners.push(listener);
    },
  };
  const importScripts = (...scripts: string[]) =>
    imported.push(
      ...scripts.map((script) => ({
        script,
        listenersBefore: listeners.length,
        messageListenersBefore: messageListeners.length,
      })),
    );
  new Function('self', 'importScripts', SOURCE)(scope, importScripts);
  /** Hands `event` to `to` in order, as the worker's scope would; whether a listener stopped it on its way. */
  const dispatch = (to: ((event: unknown) => void)[], event: object): boolean => {
    let stopped = false;
    for (const listener of to) {
      listener({ ...event, stopImmediatePropagation: () => (stopped = true) });
      if (stopped) break;
    }
    return stopped;
  };
  const goesTo = (url: string): 'browser' | 'msw' => (dispatch(listeners, { request: { url } }) ? 'browser' : 'msw');
  /** Posts `data` to the worker: whether it is stopped before msw's listener, and what the worker waits for. */
  const message = (data: unknown) => {
    const waited: Promise<unknown>[] = [];
    const stopped = dispatch(messageListeners, { data, waitUntil: (p: Promise<unknown>) => waited.push(p) });
    return { goesTo: stopped ? 'worker' : 'msw', waited: waited.length };
  };
  return { goesTo, imported, message, claims: () => claims };
}

describe('mock mode’s service worker', () => {
  const registered = `${ORIGIN}/${MOCK_WORKER_FILES.registered}?api=${encodeURIComponent(apiPrefix('/webapi', `${ORIGIN}/new`))}`;

  it('passes the API’s calls on to msw’s worker, whose script it imports after its own listener', () => {
    const worker = loadWorker(registered);
    expect(worker.imported).toEqual([{ script: MOCK_WORKER_FILES.msw, listenersBefore: 1, messageListenersBefore: 1 }]);
    expect(worker.goesTo(`${ORIGIN}/webapi/u-nnpc/hello`)).toBe('msw');
    expect(worker.goesTo(`${ORIGIN}/webapi/static/img/cover/3.svg`)).toBe('msw');
  });

  it('leaves every other request to the browser: the app’s chunks, its pages, other paths that start alike, other origins', () => {
    const worker = loadWorker(registered);
    for (const url of [
      `${ORIGIN}/assets/index-abc123.js`,
      `${ORIGIN}/builds/latest.json`,
      `${ORIGIN}/favicon.svg`,
      `${ORIGIN}/webapix/u-nnpc/hello`,
      'http://127.0.0.1:9999/webapi/u-nnpc/hello',
    ])
      expect(worker.goesTo(url), url).toBe('browser');
  });

  it('claims the page that asks it to (CLAIM_MESSAGE), and leaves msw’s own messages to msw’s worker', () => {
    const worker = loadWorker(registered);
    expect(worker.message(CLAIM_MESSAGE)).toEqual({ goesTo: 'worker', waited: 1 });
    expect(worker.claims()).toBe(1);
    for (const data of ['MOCK_ACTIVATE', 'KEEPALIVE_REQUEST', 'INTEGRITY_CHECK_REQUEST', { type: 'other' }, null]) {
      expect(worker.message(data), JSON.stringify(data)).toEqual({ goesTo: 'msw', waited: 0 });
    }
    expect(worker.claims()).toBe(1);
  });

  it('stays registered when a page unloads: msw’s CLIENT_CLOSED, after which msw’s worker unregisters when no window is left, is stopped before it', () => {
    const worker = loadWorker(registered);
    expect(worker.message('CLIENT_CLOSED')).toEqual({ goesTo: 'worker', waited: 0 });
  });

  it('without an API named in its address, passes every request on to msw, as msw’s worker alone would', () => {
    const worker = loadWorker(`${ORIGIN}/${MOCK_WORKER_FILES.registered}`);
    expect(worker.goesTo(`${ORIGIN}/assets/index-abc123.js`)).toBe('msw');
    expect(worker.goesTo(`${ORIGIN}/webapi/u-nnpc/hello`)).toBe('msw');
  });
});

describe('apiPrefix: what msw’s catch-all answers, as an absolute prefix', () => {
  it('resolves the API base against the page and ends it with one slash', () => {
    expect(apiPrefix('/webapi', `${ORIGIN}/gameDetail/1`)).toBe(`${ORIGIN}/webapi/`);
    expect(apiPrefix('/webapi//', `${ORIGIN}/`)).toBe(`${ORIGIN}/webapi/`);
    expect(apiPrefix('https://api.example.com/store/webapi', `${ORIGIN}/`)).toBe(
      'https://api.example.com/store/webapi/',
    );
  });
});
