/**
 * Renders the whole app at a URL with a memory history, the real root actor
 * and the simulated backend behind msw: what a user would see, nothing mocked
 * but the network. Returns the pieces a test may need to drive or inspect.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '../../src/app/app';
import { createQueryClient } from '../../src/app/query-client';
import { createRootActor, type RootActorDeps } from '../../src/app/root-actor';
import { createAppRouter } from '../../src/app/router';
import { installNavigationHooks } from '../../src/app/navigation';
import { loadModal } from '../../src/modals/registry';

export interface RenderAppOptions {
  /** overrides of the root actor's dependencies (e.g. a fake reloadPage) */
  deps?: Partial<RootActorDeps>;
}

export async function renderApp(url = '/', options: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const history = createMemoryHistory({ initialEntries: [url] });
  const reloads: string[] = [];
  const actor = createRootActor({
    buildId: 'test-build',
    fetchLatestBuild: async () => ({ id: 'test-build', timestamp: 0 }),
    reloadPage: (to: string) => reloads.push(to),
    loadModal,
    ...options.deps,
  });
  const router = createAppRouter({ queryClient, actor }, { history });
  installNavigationHooks(router, actor);
  actor.start();
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} actor={actor} />);
  await router.load();
  return { ...view, router, queryClient, actor, user, history, reloads, screen };
}
