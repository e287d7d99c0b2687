// @vitest-environment node
/**
 * `npm run lint` starts with `biome format .`, the formatter's check (CONTRIBUTING.md), as the first step of its
 * first part, `lint:code` (`npm run checks` runs that part beside the types, decision 0050): these tests run the same
 * check with the repository's biome.json on a formatted and an unformatted file, so a check that stops failing
 * is caught.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');
const dir = mkdtempSync(join(tmpdir(), 'format-check-'));
copyFileSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The check's exit code on `code` written as `name` (no git in the copy, so VCS ignores are off). */
async function check(name: string, code: string): Promise<number> {
  writeFileSync(join(dir, name), code);
  try {
    await promisify(execFile)(BIOME, ['format', '--vcs-enabled=false', name], { cwd: dir });
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

describe('npm run lint: the format check', () => {
  it('is the first step of npm run lint', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.lint).toMatch(/^npm run --silent lint:code && /);
    expect(scripts['lint:code']).toMatch(/^biome format \. && /);
    expect(scripts.format).toBe('biome format --write .');
  });

  it('fails on an unformatted file and passes the same code formatted', async () => {
    expect(await check('probe.ts', 'const price = {fen:100,\n  label:"¥1"}\n')).not.toBe(0);
    expect(await check('probe.ts', "const price = { fen: 100, label: '¥1' };\n")).toBe(0);
  });

  it('wraps at 120 characters, not before', async () => {
    const line = `export const names = [${Array.from({ length: 9 }, (_, i) => `'name-${i}'`).join(', ')}];\n`;
    expect(line.length).toBeLessThanOrEqual(121);
    expect(await check('width.ts', line)).toBe(0);
  });
});
