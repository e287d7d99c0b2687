/**
 * Reading the Markdown tables of the docs in a test: docs/deploy.md's headers (tests/e2e/deploy-headers.spec.ts),
 * docs/spec-map.md (tests/lint/spec-map.test.ts) and the time tables (tests/scripts/time-table.test.ts). Their
 * writer is `table()` of scripts/lib/bench-stats.ts.
 */

/** A table row's cells, trimmed: `| a | b \| c |` gives `a` and `b \| c` (an escaped bar stays in its cell). */
export function tableCells(line: string): string[] {
  return line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The first table at or after `from` in `text`: its header's cells, and each row's (the rule under the header left out). */
export function tableAfter(text: string, from = 0): { header: string[]; rows: string[][] } {
  const lines = text.slice(from).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  if (start < 0) return { header: [], rows: [] };
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  const [header = [], , ...rows] = lines.slice(start, end < 0 ? undefined : end).map(tableCells);
  return { header, rows };
}
