/**
 * Fault matrix, API layer: every endpoint of the registry × every fault of
 * ./support/faults.ts, through the app's own HTTP client against the
 * simulated backend's fault injection. A call either resolves to the
 * endpoint's documented fallback (list fetches, the stock check, …) or
 * rejects with one ApiError of the right kind whose shopper text is the
 * expected Chinese message; auth codes are reported exactly once; nothing is
 * left unhandled. The list of endpoints is read from the registry, so a new
 * endpoint is in the matrix the day it is defined.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientState } from '../../src/api/client-state';
import { registeredEndpoints } from '../../src/api/endpoints';
import { ApiError, userMessage } from '../../src/api/errors';
import { createHttpClient, http, type EndpointDef, type HttpClient } from '../../src/api/http';
import { config } from '../../src/shared/env';
import { backend, testServer } from '../support/server';
import { FAULTS, pathParams, type FaultCase } from './support/faults';

const endpoints = registeredEndpoints();
let tried = 0;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  console.info(`[fault matrix] API layer: ${endpoints.length} endpoints × ${FAULTS.length} faults = ${tried} calls`);
});
afterEach(() => {
  vi.useRealTimers();
});

/** What one call did: its value, or the error it rejected with. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

function callWith(client: HttpClient, def: EndpointDef): Promise<Outcome> {
  return client.call(def, { params: pathParams(def.path), body: {} }).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

function expectOutcome(def: EndpointDef, fault: FaultCase, outcome: Outcome, timeoutMs: number): void {
  const where = `${def.id} (${def.method} ${def.path}) under ${fault.name}`;
  if (def.fallback) {
    expect(outcome, where).toEqual({ ok: true, value: def.fallback() });
    return;
  }
  expect(outcome.ok, `${where} should reject`).toBe(false);
  const error = (outcome as { error: unknown }).error;
  expect(error, where).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect({ kind: apiError.kind, endpoint: apiError.endpoint }, where).toEqual({ kind: fault.kind, endpoint: def.path });
  if (fault.code) expect(apiError.code, where).toBe(fault.code);
  if (fault.status) expect(apiError.status, where).toBe(fault.status);
  if (fault.fault.kind === 'schema') expect(apiError.issuePath, where).toMatch(/^retData/);
  if (fault.fault.kind === 'malformed') expect(apiError.issuePath, where).toBe('(root)');
  expect(userMessage(apiError), where).toBe(fault.userText(timeoutMs));
}

describe('every endpoint × every fault, through the HTTP client', () => {
  it('has one path per endpoint, so a fault set on a path reaches exactly one endpoint', () => {
    expect(endpoints.length).toBeGreaterThan(60);
    expect(new Set(endpoints.map((def) => def.path)).size).toBe(endpoints.length);
  });

  it.each(FAULTS.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
    const authEvents: string[] = [];
    const offAuth = clientState.onAuthExpired((error) => authEvents.push(error.endpoint));
    try {
      for (const def of endpoints) backend.control.setFault(def.path, { ...fault.fault, times: 1 });
      let outcomes: Outcome[];
      let timeoutMs = config.requestTimeoutMs;
      if (fault.fault.kind === 'timeout') {
        // msw cannot time out an intercepted XMLHttpRequest; axios' fetch adapter times out on a
        // timer, so the spec's 50 s pass on a fake clock.
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        const client = createHttpClient({
          baseURL: new URL(config.apiBase, location.href).href,
          timeout: config.requestTimeoutMs,
          appId: config.appId,
          reqChannel: config.reqChannel,
          busiType: config.busiType,
        });
        (await client.axios()).defaults.adapter = 'fetch';
        let started = 0;
        const onStart = () => void (started += 1);
        testServer.events.on('request:start', onStart);
        const pending = Promise.all(endpoints.map((def) => callWith(client, def)));
        // Each request's timer is set before it is sent: once msw has seen them all, 50 s may pass.
        // (setImmediate is not faked, so this yields to the I/O the requests need.)
        for (let turn = 0; started < endpoints.length && turn < 10_000; turn += 1)
          await new Promise((resolve) => setImmediate(resolve));
        expect(started).toBe(endpoints.length);
        testServer.events.removeListener('request:start', onStart);
        await vi.advanceTimersByTimeAsync(config.requestTimeoutMs);
        outcomes = await pending;
        vi.useRealTimers();
        timeoutMs = config.requestTimeoutMs;
      } else {
        outcomes = await Promise.all(endpoints.map((def) => callWith(http, def)));
      }
      // Every fault was used up: each call really reached its endpoint's path.
      expect(backend.control.listFaults()).toEqual({});
      endpoints.forEach((def, i) => expectOutcome(def, fault, outcomes[i]!, timeoutMs));
      // auth_40001 / auth_40002 from any call are reported once per call (the session bridge ends the session); nothing else is.
      expect(authEvents.sort()).toEqual(fault.kind === 'auth' ? endpoints.map((def) => def.path).sort() : []);
      tried += endpoints.length;
    } finally {
      offAuth();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unhandled).toEqual([]);
  });

  it('still answers normally once the faults are gone (no state was changed by a faulted call)', async () => {
    const def = endpoints.find((d) => d.id === 'games.gameDetail')!;
    backend.control.setFault(def.path, { kind: 'http', status: 500, times: 1 });
    await expect(http.call(def, { body: { gameId: 1 } })).rejects.toMatchObject({ kind: 'http' });
    await expect(http.call(def, { body: { gameId: 1 } })).resolves.toMatchObject({ gameId: 1 });
  });
});
