// @vitest-environment node
/**
 * Most test files share one module graph per worker (vite.config.ts, docs/testing.md): a file that
 * replaces a module must run isolated, or its replacement reaches the files after it. This keeps
 * vite.config.ts's ISOLATED_TESTS list and the files that need it the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_TESTS } from '../../vite.config';

const ROOT = join(__dirname, '..', '..');
const REPLACES_MODULES = /\bvi\.(mock|doMock|resetModules)\(/;
/** React's server renderer, directly or through the build's prerender (src/app/prerender.tsx). */
const SERVER_RENDERS = /from '(react-dom\/(static|server)[^']*|(\.\.\/)+src\/app\/prerender)'/;

function testFiles(): string[] {
  return readdirSync(join(ROOT, 'tests'), { recursive: true, encoding: 'utf8' })
    .map((file) => `tests/${file.split('\\').join('/')}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('tests/e2e/'));
}

describe('test isolation', () => {
  it("runs every file that replaces modules or renders with React's server renderer in the isolated project, and only those", () => {
    // This file names what it looks for, so it is left out of its own search.
    const needing = testFiles().filter((file) => {
      if (file === 'tests/lint/test-isolation.test.ts') return false;
      const text = readFileSync(join(ROOT, file), 'utf8');
      return REPLACES_MODULES.test(text) || SERVER_RENDERS.test(text);
    });
    expect(needing.sort()).toEqual([...ISOLATED_TESTS].sort());
  });
});
