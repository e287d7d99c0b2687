/**
 * Helpers of the UI layer of the fault matrix: inject one fault into a set of
 * endpoints, watch for what must never happen (console errors, unhandled
 * rejections, uncaught errors, a blank page, a crashed actor), and keep the
 * tally of endpoint × fault pairs tried.
 *
 * The screens are rendered once per test and each fault is replayed inside the
 * same app (refetching the affected queries or repeating the gesture), so the
 * matrix costs one render per screen rather than one per cell.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { registeredEndpoints } from '../../../src/api/endpoints';
import { http, type EndpointDef } from '../../../src/api/http';
import type { UserInfo } from '../../../src/api/user';
import { resetToasts } from '../../../src/shared/toast';
import { clientState } from '../../../src/api/client-state';
import { config } from '../../../src/shared/env';
import { backend } from '../../support/server';
import { renderApp } from '../../support/render-app';
import { fastDeps } from '../../integration/buying/helpers';
import { FAULTS, type FaultCase } from './faults';
import type { AppActor } from '../../../src/shared/app-actor';

/** The request timeout of faulted calls in the UI layer (jsdom's XHR under msw never times out; see `injectFault`). */
const UI_TIMEOUT_MS = 150;

const byId = new Map(registeredEndpoints().map((def) => [def.id, def]));

function endpoint(id: string): EndpointDef {
  const def = byId.get(id);
  if (!def) throw new Error(`No endpoint ${id} in the registry`);
  return def;
}

// --- what must never happen ------------------------------------------------------

const consoleErrors: string[] = [];
const unhandled: string[] = [];
const onUnhandled = (reason: unknown) =>
  unhandled.push(String(reason instanceof Error ? (reason.stack ?? reason.message) : reason));
const onWindowError = (event: ErrorEvent) => unhandled.push(String(event.error ?? event.message));

/** Installs the watchers for the calling test file (console.error is recorded here rather than thrown). */
export function watchForProblems(): void {
  beforeEach(() => {
    consoleErrors.length = 0;
    unhandled.length = 0;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      consoleErrors.push(
        args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '),
      );
    });
    process.on('unhandledRejection', onUnhandled);
    window.addEventListener('error', onWindowError);
    return () => {
      process.off('unhandledRejection', onUnhandled);
      window.removeEventListener('error', onWindowError);
    };
  });
}

/** No console.error, no unhandled rejection or uncaught error so far in this test. */
export async function expectNoProblems(where: string): Promise<void> {
  // Let rejections that are about to go unhandled surface first.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(consoleErrors, `console.error during ${where}`).toEqual([]);
  expect(unhandled, `unhandled rejection or error during ${where}`).toEqual([]);
}

/** The page is not blank: the site chrome and some main content are on screen. */
export function expectPageShown(where: string): void {
  const main = screen.getByRole('main');
  expect(main.textContent?.trim().length ?? 0, `main content during ${where}`).toBeGreaterThan(0);
  expect(screen.getByRole('contentinfo'), `footer during ${where}`).toBeInTheDocument();
}

/** Every actor of the system is still running (none stopped on an error nobody handled). */
export function expectActorsRunning(actor: AppActor, where: string): void {
  const root = actor.getSnapshot();
  expect(root.status, `root actor during ${where}`).toBe('active');
  for (const [id, child] of Object.entries(root.children)) {
    expect(
      (child as { getSnapshot(): { status: string } } | undefined)?.getSnapshot().status,
      `${id} during ${where}`,
    ).toBe('active');
  }
}

/**
 * Renders the app at `url` for a screen of the matrix, with the short delays of the integration tests (`fastDeps`:
 * the expiry prompt after 30 ms, no token check mid-test), so that a cell waits for what the shopper sees.
 */
export const renderScreen = (url: string) => renderApp(url, { deps: fastDeps });

// --- injecting faults --------------------------------------------------------------

