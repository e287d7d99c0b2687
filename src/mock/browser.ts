/**
 * The browser mount: a service worker (msw) answers /webapi from the
 * simulated backend, whose state lives in localStorage so orders and the
 * session survive a reload. Loaded only through the dynamic import in
 * main.tsx, so live builds carry none of this.
 */
import { setupWorker } from 'msw/browser';
import { createBackend } from './backend';
import type { Backend, LatencyOption, SeedVariant } from './backend';
import { apiPrefix, createMswHandlers } from './msw-handlers';
import { retryImagesLoadedBeforeWorker } from './worker-images';
import { claimedByWorker } from './worker-claim';
import { MOCK_WORKER_FILES } from './worker-files';
import { carryKeptTapsAcrossReload } from '../shared/kept-taps';
import { mark } from '../shared/start-phases';

export { parseAutoEvents, parseLatency } from './handlers/rules';

export interface MockWorkerOptions {
  /** per-answer delay; default 80–250 ms so loading states are visible */
  latency?: LatencyOption;
  /** the API base the app calls; default `/webapi` */
  baseUrl?: string;
  /** the seed to serve; default: `VITE_MOCK_SEED` (`hostile` plants XSS payloads, src/mock/seed/hostile.ts), else the normal one */
  seedVariant?: SeedVariant;
  /** the backend's own timed events (automatic payment, refund settlement); default on (`BackendOptions.autoEvents`) */
  autoEvents?: boolean;
}

/**
 * `worker.start()` asks an existing registration to update without waiting for the answer. When the
 * registration goes meanwhile (msw's worker unregistering itself, which the store's stops: decision 0048; or
 * the shopper's browser removing it), that update rejects ("Failed to update a ServiceWorker … Not found")
 * with nobody to catch it. It is harmless (the next page load registers the worker afresh), so it is kept
 * out of the error reports.
 */
function ignoreStaleWorkerUpdate(event: PromiseRejectionEvent): void {
  const reason: unknown = event.reason;
  if (
    reason instanceof Error &&
    reason.message.startsWith('Failed to update a ServiceWorker') &&
    reason.message.includes(MOCK_WORKER_FILES.registered)
  ) {
    event.preventDefault();
  }
}

/**
 * Whether msw's `worker.start()` would reload this page: it does so when a registration of its worker exists
 * but does not control the page (`getWorkerInstance` in msw's browser build), as for a page opened by a quick tap
 * while a first visit's worker was still installing, or after a reload that bypassed the worker. The store asks the
 * worker to claim such a page first (./worker-claim.ts).
 */
async function workerWillReload(workerUrl: string): Promise<boolean> {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return false;
  const absolute = new URL(workerUrl, window.location.href).href;
  const registrations = await navigator.serviceWorker.getRegistrations().catch(() => []);
  return registrations.some((registration) =>
    [registration.active, registration.installing, registration.waiting].some(
      (worker) => worker?.scriptURL === absolute,
    ),
  );
}

export async function startMockWorker(options: MockWorkerOptions = {}): Promise<Backend> {
  const baseUrl = options.baseUrl ?? '/webapi';
  // The worker that passes only the API's calls on to msw's (public/mock-api-worker.js), told where the API is.
  const workerUrl = `${import.meta.env.BASE_URL}${MOCK_WORKER_FILES.registered}?api=${encodeURIComponent(apiPrefix(baseUrl, document.baseURI))}`;
  if (await workerWillReload(workerUrl)) {
    // Claimed by the worker, the page goes on as msw's start expects it (./worker-claim.ts).
    if (await claimedByWorker()) mark('store:worker-claimed');
    else {
      // The reload msw's start would make, made here, and nothing else: msw's start goes on after asking for it,
      // and so did the app, whose calls in this page no worker answered (the static server did, with 404s) until
      // the page went. The taps kept on this page (src/app/boot.js) are acted on in the page it reloads to.
      carryKeptTapsAcrossReload();
      mark('store:worker-reload');
      window.location.reload();
      return new Promise<never>(() => undefined);
    }
  }
  const backend = createBackend({
    latencyMs: options.latency ?? { min: 80, max: 250 },
    storage: window.localStorage,
    publicBase: baseUrl,
    seedVariant: options.seedVariant ?? (import.meta.env.VITE_MOCK_SEED === 'hostile' ? 'hostile' : 'default'),
    autoEvents: options.autoEvents,
  });
  const worker = setupWorker(...createMswHandlers(backend, baseUrl));
  window.addEventListener('unhandledrejection', ignoreStaleWorkerUpdate);
  await worker.start({
    serviceWorker: { url: workerUrl },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  retryImagesLoadedBeforeWorker(document, baseUrl);
  return backend;
}
