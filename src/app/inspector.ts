/**
 * The root actor's `inspect` observer, if any:
 *
 * - dev and mock builds: the offline inspector's recording (src/dev-tools/, its
 *   panel opened from /demo or with Alt+Shift+I), loaded through
 *   src/shared/dev-inspector.ts, which live builds drop;
 * - `npm run dev:inspect` (VITE_INSPECT=1): also the Stately inspector, every
 *   actor of the root system live at stately.ai/inspect.
 *
 * Vite replaces `import.meta.env.VITE_INSPECT` with a literal at build time,
 * so in normal builds the condition is constant and the dynamic import (and the
 * @statelyai/inspect chunk) is dropped.
 */
import { loadDevInspector } from '../shared/dev-inspector';
import type { InspectionEvent } from 'xstate';
import type { InspectionFn } from './root-actor';

async function loadStatelyInspector(): Promise<InspectionFn | undefined> {
  if (import.meta.env.VITE_INSPECT !== '1') return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

export async function loadInspector(): Promise<InspectionFn | undefined> {
  // A live production build: constant, so the rest (and src/dev-tools) is dropped.
  if (!import.meta.env.DEV && import.meta.env.VITE_API_MODE === 'live') return loadStatelyInspector();
  const [stately, devTools] = await Promise.all([loadStatelyInspector(), loadDevInspector().catch(() => undefined)]);
  return bothInspectors(devTools?.startInspectorSession(), stately);
}

/**
 * One `inspect` observer that tells both (either may be missing).
 * @internal
 */
export function bothInspectors(
  first: InspectionFn | undefined,
  second: InspectionFn | undefined,
): InspectionFn | undefined {
  if (!first || !second) return first ?? second;
  const tell = (observer: InspectionFn, event: InspectionEvent) =>
    typeof observer === 'function' ? observer(event) : observer.next?.(event);
  return (event) => {
    tell(first, event);
    tell(second, event);
  };
}
