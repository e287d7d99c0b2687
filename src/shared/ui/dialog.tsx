import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * An accessible modal dialog: focus moves in on open and returns to where it
 * was on close (unless it is already elsewhere, as when a lower dialog closes
 * under the top one), Tab stays inside, Escape closes, and everything behind
 * it (the app and lower dialogs) is inert. Dialogs stack; only the top one
 * listens to the keyboard.
 */
const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

const openDialogs: HTMLElement[] = [];

function syncInert() {
  const root = document.getElementById('root');
  const top = openDialogs.at(-1);
  if (root) root.inert = openDialogs.length > 0;
  for (const dialog of openDialogs) {
    const backdrop = dialog.parentElement;
    if (backdrop) backdrop.inert = dialog !== top;
  }
}

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** hide the visible heading (the dialog keeps its accessible name) */
  hideTitle?: boolean;
  wide?: boolean;
  /** e.g. asking before closing a payment in progress */
  closeLabel?: string;
  /** on a phone, a bottom sheet whose `.dialog-footer` stays in view (the pay dialog, docs/buying.md) */
  sheet?: boolean;
}

export function Dialog({
  title,
  onClose,
  children,
  hideTitle = false,
  wide = false,
  closeLabel = '关闭',
  sheet = false,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(dialog);
    syncInert();
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs.at(-1) !== dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'));
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items.at(-1)!;
      if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === dialog)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openDialogs.indexOf(dialog);
      if (index >= 0) openDialogs.splice(index, 1);
      syncInert();
      // A dialog closing under another one (a popup that opened first, say) leaves the focus where the
      // user is: only focus that was inside this dialog (now gone, so on <body>) is given back.
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused.isConnected && !dialog.contains(focused)) return;
      if (returnTo && returnTo.isConnected && !returnTo.closest('[inert]')) returnTo.focus();
      else openDialogs.at(-1)?.focus();
    };
  }, []);

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={['dialog', wide && 'dialog-wide', sheet && 'dialog-sheet'].filter(Boolean).join(' ')}
      >
        <h2 id={titleId} className={hideTitle ? 'visually-hidden' : undefined}>
          {title}
        </h2>
        {children}
        <button type="button" className="dialog-close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
          ×
        </button>
      </div>
    </div>,
    document.body,
  );
}
