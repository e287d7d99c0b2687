/**
 * The door to the dev inspector (src/dev-tools/): loaded only in `npm run dev`
 * and in mock builds. Vite replaces `import.meta.env.DEV` and
 * `import.meta.env.VITE_API_MODE` with literals at build time, so in a live
 * production build the condition is constant, the import below is dropped and
 * no dev-tools chunk is emitted (`npm run budgets` checks).
 */
import type * as DevTools from '../dev-tools';

export function loadDevInspector(): Promise<typeof DevTools | undefined> {
  if (!import.meta.env.DEV && import.meta.env.VITE_API_MODE === 'live') return Promise.resolve(undefined);
  return import('../dev-tools');
}
