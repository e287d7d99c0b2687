/**
 * A local ESLint rule: a disabled test says why.
 *
 * vitest's `no-disabled-tests` and Playwright's `no-skipped-test` refuse every skip, or (Playwright's
 * `allowConditional`) accept any conditional one, reason or not. The suite keeps skips that are right (a journey
 * about the live build skipped in mock mode; an open race marked `fixme` where it shows), so this rule accepts a
 * skip that carries its reason and refuses the rest:
 *
 * - `test.skip(condition, 'reason')`, `test.fixme(condition, 'reason')` (Playwright's annotations inside a test,
 *   a describe or a file): the last argument is the reason, a non-empty string;
 * - `it.skip('title', fn)`, `test.fixme('title', fn)`, `it.todo('title')`, `describe.skip(…)`, `it.skipIf(cond)(…)`
 *   (a test declared disabled): a comment directly before the statement says why;
 * - `test.skip()`, `test.skip(condition)`, `testInfo.skip()`, and a declared skip with no comment: refused.
 *
 * Tested by tests/lint/skip-reason.test.ts.
 */
// Playwright's `testInfo.skip()` / `testInfo.fixme()` are annotations too.
const TEST_NAMES = new Set(['it', 'test', 'describe', 'suite']);
const DISABLING = new Set(['skip', 'fixme', 'todo', 'skipIf']);

/** The names along a callee: `test.describe.skip` gives ['test', 'describe', 'skip']; `it.skipIf(x)` gives ['it', 'skipIf']. */
function calleeNames(node) {
  if (node.type === 'Identifier') return [node.name];
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    return [...calleeNames(node.object), node.property.name];
  }
  if (node.type === 'CallExpression') return calleeNames(node.callee);
  return [];
}

const isText = (node) =>
  (node?.type === 'Literal' && typeof node.value === 'string') || node?.type === 'TemplateLiteral';
const isNonEmptyText = (node) =>
  (node?.type === 'Literal' && typeof node.value === 'string' && node.value.trim().length > 0) ||
  (node?.type === 'TemplateLiteral' &&
    (node.expressions.length > 0 || node.quasis.some((q) => q.value.cooked.trim().length > 0)));

/** The statement that holds the call, as written in its block (for `if (x) it.skip(…)`: the `if`). */
function enclosingStatement(node) {
  let current = node;
  while (current.parent && !['Program', 'BlockStatement', 'StaticBlock', 'SwitchCase'].includes(current.parent.type))
    current = current.parent;
  return current;
}

/** @type {import('eslint').Rule.RuleModule} */
const skipReason = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A skipped, fixme or todo test carries its reason: a reason argument, or a comment right before it.',
    },
    schema: [],
    messages: {
      annotationReason: "A `{{name}}` annotation takes its reason as the last argument: {{name}}(condition, 'why').",
      declaredReason:
        'A test declared `{{name}}` needs a comment right before it that says why (and when it comes back).',
    },
  },
  create(context) {
    const { sourceCode } = context;
    return {
      CallExpression(node) {
        // `it.skipIf(cond)('title', fn)`: the outer call declares the test; the inner one is checked through it.
        if (node.parent?.type === 'CallExpression' && node.parent.callee === node) return;
        const names = calleeNames(node.callee);
        const disabling = names.find((name) => DISABLING.has(name));
        if (!disabling || names.length < 2) return;
        if (!TEST_NAMES.has(names[0]) && names[0] !== 'testInfo') return;
        const name = names.join('.');
        const declared = node.callee.type === 'CallExpression' || disabling === 'todo' || isText(node.arguments[0]);
        if (declared) {
          if (sourceCode.getCommentsBefore(enclosingStatement(node)).length === 0) {
            context.report({ node, messageId: 'declaredReason', data: { name } });
          }
          return;
        }
        const reason = node.arguments.at(-1);
        if (node.arguments.length < 2 || !isNonEmptyText(reason))
          context.report({ node, messageId: 'annotationReason', data: { name } });
      },
    };
  },
};

export default { rules: { 'skip-reason': skipReason } };
