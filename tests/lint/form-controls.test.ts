// @vitest-environment node
/**
 * No raw browser control in the store: every `<input>`, `<select>` and `<textarea>` the store renders is one of
 * its own controls (src/shared/ui/form-controls.tsx), which carry the `data-ui` marker and the store's look. This
 * reads the JSX of src/; the audit pass (tests/e2e/support/audit.ts) checks the same on every rendered screen and
 * dialog, finding the controls by role.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const RAW = new Set(['input', 'select', 'textarea']);

/** Files that may write the native elements; each entry says why. */
const ALLOWED: Record<string, string> = {
  'src/shared/ui/form-controls.tsx': 'the store’s controls themselves',
  'src/dev-tools/inspector-panel.tsx':
    'the state machine inspector: a developers’ tool over the store (mock builds only, Alt+Shift+I), not a screen of it',
};

/** The raw controls a source file writes, as `file:line <tag>`. */
function rawIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && RAW.has(node.tagName.getText(source))) {
      found.push(
        `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} <${node.tagName.getText(source)}>`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function rawControls(): string[] {
  return execSync('git ls-files --cached --others --exclude-standard src', { cwd: ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(
      (file) =>
        file.endsWith('.tsx') && !file.startsWith('src/mock/') && !(file in ALLOWED) && existsSync(resolve(ROOT, file)),
    )
    .flatMap((file) => rawIn(file, readFileSync(resolve(ROOT, file), 'utf8')));
}

describe('form controls', () => {
  it('the store writes no raw <input>, <select> or <textarea>: each is a control of src/shared/ui/form-controls.tsx', () => {
    expect(rawControls()).toEqual([]);
  });

  it('the check finds a raw control however it is written, and not the store’s own', () => {
    const text =
      'const a = <label>名<input name="q" /></label>;\nconst b = <select value="x">{o}</select>;\nconst c = <TextInput name="q" />;';
    expect(rawIn('x.tsx', text)).toEqual(['x.tsx:1 <input>', 'x.tsx:2 <select>']);
  });
});
