import { Outlet } from '@tanstack/react-router';
import { useHydrated } from '../shared/hydration';
import { Toaster } from '../shared/ui/toaster';
import { ModalHost } from './modal-host';
import { useRouteHead } from '../features/shell/page-head';

/**
 * The root route: the page, plus what must survive navigation (modals, toasts). Dialogs and toasts are
 * portals, which have no place in a prerendered page's HTML: there they come with the render after hydration
 * (src/shared/hydration.ts), a popup opened before it included.
 */
export function RootShell() {
  useRouteHead();
  const hydrated = useHydrated();
  return (
    <>
      <Outlet />
      {hydrated ? (
        <>
          <ModalHost />
          <Toaster />
        </>
      ) : null}
    </>
  );
}
