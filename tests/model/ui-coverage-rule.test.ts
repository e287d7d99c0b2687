// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { uiCoverageProblems, type UiCoverageFile } from '../support/model';

const T_CLOSE_ALL = '(modal) --modal.closeAll--> idle';
const T_OPEN = 'idle --modal.open--> opening';

function report(missing: string[], declared: Record<string, string>): UiCoverageFile {
  return {
    machine: 'modal',
    states: { covered: 3, total: 3, missing: [] },
    transitions: { covered: 6 - missing.length, total: 6, missing },
    items: 11,
    replayed: 3,
    undrivable: { 'only the expiry prompt sends it': 8 },
    unreachable: { states: {}, transitions: declared },
  };
}

describe('the UI coverage rule', () => {
  it('passes when exactly the declared transitions are missing', () => {
    expect(uiCoverageProblems(report([T_CLOSE_ALL], { [T_CLOSE_ALL]: 'only the expiry prompt sends it' }))).toEqual([]);
  });

  it('fails on a transition the UI replay missed without a declaration', () => {
    expect(
      uiCoverageProblems(report([T_CLOSE_ALL, T_OPEN], { [T_CLOSE_ALL]: 'only the expiry prompt sends it' })),
    ).toEqual([`the UI replay misses ${T_OPEN}`]);
  });

  it('fails on a declaration the UI replay disproved by reaching it', () => {
    expect(uiCoverageProblems(report([], { [T_CLOSE_ALL]: 'only the expiry prompt sends it' }))).toEqual([
      `declared unreachable from the UI but reached: ${T_CLOSE_ALL}`,
    ]);
  });

  it('counts missing states the same way', () => {
    const file = report([], {});
    file.states.missing = ['modal.opening'];
    expect(uiCoverageProblems(file)).toEqual(['the UI replay misses modal.opening']);
  });
});
