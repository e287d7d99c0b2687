// @vitest-environment node
/**
 * docs/spec-map.md takes a reader from a spec line to its code and its proof in two hops. These tests
 * keep it true: every file it names exists, and every test it names is a test in that file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MAP = readFileSync(resolve(ROOT, 'docs/spec-map.md'), 'utf8');
const SECTIONS = ['2. Screens and routes', '4. States and transitions', '5. Validation rules', '8. The error catalogue', '9. Business constants and limits'];

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
    const cells = text.slice(1, -1).split('|').map((cell) => cell.trim());
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
    for (const section of SECTIONS) expect(all.filter((row) => row.section === section).length, section).toBeGreaterThan(2);
  });

  it('names only files that exist', () => {
    const missing = all.flatMap((row) => [...row.implementedIn, ...row.provedBy.map((p) => p.file)].filter((path) => !existsSync(resolve(ROOT, path))).map((path) => `${row.line}: ${path}`));
    expect(missing).toEqual([]);
    for (const row of all) expect(row.implementedIn.length, `${row.line} names its code`).toBeGreaterThan(0);
  });

  it('names only tests that exist, by their exact title', () => {
    const escape = (title: string) => title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const missing = all.flatMap((row) =>
      row.provedBy
        .filter(({ file, title }) => {
          if (!existsSync(resolve(ROOT, file))) return false; // reported above
          const source = readFileSync(resolve(ROOT, file), 'utf8');
          // `it('title'` or, for a table, `it.each([...])('title'`.
          return !new RegExp(`\\b(it|test)(\\.only|\\.skip)?(\\.each\\([\\s\\S]*?\\))?\\(\\s*(['"\`])${escape(title)}\\4`).test(source);
        })
        .map(({ file, title }) => `${row.line}: ${file} › ${title}`),
    );
    expect(missing).toEqual([]);
  });

  it('says why, where a line has no test', () => {
    for (const row of all.filter((r) => r.unproved)) expect(row.unproved!.length, row.line).toBeGreaterThan('none: '.length + 10);
  });
});
