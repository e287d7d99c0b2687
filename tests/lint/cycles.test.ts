// @vitest-environment node
/**
 * `npm run lint` runs scripts/cycles.ts over the repository; these tests show the check finds a cycle through
 * any kind of import, so a check that silently stops firing is caught.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importsOf } from '../../scripts/cycles';

const ROOT = resolve(import.meta.dirname, '../..');

describe('npm run lint: no import cycles', () => {
  it('reads static, type-only and dynamic relative imports, and ignores packages', () => {
    const from = resolve(ROOT, 'src/api/http.ts');
    const source = [
      "import type { ApiError } from './errors';",
      "import { config } from '../shared/env';",
      "import axios from 'axios';",
      "const later = () => import('./transport');",
    ].join('\n');
    expect(importsOf(from, source).map((path) => path.slice(ROOT.length + 1))).toEqual([
      'src/api/errors.ts',
      'src/shared/env.ts',
      'src/api/transport.ts',
    ]);
  });

  it('reports each loop once, as a chain back to its start', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    const cycles = importCycles(graph);
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(['e', 'e']);
    const loop = cycles.find((cycle) => cycle.length === 4)!;
    expect(loop[0]).toBe(loop.at(-1));
    expect(new Set(loop)).toEqual(new Set(['a', 'b', 'c']));
  });

  it('finds none in a graph without loops', () => {
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});
