import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { SearchSuggestions } from '../features/catalog';
import { ConnectivityBanner } from '../features/shell/connectivity';
import { SearchSuggestionsSlot } from '../features/shell/search-suggestions-slot';
import { AppActorContext, type AppActor } from '../shared/app-actor';
import { useHydrated } from '../shared/hydration';
import type { AppRouter } from './router';

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  /**
   * The started root actor, or null while a prerendered page hydrates before the store's flows have loaded
   * (src/app/main.tsx renders again with it): what depends on it (dialogs, the account) comes with that render.
   */
  actor: AppActor | null;
  /** Hears each commit of a new `actor` (null: the hydration of a prerendered page has committed). */
  onCommit?: ((actor: AppActor | null) => void) | undefined;
}

/**
 * Providers around the router, and the offline banner. The header's search box (shell) gets the catalogue's
 * suggestion panel here, so neither feature imports the other both ways. Toasts and modals live in the root
 * route (root-shell.tsx).
 */
export function App({ router, queryClient, actor, onCommit }: AppProps) {
  useEffect(() => onCommit?.(actor), [actor, onCommit]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppActorContext.Provider value={actor}>
          <SearchSuggestionsSlot.Provider value={SearchSuggestions}>
            <RouterProvider router={router} />
          </SearchSuggestionsSlot.Provider>
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
