import { useSyncExternalStore, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_TOP_PX, dismissToast, getToasts, subscribeToasts } from '../toast';

/**
 * Renders the toast stack 100 px from the top (on phones at the bottom, clear
 * of a dialog's title: src/shared/styles.css, "Toasts"). Two live regions that exist
 * from the start (so screen readers pick up changes): errors go to the
 * assertive `alert` region, everything else to the polite `status` region.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const render = (urgent: boolean) =>
    toasts
      .filter((t) => (t.type === 'error') === urgent)
      .map((t) => (
        <div key={t.id} className={`toast toast-${t.type}`} data-type={t.type}>
          {/* Drawn by CSS for each type (src/shared/styles.css, "Icons"). */}
          <span className="toast-icon icon" aria-hidden="true" />
          <span className="toast-text">{t.text}</span>
          {t.duration === 0 && t.type !== 'loading' ? (
            <button type="button" className="toast-close" aria-label="关闭提示" onClick={() => dismissToast(t.id)}>
              ×
            </button>
          ) : null}
        </div>
      ));
  // Portalled to <body> so toasts stay announced while a dialog makes the app inert.
  return createPortal(
    <div className="toaster" style={{ '--toast-top': `${TOAST_TOP_PX}px` } as CSSProperties}>
      <div role="alert" aria-label="错误提示">
        {render(true)}
      </div>
      <div role="status" aria-label="消息提示">
        {render(false)}
      </div>
    </div>,
    document.body,
  );
}
