// @vitest-environment node
/**
 * docs/screens.md shows the files the @screens pass writes (tests/e2e/support/audit.ts): each row names a
 * screen the audit photographs, and each picture is that screen at one of the pass's sizes, so a retake
 * replaces every picture the doc shows.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREEN_SIZES, screenFile } from '../e2e/support/screen-sizes';

const ROOT = resolve(import.meta.dirname, '../..');
const doc = readFileSync(resolve(ROOT, 'docs/screens.md'), 'utf8');
const audit = readFileSync(resolve(ROOT, 'tests/e2e/audit.spec.ts'), 'utf8');
const rows = doc.split('\n').filter((line) => line.includes('<img src="screens/'));

describe('docs/screens.md', () => {
  it('has a row per screen, each shown at the sizes the pass takes', () => {
    expect(rows.length).toBeGreaterThan(20);
    const sizes = Object.values(SCREEN_SIZES).flat();
    for (const row of rows) {
      const screen = /\*\*([a-z0-9-]+)\*\*/.exec(row)?.[1] ?? '';
      const sources = [...row.matchAll(/<img src="screens\/([^"]+)"/g)].map((match) => match[1]);
      expect(sources, row.slice(0, 60)).toEqual(
        sizes.map((size) => screenFile(screen, size)).filter((file) => sources.includes(file)),
      );
      expect(sources.length, `${screen}: at least one size`).toBeGreaterThan(0);
    }
  });

  it('names only screens the audit pass photographs', () => {
    const named = new Set([...audit.matchAll(/'([a-z0-9-]+)'/g)].map((match) => match[1]));
    const screens = rows.map((row) => /\*\*([a-z0-9-]+)\*\*/.exec(row)?.[1]);
    expect(screens.filter((screen) => !named.has(screen))).toEqual([]);
  });
});
