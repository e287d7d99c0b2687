// @vitest-environment node
/**
 * Every reason lives in the repository (CONTRIBUTING.md): a comment, test or doc that needs a why points at a
 * decision record, a doc section or a spec-map row, never at "issue 34" of a tracker a clone does not have.
 * A public project's own tracker, named with its repository (`statelyai/xstate-tools issue 501`), may be cited.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PLACES = [
  'src',
  'machines',
  'tests',
  'docs',
  'scripts',
  'server',
  'bench',
  'deploy',
  'public',
  'README.md',
  'CONTRIBUTING.md',
  'vite.config.ts',
  'playwright.config.ts',
  'playwright.windows.config.ts',
  'eslint.config.js',
  'index.html',
];
const TEXT = /\.(ts|tsx|js|mjs|css|html|md|json|sh)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'screens']);

/** "issue 34", "Issues 31 and 32", "issue #7" — but not "owner/repo issue 501". */
const TRACKER_REFERENCE = /(?<![\w.-]+\/[\w.-]+ )\bissues? #?\d+/gi;

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (statSync(full, { throwIfNoEntry: false }) === undefined) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => (SKIPPED_DIRS.has(name) ? [] : files(join(path, name))));
}

/** `path:line: text` for each reference to an outside tracker in `text`. */
export function trackerReferences(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      line.match(TRACKER_REFERENCE) ? [`${path}:${index + 1}: ${line.trim().slice(0, 120)}`] : [],
    );
}

describe('reasons inside the repository', () => {
  it('finds "issue NN" however it is written, and lets a named public repository through', () => {
    expect(trackerReferences('a.ts', '// the popup (issue 34)\n// Issues 31 and 32\n// see issue #7')).toHaveLength(3);
    expect(
      trackerReferences('a.md', 'as statelyai/xstate-tools issue 501 says; issueAutoLoginToken; 3 issued'),
    ).toEqual([]);
  });

  it('no code, test, script or doc cites an issue tracker', () => {
    const found = PLACES.flatMap(files)
      .filter((path) => TEXT.test(path) && path !== 'tests/lint/reasons.test.ts')
      .flatMap((path) => trackerReferences(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(found, 'write the reason into a decision record or a doc, and point there').toEqual([]);
  });
});
