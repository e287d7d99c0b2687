// @vitest-environment node
/**
 * One owner per message: every piece of Chinese copy the app shows (section 8's messages, toasts, error
 * states, labels) is spelled in one source file, and every other place imports it from there. A second
 * spelling is how two screens drift apart, so this test reads every string literal, template piece and
 * JSX text in src/ (the simulated backend aside: it plays the server) and machines/, comments ignored.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Short copy that two places may say for different reasons; each entry says why. */
const SAME_WORDS_DIFFERENT_ROLES: Record<string, string> = {
  请输入手机号: 'the phone field’s placeholder, and the message when it is left empty',
  请输入真实姓名: 'the name field’s placeholder, and the message when it is left empty',
  我的优惠券: 'the personal centre’s tab, and the heading of the panel it shows',
  演示控制台: 'the /demo route’s document title, and the page’s heading',
  '登录信息已失效,请重新登录':
    'the HTTP layer’s fallback for an auth answer that carries no message (src/api/errors.ts), and the session’s expiry prompt (machines/session-messages.ts): the API layer imports no machine and a machine no value of src (decision 0021); tests/api/http.test.ts keeps the two equal',
  加入购物车:
    'the buy row’s button (src/features/cart) and a wishlist row’s (src/features/wishlist): two features of one row of FEATURE_LAYERS (eslint.config.js), which may not import each other',
  'App 下载':
    'the placeholder of the home page’s download section, in the first chunk and again in the lazily loaded side column; a shared constant would make the first chunk export it, which the 170 KB first-paint budget has no room for',
};

function copyOwners(): Map<string, Set<string>> {
  const files = execSync('git ls-files --cached --others --exclude-standard src machines', {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('src/mock/') && existsSync(resolve(ROOT, file)));
  const owners = new Map<string, Set<string>>();
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(resolve(ROOT, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node): void => {
      let text: string | undefined;
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      )
        text = node.text;
      else if (ts.isJsxText(node)) text = node.text.trim();
      // Copy, not a word or two: at least five characters, at least one of them Chinese.
      if (text !== undefined && /\p{Script=Han}/u.test(text) && [...text].length >= 5) {
        const files = owners.get(text) ?? new Set<string>();
        files.add(file);
        owners.set(text, files);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return owners;
}

describe('one owner per message', () => {
  const owners = copyOwners();

  it('finds the copy it checks (section 8’s messages among it)', () => {
    for (const message of ['登录信息已失效,请重新登录', '库存不足，请联系客服', '退出成功！'])
      expect(owners.has(message), message).toBe(true);
  });

  it('spells every piece of copy in one source file', () => {
    const spelledTwice = [...owners]
      .filter(([text, files]) => files.size > 1 && !(text in SAME_WORDS_DIFFERENT_ROLES))
      .map(([text, files]) => `${text}: ${[...files].sort().join(', ')}`);
    expect(spelledTwice).toEqual([]);
  });

  it('keeps the allowed repeats honest: each is still said in exactly two places', () => {
    for (const text of Object.keys(SAME_WORDS_DIFFERENT_ROLES)) expect(owners.get(text)?.size, text).toBe(2);
  });
});
