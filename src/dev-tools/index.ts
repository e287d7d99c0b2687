/**
 * The dev inspector's door (dev and mock builds only). Load it with a dynamic
 * import through `loadDevInspector()` (src/shared/dev-inspector.ts), never
 * statically: a live production build must not contain it (`npm run budgets`
 * checks).
 */
export { startInspectorSession, toggleInspectorPanel } from './inspector-session';
