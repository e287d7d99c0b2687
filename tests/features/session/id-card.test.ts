import { describe, expect, it } from 'vitest';
import { idCardCheckChar, idCardProblem } from '../../../src/features/session/id-card';
import { maskIdCard } from '../../../src/shared/mask-identity';

const withCheck = (first17: string) => `${first17}${idCardCheckChar(first17)}`;

describe('GB 11643 ID numbers', () => {
  it('computes the check character from the first 17 digits, X standing for 10', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('11010119900307447')).toBe('7');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
  });

  it('refuses anything but 17 digits when computing a check character', () => {
    expect(() => idCardCheckChar('1101051949123100')).toThrow('Expected 17 digits');
    expect(() => idCardCheckChar('1101051949123100A')).toThrow('Expected 17 digits');
  });

  it.each(['11010519491231002X', '110101199003074477', '440524188001010014'])('accepts %s', (id) => {
    expect(idCardProblem(id)).toBeNull();
  });

  it.each([
    ['a wrong check character', '110101199003074478', 'check'],
    ['17 characters', '11010119900307447', 'length'],
    ['19 characters', '1101011990030744770', 'length'],
    ['a letter other than X', '11010119900307447A', 'characters'],
    ['an X before the end', '1101011990030X4477', 'characters'],
    ['a region code starting with 0 (with a valid check character)', withCheck('01010119900307447'), 'region'],
    ['a birth date that does not exist (with a valid check character)', withCheck('11010119900230447'), 'date'],
    ['an empty string', '', 'length'],
    // What a shopper types is normalised first (normalizeIdCard in src/features/session/session-input.ts); these are not.
    ['a lower-case x (not normalised)', '11010519491231002x', 'characters'],
    ['surrounding spaces (not normalised)', ' 110101199003074477 ', 'length'],
  ])('rejects %s, saying which check failed', (_what, id, problem) => {
    expect(idCardProblem(id)).toBe(problem);
  });

  it('rejects a birth date in the future', () => {
    const id = withCheck('11010120300101001');
    expect(idCardProblem(id, new Date(2026, 0, 1))).toBe('date');
    expect(idCardProblem(id, new Date(2031, 0, 1))).toBeNull();
  });

  it('masks all but the first and last four characters', () => {
    expect(maskIdCard('110101199003074477')).toBe('1101**********4477');
  });
});
