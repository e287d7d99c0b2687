/**
 * The search keyword's rules: one owner for the header search box, the
 * `/search?keyword=` schema (src/app/search-params.ts) and the recent
 * searches (src/features/catalog/recent-searches.ts).
 *
 * - At most KEYWORD_MAX_LENGTH characters, counted as characters (code
 *   points), so 𠮷 counts once and is never cut in half. A longer keyword
 *   would make a URL that servers refuse on reload (each Chinese character
 *   is 9 bytes percent-encoded). The box keeps the first 50 characters of
 *   longer typed or pasted text, and its suggestion panel says so
 *   (KEYWORD_TOO_LONG, src/features/catalog/search-suggestions.tsx).
 * - Never text holding U+FFFD: that is what a broken percent-escape
 *   (`%E4%A`) or invalid UTF-8 decodes to, never what a shopper typed.
 */
export const KEYWORD_MAX_LENGTH = 50;

const REPLACEMENT_CHARACTER = '\uFFFD';

/** Text a decoder could not read (it holds U+FFFD): neither searched nor remembered. */
export const isGarbled = (text: string): boolean => text.includes(REPLACEMENT_CHARACTER);

/** The first KEYWORD_MAX_LENGTH characters of `text` (all of it when shorter). */
export function limitKeyword(text: string): string {
  const chars = Array.from(text);
  return chars.length > KEYWORD_MAX_LENGTH ? chars.slice(0, KEYWORD_MAX_LENGTH).join('') : text;
}
