/**
 * Web storage as the app uses it: possibly missing or blocked (private modes, sandboxed frames), possibly full,
 * and holding whatever an earlier build, another tab or a person wrote. Every reader and writer of JSON in
 * storage goes through here, so each of them treats a missing, blocked or damaged value the same way: as if
 * nothing were stored. A write that fails is reported, never thrown: what is stored is a convenience.
 */
import type * as z from 'zod/mini';

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

/** The text stored under `key`, or null: nothing stored, or storage missing or blocked. */
export function readText(storage: Pick<Storage, 'getItem'> | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Stored JSON text read as `schema` says, or undefined: nothing stored, not JSON, or not of that shape. For a
 * reader that keeps the text it parsed (to parse again only when it changes); others use `readJson`.
 */
export function parseJson<S extends z.ZodMiniType>(raw: string | null | undefined, schema: S): z.output<S> | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The JSON value stored under `key`, read as `schema` says, or `fallback` when there is none that fits. */
export function readJson<S extends z.ZodMiniType, F>(
  storage: Pick<Storage, 'getItem'> | undefined,
  key: string,
  schema: S,
  fallback: F,
): z.output<S> | F {
  const value = parseJson(readText(storage, key), schema);
  return value === undefined ? fallback : value;
}

/**
 * The items of a stored list that fit `schema`, each checked alone: one damaged entry (an older build's, a
 * person's edit) is skipped and the others are kept. Not an array: none.
 */
export function parseEach<S extends z.ZodMiniType>(list: unknown, schema: S): z.output<S>[] {
  if (!Array.isArray(list)) return [];
  const out: z.output<S>[] = [];
  for (const item of list) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** Stores `text` under `key`; false when storage is missing, full or blocked. */
export function writeText(storage: Pick<Storage, 'setItem'> | undefined, key: string, text: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Stores `value` as JSON under `key`; false when storage is missing, full or blocked. */
export const writeJson = (storage: Pick<Storage, 'setItem'> | undefined, key: string, value: unknown): boolean =>
  writeText(storage, key, JSON.stringify(value));

/** Removes `key`; false when storage is missing or blocked. */
export function removeStored(storage: Pick<Storage, 'removeItem'> | undefined, key: string): boolean {
  if (!storage) return false;
  try {
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
