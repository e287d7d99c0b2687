/**
 * The one owner of what counts as a secret in what the app writes out (error
 * reports, src/features/marketing/error-reporting.ts; the dev inspector's
 * contexts and session logs, src/dev-tools/): the session's token wherever it
 * appears, `token` / `sessionCode` / `code` values in URLs, and any field whose
 * name says token, authorization, cookie, password or ID number become
 * `[Filtered]`.
 */

export interface ScrubOptions {
  /** A field's own replacement (e.g. a phone number masked as the UI masks it); `undefined` leaves the field to the rules. */
  field?: (key: string, value: unknown) => unknown;
}

/** @internal */
export const FILTERED = '[Filtered]';
const SECRET_FIELD = /token|authorization|cookie|password|passwd|secret|idcard|sessioncode|smscode/i;
const SECRET_QUERY = /([?&#;](?:token|sessionCode|code|appToken)=)[^&#;\s"']*/gi;
/** The same names as JSON fields inside a string (a logged request body). */
const SECRET_JSON = /("(?:token|sessionCode|code|appToken|idCardNo|password)"\s*:\s*")(?:[^"\\]|\\.)*"/gi;

/**
 * A copy of `value` with secrets replaced by `[Filtered]`: the given secret
 * strings (the current token) anywhere in a string, secret query values in
 * URLs, and whole fields whose name marks them as secret.
 */
export function scrubSecrets<T>(
  value: T,
  secrets: readonly (string | undefined)[] = [],
  options: ScrubOptions = {},
): T {
  const known = secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4);
  const seen = new WeakMap<object, unknown>();
  // `serialised`: the item is what a toJSON returned, which JSON.stringify does not ask again (XState's may return itself).
  const walk = (item: unknown, serialised = false): unknown => {
    if (typeof item === 'string') {
      let text = item.replace(SECRET_QUERY, `$1${FILTERED}`).replace(SECRET_JSON, `$1${FILTERED}"`);
      for (const secret of known) text = text.split(secret).join(FILTERED);
      return text;
    }
    if (typeof item !== 'object' || item === null) return item;
    if (seen.has(item)) return seen.get(item);
    // An object that says how it serialises (an actor reference, a date) is scrubbed as that.
    const toJSON = (item as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function' && !serialised) {
      const copy = walk(toJSON.call(item), true);
      seen.set(item, copy);
      return copy;
    }
    if (Array.isArray(item)) {
      const copy: unknown[] = [];
      seen.set(item, copy);
      for (const entry of item) copy.push(walk(entry));
      return copy;
    }
    if (item instanceof Error) {
      const copy = new Error(walk(item.message) as string);
      copy.name = item.name;
      if (item.stack) copy.stack = walk(item.stack) as string;
      seen.set(item, copy);
      return copy;
    }
    const copy: Record<string, unknown> = {};
    seen.set(item, copy);
    for (const [key, entry] of Object.entries(item)) {
      const own = entry == null ? undefined : options.field?.(key, entry);
      copy[key] = own !== undefined ? own : SECRET_FIELD.test(key) && entry != null ? FILTERED : walk(entry);
    }
    return copy;
  };
  return walk(value) as T;
}
