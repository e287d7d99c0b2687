/**
 * The arithmetic and text of the bench's reports (scripts/bench.ts,
 * scripts/lib/bench-goals.ts, scripts/lib/trace.ts): medians with their
 * spread, and plain-text tables. Pure; unit-tested in tests/perf/bench-goals.test.ts.
 */

/** A figure measured several times: the median, the lowest and highest run, and every run in order. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

export function spread(runs: number[]): Spread {
  return {
    median: median(runs),
    min: runs.length ? Math.min(...runs) : NaN,
    max: runs.length ? Math.max(...runs) : NaN,
    runs: [...runs],
  };
}

/** The spread of each named figure over runs that each have them all. */
export function spreads<K extends string>(runs: Array<Record<K, number>>, keys: readonly K[]): Record<K, Spread> {
  return Object.fromEntries(keys.map((key) => [key, spread(runs.map((run) => run[key]))])) as Record<K, Spread>;
}

export const msText = (value: number): string => `${Math.round(value)} ms`;
export const roundText = (value: number): string => String(Math.round(value));
export const clsText = (value: number): string => value.toFixed(3);

/**
 * `1043 ms (980–1210)`: the median, then the lowest and highest run in the same
 * unit; one run is just its figure (there is no spread to show).
 */
export function spreadText(s: Spread, format: (value: number) => string = msText): string {
  if (s.runs.length < 2) return format(s.median);
  const bare = withoutUnit(format);
  return `${format(s.median)} (${bare(s.min)}–${bare(s.max)})`;
}

/** A formatter without its trailing unit (` ms`), so that a range reads `980–1210`. */
function withoutUnit(format: (value: number) => string): (value: number) => string {
  const unit = / [^\d\s.]+$/.exec(format(0))?.[0] ?? '';
  return (value) => (unit ? format(value).slice(0, -unit.length) : format(value));
}

/** A Markdown table, columns padded to their widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(rows[0] ?? []), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(line)].join(
    '\n',
  );
}
