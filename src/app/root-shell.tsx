import { Outlet } from '@tanstack/react-router';
import { Toaster } from '../shared/ui/toaster';
import { ModalHost } from './modal-host';
import { useDocumentTitle } from '../features/shell/use-document-title';

/** The root route: the page, plus what must survive navigation (modals, toasts). */
export function RootShell() {
  useDocumentTitle();
  return (
    <>
      <Outlet />
      <ModalHost />
      <Toaster />
    </>
  );
}
