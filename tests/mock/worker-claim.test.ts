// @vitest-environment node
/**
 * A page mock mode's worker does not control asks to be claimed and goes on once it is, or reloads when no worker
 * claims it (src/mock/worker-claim.ts). The browser's side: tests/e2e/first-tap.spec.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_MESSAGE, claimedByWorker } from '../../src/mock/worker-claim';

/** A page's `navigator.serviceWorker`: `claims` says whether its worker answers CLAIM_MESSAGE by taking the page. */
function fakeContainer(options: { controlled?: boolean; claims: boolean; active?: boolean }) {
  let controller: object | null = options.controlled ? {} : null;
  const listeners: (() => void)[] = [];
  const posted: unknown[] = [];
  const take = () => {
    controller = {};
    for (const listener of listeners.splice(0)) listener();
  };
  const active = {
    postMessage: (data: unknown) => {
      posted.push(data);
      if (options.claims) queueMicrotask(take);
    },
  };
  // An installing worker (`active: false`) never becomes ready here: its activation is `take`.
  const ready = new Promise<{ active: typeof active }>((resolve) => {
    if (options.active !== false) resolve({ active });
  });
  const container = {
    get controller() {
      return controller;
    },
    ready,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'controllerchange') listeners.push(listener);
    },
  } as unknown as ServiceWorkerContainer;
  return { container, posted, take };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('claimedByWorker', () => {
  it('a page already controlled goes on at once, and asks nothing', async () => {
    const page = fakeContainer({ controlled: true, claims: true });
    await expect(claimedByWorker(page.container)).resolves.toBe(true);
    expect(page.posted).toEqual([]);
  });

  it('a page reloaded past its active worker asks to be claimed, and goes on once it is', async () => {
    const page = fakeContainer({ claims: true });
    await expect(claimedByWorker(page.container)).resolves.toBe(true);
    expect(page.posted).toEqual([CLAIM_MESSAGE]);
    expect(page.container.controller).not.toBeNull();
  });

  it('a page opened while the worker installs waits for it: its activation claims the page', async () => {
    vi.useFakeTimers();
    const page = fakeContainer({ claims: true, active: false });
    const claimed = claimedByWorker(page.container);
    await vi.advanceTimersByTimeAsync(2000);
    // Activated: the worker's own claim takes the page, before the page's message is read.
    page.take();
    await expect(claimed).resolves.toBe(true);
  });

  it('a page no worker claims (one of an earlier build, which does not know the message) gives up after 3 s', async () => {
    vi.useFakeTimers();
    const page = fakeContainer({ claims: false });
    let answer: boolean | undefined;
    void claimedByWorker(page.container).then((value) => (answer = value));
    await vi.advanceTimersByTimeAsync(2999);
    expect(answer).toBeUndefined();
    expect(page.posted).toEqual([CLAIM_MESSAGE]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
  });
});
