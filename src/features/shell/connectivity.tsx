/**
 * Connectivity as the browser reports it (`navigator.onLine` and the
 * `online` / `offline` events). The machines hear it as `app.offline` /
 * `app.online` (installConnectivityEvents in ./navigation.ts: the build poll
 * and the payment's status polling pause); React reads it here: the quiet
 * banner, and the QR panel, which pauses its polling as it does while the
 * page is hidden. React Query refetches by itself when the browser is back.
 */
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

export const OFFLINE_MESSAGE = '网络已断开，恢复后将自动继续';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine !== false;

/** Whether the browser says it is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * A polite live region, always present so that the change is announced: empty
 * while online, the offline message otherwise. Nothing else changes on the
 * page; what was on screen stays usable. Portalled to <body>, like the
 * toasts, so it is still announced while a dialog makes the app inert.
 */
export function ConnectivityBanner() {
  const online = useOnline();
  return createPortal(
    <div
      role="status"
      aria-label="网络状态"
      className={online ? 'connectivity-banner' : 'connectivity-banner is-offline'}
    >
      {online ? null : OFFLINE_MESSAGE}
    </div>,
    document.body,
  );
}
