/**
 * Two diagnostics that cost the suite CPU on every render and every poll, and whose result is read only when a test
 * fails, made lighter (docs/testing.md, "Where the time goes"; decision 0049). Neither changes what a test checks.
 */
import { configure, getConfig } from '@testing-library/react';
import * as React from 'react';

/**
 * testing-library's error for a query that finds nothing, without a print of the whole DOM while `waitFor` polls.
 *
 * Its own `getElementError` pretty-prints the container on every failed try of a `findBy…`/`waitFor` (a full DOM
 * serialised twice, every 50 ms), and `waitFor` throws those errors away: on a timeout its `onTimeout` builds the
 * message again with the DOM as it is then. testing-library marks those tries (`_disableExpensiveErrorDiagnostics`,
 * the flag it uses to skip listing the page's roles there), so a try's error carries the message alone, and every
 * error a test can see still ends with the DOM: a synchronous `getBy…`'s as before, a timeout's from `onTimeout`.
 * Were the flag gone from a later testing-library, every error would print the DOM again, as before.
 */
function lighterElementErrors(): void {
  configure({
    getElementError(message, container) {
      const config = getConfig() as ReturnType<typeof getConfig> & { _disableExpensiveErrorDiagnostics?: boolean };
      if (!config._disableExpensiveErrorDiagnostics) return libraryElementError(message, container);
      // The name `waitFor` looks for to give its timeout the caller's stack.
      const error = new Error(message ?? '');
      error.name = 'TestingLibraryElementError';
      return error;
    },
  });
}

/**
 * testing-library's own `getElementError` (the message and the DOM), read once per worker: setup runs for every
 * file of a worker's shared module graph, and would otherwise find its own replacement here.
 */
const libraryElementError = getConfig().getElementError;

/**
 * React's development build without an owner stack per element: its `jsx()` captures a stack trace
 * (`Error('react-stack-top-frame')`, ten frames) for each element it creates, up to 10,000 between two renders a
 * second apart, for the component stacks of its warnings in the browser's devtools. That was a tenth of a DOM test
 * file's CPU. Its counter held past that bound, every element takes React's shared "unknown owner" stack instead;
 * rendering is the same, and a warning (which fails the test, tests/setup.ts) still says what is wrong and names the
 * component ("Each child in a list should have a unique key … Check the render method of `List`", with or without).
 * `REACT_OWNER_STACKS=1 npx vitest run …` keeps them, to trace a warning to its line.
 * Were the counter gone from a later React, elements would capture their stacks again, as before.
 */
function withoutOwnerStacks(): void {
  if (process.env.REACT_OWNER_STACKS === '1') return;
  const internals = (React as unknown as Record<string, unknown>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as Record<string, unknown> | undefined;
  // A number (Infinity once held, in a later file of the same worker: `isolate: false`).
  if (typeof internals?.recentlyCreatedOwnerStacks !== 'number') return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.POSITIVE_INFINITY,
    set: () => undefined,
  });
}

/** Called once per test file by tests/setup.ts. */
export function lighterDiagnostics(): void {
  lighterElementErrors();
  withoutOwnerStacks();
}