function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/?]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}(?:\\?|$)`);
}

/**
 * Sets `fault` on the endpoints (each used up by `times` answers) and returns
 * a function that clears them. A `timeout` fault also makes those calls time
 * out after UI_TIMEOUT_MS instead of the spec's 50 s: msw never times out
 * jsdom's XMLHttpRequest, so the app's client switches to axios' fetch
 * adapter (which aborts on its own timer) until the fault is cleared.
 */
export async function injectFault(ids: readonly string[], fault: FaultCase, times = 1): Promise<() => void> {
  const defs = ids.map(endpoint);
  for (const def of defs) backend.control.setFault(def.path, { ...fault.fault, times });
  if (fault.fault.kind !== 'timeout') return () => backend.control.clearFaults();
  const patterns = defs.map((def) => ({ path: def.path, pattern: pathPattern(def.path) }));
  const instance = await http.axios();
  const defaults = instance.defaults;
  const saved = { adapter: defaults.adapter, baseURL: defaults.baseURL };
  defaults.adapter = 'fetch';
  defaults.baseURL = new URL(config.apiBase, location.href).href;
  const interceptor = instance.interceptors.request.use((request) => {
    // Only a call its fault still waits for: once that is used up, a call of the endpoint (重试) is answered,
    // and keeps the app's own timeout however slow a loaded machine makes the answer.
    const pending = backend.control.listFaults();
    if (patterns.some(({ path, pattern }) => path in pending && pattern.test(request.url ?? ''))) {
      request.timeout = UI_TIMEOUT_MS;
    }
    return request;
  });
  return () => {
    backend.control.clearFaults();
    instance.interceptors.request.eject(interceptor);
    defaults.adapter = saved.adapter;
    defaults.baseURL = saved.baseURL;
  };
}

/** Waits until every injected fault has been answered: each endpoint was really called. */
export async function expectFaultsUsed(ids: readonly string[], where: string): Promise<void> {
  const paths = new Set(ids.map((id) => endpoint(id).path));
  await waitFor(() => {
    const left = Object.keys(backend.control.listFaults()).filter((path) => paths.has(path));
    expect(left, `faults never reached during ${where}`).toEqual([]);
  });
}

/** The text a shopper reads for this fault in the UI layer. */
export const uiText = (fault: FaultCase) => fault.userText(UI_TIMEOUT_MS);

/** Refetches the queries whose key starts with one of `keys` and waits for them to settle. */
export async function refetch(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await act(async () => {
    await queryClient.resetQueries({
      predicate: (query) =>
        keys.some((key) => key.every((part, i) => JSON.stringify(query.queryKey[i]) === JSON.stringify(part))),
    });
  });
}

export function clearToasts(): void {
  act(() => resetToasts());
}

/** After a step: the page is still shown and every flow still runs. */
export function expectPageAndFlows(actor: AppActor, where: string): void {
  expectPageShown(where);
  expectActorsRunning(actor, where);
}

/** Between two shoppers' runs in one file: no toast, nothing stored, no token. */
export function resetBrowser(): void {
  clearToasts();
  localStorage.clear();
  sessionStorage.clear();
  clientState.reset();
}

// --- the tally -----------------------------------------------------------------------

const tried = new Map<string, Set<string>>();

/** Records that these endpoints were tried with this fault. */
export function tally(ids: readonly string[], fault: FaultCase): void {
  for (const id of ids) {
    endpoint(id);
    const faults = tried.get(id) ?? new Set<string>();
    faults.add(fault.name);
    tried.set(id, faults);
  }
}

/** Every endpoint of `ids` was tried with every fault. */
export function expectAllFaultsTried(ids: readonly string[]): void {
  for (const id of ids) expect([...(tried.get(id) ?? [])].sort(), id).toEqual(FAULTS.map((f) => f.name).sort());
}

/** Prints `<label>: N endpoints × 9 faults = M cases` once the file is done. */
function printTally(label: string): void {
  afterAll(() => {
    const cases = [...tried.values()].reduce((sum, faults) => sum + faults.size, 0);
    console.info(
      `[fault matrix] UI layer, ${label}: ${tried.size} endpoints × ${FAULTS.length} faults = ${cases} cases`,
    );
  });
}

/**
 * What every UI fault-matrix file sets up: the problem watch, its ceilings (each test replays many faults in
 * one rendered app: seconds of work that a loaded machine stretches; ceilings, not waits), its tally line
 * (`label`), and its screens' code loaded once up front (`preload`), so that a step's wait is about the page.
 */
export function setUpFaultMatrixFile(label: string, preload: () => Promise<unknown>[]): void {
  watchForProblems();
  vi.setConfig({ testTimeout: 120_000 });
  configure({ asyncUtilTimeout: 15_000 });
  printTally(label);
  beforeAll(async () => {
    await Promise.all(preload());
  }, 60_000);
}

// --- the session -------------------------------------------------------------------

/** The site's header (landing pages have a header of their own inside main). */
export function siteHeader(): HTMLElement {
  const header = document.querySelector<HTMLElement>('header.site-header');
  if (!header) throw new Error('no site header on screen');
  return header;
}

const sessionOf = (actor: AppActor) => actor.getSnapshot().children.session!.getSnapshot();

/**
 * After an auth fault on a logged-in screen: the session ended, the spec's
 * warning is shown and the login dialog asks to log in again; the page is
 * still there. Then the same user logs in again (as the login dialog would)
 * and the dialog goes away.
 */
export async function expectExpiryThenLogBackIn(actor: AppActor, account: UserInfo, where: string): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: '登录' });
  expect(
    within(screen.getByRole('status', { name: '消息提示' })).getByText('登录信息已失效,请重新登录'),
    where,
  ).toBeInTheDocument();
  expect(sessionOf(actor).hasTag('session:expired'), where).toBe(true);
  expect(within(siteHeader()).getByRole('button', { name: '登录' }), where).toBeInTheDocument();
  expectPageShown(where);
  expect(dialog).toBeInTheDocument();
  await logBackIn(actor, account);
}

/** Logs `account` in as a login way does (`session.login`), then closes the login dialog as a successful login does. */
export async function logBackIn(actor: AppActor, account: UserInfo): Promise<void> {
  act(() => {
    actor.send({ type: 'session.login', user: account });
    actor.send({ type: 'modal.close', name: 'login' });
  });
  await waitFor(() => {
    const session = sessionOf(actor);
    expect(session.hasTag('session:loggedIn') && !session.hasTag('session:signingIn')).toBe(true);
  });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).not.toBeInTheDocument());
  clearToasts();
}
