/**
 * Finds a test by its title in a vitest or Playwright source, with the TypeScript parser, and says whether it
 * is skipped. Used by tests/lint/spec-map.test.ts: a skipped test proves no spec line.
 *
 * Skipped means: declared so (`it.skip`, `test.fixme`, `it.todo`, `test.describe.skip` or `describe.skip` round
 * it), or skipped for good from inside (`test.skip()`, `test.fixme(true, …)`, `testInfo.skip()`, vitest's
 * `ctx.skip()` with no condition) in its body or its describe's. A conditional annotation (`test.skip(apiMode ===
 * 'live', 'why')`, `it.skipIf(cond)`) skips it in some projects or environments only; it runs in the others and
 * proves there.
 */
import ts from 'typescript';

const TEST_NAMES = new Set(['it', 'test']);
const DESCRIBE_NAMES = new Set(['describe', 'suite']);
const DISABLED = new Set(['skip', 'fixme', 'todo']);

/** `test.describe.skip` → ['test', 'describe', 'skip']; `it.each([…])` → ['it', 'each']. */
function calleeNames(node: ts.Expression): string[] {
  if (ts.isIdentifier(node)) return [node.text];
  if (ts.isPropertyAccessExpression(node)) return [...calleeNames(node.expression), node.name.text];
  if (ts.isCallExpression(node)) return calleeNames(node.expression);
  return [];
}

const titleOf = (node: ts.Expression | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** A call that skips for good the test or describe it runs in: an annotation with no condition, or `true`. */
function skipsForGood(call: ts.CallExpression): string | undefined {
  const names = calleeNames(call.expression);
  const last = names.at(-1);
  if (!last || !DISABLED.has(last) || names.length < 2) return undefined;
  // A declaration (`it.skip('title', …)`) is a test of its own, not an annotation of this one.
  if (titleOf(call.arguments[0]) !== undefined) return undefined;
  const [condition] = call.arguments;
  if (!condition || condition.kind === ts.SyntaxKind.TrueKeyword) return `${names.join('.')}() inside`;
  return undefined;
}

/** The annotations made directly in a function body or describe callback, not in nested tests. */
function annotationsIn(body: ts.Node): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const names = calleeNames(node.expression);
      const declares =
        (TEST_NAMES.has(names[0] ?? '') || DESCRIBE_NAMES.has(names[0] ?? '') || names[1] === 'describe') &&
        titleOf(node.arguments[0]) !== undefined;
      if (declares) return; // a nested test or describe: its own annotations
      const skip = skipsForGood(node);
      if (skip) found.push(skip);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

export interface FoundTest {
  /** Why the test does not run (`it.skip`, `test.skip() inside`, `in describe.skip`), or undefined when it runs. */
  skipped: string | undefined;
}

/** The test titled exactly `title` in `source`, or undefined when there is none. */
export function findTest(source: string, title: string, fileName = 'test.ts'): FoundTest | undefined {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  let found: FoundTest | undefined;
  const visit = (node: ts.Node, outerSkip: string | undefined): void => {
    if (found) return;
    if (ts.isCallExpression(node)) {
      const names = calleeNames(node.expression);
      const nodeTitle = titleOf(node.arguments[0]);
      const isDescribe = DESCRIBE_NAMES.has(names[0] ?? '') || (names[0] === 'test' && names[1] === 'describe');
      const isTest = !isDescribe && TEST_NAMES.has(names[0] ?? '');
      if (nodeTitle !== undefined && (isDescribe || isTest)) {
        const declared = names.find((name) => DISABLED.has(name));
        const callback = node.arguments.find((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg));
        const inside = callback ? annotationsIn(callback.body)[0] : undefined;
        const skip = outerSkip ?? (declared ? names.join('.') : undefined) ?? inside;
        if (isTest && nodeTitle === title) {
          found = { skipped: skip && outerSkip ? `in ${outerSkip}` : skip };
          return;
        }
        ts.forEachChild(node, (child) => visit(child, isDescribe ? skip : outerSkip));
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, outerSkip));
  };
  // A Playwright file may annotate all its tests at the top level.
  visit(file, annotationsIn(file)[0]);
  return found;
}
