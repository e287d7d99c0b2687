import { Outlet } from '@tanstack/react-router';
import { Toaster } from '../components/toaster';
import { ModalHost } from '../modals/modal-host';
import { useDocumentTitle } from './use-document-title';

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
