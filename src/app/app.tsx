import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { ConnectivityBanner } from '../features/shell/connectivity';
import { AppActorContext, type AppActor } from '../shared/app-actor';
import { useHydrated } from '../shared/hydration';
import type { AppRouter } from './router';

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  actor: AppActor;
}

/** Providers around the router, and the offline banner. Toasts and modals live in the root route (root-shell.tsx). */
export function App({ router, queryClient, actor }: AppProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppActorContext.Provider value={actor}>
          <RouterProvider router={router} />
          <HydratedOnly>
            <ConnectivityBanner />
          </HydratedOnly>
        </AppActorContext.Provider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/** A portal (the offline banner's live region) has no place in a prerendered page's HTML: it comes after hydration. */
function HydratedOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
