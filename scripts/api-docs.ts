/**
 * Generates docs/api.md from the endpoint registry in src/api, so the table
 * can never drift from the code. `--check` exits non-zero when the committed
 * file is stale (tests/api/api-docs.test.ts runs the same comparison).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiDocs } from './lib/api-docs';

const target = fileURLToPath(new URL('../docs/api.md', import.meta.url));
const fresh = renderApiDocs();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (current !== fresh) {
    console.error('docs/api.md is stale: run `npm run docs:api`.');
    process.exit(1);
  }
  console.log('docs/api.md is up to date.');
} else {
  writeFileSync(target, fresh);
  console.log('wrote docs/api.md');
}
