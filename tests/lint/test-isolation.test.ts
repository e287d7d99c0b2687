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

function testFiles(): string[] {
  return readdirSync(join(ROOT, 'tests'), { recursive: true, encoding: 'utf8' })
    .map((file) => `tests/${file.split('\\').join('/')}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('tests/e2e/'));
}

describe('test isolation', () => {
  it('runs every file that replaces modules in the isolated project, and only those', () => {
    // This file names the calls it looks for, so it is left out of its own search.
    const replacing = testFiles().filter((file) => file !== 'tests/lint/test-isolation.test.ts' && REPLACES_MODULES.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(replacing.sort()).toEqual([...ISOLATED_TESTS].sort());
  });
});
