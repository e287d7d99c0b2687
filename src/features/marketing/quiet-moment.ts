/**
 * When a promotion may interrupt: not before the page has loaded, and not while the shopper is acting.
 * The daily coupon popup waits for this before it asks the server for its coupons, so a shopper who
 * clicks, types or scrolls in the first moments of a visit meets what they asked for, not a popup
 * (docs/decisions/0011-modal-priorities.md; docs/decisions/0011-modal-priorities.md). A popup that never finds a quiet moment on this
 * page view is not shown, and so not recorded: a later page view may show it.
 */

/** Gestures that show the shopper is busy; each one starts the quiet period again. */
const GESTURES = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'input'] as const;

/** How long the shopper must leave the page alone before the popup may come. */
const POPUP_QUIET_MS = 2500;

/** Calls `onGesture` on each of the shopper's gestures (in the capture phase, so none is missed); returns the unsubscribe. */
function listenToGestures(onGesture: () => void): () => void {
  for (const type of GESTURES) window.addEventListener(type, onGesture, { capture: true, passive: true });
  return () => {
    for (const type of GESTURES) window.removeEventListener(type, onGesture, true);
  };
}

/** Resolves once the document has loaded (at once outside a browser, or when it already has). */
function pageLoaded(signal: AbortSignal): Promise<void> {
  if (typeof window === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    window.addEventListener(
      'load',
      () => {
        signal.removeEventListener('abort', abort);
        resolve();
      },
      { once: true },
    );
    signal.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Resolves after the page has loaded and then `quietMs` have passed without a gesture; rejects on abort.
 * @internal
 */
export async function quietMoment(signal: AbortSignal, quietMs: number = POPUP_QUIET_MS): Promise<void> {
  await pageLoaded(signal);
  signal.throwIfAborted();
  if (typeof window === 'undefined' || quietMs <= 0) return;
  await new Promise<void>((resolve, reject) => {
    let timer = window.setTimeout(done, quietMs);
    const stopListening = listenToGestures(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(done, quietMs);
    });
    function cleanup() {
      window.clearTimeout(timer);
      stopListening();
      signal.removeEventListener('abort', abort);
    }
    function done() {
      cleanup();
      resolve();
    }
    function abort() {
      cleanup();
      reject(signal.reason);
    }
    signal.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Runs `work` (the popup's call) in a quiet moment, and resolves with its result in one too: a gesture made
 * while the call was out means the shopper is acting again, so the result waits for the next quiet moment
 * instead of opening over what they are doing.
 */
export async function inQuietMoment<T>(
  signal: AbortSignal,
  work: () => Promise<T>,
  quietMs: number = POPUP_QUIET_MS,
): Promise<T> {
  await quietMoment(signal, quietMs);
  if (typeof window === 'undefined' || quietMs <= 0) return work();
  let acted = false;
  const stopListening = listenToGestures(() => {
    acted = true;
  });
  let result: T;
  try {
    result = await work();
  } finally {
    stopListening();
  }
  if (acted) await quietMoment(signal, quietMs);
  return result;
}
