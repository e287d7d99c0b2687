/**
 * Third-party scripts never block rendering: they are added as `async`
 * script tags after the first paint, once per URL, and a failure to load is
 * only reported to the caller (the store works without them).
 */

/** Runs `task` after the browser has painted the first frame (two animation frames, then a macrotask). */
export function afterFirstPaint(
  task: () => void,
  win: Pick<Window, 'requestAnimationFrame' | 'setTimeout'> = window,
): void {
  if (typeof win.requestAnimationFrame !== 'function') {
    win.setTimeout(task, 0);
    return;
  }
  win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(task, 0)));
}

export interface LoadScriptOptions {
  /** identifies the tag, so a second load of the same script reuses it */
  id: string;
  doc?: Document;
}

/**
 * Adds `<script async src>` to <head> and resolves when it has loaded
 * (rejects on a load error). A script with the same id is added only once.
 */
export function loadScript(src: string, { id, doc = document }: LoadScriptOptions): Promise<void> {
  const existing = doc.getElementById(id);
  if (existing instanceof HTMLScriptElement) {
    if (existing.dataset.loaded === 'true') return Promise.resolve();
    return new Promise((resolve, reject) => {
      existing.addEventListener('load', () => resolve(), { once: true });
      existing.addEventListener('error', () => reject(new Error(`Failed to load script ${src}`)), { once: true });
    });
  }
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.id = id;
    script.async = true;
    script.src = src;
    // Third-party hosts get no referrer beyond the origin.
    script.referrerPolicy = 'strict-origin-when-cross-origin';
    script.addEventListener(
      'load',
      () => {
        script.dataset.loaded = 'true';
        resolve();
      },
      { once: true },
    );
    script.addEventListener('error', () => reject(new Error(`Failed to load script ${src}`)), { once: true });
    doc.head.appendChild(script);
  });
}

/**
 * Ad attribution adapter (off unless VITE_AD_SCRIPT_URL is set): the ad
 * platform's conversion script only needs to be on the page; it reads the
 * landing URL itself. Our own attribution (bid, `adan`) does not depend on it.
 * Returns whether the script was scheduled.
 */
export function startAdAttribution({
  scriptUrl,
  load = (src) =>
    afterFirstPaint(
      () =>
        void loadScript(src, { id: 'ad-attribution-script' }).catch((error: unknown) =>
          console.warn('[ads] script failed to load', error),
        ),
    ),
}: {
  scriptUrl: string | undefined;
  load?: (src: string) => void;
}): boolean {
  if (!scriptUrl) return false;
  load(scriptUrl);
  return true;
}
