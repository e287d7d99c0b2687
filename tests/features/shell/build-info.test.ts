import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLatestBuild } from '../../../src/features/shell/build-info';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Answers every fetch with `body` (JSON) and `status`, and records what was asked. */
function stubFetch(body: unknown, status = 200) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

describe('the build check (builds/latest.json)', () => {
  it('asks for builds/latest.json with the current time as t, a new one each call, past any cache', async () => {
    const calls = stubFetch({ id: 'b2', timestamp: 2000 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    await fetchLatestBuild();
    vi.setSystemTime(1_700_000_300_000);
    await fetchLatestBuild();

    expect(calls.map((call) => call.url)).toEqual([
      '/builds/latest.json?t=1700000000000',
      '/builds/latest.json?t=1700000300000',
    ]);
    expect(calls[0]!.init?.cache).toBe('no-store');
  });

  it('reads the id and timestamp of the latest build', async () => {
    stubFetch({ id: 'b2', timestamp: 2000 });
    await expect(fetchLatestBuild()).resolves.toEqual({ id: 'b2', timestamp: 2000 });
  });

  it('fails on an answer without an id and on an error status', async () => {
    stubFetch({ timestamp: 2000 });
    await expect(fetchLatestBuild()).rejects.toThrow();
    stubFetch('<h1>Not Found</h1>', 404);
    await expect(fetchLatestBuild()).rejects.toThrow('builds/latest.json answered 404');
  });
});
