/**
 * The search keyword's rules: one owner for the header search box (shell), the
 * `/search?keyword=` schema and the recent searches (catalog: route-search.ts, recent-searches.ts).
 * In src/shared because both features apply them, and the shell must not import the catalogue.
 *
 * - At most KEYWORD_MAX_LENGTH characters, counted as characters (code
 *   points), so 𠮷 counts once and is never cut in half. A longer keyword
 *   would make a URL that servers refuse on reload (each Chinese character
 *   is 9 bytes percent-encoded). The box keeps the first 50 characters of
 *   longer typed or pasted text, and its suggestion panel says so
 *   (KEYWORD_TOO_LONG, src/features/catalog/search-suggestions.tsx).
 * - Never text holding U+FFFD (`isGarbled`, src/shared/chars.ts): that is what a broken percent-escape
 *   (`%E4%A`) or invalid UTF-8 decodes to, never what a shopper typed.
 * - Without invisible format characters: zero-width spaces, word joiners, the
 *   byte-order mark and the bidirectional marks and overrides (U+202E would
 *   show a remembered keyword backwards). A keyword of only these is no
 *   keyword. The zero-width joiners stay: emoji sequences need them.
 */
import { charCount, firstChars } from './chars';

export const KEYWORD_MAX_LENGTH = 50;

// U+200B zero-width space, U+200E/F direction marks, U+202A–E embeddings and overrides, U+2060–4 word joiner
// and invisible operators, U+2066–9 isolates, U+FEFF byte-order mark.
const INVISIBLE = /[\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** `text` without its invisible format characters. */
export const dropInvisible = (text: string): string => text.replace(INVISIBLE, '');

/** Whether `text` has more than KEYWORD_MAX_LENGTH characters that count (the box then says it kept the first ones). */
export const isKeywordCut = (text: string): boolean => charCount(dropInvisible(text)) > KEYWORD_MAX_LENGTH;

/** The keyword kept of typed, pasted or linked `text`: its invisible format characters dropped, then its first KEYWORD_MAX_LENGTH characters. */
export const normalizeKeyword = (text: string): string => firstChars(dropInvisible(text), KEYWORD_MAX_LENGTH);
