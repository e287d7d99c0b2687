/**
 * Global test setup: jest-dom matchers, a clean DOM and storage per test, and
 * two strict rules from docs/testing.md: a console.error fails the test, and
 * so does any request that no msw handler answers.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clientState } from '../src/api/client-state';
import { backend, testServer } from './support/server';

beforeAll(() => testServer.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
  testServer.resetHandlers();
  backend.control.reset();
  globalThis.localStorage?.clear();
  globalThis.sessionStorage?.clear();
  clientState.reset();
});

afterAll(() => testServer.close());
