/**
 * Toast messages (spec section 9): types info, success, error, warning,
 * loading; 3 s by default; shown 100 px from the top by <Toaster/>. A tiny
 * external store so that machines' actions and components can both call it.
 */
type ToastType = 'info' | 'success' | 'error' | 'warning' | 'loading';

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
  /** ms; 0 keeps it until dismissed */
  duration: number;
}

/** @internal */
export const TOAST_DURATION_MS = 3000;
export const TOAST_TOP_PX = 100;

type Listener = () => void;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function showToast(type: ToastType, text: string, duration = type === 'loading' ? 0 : TOAST_DURATION_MS): number {
  const id = nextId++;
  toasts = [...toasts, { id, type, text, duration }];
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  emit();
  return id;
}

export const toast = {
  info: (text: string, duration?: number) => showToast('info', text, duration),
  success: (text: string, duration?: number) => showToast('success', text, duration),
  error: (text: string, duration?: number) => showToast('error', text, duration),
  warning: (text: string, duration?: number) => showToast('warning', text, duration),
  loading: (text: string, duration?: number) => showToast('loading', text, duration),
  dismiss: dismissToast,
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

/**
 * Test helper: forget every toast and timer.
 * @internal
 */
export function resetToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts = [];
  emit();
}
