import { describe, expect, it } from 'vitest';
import {
  RECENT_SEARCH_KEY,
  RECENT_SEARCH_MAX,
  addRecentSearch,
  clearRecentSearches,
  mergeRecentSearches,
  readRecentSearches,
} from '../../../src/features/catalog/recent-searches';

describe('recent searches kept in this browser', () => {
  it('keeps keywords newest first, trimmed, without duplicates', () => {
    addRecentSearch('星砂');
    addRecentSearch('  赛车 ');
    addRecentSearch('星砂');
    expect(readRecentSearches().keywords).toEqual(['星砂', '赛车']);
  });

  it('ignores empty and over-long keywords', () => {
    addRecentSearch('   ');
    addRecentSearch('长'.repeat(51));
    expect(readRecentSearches().keywords).toEqual([]);
  });

  it('never keeps a keyword holding U+FFFD (what a broken percent-escape decodes to)', () => {
    addRecentSearch('\uFFFD%A');
    expect(readRecentSearches().keywords).toEqual([]);
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: ['\uFFFD%A', '好词'] }));
    expect(readRecentSearches().keywords).toEqual(['好词']);
  });

  // Found by probing the money path (docs/decisions/0019-money-path-trust-and-budget.md): a right-to-left override was kept, and showed the remembered keyword backwards.
  it('keeps no invisible format character: a bidirectional override or a zero-width space is dropped, and a keyword of only these is none', () => {
    addRecentSearch('\u202e星砂\u202c');
    addRecentSearch('\u200b');
    addRecentSearch('赛\u2066车\u2069\ufeff');
    expect(readRecentSearches().keywords).toEqual(['赛车', '星砂']);
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: ['\u202e好词', '\u200b'] }));
    expect(readRecentSearches().keywords).toEqual(['好词']);
  });

  it('counts characters, not UTF-16 units, against the length limit', () => {
    addRecentSearch('𠮷'.repeat(50));
    expect(readRecentSearches().keywords).toEqual(['𠮷'.repeat(50)]);
  });

  it(`keeps at most ${RECENT_SEARCH_MAX}`, () => {
    for (let i = 1; i <= RECENT_SEARCH_MAX + 3; i += 1) addRecentSearch(`词${i}`);
    const { keywords } = readRecentSearches();
    expect(keywords).toHaveLength(RECENT_SEARCH_MAX);
    expect(keywords[0]).toBe(`词${RECENT_SEARCH_MAX + 3}`);
  });

  it('ignores a stored value that is not valid, and drops invalid entries of a valid one', () => {
    localStorage.setItem(RECENT_SEARCH_KEY, '{not json');
    expect(readRecentSearches().keywords).toEqual([]);
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: 'oops' }));
    expect(readRecentSearches().keywords).toEqual([]);
    localStorage.setItem(RECENT_SEARCH_KEY, JSON.stringify({ keywords: ['好词', 42, '', null, '好词', '<b>x</b>'] }));
    expect(readRecentSearches().keywords).toEqual(['好词', '<b>x</b>']);
  });

  it('clears the local list and hides the server keywords shown at the time', () => {
    addRecentSearch('本地');
    clearRecentSearches(['服务器']);
    const state = readRecentSearches();
    expect(state.keywords).toEqual([]);
    expect(mergeRecentSearches(state, ['服务器', '新的'])).toEqual(['新的']);
  });

  it('shows a hidden server keyword again once the user searches for it', () => {
    clearRecentSearches(['服务器']);
    addRecentSearch('服务器');
    expect(mergeRecentSearches(readRecentSearches(), ['服务器'])).toEqual(['服务器']);
  });

  it('merges local keywords first, then the server ones, without duplicates', () => {
    addRecentSearch('乙');
    addRecentSearch('甲');
    expect(mergeRecentSearches(readRecentSearches(), ['乙', '丙'])).toEqual(['甲', '乙', '丙']);
  });
});
