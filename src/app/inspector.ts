/**
 * Opt-in Stately inspector for `npm run dev:inspect` (VITE_INSPECT=1): every
 * actor of the root system shows up live at stately.ai/inspect.
 *
 * Vite replaces `import.meta.env.VITE_INSPECT` with a literal at build time,
 * so in normal builds the condition is constant and the dynamic import (and the
 * @statelyai/inspect chunk) is dropped.
 */
import type { InspectionFn } from './root-actor';

export async function loadInspector(): Promise<InspectionFn | undefined> {
  if (import.meta.env.VITE_INSPECT !== '1') return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
