/**
 * The browser mount: a service worker (msw) answers /webapi from the
 * simulated backend, whose state lives in localStorage so orders and the
 * session survive a reload. Loaded only through the dynamic import in
 * main.tsx, so live builds carry none of this.
 */
import { setupWorker } from 'msw/browser';
import { createBackend } from './backend';
import type { Backend, LatencyOption } from './backend';
import { createMswHandlers } from './msw-handlers';

export interface MockWorkerOptions {
  /** per-answer delay; default 80–250 ms so loading states are visible */
  latency?: LatencyOption;
  /** the API base the app calls; default `/webapi` */
  baseUrl?: string;
}

export async function startMockWorker(options: MockWorkerOptions = {}): Promise<Backend> {
  const baseUrl = options.baseUrl ?? '/webapi';
  const backend = createBackend({
    latencyMs: options.latency ?? { min: 80, max: 250 },
    storage: window.localStorage,
    publicBase: baseUrl,
  });
  const worker = setupWorker(...createMswHandlers(backend, baseUrl));
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return backend;
}
