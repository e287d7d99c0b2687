/**
 * Text counted in characters as a person counts them (code points: 𠮷 is one, not two UTF-16 units), for the
 * limits a shopper is told (the search keyword's 50, 退款 补充说明's 200). Its own module: the header's search box
 * is on the first paint, and ./format.ts is not.
 */

/** How many characters `text` has. */
export const charCount = (text: string): number => Array.from(text).length;

/** The first `max` characters of `text`, so a character is never cut in half. */
export const firstChars = (text: string, max: number): string => Array.from(text).slice(0, max).join('');

const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * Text a decoder could not read (it holds U+FFFD, what a broken percent-escape or invalid UTF-8 decodes to):
 * never what a person typed, so no field of a URL and no remembered keyword keeps it.
 */
export const isGarbled = (text: string): boolean => text.includes(REPLACEMENT_CHARACTER);
