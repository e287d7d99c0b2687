/**
 * `npm run charts`: writes docs/machines/<machine-id>.md for every machine in
 * machines/*.machine.ts, plus docs/machines/README.md, and the definitions
 * Stately's editor imports: docs/machines/stately/<machine-id>.ts and .json
 * (scripts/lib/stately-export.ts).
 * `npm run charts -- --check`: writes nothing, exits 1 naming stale files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { discoverMachines, repoRoot } from './lib/machines';
import { CHARTS_DIR, findStaleCharts, generateChartFiles } from './lib/mermaid';
import { generateStatelyFiles, STATELY_DIR } from './lib/stately-export';

function readChart(relativePath: string, root: string = repoRoot): string | undefined {
  const absolute = path.join(root, relativePath);
  return existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined;
}

function filesIn(relativeDir: string, extensions: readonly string[], root: string = repoRoot): string[] {
  const dir = path.join(root, relativeDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => extensions.some((ext) => name.endsWith(ext)))
    .map((name) => `${relativeDir}/${name}`);
}

const existingCharts = () => [...filesIn(CHARTS_DIR, ['.md']), ...filesIn(STATELY_DIR, ['.ts', '.json'])];

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const machines = await discoverMachines();
  const files = new Map([...generateChartFiles(machines), ...generateStatelyFiles(machines)]);
  const stale = findStaleCharts(files, (p) => readChart(p), existingCharts());

  if (check) {
    if (stale.length) {
      console.error(
        `Stale machine charts (run \`npm run charts\`):\n${stale.map((s) => `  ${s.path} (${s.reason})`).join('\n')}`,
      );
      process.exit(1);
    }
    console.log(`Machine charts are current (${machines.length} machines).`);
    return;
  }

  mkdirSync(path.join(repoRoot, STATELY_DIR), { recursive: true });
  for (const [relativePath, content] of files) writeFileSync(path.join(repoRoot, relativePath), content);
  for (const orphan of stale.filter((s) => s.reason === 'orphaned')) rmSync(path.join(repoRoot, orphan.path));
  const changed = stale.filter((s) => s.reason !== 'orphaned').map((s) => s.path);
  console.log(`Wrote ${files.size} files to ${CHARTS_DIR}/ for ${machines.map((m) => m.id).join(', ')}.`);
  if (changed.length) console.log(`Changed: ${changed.join(', ')}`);
}

await main();
