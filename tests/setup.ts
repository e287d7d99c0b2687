/**
 * Global test setup: jest-dom matchers, a clean DOM and storage per test, and
 * two strict rules from docs/testing.md: a console.error fails the test, and
 * so does any request that no msw handler answers.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clientState } from '../src/api/client-state';
import { historyStore } from '../src/features/shell/history-store';
import { resetToasts } from '../src/shared/toast';
import { runTestEnd } from './support/cleanup';
import { lighterDiagnostics } from './support/lighter-diagnostics';
import { backend, testServer } from './support/server';

// The suite shares 2 cores with other suites (and CI with Chromium): give findBy* room. A ceiling, not a wait: the
// first render of a file transforms the app's modules, which took 5–6 s under load (home.test.tsx's first test).
configure({ asyncUtilTimeout: 15_000 });
lighterDiagnostics();

beforeAll(() => testServer.listen({ onUnhandledRequest: 'error' }));

if (typeof window !== 'undefined') {
  // jsdom does not implement scrolling; the router's scroll restoration calls it.
  window.scrollTo = () => {};
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  // The apps first (their actors and listeners), as before a real page unloads; then the DOM.
  runTestEnd();
  if (typeof document !== 'undefined') cleanup();
  testServer.resetHandlers();
  backend.control.reset();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
  clientState.reset();
  historyStore.reset();
  resetToasts();
  // React Query's online state is global and outlives each app: a test that went offline must not leave
  // the next one's queries paused (nobody listens for the `online` event between two apps).
  onlineManager.setOnline(true);
  // Files share one module graph per worker (docs/testing.md): a global a test changed must be back by now,
  // or the next file inherits it (a request-id stub once made another file's retry reuse an order's id).
  if (Object.prototype.hasOwnProperty.call(globalThis.crypto, 'randomUUID'))
    throw new Error('a test left crypto.randomUUID stubbed');
  if (typeof navigator !== 'undefined' && !navigator.onLine) throw new Error('a test left navigator.onLine false');
  if (typeof document !== 'undefined' && document.hidden) throw new Error('a test left the document hidden');
});

afterAll(() => testServer.close());
