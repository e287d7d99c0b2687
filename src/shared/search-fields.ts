/**
 * The building blocks of the routes' search schemas. Each feature writes the schemas of its own routes
 * (`route-search.ts` in the feature); these are the field rules they share, so a bad value falls back the
 * same way on every page instead of breaking it.
 */
import * as z from 'zod/mini';
import { isGarbled } from './chars';

/** A positive whole number, or nothing: `?page=0`, `?page=-3` or `?page=abc` all read as "not given". */
export const optionalPositiveInt = z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined);

/**
 * Free text: the router reads `?keyword=2077` as the number 2077, which is still the text the shopper typed.
 * Text holding U+FFFD (a broken percent-escape such as `%E4%A` decodes to it) is refused, so each field
 * falls back to its default instead of carrying garbage.
 */
export const text = z.union([z.string(), z.pipe(z.number(), z.transform((n) => String(n)))]).check(z.refine((s) => !isGarbled(s)));

export const optionalText = z.catch(z.optional(text), undefined);

/** A route's `validateSearch` from its schema. */
export function parseSearch<S extends z.ZodMiniType>(schema: S) {
  return (raw: Record<string, unknown>): z.output<S> => schema.parse(raw);
}
