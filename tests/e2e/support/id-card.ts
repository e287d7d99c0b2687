/**
 * Test identities for the real-name form: 17 digits and the GB 11643 check
 * character ('10X98765432'[Σ dᵢ·wᵢ mod 11], wᵢ = 2^(17−i) mod 11). Computed
 * here rather than imported from src/ so the journey checks the app's rule
 * against an independent implementation.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

function gb11643CheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error(`Expected 17 digits, got ${first17}`);
  const sum = [...first17].reduce((acc, digit, i) => acc + Number(digit) * WEIGHTS[i]!, 0);
  return CHECK_CHARS[sum % 11]!;
}

/** A valid 18-character ID: Beijing Chaoyang, born 1949-12-31, sequence 002 by default. */
export function testIdCard(base = '11010519491231002'): string {
  return `${base}${gb11643CheckChar(base)}`;
}

/** A name the form accepts (2–20 Chinese characters). */
export const TEST_REAL_NAME = '张三丰';
