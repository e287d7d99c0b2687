// @vitest-environment node
/**
 * docs/spec-map.md takes a reader from a spec line to its code and its proof in two hops. These tests
 * keep it true: every file it names exists, and every test it names is a test in that file that runs (a
 * skipped, fixme or todo test proves nothing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableCells } from '../support/markdown-table';
import { findTest } from './test-declarations';

const ROOT = resolve(import.meta.dirname, '../..');
const MAP = readFileSync(resolve(ROOT, 'docs/spec-map.md'), 'utf8');
const SECTIONS = [
  '2. Screens and routes',
  '4. States and transitions',
  '5. Validation rules',
  '8. The error catalogue',
  '9. Business constants and limits',
];

interface Row {
  section: string;
  line: string;
  implementedIn: string[];
  provedBy: { file: string; title: string }[];
  unproved: string | null;
}

function rows(): Row[] {
  const found: Row[] = [];
  let section = '';
  for (const text of MAP.split('\n')) {
    const heading = /^## (.+)$/.exec(text);
    if (heading) section = heading[1]!.trim();
    if (!text.startsWith('| ') || text.startsWith('| Spec line') || text.startsWith('| ---')) continue;
    const cells = tableCells(text);
    expect(cells, `a row of three cells: ${text}`).toHaveLength(3);
    const [line, implemented, proved] = cells as [string, string, string];
    const implementedIn = [...implemented.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const unproved = proved.startsWith('none:') ? proved : null;
    const provedBy = unproved
      ? []
      : proved.split('<br>').map((item) => {
          const match = /^`([^`]+)` › (.+)$/.exec(item.trim());
          expect(match, `a proof is \`file\` › title: ${item}`).not.toBeNull();
          return { file: match![1]!, title: match![2]!.trim() };
        });
    found.push({ section, line, implementedIn, provedBy, unproved });
  }
  return found;
}

describe('docs/spec-map.md', () => {
  const all = rows();

  it('maps each of sections 2, 4, 5, 8 and 9 of the spec', () => {
    for (const section of SECTIONS)
      expect(all.filter((row) => row.section === section).length, section).toBeGreaterThan(2);
  });

  it('names only files that exist', () => {
    const missing = all.flatMap((row) =>
      [...row.implementedIn, ...row.provedBy.map((p) => p.file)]
        .filter((path) => !existsSync(resolve(ROOT, path)))
        .map((path) => `${row.line}: ${path}`),
    );
    expect(missing).toEqual([]);
    for (const row of all) expect(row.implementedIn.length, `${row.line} names its code`).toBeGreaterThan(0);
  });

  it('names only tests that exist, by their exact title, and that are not skipped', () => {
    const problems = all.flatMap((row) =>
      row.provedBy.flatMap(({ file, title }) => {
        if (!existsSync(resolve(ROOT, file))) return []; // reported above
        const found = findTest(readFileSync(resolve(ROOT, file), 'utf8'), title, file);
        if (!found) return [`${row.line}: no test ${file} › ${title}`];
        return found.skipped ? [`${row.line}: ${file} › ${title} is ${found.skipped}, so it proves nothing`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('says why, where a line has no test', () => {
    for (const row of all.filter((r) => r.unproved))
      expect(row.unproved!.length, row.line).toBeGreaterThan('none: '.length + 10);
  });
});

describe('what counts as a skipped test (tests/lint/test-declarations.ts)', () => {
  const skippedIn = (source: string, title = 'proves it') => findTest(source, title)?.skipped;

  it('finds a plain test, a table test and a Playwright test with options, and none that is not there', () => {
    expect(findTest("it('proves it', () => {});", 'proves it')).toEqual({ skipped: undefined });
    expect(findTest("it.each([1, 2])('proves it', () => {});", 'proves it')).toEqual({ skipped: undefined });
    expect(findTest("test('proves it', { tag: '@live' }, async () => {});", 'proves it')).toEqual({
      skipped: undefined,
    });
    expect(findTest("it('proves something else', () => {});", 'proves it')).toBeUndefined();
  });

  it('calls skipped a test declared skip, fixme or todo, or inside a skipped describe', () => {
    expect(skippedIn("it.skip('proves it', () => {});")).toBe('it.skip');
    expect(skippedIn("test.fixme('proves it', async () => {});")).toBe('test.fixme');
    expect(skippedIn("it.todo('proves it');")).toBe('it.todo');
    expect(skippedIn("describe.skip('rules', () => { it('proves it', () => {}); });")).toBe('in describe.skip');
    expect(skippedIn("test.describe.fixme('rules', () => { test('proves it', async () => {}); });")).toBe(
      'in test.describe.fixme',
    );
  });

  it('calls skipped a test annotated for good from inside, from its describe or from its file', () => {
    expect(skippedIn("test('proves it', async () => { test.skip(); });")).toBe('test.skip() inside');
    expect(skippedIn("test('proves it', async () => { test.fixme(true, 'later'); });")).toBe('test.fixme() inside');
    expect(skippedIn("test.describe('rules', () => { test.skip(); test('proves it', async () => {}); });")).toBe(
      'in test.skip() inside',
    );
    expect(skippedIn("test.skip();\ntest('proves it', async () => {});")).toBe('in test.skip() inside');
  });

  it('counts a conditional annotation as running: the test proves in the projects it runs in', () => {
    expect(
      skippedIn("test('proves it', async ({ apiMode }) => { test.skip(apiMode === 'live', 'mock only'); });"),
    ).toBeUndefined();
    expect(skippedIn("it.skipIf(old)('proves it', () => {});")).toBeUndefined();
    expect(
      skippedIn("describe('rules', () => { it.skip('another', () => {}); it('proves it', () => {}); });"),
    ).toBeUndefined();
  });
});
