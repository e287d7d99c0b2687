/**
 * What a build-time render (src/app/prerender.tsx, docs/prerendering.md) learns from the app as it renders,
 * where no effect runs: the page's own head (`usePageHead`, src/features/shell/page-head.ts), the site's origin
 * for its absolute URLs, and the calls that failed and answered their endpoint's fallback (such a page is not
 * written: the API layer tells whoever listens, `listenToFallbacks` in src/api/http.ts, and this module listens,
 * so the API layer never imports src/shared beyond env.ts). Only a build's render (Vite's SSR loader, `import.meta.env.SSR`) and the tests (mode
 * `test`) listen: in the browser's bundle `BUILD_RENDER` is `false` and the code behind it goes.
 */
import { listenToFallbacks } from '../api/http';
import { BUILD_RENDER } from './env';

export { BUILD_RENDER };

export interface BuildRenderListener {
  /** the site's origin (`VITE_SITE_URL`): a build's window is not the site's */
  origin: string;
  /** the page's own head (a `PageHead`, src/features/shell/page-head.ts), as its effect would have written it (the last call wins) */
  pageHead: (page: object) => void;
  /** a call failed and answered its endpoint's fallback */
  fallback: (endpoint: string, message: string) => void;
}

let listener: BuildRenderListener | null = null;

/** The render's listener while a build renders a page (one page at a time); null otherwise. */
export function buildRenderListener(): BuildRenderListener | null {
  return BUILD_RENDER ? listener : null;
}

/** Starts listening for one page's render; returns what stops. */
export function listenToBuildRender(next: BuildRenderListener): () => void {
  listener = next;
  const stopFallbacks = listenToFallbacks(next.fallback);
  return () => {
    stopFallbacks();
    if (listener === next) listener = null;
  };
}
