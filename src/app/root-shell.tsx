import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../shared/hydration';
import { useOptionalAppActor } from '../shared/app-actor';
import { Toaster } from '../shared/ui/toaster';
import { useRouteHead } from '../features/shell/page-head';

/** The dialogs' host and its machine's selectors: loaded with the store's flows (src/app/start-store.ts). */
export const loadModalHost = () => import('./modal-host');
const ModalHost = lazy(() => loadModalHost().then((m) => ({ default: m.ModalHost })));

/**
 * The root route: the page, plus what must survive navigation (modals, toasts). Dialogs and toasts are
 * portals, which have no place in a prerendered page's HTML: there they come with the render after hydration
 * (src/shared/hydration.ts), a popup opened before it included.
 */
export function RootShell() {
  useRouteHead();
  const hydrated = useHydrated();
  // Dialogs belong to the root actor: they come once it has started (src/app/main.tsx).
  const flowsStarted = useOptionalAppActor() !== null;
  return (
    <>
      <Outlet />
      {hydrated ? (
        <>
          {flowsStarted ? (
            <Suspense fallback={null}>
              <ModalHost />
            </Suspense>
          ) : null}
          <Toaster />
        </>
      ) : null}
    </>
  );
}
