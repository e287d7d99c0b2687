// @vitest-environment node
/**
 * docs/testing.md, "Tests by feature": every test file appears under at least one feature, and every file listed
 * exists, so a person who changes one feature finds all its tests in one step and the index cannot go stale.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DOC = readFileSync(resolve(ROOT, 'docs/testing.md'), 'utf8');
const section = DOC.slice(
  DOC.indexOf('## Tests by feature'),
  DOC.indexOf('\n## ', DOC.indexOf('## Tests by feature') + 1),
);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.(test\.tsx?|spec\.ts)$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

describe('the per-feature test index in docs/testing.md', () => {
  const listed = new Set([...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]!));
  const features = [...section.matchAll(/^### (.+)$/gm)].map((m) => m[1]!);

  it('has a section per feature, the wishlist among them', () => {
    expect(features.length).toBeGreaterThanOrEqual(8);
    expect(features.some((name) => name.startsWith('Wishlist'))).toBe(true);
  });

  it('lists every test file', () => {
    expect(testFiles(resolve(ROOT, 'tests')).filter((file) => !listed.has(file))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect([...listed].filter((file) => !existsSync(resolve(ROOT, file)))).toEqual([]);
  });
});
