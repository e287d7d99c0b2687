import { Outlet } from '@tanstack/react-router';
import { Toaster } from '../shared/ui/toaster';
import { ModalHost } from './modal-host';
import { useRouteHead } from '../features/shell/page-head';

/** The root route: the page, plus what must survive navigation (modals, toasts). */
export function RootShell() {
  useRouteHead();
  return (
    <>
      <Outlet />
      <ModalHost />
      <Toaster />
    </>
  );
}
