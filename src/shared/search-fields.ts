/**
 * The building blocks of the routes' search schemas. Each feature writes the schemas of its own routes
 * (`route-search.ts` in the feature); these are the field rules they share, so a bad value falls back the
 * same way on every page instead of breaking it.
 */
import { parseSearchWith } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { isGarbled } from './chars';

/**
 * The address bar's values as the router reads them: JSON where a value is JSON (`true`, `[…]`, `"…"`), except
 * that a number is a number only when written as plain decimal digits. `1e2`, `0x20`, `1.0` or `-0` stay the
 * text they are, so no field reads them as a number the shopper never wrote (the URL's number rule, one owner
 * with `readPositiveWhole` below).
 */
export const parseSearchParams = parseSearchWith((value: string): unknown => {
  const parsed: unknown = JSON.parse(value);
  if (typeof parsed === 'number' && String(parsed) !== value) throw new SyntaxError('not a plain decimal number');
  return parsed;
});

/**
 * A positive whole number written in plain decimal digits (at most 9), as the URL gives it (a number, or its
 * text) or a form field does: anything else (`0`, `-3`, `1.5`, `1e2`, `0x20`, `[1]`, `abc`, ``) is undefined.
 * The one reader of the numbers a shopper or a link writes: pages, ids, the search's price bounds.
 */
export function readPositiveWhole(raw: unknown): number | undefined {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  const n = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  return n > 0 ? n : undefined;
}

/** A positive whole number, or nothing: `?page=0`, `?page=-3`, `?page=abc` or `?page=0x10` all read as "not given". */
export const optionalPositiveInt = z.catch(z.optional(z.pipe(z.transform(readPositiveWhole), z.number())), undefined);

/**
 * Free text: the router reads `?keyword=2077` as the number 2077, which is still the text the shopper typed.
 * Text holding U+FFFD (a broken percent-escape such as `%E4%A` decodes to it) is refused, so each field
 * falls back to its default instead of carrying garbage.
 */
export const text = z
  .union([
    z.string(),
    z.pipe(
      z.number(),
      z.transform((n) => String(n)),
    ),
  ])
  .check(z.refine((s) => !isGarbled(s)));

export const optionalText = z.catch(z.optional(text), undefined);

/** A route's `validateSearch` from its schema. */
export function parseSearch<S extends z.ZodMiniType>(schema: S) {
  return (raw: Record<string, unknown>): z.output<S> => schema.parse(raw);
}
