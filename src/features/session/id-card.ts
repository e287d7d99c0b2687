/**
 * Chinese resident ID numbers (GB 11643-1999): 17 digits and a check
 * character. The check character is `'10X98765432'[Σ(digit_i × w_i) mod 11]`
 * with the weights `w_i = 2^(17 - i) mod 11` (7 9 10 5 8 4 2 1 6 3 7 9 10 5 8
 * 4 2). Used to reject typing mistakes before the real-name request.
 *
 * These functions take the number as the form sends it: normalise what was
 * typed with `normalizeIdCard` (src/features/session/session-input.ts, spaces, full-width
 * digits, a lower-case x) first.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

/** The check character for 17 digits; throws for anything else. */
export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('Expected 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** Which check an ID number fails first, so the form can say which (docs/session.md). */
export type IdCardProblem = 'length' | 'characters' | 'region' | 'date' | 'check';

/**
 * The first problem with an ID number, or null: 18 characters; 17 digits then a digit or an upper-case X;
 * a non-zero region code; a plausible birth date (YYYYMMDD at positions 7–14, not in the future); the
 * check character.
 */
export function idCardProblem(id: string, now: Date = new Date()): IdCardProblem | null {
  if ([...id].length !== 18) return 'length';
  if (!/^\d{17}[\dX]$/.test(id)) return 'characters';
  if (id.startsWith('0')) return 'region';
  if (!isBirthDate(id.slice(6, 14), now)) return 'date';
  if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return 'check';
  return null;
}

function isBirthDate(yyyymmdd: string, now: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1800) return false;
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return false;
  return date.getTime() <= now.getTime();
}
