/** Web storage as the app reads it: possibly missing or blocked (private modes, sandboxed frames). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's storage, or undefined where it is missing or blocked. Every caller then works without it. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}
